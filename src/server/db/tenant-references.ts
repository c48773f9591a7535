import { sql } from 'kysely';
import { ResultCode } from '../../core/result-codes.ts';
import { AppError } from '../errors.ts';
import type { TenantScope } from './tenant-scope.ts';

/** Tables whose rows a request names by id; members are named by user id. */
const REFERENCES = {
  resource: { table: 'resource', column: 'id', what: 'Resource' },
  role: { table: 'role', column: 'id', what: 'Role' },
  group: { table: 'permission_group', column: 'id', what: 'Permission group' },
  workspace: { table: 'workspace', column: 'id', what: 'Workspace' },
  template: { table: 'workspace_template', column: 'id', what: 'Workspace template' },
  page: { table: 'page', column: 'id', what: 'Page' },
  member: { table: 'tenant_member', column: 'user_id', what: 'User' },
} as const;

export type ReferenceKind = keyof typeof REFERENCES;

/** 404 naming the field, as for any row the tenant does not have. */
export const notFoundAt = (field: string, what: string) =>
  new AppError(404, ResultCode.NOT_FOUND, `${field}: ${what} not found`);

/**
 * Checks that every id names a row of the scope's tenant; otherwise answers 404 naming the
 * first entry that does not (`userIds[2]: User not found`), so another tenant's ids look absent.
 */
export async function requireTenantIds(
  scope: TenantScope,
  kind: ReferenceKind,
  ids: readonly number[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const { table, column, what } = REFERENCES[kind];
  const ref = sql.ref<number>(`${table}.${column}`);
  // One typed table stands in for the chosen one; the query names its columns by reference.
  const rows = await scope
    .selectFrom(table as 'role')
    .select(ref.as('id'))
    .where(ref, 'in', [...ids])
    .execute();
  const found = new Set(rows.map((r) => Number(r.id)));
  const missing = ids.findIndex((id) => !found.has(id));
  if (missing >= 0) throw notFoundAt(`${field}[${missing}]`, what);
}

/** The same check for one id (`userId`, `templateId`). */
export async function requireTenantId(scope: TenantScope, kind: ReferenceKind, id: number, field: string): Promise<void> {
  const { table, column, what } = REFERENCES[kind];
  const ref = sql.ref<number>(`${table}.${column}`);
  const row = await scope
    .selectFrom(table as 'role')
    .select(ref.as('id'))
    .where(ref, '=', id)
    .executeTakeFirst();
  if (!row) throw notFoundAt(field, what);
}
