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
 * The function point codes a session holds: every BUTTON code of the tenant for an ADMIN,
 * the BUTTON codes of the user's roles for a USER. The server checks these on every
 * guarded route; the client gets the same list only to hide what would be refused.
 */
export async function loadFunctionPoints(scope: TenantScope, session: Session): Promise<Set<string>> {
  let query = scope.selectFrom('resource').select('resource.code').where('resource.type', '=', 'BUTTON');
  if (session.memberType !== 'ADMIN') {
    query = query.where(
      'resource.id',
      'in',
      scope.db
        .selectFrom('role_resource')
        .innerJoin('user_role', 'user_role.role_id', 'role_resource.role_id')
        .select('role_resource.resource_id')
        .where('user_role.user_id', '=', session.userId)
        .where('user_role.tenant_id', '=', scope.tenantId),
    );
  }
  const rows = await query.execute();
  return new Set(rows.map((r) => r.code).filter((c): c is string => c !== null));
}
