import { widestDataScope, type DataScope } from '../../core/contracts/role.ts';
import type { TenantScope } from '../db/tenant-scope.ts';
import type { Session } from '../modules/auth/tokens.ts';
import { isAdminType } from './admin.ts';
import type { Caller, MemberRights, WorkspaceEntry } from './caller.ts';

/*
 * Reading what a member may do from the database: the only place it is read. Requests read
 * it through MemberRightsCache (rights-cache.ts), kept under the tenant's rights revision.
 */

/** The function point codes the tenant's BUTTON nodes carry. */
export async function tenantPointCodes(scope: TenantScope): Promise<Set<string>> {
  const rows = await scope.selectFrom('resource').select('resource.code').where('resource.type', '=', 'BUTTON').execute();
  return new Set(rows.map((r) => r.code).filter((c): c is string => c !== null));
}

/**
 * The function point codes a member holds: every BUTTON code of the tenant for an ADMIN; for
 * a USER, the BUTTON codes their roles grant plus the points of the permission groups given
 * to those roles or to the user. The server checks these on every guarded route; the client
 * gets the same list only to hide what would be refused.
 */
async function functionPoints(scope: TenantScope, session: Session): Promise<Set<string>> {
  if (isAdminType(session.memberType)) return tenantPointCodes(scope);
  const { db, tenantId } = scope;
  const { userId } = session;
  const rolesOfUser = db.selectFrom('user_role').select('user_role.role_id').where('user_role.tenant_id', '=', tenantId).where('user_role.user_id', '=', userId);
  const groupsOfUser = db
    .selectFrom('group_role')
    .select('group_role.group_id')
    .where('group_role.tenant_id', '=', tenantId)
    .where('group_role.role_id', 'in', rolesOfUser)
    .union(db.selectFrom('group_user').select('group_user.group_id').where('group_user.tenant_id', '=', tenantId).where('group_user.user_id', '=', userId));
  const rows = await scope
    .selectFrom('resource')
    .select('resource.code')
    .where('resource.type', '=', 'BUTTON')
    .where((eb) =>
      eb.or([
        eb(
          'resource.id',
          'in',
          db.selectFrom('role_resource').select('role_resource.resource_id').where('role_resource.tenant_id', '=', tenantId).where('role_resource.role_id', 'in', rolesOfUser),
        ),
        eb(
          'resource.code',
          'in',
          db.selectFrom('group_point').select('group_point.point_code').where('group_point.tenant_id', '=', tenantId).where('group_point.group_id', 'in', groupsOfUser),
        ),
      ]),
    )
    .execute();
  return new Set(rows.map((r) => r.code).filter((c): c is string => c !== null));
}

/** Which records a member sees: `tenant` for an ADMIN, otherwise the widest data scope of their roles (`own` without roles). */
export async function effectiveDataScope(scope: TenantScope, session: Session): Promise<DataScope> {
  if (isAdminType(session.memberType)) return 'tenant';
  const rows = await scope
    .selectFrom('role')
    .innerJoin('user_role', 'user_role.role_id', 'role.id')
    .select('role.data_scope')
    .where('user_role.user_id', '=', session.userId)
    .execute();
  return widestDataScope(rows.map((r) => r.data_scope));
}

/** The workspaces a member may enter, by code: every one of the tenant's for an ADMIN, those they belong to for a USER. */
async function enterableWorkspaces(scope: TenantScope, session: Session): Promise<WorkspaceEntry[]> {
  let query = scope.selectFrom('workspace').select(['workspace.id', 'workspace.code', 'workspace.name']).orderBy('workspace.code');
  if (!isAdminType(session.memberType)) {
    query = query.where(
      'workspace.id',
      'in',
      scope.selectFrom('workspace_member').select('workspace_member.workspace_id').where('workspace_member.user_id', '=', session.userId),
    );
  }
  return query.execute();
}

/** The member's roles and the menu entries (resources) those grant, with the entries' seed keys. */
async function rolesAndMenus(scope: TenantScope, userId: number) {
  const [roles, menus] = await Promise.all([
    scope.selectFrom('user_role').select('user_role.role_id').where('user_role.user_id', '=', userId).execute(),
    scope
      .selectFrom('role_resource')
      .innerJoin('user_role', 'user_role.role_id', 'role_resource.role_id')
      .leftJoin('resource', 'resource.id', 'role_resource.resource_id')
      .select(['role_resource.resource_id', 'resource.seed_key'])
      .where('user_role.user_id', '=', userId)
      .execute(),
  ]);
  return {
    roleIds: new Set(roles.map((r) => r.role_id)),
    menuIds: new Set(menus.map((m) => m.resource_id)),
    menuKeys: new Set(menus.map((m) => m.seed_key).filter((key): key is string => key !== null)),
  };
}

export async function loadMemberRights(scope: TenantScope, session: Session): Promise<MemberRights> {
  const [points, dataScope, workspaces, roles] = await Promise.all([
    functionPoints(scope, session),
    effectiveDataScope(scope, session),
    enterableWorkspaces(scope, session),
    rolesAndMenus(scope, session.userId),
  ]);
  return { points, dataScope, workspaces, workspaceCodes: workspaces.map((w) => w.code), ...roles };
}

/** A caller read straight from the database, outside a request (benchmarks, tests); requests get theirs from the auth plugin. */
export async function loadCaller(scope: TenantScope, session: Session): Promise<Caller> {
  return { session, scope, ...(await loadMemberRights(scope, session)) };
}
