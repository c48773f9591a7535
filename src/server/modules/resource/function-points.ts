import type { TenantScope } from '../../db/tenant-scope.ts';
import type { Session } from '../auth/tokens.ts';

/** Resource ids granted to a user through their roles in the scope's tenant. */
export async function grantedResourceIds(scope: TenantScope, userId: number): Promise<Set<number>> {
  const rows = await scope
    .selectFrom('role_resource')
    .innerJoin('user_role', 'user_role.role_id', 'role_resource.role_id')
    .select('role_resource.resource_id')
    .where('user_role.user_id', '=', userId)
    .execute();
  return new Set(rows.map((r) => r.resource_id));
}

/**
 * The function point codes a session holds: every BUTTON code of the tenant for an ADMIN;
 * for a USER, the BUTTON codes their roles grant plus the points of the permission groups
 * given to those roles or to the user. Read on every call, so a grant counts at once. The
 * server checks these on every guarded route; the client gets the same list only to hide
 * what would be refused.
 */
export async function loadFunctionPoints(scope: TenantScope, session: Session): Promise<Set<string>> {
  let query = scope.selectFrom('resource').select('resource.code').where('resource.type', '=', 'BUTTON');
  if (session.memberType !== 'ADMIN') {
    const { db, tenantId } = scope;
    const { userId } = session;
    const rolesOfUser = db
      .selectFrom('user_role')
      .select('user_role.role_id')
      .where('user_role.tenant_id', '=', tenantId)
      .where('user_role.user_id', '=', userId);
    const groupsOfUser = db
      .selectFrom('group_role')
      .select('group_role.group_id')
      .where('group_role.tenant_id', '=', tenantId)
      .where('group_role.role_id', 'in', rolesOfUser)
      .union(
        db
          .selectFrom('group_user')
          .select('group_user.group_id')
          .where('group_user.tenant_id', '=', tenantId)
          .where('group_user.user_id', '=', userId),
      );
    query = query.where((eb) =>
      eb.or([
        eb(
          'resource.id',
          'in',
          db
            .selectFrom('role_resource')
            .select('role_resource.resource_id')
            .where('role_resource.tenant_id', '=', tenantId)
            .where('role_resource.role_id', 'in', rolesOfUser),
        ),
        eb(
          'resource.code',
          'in',
          db
            .selectFrom('group_point')
            .select('group_point.point_code')
            .where('group_point.tenant_id', '=', tenantId)
            .where('group_point.group_id', 'in', groupsOfUser),
        ),
      ]),
    );
  }
  const rows = await query.execute();
  return new Set(rows.map((r) => r.code).filter((c): c is string => c !== null));
}
