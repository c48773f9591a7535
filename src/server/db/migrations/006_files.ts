import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * The file store's index: one row per upload (its own random id, name and uploader), while
 * the bytes are kept once per content under their SHA-256 (src/server/modules/filestore).
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('file_object')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('set null'))
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  // Whether a blob is still named by any upload (for a later clean-up of unreferenced blobs).
  await db.schema.createIndex('file_object_sha256').on('file_object').column('sha256').execute();
}
