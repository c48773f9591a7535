import type { CurrentAccount, UserInfo, WorkspaceInfo } from '../../core/entities.ts';

/**
 * The rules by which a returning user gets their session back (spec §4 "sync"). The token in the
 * cookie is the truth; the user and workspace kept in local storage are only a wish: the
 * account the token answers for decides who the user is and which workspaces they may enter.
 * When the context cannot be restored the user is taken to the choice that restores it, never
 * to a screen that half works.
 */

/** A workspace as kept in encrypted local storage, with its tenant: another tenant's code is not this one's. */
export interface StoredWorkspace extends WorkspaceInfo {
  tenantId?: number | null;
}

/** Where a user goes in: into a workspace, with none (they have none), or to the choice between several. */
export type WorkspaceEntry =
  | { kind: 'enter'; workspace: WorkspaceInfo }
  | { kind: 'none' }
  | { kind: 'choose'; workspaces: WorkspaceInfo[] };

/** The workspace asked for if the user may still enter it (by the server's name for it), else the only one, else a choice. */
export function workspaceEntry(allowed: readonly WorkspaceInfo[], wanted: string | null | undefined): WorkspaceEntry {
  const kept = allowed.find((workspace) => workspace.code === wanted);
  if (kept) return { kind: 'enter', workspace: kept };
  if (allowed.length === 1) return { kind: 'enter', workspace: allowed[0]! };
  if (allowed.length === 0) return { kind: 'none' };
  return { kind: 'choose', workspaces: [...allowed] };
}

/** What a returning session comes back as. */
export type RestoredSession =
  /** Everything is known: the app works. `checked` is false when the server could not be asked. */
  | { kind: 'ready'; user: UserInfo; tenantId: number | null; workspace: WorkspaceInfo | null; checked: boolean }
  /** The user is known but must pick a workspace (none kept, or the kept one is no longer theirs). */
  | { kind: 'chooseWorkspace'; user: UserInfo; tenantId: number }
  /** The token names no tenant yet (signed in, tenant not chosen): the tenant choice. */
  | { kind: 'chooseTenant'; user: UserInfo }
  /** The server could not be asked and too little was kept to go on: try again. */
  | { kind: 'unavailable' };

/** The session the token's account allows, keeping the stored workspace when it is still the user's in the same tenant. */
export function restoreFromAccount(account: CurrentAccount, stored: StoredWorkspace | null): RestoredSession {
  if (!account.tenant) return { kind: 'chooseTenant', user: account.user };
  const tenantId = account.tenant.tenantId;
  const sameTenant = stored !== null && (stored.tenantId === undefined || stored.tenantId === tenantId);
  const entry = workspaceEntry(account.workspaces, sameTenant ? stored.code : null);
  if (entry.kind === 'choose') return { kind: 'chooseWorkspace', user: account.user, tenantId };
  const workspace = entry.kind === 'enter' ? entry.workspace : null;
  return { kind: 'ready', user: account.user, tenantId, workspace, checked: true };
}

/**
 * When the server cannot be asked (offline, failing): the stored user and workspace are used
 * as they are, if both are there; otherwise nothing trustworthy is left.
 */
export function restoreUnchecked(user: UserInfo | null, workspace: StoredWorkspace | null): RestoredSession {
  if (!user?.type || !workspace) return { kind: 'unavailable' };
  const { tenantId = null, ...info } = workspace;
  return { kind: 'ready', user, tenantId, workspace: info, checked: false };
}

/**
 * Whose screens a stored menu, tabs or navigation state are: the tenant, the user and the
 * workspace. Stored state of another owner is not restored.
 */
export function sessionOwner(tenantId: number | null, userId: number | undefined, workspaceCode: string | undefined): string | null {
  if (tenantId === null || userId === undefined) return null;
  return `${tenantId}/${userId}/${workspaceCode ?? ''}`;
}
