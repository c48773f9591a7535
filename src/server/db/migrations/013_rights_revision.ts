import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * The tables that decide what a member may do: function points (resources, roles, grants,
 * permission groups), data scope (roles) and workspaces. A write to any of them moves its
 * tenant's `rights_revision`.
 */
export const RIGHTS_TABLES = ['resource', 'role', 'role_resource', 'user_role', 'group_point', 'group_role', 'group_user', 'workspace', 'workspace_member'] as const;

/**
 * `tenant.rights_revision` counts changes to who may do what in the tenant, kept by the
 * database itself (triggers), so the server can keep each member's rights in memory and know
 * from the one query that checks the token whether they are still current, whichever instance
 * or code path changed them. PostgreSQL moves it once per statement (as form data revisions,
 * see 010) so a bulk grant does not pile up row versions of the tenant row.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema.alterTable('tenant').addColumn('rights_revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  if (dialect === 'sqlite') {
    for (const table of RIGHTS_TABLES) {
      for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
        await sql
          .raw(
            `create trigger ${table}_rights_${event} after ${event} on ${table} begin ` +
              `update tenant set rights_revision = rights_revision + 1 where id = ${row}.tenant_id; end`,
          )
          .execute(db);
      }
    }
    return;
  }
  await sql`
    create function tenant_rights_revision() returns trigger language plpgsql as $$
    begin
      update tenant set rights_revision = rights_revision + 1 where id in (select distinct tenant_id from changed_rows);
      return null;
    end $$`.execute(db);
  for (const table of RIGHTS_TABLES) {
    for (const [event, rows] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql
        .raw(
          `create trigger ${table}_rights_${event} after ${event} on ${table} ` +
            `referencing ${rows} table as changed_rows for each statement execute function tenant_rights_revision()`,
        )
        .execute(db);
    }
  }
}
