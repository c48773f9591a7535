import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/** A tenant's BI defaults for analysis plates: theme, chart palette, auto-refresh. One row per tenant, made on first save. */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('bi_setting')
    .addColumn('tenant_id', 'integer', (c) => c.primaryKey().references('tenant.id').onDelete('cascade'))
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('light'))
    // A JSON array of CSS colours; empty: the app's palette.
    .addColumn('palette', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('default_refresh', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('update_time', 'text', (c) => c.notNull())
    .execute();
}
