import type { UserInfo, WorkspaceInfo } from '../../core/entities.ts';

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
  loadWorkspace(): Promise<WorkspaceInfo | null>;
  saveWorkspace(workspace: WorkspaceInfo): Promise<void>;
  clearAll(): void;
}
