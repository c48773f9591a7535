import type { Kysely } from 'kysely';
import { fileIdOfStoreUrl } from '../../../core/contracts/attachments.ts';
import { filesInRecord, type RecordFileRef } from '../../../core/forms/record-files.ts';
import { readJson } from '../../db/json-column.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

/** What the index needs of a record: its id and form, its data, and when it last changed (and by whom). */
export interface LinkedRecord {
  id: number;
  form_id: number;
  data: unknown;
  update_time: string;
  /**
   * Who wrote the data: a file it newly holds is linked only when it is their upload (or the
   * record held it already). Absent only for the back-fill, which indexes what is there.
   */
  updated_by?: number | null;
}

// Keeps each statement well under the databases' bound-parameter limits.
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

const linkKey = (ownerId: number, ref: RecordFileRef) => `${ownerId}\u0000${ref.field}\u0000${ref.fileId}`;

/** The files of the scope's tenant among `ids`, with their uploaders. */
async function tenantFiles(scope: TenantScope, ids: readonly string[]): Promise<Map<string, number | null>> {
  const known = new Map<string, number | null>();
  for (const batch of batches([...new Set(ids)])) {
    const rows = await scope.selectFrom('file_object').select(['file_object.id', 'file_object.created_by']).where('file_object.id', 'in', batch).execute();
    for (const row of rows) known.set(row.id, row.created_by);
  }
  return known;
}

/**
 * Makes the index hold exactly the files each record's data holds (src/core's filesInRecord):
 * links of files a record no longer holds go, new ones get the record's change time, unchanged
 * ones keep theirs. Only files of the scope's tenant are linked, so another tenant's id written
 * into a record links nothing; and, as a link lets the record's readers download the file,
 * only the writer's own uploads or files the record held already, so a member cannot reach a
 * file by writing its id into a record of theirs. Call inside the transaction that wrote the
 * records; `created` says they were just inserted, so there are no links of theirs to read (a
 * create or an import of many rows adds no query for them).
 */
export async function linkRecordFiles(scope: TenantScope, records: readonly LinkedRecord[], options: { created?: boolean } = {}): Promise<void> {
  if (!records.length) return;
  const held = records.map((record) => ({ record, refs: filesInRecord(readJson(record.data)) }));
  const known = await tenantFiles(scope, held.flatMap(({ refs }) => refs.map((ref) => ref.fileId)));
  const wanted = new Map<string, { record: LinkedRecord; ref: RecordFileRef }>();
  for (const { record, refs } of held) {
    for (const ref of refs) if (known.has(ref.fileId)) wanted.set(linkKey(record.id, ref), { record, ref });
  }

  if (options.created && !wanted.size) return;
  const stale: number[] = [];
  const kept = new Set<string>();
  /** Files each record held before this write, in any field (a file moved to another row stays its own). */
  const before = new Set<string>();
  for (const ids of options.created ? [] : batches(records.map((r) => r.id))) {
    const rows = await scope
      .selectFrom('file_link')
      .select(['file_link.id', 'file_link.owner_id', 'file_link.file_id', 'file_link.field'])
      .where('file_link.owner_kind', '=', 'record')
      .where('file_link.owner_id', 'in', ids)
      .execute();
    for (const row of rows) {
      const key = linkKey(row.owner_id, { fileId: row.file_id, field: row.field });
      before.add(`${row.owner_id}\u0000${row.file_id}`);
      if (wanted.has(key)) kept.add(key);
      else stale.push(row.id);
    }
  }
  const mayLink = (record: LinkedRecord, fileId: string) =>
    record.updated_by === undefined || known.get(fileId) === record.updated_by || before.has(`${record.id}\u0000${fileId}`);
  for (const ids of batches(stale)) await scope.deleteFrom('file_link').where('file_link.id', 'in', ids).execute();

  const fresh = [...wanted.entries()]
    .filter(([key, { record, ref }]) => !kept.has(key) && mayLink(record, ref.fileId))
    .map(([, { record, ref }]) => ({
      file_id: ref.fileId,
      owner_kind: 'record' as const,
      owner_id: record.id,
      form_id: record.form_id,
      field: ref.field,
      create_time: record.update_time,
    }));
  for (const rows of batches(fresh)) await scope.insertInto('file_link', rows).execute();
}

/** Drops the links of records being deleted, in the deleting transaction. */
export async function unlinkRecords(scope: TenantScope, recordIds: readonly number[]): Promise<void> {
  for (const ids of batches(recordIds)) {
    await scope.deleteFrom('file_link').where('file_link.owner_kind', '=', 'record').where('file_link.owner_id', 'in', ids).execute();
  }
}

/**
 * An avatar that is a file of the store links that file to its user, in the file's tenant
 * (accounts are global; a file belongs to one tenant) and only when the user is a member of
 * it and uploaded it: an avatar is shown to the whole tenant, so naming another's file as
 * one's avatar must not open it to all. Any earlier avatar's link goes. Call inside the
 * transaction that saves the avatar.
 */
export async function linkAvatarFile(db: Kysely<DB>, userId: number, avatar: string | null, time: string): Promise<void> {
  await db.deleteFrom('file_link').where('owner_kind', '=', 'avatar').where('owner_id', '=', userId).execute();
  const fileId = fileIdOfStoreUrl(avatar);
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
