import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { THUMBNAIL_SIZES } from '../../../core/contracts/files.ts';
import { fileIdOfStoreUrl } from '../../../core/contracts/attachments.ts';
import { filesInRecord } from '../../../core/forms/record-files.ts';
import type { Clock } from '../../clock.ts';
import { readJson } from '../../db/json-column.ts';
import type { DB } from '../../db/schema.ts';
import type { BlobStore } from './blob-store.ts';
import { thumbnailVariant } from './thumbnails.ts';

/** What one collection removed: the uploads (rows) and the contents (blobs) no row names any more. */
export interface CollectedFiles {
  files: { id: string; tenantId: number; name: string; size: number }[];
  blobs: string[];
}

export interface OrphanCollectorDeps {
  db: Kysely<DB>;
  blobs: BlobStore;
  clock: Clock;
  log: FastifyBaseLogger;
}

// Keeps each statement well under the databases' bound-parameter limits.
const BATCH = 500;
const THUMBNAILS = THUMBNAIL_SIZES.map(thumbnailVariant);

/**
 * Whatever holds the file `ref` names that has its own table: a record or avatar (file_link), a
 * document or one of its versions, a drawing upload (its original), a drawing revision (its
 * source, view or thumbnail), a markup's photo or a follow-up's photo.
 */
function holdersOf(db: Kysely<DB>, ref: 'f.id' | 'file_object.id') {
  const file = sql.ref<string>(ref);
  return db
    .selectFrom('file_link')
    .select('file_link.id')
    .where('file_link.file_id', '=', file)
    .unionAll(db.selectFrom('doc_version').select('doc_version.id').where('doc_version.file_id', '=', file))
    .unionAll(db.selectFrom('doc_file').select('doc_file.id').where('doc_file.file_id', '=', file))
    .unionAll(db.selectFrom('drawing_upload').select('drawing_upload.id').where('drawing_upload.file_id', '=', file))
    .unionAll(db.selectFrom('drawing_revision').select('drawing_revision.id').where('drawing_revision.source_file_id', '=', file))
    .unionAll(db.selectFrom('drawing_revision').select('drawing_revision.id').where('drawing_revision.view_file_id', '=', file))
    .unionAll(db.selectFrom('drawing_revision').select('drawing_revision.id').where('drawing_revision.thumbnail_file_id', '=', file))
    .unionAll(db.selectFrom('drawing_markup').select('drawing_markup.id').where('drawing_markup.photo_file_id', '=', file))
    .unionAll(db.selectFrom('follow_photo').select('follow_photo.id').where('follow_photo.file_id', '=', file));
}

/**
 * Files held by what the link index does not cover: record drafts (a draft's attachments are
 * uploads not yet in a record) and avatars as stored on the account.
 */
async function heldOutsideLinks(db: Kysely<DB>): Promise<Set<string>> {
  const held = new Set<string>();
  for (const draft of await db.selectFrom('form_draft').select('data').execute()) {
    for (const ref of filesInRecord(readJson(draft.data))) held.add(ref.fileId);
  }
  for (const user of await db.selectFrom('app_user').select('avatar').where('avatar', 'is not', null).execute()) {
    const fileId = fileIdOfStoreUrl(user.avatar);
    if (fileId) held.add(fileId);
  }
  return held;
}

/**
 * Removes the uploads nothing holds any more — no record (file_link), document or document
 * version, avatar or record draft — once they are older than `graceMs`, and then the bytes of
 * each content no upload of any tenant names. A younger upload is someone's work in progress
 * (uploaded, not yet saved into a record) and stays. The delete re-checks the holders in the
 * same statement, so a link written meanwhile keeps its file; the blob store keeps bytes an
 * upload of the same content is committing (see BlobStore.removeUnused). Uploads still
 * arriving are in the upload area, not the store, and are never touched.
 */
export async function collectOrphanFiles(deps: OrphanCollectorDeps, graceMs: number): Promise<CollectedFiles> {
  const { db, blobs, clock, log } = deps;
  const cutoff = new Date(clock.now() - graceMs).toISOString();
  const unheld = await db
    .selectFrom('file_object as f')
    .select(['f.id', 'f.tenant_id', 'f.sha256', 'f.name', 'f.size'])
    .where('f.create_time', '<', cutoff)
    .where((eb) => eb.not(eb.exists(holdersOf(db, 'f.id'))))
    .execute();
  const held = unheld.length ? await heldOutsideLinks(db) : new Set<string>();
  const candidates = unheld.filter((row) => !held.has(row.id));

  const removed: CollectedFiles = { files: [], blobs: [] };
  const removedIds = new Set<string>();
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const gone = await db
      .deleteFrom('file_object')
      .where('id', 'in', batch.map((row) => row.id))
      .where('create_time', '<', cutoff)
      .where((eb) => eb.not(eb.exists(holdersOf(db, 'file_object.id'))))
      .returning('id')
      .execute();
    for (const row of gone) removedIds.add(row.id);
  }
  for (const row of candidates) {
    if (removedIds.has(row.id)) removed.files.push({ id: row.id, tenantId: row.tenant_id, name: row.name, size: Number(row.size) });
  }

  const contents = [...new Set([...candidates.filter((row) => removedIds.has(row.id)).map((row) => row.sha256), ...blobs.takePassedOver()])];
  for (const sha256 of contents) {
    const stillUnused = async () => !(await db.selectFrom('file_object').select('id').where('sha256', '=', sha256).limit(1).executeTakeFirst());
    try {
      if (await blobs.removeUnused(sha256, THUMBNAILS, stillUnused)) removed.blobs.push(sha256);
    } catch (error) {
      // The row is gone either way; bytes left behind only take room, and the log says which.
      log.warn({ err: error, sha256 }, 'an unused file content could not be removed from the file store');
    }
  }
  for (const file of removed.files) log.info({ fileId: file.id, tenantId: file.tenantId, name: file.name, size: file.size }, 'removed a file nothing holds');
  if (removed.files.length) log.info({ files: removed.files.length, blobs: removed.blobs.length }, 'file store: unused files removed');
  return removed;
}

/** Runs the collection every `intervalMs` (0: never), unref'd so it keeps no process alive; the returned function stops it. */
export function scheduleOrphanCollection(deps: OrphanCollectorDeps, options: { intervalMs: number; graceMs: number }): () => void {
  if (options.intervalMs <= 0) return () => undefined;
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = collectOrphanFiles(deps, options.graceMs)
      .catch((error: unknown) => deps.log.error({ err: error }, 'the file store clean-up failed'))
      .finally(() => (running = null));
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
