import type { UserInfo } from '../../core/entities.ts';
import type { NavigationState } from '../session/navigation-state.ts';
import type { StoredWorkspace } from '../session/session-restore.ts';

/** Where the session lives between page loads (cookie, local and session storage), as one port. */
export interface SessionPersistence {
  readToken(): string | null;
  writeToken(token: string): void;
  loadLayout<T>(): T | null;
  saveLayout(snapshot: unknown): void;
  /** The plate editor's draft (spec §3 plate state), kept for the tab's session. */
  loadPlateDraft<T>(): T | null;
  savePlateDraft(draft: object | null): void;
  loadUser(): Promise<UserInfo | null>;
  saveUser(user: UserInfo): Promise<void>;
  loadWorkspace(): Promise<StoredWorkspace | null>;
  saveWorkspace(workspace: StoredWorkspace): Promise<void>;
  /** Navigation state (spec §9) of one tenant, user and workspace, kept across browser sessions. */
  loadNavigation(owner: string): NavigationState | null;
  saveNavigation(owner: string, state: NavigationState): void;
  clearAll(): void;
}
