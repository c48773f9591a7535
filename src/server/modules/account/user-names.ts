import type { TenantScope } from '../../db/tenant-scope.ts';

/** Display names of users by id, read once for a whole list (null ids and repeats skipped). */
export async function userNames(scope: TenantScope, ids: Iterable<number | null>): Promise<Map<number, string>> {
  const wanted = [...new Set([...ids].filter((id): id is number => id !== null))];
  if (!wanted.length) return new Map();
  const rows = await scope.db.selectFrom('app_user').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
