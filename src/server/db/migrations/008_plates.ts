import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/** Analysis plates (boards): a page config of components over datasets and forms, optionally in the menu. */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('plate'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('config', 'text', (c) => c.notNull())
    // The menu entry it made when published; removed with the plate.
    .addColumn('resource_id', 'integer', (c) => c.references('resource.id').onDelete('set null'))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('seed_key', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .addColumn('update_time', 'text', (c) => c.notNull())
    .addUniqueConstraint('plate_tenant_seed_key', ['tenant_id', 'seed_key'])
    .execute();
  await db.schema.createIndex('plate_tenant_update').on('plate').columns(['tenant_id', 'update_time']).execute();
}
