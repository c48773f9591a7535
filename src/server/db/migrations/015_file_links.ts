import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migrate.ts';
import type { DB } from '../schema.ts';

/*
 * Frozen: this migration carries its own copy of the rules its back-fill applied (which files a
 * record holds, which address names a stored file, which files an avatar may link), as they
 * were when it was written. The file store's live rules (modules/filestore/file-links.ts) may
 * change; what this migration did must not.
 */

const BACKFILL_BATCH = 500;
const FILE_ID = /^[A-Za-z0-9_-]{22}$/;
const STORE_URL = /^\/api\/proptech_filestore\/file\/([A-Za-z0-9_-]{22})(?:[?#].*)?$/;

/**
 * The attachment index: which object holds which file of the store (a record's file field or
 * sub-table cell, a user's avatar), for the attachment list and its way back to the owner.
 * Writes of owners keep it in their transactions; existing records and avatars are indexed
 * here as those writes did.
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

/** Indexes every record and avatar there is, as their writes did (idempotent: a link already there keeps its time). */
export async function backfillFileLinks(db: Kysely<DB>): Promise<void> {
  for (const { id: tenantId } of await db.selectFrom('tenant').select('id').execute()) {
    for (let after = 0; ; ) {
      const records = await db
        .selectFrom('form_record')
        .select(['id', 'form_id', 'data', 'update_time'])
        .where('tenant_id', '=', tenantId)
        .where('id', '>', after)
        .orderBy('id')
        .limit(BACKFILL_BATCH)
        .execute();
      if (!records.length) break;
      await linkRecordFiles(db, tenantId, records);
      after = records[records.length - 1]!.id;
    }
  }
  const users = await db.selectFrom('app_user').select(['id', 'avatar', 'update_time']).where('avatar', 'is not', null).execute();
  for (const user of users) await linkAvatarFile(db, user.id, user.avatar, user.update_time);
}

interface RecordFileRef {
  fileId: string;
  field: string;
}

interface IndexedRecord {
  id: number;
  form_id: number;
  data: unknown;
  update_time: string;
}

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BACKFILL_BATCH) out.push(items.slice(i, i + BACKFILL_BATCH));
  return out;
}

/** A stored file value `{ fileId, name, size, type }`; only ids of the file store name a stored file. */
const isFileValue = (value: unknown): value is { fileId: string } =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { fileId?: unknown }).fileId === 'string' && FILE_ID.test((value as { fileId: string }).fileId);

/** Every file a record's data holds (file fields, sub-table cells as `items[2].receipt`), each (file, field) pair once. */
function filesInRecord(data: unknown): RecordFileRef[] {
  const found = new Map<string, RecordFileRef>();
  const add = (fileId: string, field: string) => {
    const key = `${field}\u0000${fileId}`;
    if (!found.has(key)) found.set(key, { fileId, field });
  };
  const walk = (value: unknown, path: string): void => {
    if (isFileValue(value)) return add(value.fileId, path);
    if (Array.isArray(value)) {
      value.forEach((item, i) => (isFileValue(item) ? add(item.fileId, path) : walk(item, `${path}[${i}]`)));
      return;
    }
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    }
  };
  walk(data, '');
  return [...found.values()];
}

/**
 * Makes the index hold exactly the files of the tenant that each record's data holds: links of
 * files a record no longer holds go, new ones get the record's change time, those already
 * there keep theirs. Another tenant's file id written into a record links nothing.
 */
async function linkRecordFiles(db: Kysely<DB>, tenantId: number, records: readonly IndexedRecord[]): Promise<void> {
  // JSON columns come back parsed from PostgreSQL (jsonb) and as text from SQLite.
  const held = records.map((record) => ({ record, refs: filesInRecord(typeof record.data === 'string' ? JSON.parse(record.data) : record.data) }));
  const known = new Set<string>();
  for (const ids of batches([...new Set(held.flatMap(({ refs }) => refs.map((ref) => ref.fileId)))])) {
    const rows = await db.selectFrom('file_object').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    for (const row of rows) known.add(row.id);
  }
  const linkKey = (ownerId: number, ref: RecordFileRef) => `${ownerId}\u0000${ref.field}\u0000${ref.fileId}`;
  const wanted = new Map<string, { record: IndexedRecord; ref: RecordFileRef }>();
  for (const { record, refs } of held) {
    for (const ref of refs) if (known.has(ref.fileId)) wanted.set(linkKey(record.id, ref), { record, ref });
  }
  const stale: number[] = [];
  for (const ids of batches(records.map((r) => r.id))) {
    const rows = await db
      .selectFrom('file_link')
      .select(['id', 'owner_id', 'file_id', 'field'])
      .where('tenant_id', '=', tenantId)
      .where('owner_kind', '=', 'record')
      .where('owner_id', 'in', ids)
      .execute();
    // A link already there stays as it is; what is left in `wanted` is new.
    for (const row of rows) if (!wanted.delete(linkKey(row.owner_id, { fileId: row.file_id, field: row.field }))) stale.push(row.id);
  }
  for (const ids of batches(stale)) await db.deleteFrom('file_link').where('id', 'in', ids).execute();
  const fresh = [...wanted.values()].map(({ record, ref }) => ({
    tenant_id: tenantId,
    file_id: ref.fileId,
    owner_kind: 'record' as const,
    owner_id: record.id,
    form_id: record.form_id,
    field: ref.field,
    create_time: record.update_time,
  }));
  for (const rows of batches(fresh)) await db.insertInto('file_link').values(rows).execute();
}

/**
 * An avatar that is a file of the store links that file to its user, in the file's tenant, only
 * when the user is a member of it and uploaded it (an avatar is shown to the whole tenant).
 * Any earlier avatar link of the user goes.
 */
async function linkAvatarFile(db: Kysely<DB>, userId: number, avatar: string | null, time: string): Promise<void> {
  await db.deleteFrom('file_link').where('owner_kind', '=', 'avatar').where('owner_id', '=', userId).execute();
  const fileId = (avatar && STORE_URL.exec(avatar)?.[1]) || null;
  if (!fileId) return;
  const file = await db
    .selectFrom('file_object')
    .innerJoin('tenant_member', (join) => join.onRef('tenant_member.tenant_id', '=', 'file_object.tenant_id').on('tenant_member.user_id', '=', userId))
    .select(['file_object.id', 'file_object.tenant_id'])
    .where('file_object.id', '=', fileId)
    .where('file_object.created_by', '=', userId)
    .executeTakeFirst();
  if (!file) return;
  await db
    .insertInto('file_link')
    .values({ tenant_id: file.tenant_id, file_id: file.id, owner_kind: 'avatar', owner_id: userId, form_id: null, field: 'avatar', create_time: time })
    .execute();
}
