import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * The tables whose changes PostgreSQL announces on the `plinth_changes` channel (see
 * db/change-feed.ts), so every server instance can keep rows it reads on each request and
 * forget them when another instance, or anyone, changes them. A change of rights moves the
 * tenant row (013) and one of records moves the form row (007, 010), so those notify too.
 */
export const NOTIFYING_TABLES = ['auth_token', 'app_user', 'tenant_member', 'tenant', 'form'] as const;

export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  // SQLite has no notices; its reads are in-process and cheap, so nothing is kept there.
  if (dialect === 'sqlite') return;
  await sql`
    create function notify_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify('plinth_changes', tg_table_name);
      return null;
    end $$`.execute(db);
  for (const table of NOTIFYING_TABLES) {
    await sql.raw(`create trigger ${table}_notify_change after insert or update or delete or truncate on ${table} for each statement execute function notify_change()`).execute(db);
  }
}
