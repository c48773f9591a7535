import type { UserInfo } from '../../core/entities.ts';
import type { StoredWorkspace } from './session-restore.ts';
import { loadEncrypted, removeEncrypted, saveEncrypted } from './secure-storage.ts';
import { LAYOUT_STATE_KEY, NAVIGATION_STATE_KEY, PLATE_DRAFT_KEY, STORED_USER_KEY, STORED_WORKSPACE_KEY } from './storage-keys.ts';
import { clearTokenCookie } from './token-cookie.ts';

/** Layout fields that live encrypted in localStorage; a plain copy in PT_STATE would undo that. */
const ENCRYPTED_LAYOUT_FIELDS = ['userData', 'workSpace'] as const;

function readJson<T>(storage: Storage, key: string): T | null {
  const text = storage.getItem(key);
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    storage.removeItem(key);
    return null;
  }
}

/**
 * Writes the layout snapshot to sessionStorage under PT_STATE (spec §4), as JSON. `userData`
 * and `workSpace`, if the snapshot has them, are left out: they are kept encrypted instead.
 */
export function saveLayoutSnapshot(snapshot: object): void {
  const copy: Record<string, unknown> = { ...snapshot };
  for (const field of ENCRYPTED_LAYOUT_FIELDS) delete copy[field];
  sessionStorage.setItem(LAYOUT_STATE_KEY, JSON.stringify(copy));
}

/** The PT_STATE snapshot, or null when there is none or it is not JSON (then it is removed). */
export function loadLayoutSnapshot<T>(): T | null {
  return readJson<T>(sessionStorage, LAYOUT_STATE_KEY);
}

/** Keeps the plate editor's draft (or, with null, forgets it) for this tab's session. */
export function savePlateDraft(draft: object | null): void {
  if (draft === null) sessionStorage.removeItem(PLATE_DRAFT_KEY);
  else sessionStorage.setItem(PLATE_DRAFT_KEY, JSON.stringify(draft));
}

export function loadPlateDraft<T>(): T | null {
  return readJson<T>(sessionStorage, PLATE_DRAFT_KEY);
}

/** PT_NAV, written whole; `navigation-state.ts` says what it holds. */
export function saveNavigationState(state: unknown): void {
  localStorage.setItem(NAVIGATION_STATE_KEY, JSON.stringify(state));
}

export function loadNavigationState<T>(): T | null {
  return readJson<T>(localStorage, NAVIGATION_STATE_KEY);
}

export function saveStoredUser(user: UserInfo): Promise<void> {
  return saveEncrypted(STORED_USER_KEY, user);
}

export function loadStoredUser(): Promise<UserInfo | null> {
  return loadEncrypted<UserInfo>(STORED_USER_KEY);
}

export function saveStoredWorkspace(workspace: StoredWorkspace): Promise<void> {
  return saveEncrypted(STORED_WORKSPACE_KEY, workspace);
}

export function loadStoredWorkspace(): Promise<StoredWorkspace | null> {
  return loadEncrypted<StoredWorkspace>(STORED_WORKSPACE_KEY);
}

/**
 * Forgets the session on this browser: the token cookie, the encrypted user and workspace,
 * PT_STATE and the navigation state. Synchronous: everything is gone when it returns.
 */
export function clearStoredSession(): void {
  clearTokenCookie();
  void removeEncrypted(STORED_USER_KEY);
  void removeEncrypted(STORED_WORKSPACE_KEY);
  sessionStorage.removeItem(LAYOUT_STATE_KEY);
  sessionStorage.removeItem(PLATE_DRAFT_KEY);
  localStorage.removeItem(NAVIGATION_STATE_KEY);
}
