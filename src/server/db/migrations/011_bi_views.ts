import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/** Registered data sources: named read-only SQL views over the tenant's forms and datasets. */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('bi_view'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sql_text', 'text', (c) => c.notNull())
    // Result columns ({ name, type }[]) and the relations read (string[]), as JSON text, as the last check found them.
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('relations', 'text', (c) => c.notNull())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('bi_view_tenant').on('bi_view').column('tenant_id').execute();
}
