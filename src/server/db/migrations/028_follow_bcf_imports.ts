import type { ColumnDefinitionBuilder, Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Where each BCF import is (follow/bcf/bcf-imports.ts), kept in the database rather than the
 * memory of the server that started it: its state is answered from any server, after a
 * restart too. The row is the job's id, who started it in which workspace with which type,
 * the step and counts, and at the end the result (the topics left out with why among it) or
 * the problem. Rows silent for a week are let go.
 */
export async function up(db: Kysely<unknown>, { dialect }: MigrationContext): Promise<void> {
  const json = dialect === 'postgres' ? 'jsonb' : 'text';
  const tenant = (c: ColumnDefinitionBuilder) => c.notNull().references('tenant.id').onDelete('cascade');
  await db.schema
    .createTable('follow_bcf_import')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', tenant)
    .addColumn('workspace_id', 'integer', (c) => c.notNull().references('workspace.id').onDelete('cascade'))
    .addColumn('started_by', 'integer', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('type_id', 'integer', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    // queued, reading, writing, done or failed (BcfImportStatus).
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('result', json)
    .addColumn('problem', 'text')
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text')
    .execute();
  await db.schema.createIndex('follow_bcf_import_age').on('follow_bcf_import').columns(['tenant_id', 'update_time']).execute();
}
