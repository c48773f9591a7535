import type { DataScope } from '../../core/contracts/role.ts';
import type { TenantScope } from '../db/tenant-scope.ts';
import type { Session } from '../modules/auth/tokens.ts';

/** A workspace of the tenant. */
export interface WorkspaceEntry {
  id: number;
  code: string;
  name: string;
}

/**
 * What a member may do in a tenant, read in one place (rights.ts) and kept while the tenant's
 * rights revision stands (rights-cache.ts). What an ADMIN holds follows the ADMIN rule (admin.ts).
 */
export interface MemberRights {
  /** Function point codes: the BUTTON codes their roles and permission groups grant; every one of the tenant's for an ADMIN. */
  points: ReadonlySet<string>;
  /** Which records they see: the widest of their roles' (`own` without roles); `tenant` for an ADMIN. */
  dataScope: DataScope;
  /** The workspaces they may enter, by code: their own; every one of the tenant's for an ADMIN. */
  workspaces: readonly WorkspaceEntry[];
  workspaceCodes: readonly string[];
  /** Their roles. */
  roleIds: ReadonlySet<number>;
  /** The menu entries (resources) their roles grant, by id and by seed key. */
  menuIds: ReadonlySet<number>;
  menuKeys: ReadonlySet<string>;
}

/**
 * Who calls a tenant route: the session, the tenant scope and the member's rights. The auth
 * plugin builds it once per request (plugins/auth.ts, `callerOf`); the policies judge it.
 */
export interface Caller extends MemberRights {
  session: Session;
  scope: TenantScope;
}
