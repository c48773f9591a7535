import type { FastifyRequest } from 'fastify';
import { FILE_CONTENT_TYPES, INLINE_IMAGE_EXTENSIONS } from '../../../core/contracts/files.ts';
import { safeFileName } from '../../../core/file-names.ts';
import { formatSize } from '../../../core/format.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { AppError, badRequest } from '../../errors.ts';
import type { BlobStore, StagedBlob } from './blob-store.ts';
import { contentProblem } from './content-check.ts';

/** The file part is handed on in pieces of up to 1 MiB (the default is 16 KiB). */
const READ_BUFFER_BYTES = 1024 * 1024;

export interface ReceivedUpload {
  name: string;
  type: string;
  blob: StagedBlob;
}

/**
 * The name as shown and saved, by the rule of safeFileName. Browsers send `"`, CR and LF of a
 * name as %22, %0D and %0A (HTML's multipart rules); the quote is turned back, the line breaks
 * dropped.
 */
export function cleanFileName(raw: string): string {
  return safeFileName(raw.replace(/%22/g, '"').replace(/%0[ad]/gi, ''));
}

export const tooLarge = (maxBytes: number) => new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, `file: larger than the limit of ${formatSize(maxBytes)}`);

/** The tenant's storage would overflow with `size` more bytes. */
export const quotaFull = (quotaBytes: number, usedBytes: number) =>
  new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, `file: your organisation's storage of ${formatSize(quotaBytes)} is full (${formatSize(usedBytes)} used); delete files or ask for more room`);

/** What an upload may take: the size of one file, and the room the tenant has left. */
export interface UploadLimits {
  maxBytes: number;
  quotaBytes: number;
  usedBytes(): Promise<number>;
}

/** Throws 413 when `size` more bytes pass the tenant's quota. */
export async function requireRoom(limits: UploadLimits, size: number): Promise<void> {
  const used = await limits.usedBytes();
  if (used + size > limits.quotaBytes) throw quotaFull(limits.quotaBytes, used);
}

/** The name's extension is one the store takes and the caller allows (`kind`, `accept`); throws the 400 to answer. */
export function checkUploadName(name: string, fields: Record<string, string>): void {
  if (!name) throw badRequest('file', 'has no file name');
  const extension = extensionOf(name);
  if (!FILE_CONTENT_TYPES[extension]) throw badRequest('file', `files of type .${extension || '(none)'} cannot be uploaded`);
  if (fields.kind !== undefined && fields.kind !== 'image' && fields.kind !== 'file') throw badRequest('kind', 'must be image or file');
  if (fields.kind === 'image' && !INLINE_IMAGE_EXTENSIONS.includes(extension)) {
    throw badRequest('file', `must be an image of type ${INLINE_IMAGE_EXTENSIONS.join(', ')}`);
  }
  if (fields.accept !== undefined) {
    const accepted = fields.accept.split(',').map((e) => e.trim().replace(/^\./, '').toLowerCase()).filter(Boolean);
    if (!accepted.includes(extension)) throw badRequest('file', `must be of type ${accepted.join(', ')}`);
  }
}

/**
 * Checks an upload once all its parts are in (the client may send `kind` and `accept` after
 * the file): its name as above, and its bytes are what the extension says. Throws the 400 or
 * 413 to answer.
 */
export async function checkUpload(name: string, blob: StagedBlob, fields: Record<string, string>, maxBytes: number): Promise<void> {
  if (blob.truncated) throw tooLarge(maxBytes);
  checkUploadName(name, fields);
  if (blob.size === 0) throw badRequest('file', 'is empty');
  const problem = await contentProblem(extensionOf(name), blob.path, blob.head);
  if (problem) throw badRequest('file', problem);
}

/**
 * Reads a multipart upload: the `file` part is streamed into the store's staging area (hashed
 * on the way), the other parts are small text fields. Nothing is kept unless every check passes.
 */
export async function receiveUpload(request: FastifyRequest, store: BlobStore, limits: UploadLimits): Promise<ReceivedUpload> {
  const { maxBytes } = limits;
  if (!request.isMultipart()) throw badRequest('file', 'send the file as multipart/form-data with the field "file"');
  let upload: { name: string; blob: StagedBlob } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 }, fileHwm: READ_BUFFER_BYTES })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(part.fieldname, 'is not a field of an upload; send the file as "file"');
        upload = { name: cleanFileName(part.filename), blob: await store.stage(part.file) };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!upload) throw badRequest('file', 'is required');
    await checkUpload(upload.name, upload.blob, fields, maxBytes);
    await requireRoom(limits, upload.blob.size);
  } catch (error) {
    await upload?.blob.discard();
    // The multipart reader ends the parts with its own 413 when the file passes the limit.
    throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(maxBytes) : error;
  }
  try {
    await upload.blob.commit();
  } catch (error) {
    await upload.blob.discard();
    throw error;
  }
  return { name: upload.name, type: FILE_CONTENT_TYPES[extensionOf(upload.name)]!, blob: upload.blob };
}
