import type { FileHandle } from 'node:fs/promises';
import type { OutgoingHttpHeaders } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  downloadZipBody,
  fileDownloadQuery,
  fileIdParams,
  fileInfoBody,
  FILE_THUMBNAIL_ROUTE,
  FILESTORE_PREFIX,
  fileThumbnailQuery,
  INLINE_IMAGE_EXTENSIONS,
  THUMBNAIL_CONTENT_TYPE,
  type DownloadZipBody,
  type FileDownloadQuery,
  type FileInfo,
  type FileInfoBody,
  type FileThumbnailQuery,
  uploadIdParams,
  uploadSessionBody,
  type UploadSession,
  type UploadSessionBody,
} from '../../../core/contracts/files.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { contentDisposition } from '../../content-disposition.ts';
import { AppError, badRequest } from '../../errors.ts';
import { scopeOf, sessionOf } from '../../plugins/auth.ts';
import { requestedRange } from './byte-range.ts';
import { requireReadableFiles } from './file-access.ts';
import type { AppConfig } from '../../config.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { fileInfoOf, findFileObjects, insertFileObject, newFileId, requireFileObjects, tenantFileBytes, type FileObject } from './file-objects.ts';
import { copyFileTo } from './reused-buffers.ts';
import { appendChunk, cancelSession, chunkLengthOf, completeSession, openSession, readSession, uploadOffsetOf } from './resumable.ts';
import { Thumbnails, thumbnailVariant } from './thumbnails.ts';
import { scheduleOrphanCollection } from './orphan-files.ts';
import { receiveUpload, type UploadLimits } from './upload.ts';
import { zipFileName, zipStream } from './zip.ts';

// Whatever a stored file holds, opened from this origin it may run nothing.
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const etagOf = (file: FileObject) => `"${file.sha256}"`;
// A file's content never changes under its id, so the browser may keep what it got.
const KEEP_FOR_GOOD = 'private, max-age=31536000, immutable';

const uploadLimits = (config: AppConfig, scope: TenantScope): UploadLimits => ({
  maxBytes: config.fileMaxBytes,
  quotaBytes: config.fileQuotaBytes,
  usedBytes: () => tenantFileBytes(scope),
});

/** One file, whole or the asked range; 304 when the browser holds this content already. */
export async function sendFile(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, file: FileObject, inline: boolean) {
  const size = Number(file.size);
  const etag = etagOf(file);
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', KEEP_FOR_GOOD)
    .header('content-security-policy', SANDBOX)
    .header('content-disposition', contentDisposition(file.name, inline ? 'inline' : 'attachment'));
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  // If-Range names an older content: send it all rather than a piece of something else.
  const ifRange = request.headers['if-range'];
  const range = ifRange && ifRange !== etag ? null : requestedRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    reply.header('content-range', `bytes */${size}`);
    throw new AppError(416, 416, `Range: the file has ${size} bytes`);
  }
  // Opened before the type is set, so a store that fails answers with the error envelope.
  const onDisk = await app.services.blobs.openFile(file.sha256);
  const bytes = onDisk ? null : await app.services.blobs.open(file.sha256, range ?? undefined);
  reply.type(file.type);
  const { start, end } = range ?? { start: 0, end: size - 1 };
  if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${size}`);
  reply.header('content-length', end - start + 1);
  return onDisk ? sendFromDisk(request, reply, onDisk, start, end) : reply.send(bytes);
}

/**
 * A blob on this machine's disk, written to the connection through reused buffers rather than
 * a stream (see reused-buffers.ts). The reply is taken over from Fastify, which would pipe a
 * stream; the headers set on it so far are written as Fastify would.
 */
async function sendFromDisk(request: FastifyRequest, reply: FastifyReply, file: FileHandle, start: number, end: number): Promise<void> {
  reply.hijack();
  const out = reply.raw;
  try {
    out.writeHead(reply.statusCode, reply.getHeaders() as OutgoingHttpHeaders);
    if (request.method !== 'HEAD') await copyFileTo(file, start, end, out);
    out.end();
  } catch (error) {
    // The status line is sent: all that is left is to cut the connection.
    if (!out.destroyed) request.log.warn({ err: error }, 'a file download stopped');
    out.destroy();
  } finally {
    await file.close();
  }
}

/**
 * The file store: upload, download (ranges, ETag = SHA-256), zip of several files, and
 * metadata by ids (feign/file). Any signed-in user of a tenant may upload; every file
 * belongs to the tenant it was uploaded in, and other tenants' ids answer 404. A file's bytes
 * (download, preview, thumbnail, zip) go only to who may read what holds it (file-access.ts).
 */
export async function filestoreRoutes(app: FastifyInstance): Promise<void> {
  const { config, db, blobs, clock } = app.services;
  const stopCleanup = scheduleOrphanCollection({ db, blobs, clock, log: app.log }, { intervalMs: config.fileCleanupIntervalMs, graceMs: config.fileGraceMs });
  app.addHook('onClose', async () => stopCleanup());

  app.post(`${FILESTORE_PREFIX}/file/upload`, async (request): Promise<FileInfo> => {
    const { config, blobs, clock } = app.services;
    const scope = scopeOf(request);
    const upload = await receiveUpload(request, blobs, uploadLimits(config, scope));
    try {
      const row = await insertFileObject(scope, {
        id: newFileId(),
        sha256: upload.blob.sha256,
        name: upload.name,
        size: upload.blob.size,
        type: upload.type,
        created_by: sessionOf(request).userId,
        create_time: new Date(clock.now()).toISOString(),
      });
      return fileInfoOf(row);
    } finally {
      upload.blob.settle();
    }
  });

  // Resumable uploads: chunks arrive as raw bytes, streamed to the partial file as they come.
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));
  const sessionPath = `${FILESTORE_PREFIX}/file/upload/session`;

  app.post<{ Body: UploadSessionBody }>(sessionPath, { schema: { body: uploadSessionBody } }, async (request): Promise<UploadSession> => {
    const { config, blobs, clock } = app.services;
    const scope = scopeOf(request);
    return openSession(scope, blobs, clock, sessionOf(request).userId, uploadLimits(config, scope), request.body);
  });

  app.get<{ Params: { uploadId: string } }>(`${sessionPath}/:uploadId`, { schema: { params: uploadIdParams } }, async (request) =>
    readSession(scopeOf(request), app.services.blobs, sessionOf(request).userId, request.params.uploadId),
  );

  app.put<{ Params: { uploadId: string }; Body: Readable }>(`${sessionPath}/:uploadId`, { schema: { params: uploadIdParams } }, async (request) => {
    if (!(request.body instanceof Readable)) throw badRequest('body', 'send the chunk as application/octet-stream');
    const chunk = { offset: uploadOffsetOf(request.headers['upload-offset']), length: chunkLengthOf(request.headers['content-length']), bytes: request.body };
    return appendChunk(scopeOf(request), app.services.blobs, sessionOf(request).userId, request.params.uploadId, chunk);
  });

  app.post<{ Params: { uploadId: string } }>(`${sessionPath}/:uploadId/complete`, { schema: { params: uploadIdParams } }, async (request): Promise<FileInfo> => {
    const { config, blobs, clock } = app.services;
    const scope = scopeOf(request);
    return fileInfoOf(await completeSession(scope, blobs, clock, sessionOf(request).userId, uploadLimits(config, scope), request.params.uploadId));
  });

  app.post<{ Params: { uploadId: string } }>(`${sessionPath}/:uploadId/cancel`, { schema: { params: uploadIdParams } }, async (request) => {
    await cancelSession(scopeOf(request), app.services.blobs, sessionOf(request).userId, request.params.uploadId);
    return null;
  });

  // Read by <img> and <a> too, which cannot send the token header: it may come in the query.
  app.get<{ Params: { fileId: string }; Querystring: FileDownloadQuery }>(
    `${FILESTORE_PREFIX}/file/:fileId`,
    { schema: { params: fileIdParams, querystring: fileDownloadQuery }, config: { tokenInQuery: true } },
    async (request, reply) => {
      const [file] = await requireFileObjects(scopeOf(request), [request.params.fileId]);
      await requireReadableFiles(app, request, [file!]);
      const inline = (request.query.inline === '1' || request.query.inline === 'true') && INLINE_IMAGE_EXTENSIONS.includes(extensionOf(file!.name));
      return sendFile(app, request, reply, file!, inline);
    },
  );

  // An image's preview, for <img> as the file itself is: the token may come in the query.
  const thumbnails = new Thumbnails(app.services.blobs);
  app.get<{ Params: { fileId: string }; Querystring: FileThumbnailQuery }>(
    FILE_THUMBNAIL_ROUTE,
    { schema: { params: fileIdParams, querystring: fileThumbnailQuery }, config: { tokenInQuery: true } },
    async (request, reply) => {
      const [file] = await requireFileObjects(scopeOf(request), [request.params.fileId]);
      await requireReadableFiles(app, request, [file!]);
      const extension = extensionOf(file!.name);
      Thumbnails.requireImage(extension);
      const { size } = request.query;
      const etag = `"${file!.sha256}.${thumbnailVariant(size)}"`;
      const cached = () => reply.header('etag', etag).header('cache-control', KEEP_FOR_GOOD).header('content-security-policy', SANDBOX);
      if (request.headers['if-none-match'] === etag) return cached().code(304).send();
      // Made (or refused) before any caching header is set: a refusal is not kept by the browser.
      const thumbnail = await thumbnails.of({ sha256: file!.sha256, size: Number(file!.size), extension }, size);
      const name = `${file!.name.slice(0, file!.name.length - extension.length - 1)}.webp`;
      return cached().type(THUMBNAIL_CONTENT_TYPE).header('content-disposition', contentDisposition(name, 'inline')).send(thumbnail);
    },
  );

  app.post<{ Body: DownloadZipBody }>(`${FILESTORE_PREFIX}/file/downloadZip`, { schema: { body: downloadZipBody } }, async (request, reply) => {
    const files = await requireFileObjects(scopeOf(request), request.body.fileIds);
    await requireReadableFiles(app, request, files);
    return reply
      .type('application/zip')
      .header('content-disposition', contentDisposition(zipFileName(request.body.zipName)))
      .header('cache-control', 'no-store')
      .send(zipStream(app.services.blobs, files));
  });

  // The metadata of files by id, for screens that hold only ids (attachment lists, documents).
  app.post<{ Body: FileInfoBody }>(`${FILESTORE_PREFIX}/feign/file`, { schema: { body: fileInfoBody } }, async (request) =>
    (await findFileObjects(scopeOf(request), request.body.fileIds)).map(fileInfoOf),
  );
}
