import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  downloadZipBody,
  fileDownloadQuery,
  fileIdParams,
  fileInfoBody,
  FILESTORE_PREFIX,
  INLINE_IMAGE_EXTENSIONS,
  type DownloadZipBody,
  type FileDownloadQuery,
  type FileInfo,
  type FileInfoBody,
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
import type { AppConfig } from '../../config.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { fileInfoOf, findFileObjects, insertFileObject, newFileId, requireFileObjects, tenantFileBytes, type FileObject } from './file-objects.ts';
import { appendChunk, cancelSession, completeSession, openSession, readSession, uploadOffsetOf } from './resumable.ts';
import { receiveUpload, type UploadLimits } from './upload.ts';
import { zipFileName, zipStream } from './zip.ts';

// Whatever a stored file holds, opened from this origin it may run nothing.
const SANDBOX = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

const etagOf = (file: FileObject) => `"${file.sha256}"`;

const uploadLimits = (config: AppConfig, scope: TenantScope): UploadLimits => ({
  maxBytes: config.fileMaxBytes,
  quotaBytes: config.fileQuotaBytes,
  usedBytes: () => tenantFileBytes(scope),
});

/** One file, whole or the asked range; 304 when the browser holds this content already. */
export function sendFile(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply, file: FileObject, inline: boolean) {
  const size = Number(file.size);
  const etag = etagOf(file);
  reply
    .header('etag', etag)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, max-age=31536000, immutable')
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
  reply.type(file.type);
  if (!range) return reply.header('content-length', size).send(app.services.blobs.open(file.sha256));
  return reply
    .code(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(app.services.blobs.open(file.sha256, range));
}

/**
 * The file store: upload, download (ranges, ETag = SHA-256), zip of several files, and
 * metadata by ids (feign/file). Any signed-in user of a tenant may use it; every file
 * belongs to the tenant it was uploaded in, and other tenants' ids answer 404.
 */
export async function filestoreRoutes(app: FastifyInstance): Promise<void> {
  app.post(`${FILESTORE_PREFIX}/file/upload`, async (request): Promise<FileInfo> => {
    const { config, blobs, clock } = app.services;
    const scope = scopeOf(request);
    const upload = await receiveUpload(request, blobs, uploadLimits(config, scope));
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
    const offset = uploadOffsetOf(request.headers['upload-offset']);
    return appendChunk(scopeOf(request), app.services.blobs, sessionOf(request).userId, request.params.uploadId, offset, request.body);
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
      const inline = (request.query.inline === '1' || request.query.inline === 'true') && INLINE_IMAGE_EXTENSIONS.includes(extensionOf(file!.name));
      return sendFile(app, request, reply, file!, inline);
    },
  );

  app.post<{ Body: DownloadZipBody }>(`${FILESTORE_PREFIX}/file/downloadZip`, { schema: { body: downloadZipBody } }, async (request, reply) => {
    const files = await requireFileObjects(scopeOf(request), request.body.fileIds);
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
