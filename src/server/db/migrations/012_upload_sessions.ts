import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';

/**
 * Resumable uploads: a session names the file and its size; its bytes so far live in a
 * partial file of the store (their count is the file's length, so a crash loses no more
 * than the bytes not yet written), until completing turns them into a stored file.
 */
export async function up(db: Kysely<unknown>, _context: MigrationContext): Promise<void> {
  await db.schema
    .createTable('upload_session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('app_user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    // The upload's fields (kind, accept) as JSON text, checked again on completion.
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('upload_session_tenant_time').on('upload_session').columns(['tenant_id', 'create_time']).execute();
}
