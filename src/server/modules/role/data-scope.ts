import { widestDataScope, type DataScope } from '../../../core/contracts/authorization.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { Session } from '../auth/tokens.ts';

/**
 * Which records a session sees, for the record module to apply: `tenant` for an ADMIN,
 * otherwise the widest data scope of the user's roles (`own` for a user without roles).
 */
export async function effectiveDataScope(scope: TenantScope, session: Session): Promise<DataScope> {
  if (session.memberType === 'ADMIN') return 'tenant';
  const rows = await scope
    .selectFrom('role')
    .innerJoin('user_role', 'user_role.role_id', 'role.id')
    .select('role.data_scope')
    .where('user_role.user_id', '=', session.userId)
    .execute();
  return widestDataScope(rows.map((r) => r.data_scope));
}
