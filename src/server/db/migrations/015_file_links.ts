import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';
import type { DB } from '../schema.ts';
import { TenantScope } from '../tenant-scope.ts';
import { linkAvatarFile, linkRecordFiles } from '../../modules/filestore/file-links.ts';

const BACKFILL_BATCH = 500;

/**
 * The attachment index: which object holds which file of the store (a record's file field or
 * sub-table cell, a user's avatar), for the attachment list and its way back to the owner.
 * Writes of owners keep it in their transactions; existing records and avatars are indexed
 * here by the same code those writes use.
 */
export async function up(db: Kysely<unknown>, { idColumn }: MigrationContext): Promise<void> {
  await idColumn(db.schema.createTable('file_link'))
    .addColumn('tenant_id', 'integer', (c) => c.notNull().references('tenant.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('file_object.id').onDelete('cascade'))
    .addColumn('owner_kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    // A deleted form takes its records' links with it.
    .addColumn('form_id', 'integer', (c) => c.references('form.id').onDelete('cascade'))
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('create_time', 'text', (c) => c.notNull())
    // Also the index of an owner's links.
    .addUniqueConstraint('file_link_unique', ['tenant_id', 'owner_kind', 'owner_id', 'field', 'file_id'])
    .execute();
  await db.schema.createIndex('file_link_file').on('file_link').columns(['tenant_id', 'file_id']).execute();
  await db.schema.createIndex('file_link_form').on('file_link').columns(['form_id']).execute();
  // The list reads a tenant's files newest first.
  await db.schema.createIndex('file_object_tenant_time').on('file_object').columns(['tenant_id', 'create_time']).execute();
  await backfillFileLinks(db as unknown as Kysely<DB>);
}

/** Indexes every record and avatar there is, as their writes would (idempotent). */
export async function backfillFileLinks(db: Kysely<DB>): Promise<void> {
  for (const { id: tenantId } of await db.selectFrom('tenant').select('id').execute()) {
    const scope = new TenantScope(db, tenantId);
    for (let after = 0; ; ) {
      const records = await scope
        .selectFrom('form_record')
        .select(['form_record.id', 'form_record.form_id', 'form_record.data', 'form_record.update_time'])
        .where('form_record.id', '>', after)
        .orderBy('form_record.id')
        .limit(BACKFILL_BATCH)
        .execute();
      if (!records.length) break;
      await linkRecordFiles(scope, records);
      after = records[records.length - 1]!.id;
    }
  }
  const users = await db.selectFrom('app_user').select(['id', 'avatar', 'update_time']).where('avatar', 'is not', null).execute();
  for (const user of users) await linkAvatarFile(db, user.id, user.avatar, user.update_time);
}
