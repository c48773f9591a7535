import type { UserInfo } from '../../core/entities.ts';
import { recallNavigation, rememberNavigation, type NavigationState } from './navigation-state.ts';
import type { StoredWorkspace } from './session-restore.ts';
import {
  clearStoredSession,
  loadLayoutSnapshot,
  loadPlateDraft,
  loadStoredUser,
  loadStoredWorkspace,
  saveLayoutSnapshot,
  savePlateDraft,
  saveStoredUser,
  saveStoredWorkspace,
} from './session-state.ts';
import { readTokenCookie, writeTokenCookie } from './token-cookie.ts';

/** The browser's session storage (cookie, localStorage, sessionStorage) as the stores' persistence port. */
export const browserSessionPersistence = {
  readToken: (): string | null => readTokenCookie(),
  writeToken: (token: string): void => writeTokenCookie(token),
  loadLayout: <T>(): T | null => loadLayoutSnapshot<T>(),
  saveLayout: (snapshot: unknown): void => {
    if (typeof snapshot === 'object' && snapshot !== null) saveLayoutSnapshot(snapshot);
  },
  loadPlateDraft: <T>(): T | null => loadPlateDraft<T>(),
  savePlateDraft: (draft: object | null): void => savePlateDraft(draft),
  loadUser: (): Promise<UserInfo | null> => loadStoredUser(),
  saveUser: (user: UserInfo): Promise<void> => saveStoredUser(user),
  loadWorkspace: (): Promise<StoredWorkspace | null> => loadStoredWorkspace(),
  saveWorkspace: (workspace: StoredWorkspace): Promise<void> => saveStoredWorkspace(workspace),
  loadNavigation: (owner: string): NavigationState | null => recallNavigation(owner),
  saveNavigation: (owner: string, state: NavigationState): void => rememberNavigation(owner, state),
  clearAll: (): void => clearStoredSession(),
};
