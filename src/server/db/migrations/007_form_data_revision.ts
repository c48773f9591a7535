import { sql, type Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * `form.data_revision` counts every change to the form's records (insert, update, delete),
 * kept by the database itself, so cached board queries over a form know when they are stale
 * whichever server instance or code path wrote the record.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  await db.schema.alterTable('form').addColumn('data_revision', 'integer', (c) => c.notNull().defaultTo(0)).execute();
  if (dialect === 'sqlite') {
    for (const [event, row] of [['insert', 'new'], ['update', 'new'], ['delete', 'old']] as const) {
      await sql
        .raw(
          `create trigger form_record_revision_${event} after ${event} on form_record begin ` +
            `update form set data_revision = data_revision + 1 where id = ${row}.form_id; end`,
        )
        .execute(db);
    }
    return;
  }
  await sql`
    create function form_record_revision() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        update form set data_revision = data_revision + 1 where id = old.form_id;
        return old;
      end if;
      update form set data_revision = data_revision + 1 where id = new.form_id;
      return new;
    end $$`.execute(db);
  await sql`create trigger form_record_revision after insert or update or delete on form_record for each row execute function form_record_revision()`.execute(db);
}
