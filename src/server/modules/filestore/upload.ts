import type { FastifyRequest } from 'fastify';
import { FILE_CONTENT_TYPES, FILE_NAME_MAX, INLINE_IMAGE_EXTENSIONS } from '../../../core/contracts/files.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { AppError, badRequest } from '../../errors.ts';
import { imageTypeOf } from '../account/image-signature.ts';
import type { BlobStore, StagedBlob } from './blob-store.ts';

export interface ReceivedUpload {
  name: string;
  type: string;
  blob: StagedBlob;
}

/**
 * The name as shown and saved: no folders, no control characters, at most FILE_NAME_MAX
 * characters. Browsers send `"`, CR and LF of a name as %22, %0D and %0A (HTML's multipart
 * rules); the quote is turned back, the line breaks dropped.
 */
export function cleanFileName(raw: string): string {
  const unescaped = raw.replace(/%22/g, '"').replace(/%0[ad]/gi, '');
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const base = (unescaped.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (base.length <= FILE_NAME_MAX) return base;
  const extension = extensionOf(base);
  return `${base.slice(0, FILE_NAME_MAX - extension.length - 1)}.${extension}`;
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`);

const tooLarge = (maxBytes: number) => new AppError(413, ResultCode.PAYLOAD_TOO_LARGE, `file: larger than the limit of ${sizeText(maxBytes)}`);

/** The image type a file's extension claims, as imageTypeOf names it. */
const claimedImageType = (extension: string) => (extension === 'jpeg' ? 'jpg' : extension);

/**
 * Checks an upload once all its parts are in (the client may send `kind` and `accept` after
 * the file): the extension is one the store takes and the caller allows, and an image's
 * bytes are that image. Throws the 400 or 413 to answer.
 */
function checkUpload(name: string, blob: StagedBlob, fields: Record<string, string>, maxBytes: number): void {
  if (blob.truncated) throw tooLarge(maxBytes);
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
  if (blob.size === 0) throw badRequest('file', 'is empty');
  if (INLINE_IMAGE_EXTENSIONS.includes(extension) && imageTypeOf(blob.head) !== claimedImageType(extension)) {
    throw badRequest('file', `the content is not a .${extension} image`);
  }
}

/**
 * Reads a multipart upload: the `file` part is streamed into the store's staging area (hashed
 * on the way), the other parts are small text fields. Nothing is kept unless every check passes.
 */
export async function receiveUpload(request: FastifyRequest, store: BlobStore, maxBytes: number): Promise<ReceivedUpload> {
  if (!request.isMultipart()) throw badRequest('file', 'send the file as multipart/form-data with the field "file"');
  let upload: { name: string; blob: StagedBlob } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') throw badRequest(part.fieldname, 'is not a field of an upload; send the file as "file"');
        upload = { name: cleanFileName(part.filename), blob: await store.stage(part.file) };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
    if (!upload) throw badRequest('file', 'is required');
    checkUpload(upload.name, upload.blob, fields, maxBytes);
  } catch (error) {
    await upload?.blob.discard();
    // The multipart reader ends the parts with its own 413 when the file passes the limit.
    throw (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? tooLarge(maxBytes) : error;
  }
  await upload.blob.commit();
  return { name: upload.name, type: FILE_CONTENT_TYPES[extensionOf(upload.name)]!, blob: upload.blob };
}
