import { PostgresAdapter, sql } from 'kysely';
import type { TenantScope } from './tenant-scope.ts';

/** Tables that link two things (role -> resource, group -> user, ...), replaced as a whole by the admin screens. */
export type LinkTable =
  | 'role_resource'
  | 'user_role'
  | 'group_point'
  | 'group_role'
  | 'group_user'
  | 'workspace_member'
  | 'workspace_resource'
  | 'template_item';

const INSERT_BATCH = 500;

/**
 * PostgreSQL: replacements of one owner's links wait for each other (a lock held to the end of
 * the transaction). Run side by side, each would insert rows the other is inserting, and two
 * such inserts wait on each other until PostgreSQL ends one as a deadlock; in turn, each
 * deletes what the one before stored, so the last save is what stays. SQLite writes one
 * transaction at a time already.
 */
async function oneReplacementAtATime(scope: TenantScope, table: LinkTable, owner: Record<string, string | number>): Promise<void> {
  if (!(scope.db.getExecutor().adapter instanceof PostgresAdapter)) return;
  const key = `${table}:${scope.tenantId}:${JSON.stringify(Object.entries(owner).sort())}`;
  await sql`select pg_advisory_xact_lock(hashtext(${key}))`.execute(scope.db);
}

/**
 * Makes the rows of `table` whose `owner` columns match hold exactly `values` in `column`.
 * Call inside the write's transaction (with a scope on it).
 */
export async function replaceLinks(
  scope: TenantScope,
  table: LinkTable,
  owner: Record<string, string | number>,
  column: string,
  values: readonly (string | number)[],
): Promise<void> {
  await oneReplacementAtATime(scope, table, owner);
  // One typed table stands in for the chosen one; columns are named by reference.
  let remove = scope.deleteFrom(table as 'user_role');
  for (const [key, value] of Object.entries(owner)) remove = remove.where(sql.ref(`${table}.${key}`), '=', value);
  await remove.execute();
  const rows = values.map((value) => ({ ...owner, [column]: value }));
  // Batches keep each statement well under the databases' bound-parameter limits. The same
  // replacement sent twice at once (a double click) inserts rows the other's delete did not
  // see on PostgreSQL: such a row is already the one wanted, so it is kept, not an error.
  for (let i = 0; i < rows.length; i += INSERT_BATCH) {
    await scope
      .insertInto(table as 'user_role', rows.slice(i, i + INSERT_BATCH) as never)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}
