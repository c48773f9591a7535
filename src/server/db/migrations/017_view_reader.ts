import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * PostgreSQL: the password of the login that registered views run as (db/pg-view-reader.ts),
 * made once so every server instance of the database signs in with the same one. SQLite runs
 * views in an empty in-memory database and needs no login.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') return;
  await sql`create table view_reader (id integer primary key check (id = 1), password text not null)`.execute(db);
}
