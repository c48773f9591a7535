import type { Readable } from 'node:stream';
import { FILE_CONTENT_TYPES, type UploadSession, type UploadSessionBody } from '../../../core/contracts/files.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import type { Clock } from '../../clock.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import type { BlobStore } from './blob-store.ts';
import { insertFileObject, newFileId, type FileObject } from './file-objects.ts';
import { checkUpload, checkUploadName, cleanFileName, requireRoom, tooLarge, type UploadLimits } from './upload.ts';

/**
 * Resumable uploads. A session is a row (name, size, who) and a partial file in the store's
 * local upload area, whichever store keeps finished files; the bytes held are the partial
 * file's length, so after a dropped connection or a server killed mid-chunk the client asks
 * how far it got and goes on from there. Completing checks the whole file as a plain upload
 * is checked, then keeps it by its hash; until then nothing is visible as a file.
 */

/** An unfinished session is dropped, bytes and all, this long after it was opened. */
export const SESSION_LIFETIME_MS = 24 * 60 * 60 * 1000;

type SessionRow = { id: string; name: string; size: number | string; fields: string; created_by: number | null; create_time: string };

async function present(store: BlobStore, row: SessionRow): Promise<UploadSession> {
  return { uploadId: row.id, name: row.name, size: Number(row.size), received: await store.uploads.received(row.id) };
}

/** The caller's own session (another user's or tenant's answers 404, as if absent). */
async function requireSession(scope: TenantScope, userId: number, uploadId: string): Promise<SessionRow> {
  const row = await scope
    .selectFrom('upload_session')
    .select(['id', 'name', 'size', 'fields', 'created_by', 'create_time'])
    .where('id', '=', uploadId)
    .where('created_by', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound('Upload');
  return row;
}

/** Drops the tenant's sessions older than their lifetime, with their bytes. */
async function dropExpired(scope: TenantScope, store: BlobStore, now: number): Promise<void> {
  const before = new Date(now - SESSION_LIFETIME_MS).toISOString();
  const old = await scope.selectFrom('upload_session').select('id').where('create_time', '<', before).execute();
  for (const { id } of old) await store.uploads.dropPartial(id);
  if (old.length) await scope.deleteFrom('upload_session').where('create_time', '<', before).execute();
}

export async function openSession(
  scope: TenantScope,
  store: BlobStore,
  clock: Clock,
  userId: number,
  limits: UploadLimits,
  body: UploadSessionBody,
): Promise<UploadSession> {
  const name = cleanFileName(body.name);
  const fields: Record<string, string> = {};
  if (body.kind) fields.kind = body.kind;
  if (body.accept !== undefined) fields.accept = body.accept;
  checkUploadName(name, fields);
  if (body.size > limits.maxBytes) throw tooLarge(limits.maxBytes);
  await requireRoom(limits, body.size);
  await dropExpired(scope, store, clock.now());
  const id = newFileId();
  await store.uploads.startPartial(id);
  await scope
    .insertInto('upload_session', [{ id, created_by: userId, name, size: body.size, fields: JSON.stringify(fields), create_time: new Date(clock.now()).toISOString() }])
    .execute();
  return { uploadId: id, name, size: body.size, received: 0 };
}

export async function readSession(scope: TenantScope, store: BlobStore, userId: number, uploadId: string): Promise<UploadSession> {
  return present(store, await requireSession(scope, userId, uploadId));
}

/**
 * Appends a chunk that starts where the held bytes end (409 with the held count otherwise,
 * so the client can go on from there). A refused chunk leaves the upload as it was: one
 * whose content-length goes past the declared size is answered 413 before a byte is
 * written, and one sent without a length that turns out longer is cut back off. A
 * connection dropped mid-chunk keeps what arrived, for the client to go on from there.
 */
export async function appendChunk(
  scope: TenantScope,
  store: BlobStore,
  userId: number,
  uploadId: string,
  chunk: { offset: number; length: number | undefined; bytes: Readable },
): Promise<UploadSession> {
  const row = await requireSession(scope, userId, uploadId);
  // Two chunks written into one file at once would interleave: the second waits its turn.
  if (writing.has(row.id)) {
    chunk.bytes.resume();
    throw chunkArriving();
  }
  writing.add(row.id);
  try {
    return await appendAt(store, row, chunk);
  } finally {
    writing.delete(row.id);
  }
}

/** Sessions receiving a chunk now (one process; several server instances would need a lock in the database). */
const writing = new Set<string>();

const chunkArriving = () => new AppError(409, ResultCode.CONFLICT, 'upload: a chunk of this upload is being received; ask how far it got, then go on');

const pastDeclaredSize = (size: number) =>
  new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, `file: the chunk goes past the ${size} bytes this upload declared; nothing of it was kept`);

async function appendAt(store: BlobStore, row: SessionRow, chunk: { offset: number; length: number | undefined; bytes: Readable }): Promise<UploadSession> {
  const size = Number(row.size);
  const held = await store.uploads.received(row.id);
  if (chunk.offset !== held) {
    chunk.bytes.resume();
    throw new AppError(409, ResultCode.CONFLICT, `upload-offset: the server holds ${held} bytes of this upload; send from there`);
  }
  if (chunk.length !== undefined && held + chunk.length > size) {
    chunk.bytes.resume();
    throw pastDeclaredSize(size);
  }
  const { overflow } = await store.uploads.append(row.id, held, chunk.bytes, size - held);
  if (overflow) throw pastDeclaredSize(size);
  return present(store, row);
}

/** Turns a whole upload into a stored file, checked as a plain upload is; a short one answers 409. */
export async function completeSession(
  scope: TenantScope,
  store: BlobStore,
  clock: Clock,
  userId: number,
  limits: UploadLimits,
  uploadId: string,
): Promise<FileObject> {
  const row = await requireSession(scope, userId, uploadId);
  // The bytes of a chunk still arriving are not accepted yet: it may still be refused and undone.
  if (writing.has(row.id)) throw chunkArriving();
  const held = await store.uploads.received(row.id);
  if (held !== Number(row.size)) throw new AppError(409, ResultCode.CONFLICT, `upload: the server holds ${held} of ${Number(row.size)} bytes; send the rest first`);
  const blob = await store.adopt(row.id);
  try {
    await checkUpload(row.name, blob, JSON.parse(row.fields) as Record<string, string>, limits.maxBytes);
    await requireRoom(limits, blob.size);
  } catch (error) {
    // A file that will never pass is dropped with its session; the client starts over.
    await blob.discard();
    await scope.deleteFrom('upload_session').where('id', '=', row.id).execute();
    throw error;
  }
  await blob.commit();
  try {
    const stored = await scope.db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      await tx.deleteFrom('upload_session').where('id', '=', row.id).execute();
      return insertFileObject(tx, {
        id: newFileId(),
        sha256: blob.sha256,
        name: row.name,
        size: blob.size,
        type: FILE_CONTENT_TYPES[extensionOf(row.name)]!,
        created_by: userId,
        create_time: new Date(clock.now()).toISOString(),
      });
    });
    return stored;
  } finally {
    blob.settle();
  }
}

/** Gives up a session and its bytes. */
export async function cancelSession(scope: TenantScope, store: BlobStore, userId: number, uploadId: string): Promise<void> {
  const row = await requireSession(scope, userId, uploadId);
  await store.uploads.dropPartial(row.id);
  await scope.deleteFrom('upload_session').where('id', '=', row.id).execute();
}

export const uploadOffsetOf = (header: string | string[] | undefined): number => {
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || !/^\d{1,16}$/.test(value)) throw badRequest('upload-offset', 'send the header upload-offset: the byte the chunk starts at');
  return Number(value);
};

/** The chunk's length from its content-length header; undefined for a chunk sent without one (chunked encoding). */
export const chunkLengthOf = (header: string | undefined): number | undefined => (header === undefined ? undefined : Number(header));
