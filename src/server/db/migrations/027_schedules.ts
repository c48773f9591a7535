import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Schedules: per workspace, the model as JSON with its revision (the optimistic lock) and the
 * dates and progress the list shows; the history of every change (who, when, the changes and
 * their counts); and the public links, each a random token kept only as its SHA-256.
 */
export async function up(db: Kysely<unknown>, { dialect, idColumn }: MigrationContext): Promise<void> {
  const table = (name: string) => idColumn(db.schema.createTable(name));
  const json = dialect === 'postgres' ? 'jsonb' : 'text';
  const real = dialect === 'postgres' ? 'double precision' : 'real';
  const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenant.id').onDelete('cascade');
  const workspace = (c: ColumnDefinitionBuilder) => c.notNull().references('workspace.id').onDelete('cascade');
  const user = (c: ColumnDefinitionBuilder) => c.references('app_user.id').onDelete('set null');
  const schedule = (c: ColumnDefinitionBuilder) => c.notNull().references('schedule.id').onDelete('cascade');

  await table('schedule')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', workspace)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', user)
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('model', json, (c) => c.notNull())
    .addColumn('task_count', 'integer', (c) => c.notNull())
    // Wall minutes of the scheduled start and finish, and the progress: the list's columns.
    .addColumn('start_time', 'integer')
    .addColumn('finish_time', 'integer')
    .addColumn('progress', real, (c) => c.notNull())
    // A demo schedule is found again by it on every start.
    .addColumn('seed_key', 'text')
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', user)
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addColumn('deleted_time', 'text')
    .addColumn('deleted_by', 'integer', user)
    .execute();
  await db.schema.createIndex('schedule_workspace').on('schedule').columns(['tenant_id', 'workspace_id', 'status', 'update_time']).execute();

  await table('schedule_change')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('schedule_id', 'integer', schedule)
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    // The changes of a save as sent (ScheduleChange[]), and how many of each kind.
    .addColumn('changes', json, (c) => c.notNull())
    .addColumn('counts', json, (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('user_id', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedule_change_schedule').on('schedule_change').columns(['schedule_id', 'id']).execute();

  await table('schedule_share')
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('schedule_id', 'integer', schedule)
    .addColumn('token_hash', 'text', (c) => c.notNull())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .addColumn('hidden_columns', json, (c) => c.notNull())
    .addColumn('revoked_time', 'text')
    .addColumn('revoked_by', 'integer', user)
    .addColumn('created_by', 'integer', user)
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('schedule_share_token').on('schedule_share').columns(['token_hash']).unique().execute();
  await db.schema.createIndex('schedule_share_schedule').on('schedule_share').columns(['schedule_id', 'id']).execute();
}
