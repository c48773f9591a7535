import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * On PostgreSQL, `form.data_revision` moves once per statement that changes a form's records
 * instead of once per row. A row trigger updated the one form row for every record of a bulk
 * insert, piling up row versions inside the transaction (a million-record import took many
 * minutes); a statement trigger reads the changed records from its transition table. The
 * revision still moves on every write, which is all the query cache needs. SQLite has no
 * row versions to pile up and keeps its row triggers.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  if (dialect === 'sqlite') return;
  await sql`drop trigger form_record_revision on form_record`.execute(db);
  await sql`drop function form_record_revision()`.execute(db);
  await sql`
    create function form_record_revision() returns trigger language plpgsql as $$
    begin
      update form set data_revision = data_revision + 1 where id in (select distinct form_id from changed_records);
      return null;
    end $$`.execute(db);
  // A transition table belongs to one event, hence a trigger per event.
  await sql`create trigger form_record_revision_insert after insert on form_record referencing new table as changed_records for each statement execute function form_record_revision()`.execute(db);
  await sql`create trigger form_record_revision_update after update on form_record referencing new table as changed_records for each statement execute function form_record_revision()`.execute(db);
  await sql`create trigger form_record_revision_delete after delete on form_record referencing old table as changed_records for each statement execute function form_record_revision()`.execute(db);
}
