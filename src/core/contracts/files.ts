/**
 * The file store (/api/proptech_filestore/): uploads answer a FileInfo; downloads, zips and
 * the metadata call (feign/file) take file ids. Ids are random and url-safe; a file belongs
 * to the tenant of the token that uploaded it.
 */
import { IMAGE_EXTENSIONS } from '../upload-types.ts';
import { strictObject, type Validated } from './common.ts';

export const FILESTORE_PREFIX = '/proptech_filestore';

/** What an upload answers and feign/file lists; `url` is the download address without a token. */
export interface FileInfo {
  fileId: string;
  name: string;
  size: number;
  type: string;
  url: string;
  createTime: string;
  createdBy: number;
}

/** Default largest upload; the server's FILE_MAX_BYTES overrides it. */
export const FILE_MAX_BYTES_DEFAULT = 100 * 1024 * 1024;
/** Default storage of one tenant (10 GiB); the server's FILE_QUOTA_BYTES overrides it. */
export const FILE_QUOTA_BYTES_DEFAULT = 10 * 1024 ** 3;
/** How many files one metadata call may name. */
export const FILE_IDS_MAX = 500;
/** How many files one zip may hold (a folder of site photos). */
export const ZIP_FILES_MAX = 5000;
export const FILE_NAME_MAX = 255;

/** 22 characters of base64url: 128 random bits. */
export const FILE_ID_PATTERN = '^[A-Za-z0-9_-]{22}$';

/** Content types by extension; an extension not listed here cannot be uploaded at all. */
export const FILE_CONTENT_TYPES: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  zip: 'application/zip',
  // BIM Collaboration Format: a zip of topics (follow-ups import and export them), also saved as .bcf.
  bcfzip: 'application/zip',
  bcf: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  dwg: 'image/vnd.dwg',
  dxf: 'image/vnd.dxf',
  ifc: 'application/x-step',
  rvt: 'application/octet-stream',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
};

export const FILE_EXTENSIONS = Object.keys(FILE_CONTENT_TYPES);

/** Families of file types, by extension, as the attachment and document searches offer them. */
export const FILE_TYPE_GROUPS = {
  image: ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp', 'svg'],
  pdf: ['pdf'],
  office: ['doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf'],
  text: ['txt', 'csv', 'md'],
  drawing: ['dwg', 'dxf'],
  model: ['ifc', 'rvt'],
  archive: ['zip', 'rar', '7z', 'bcfzip', 'bcf'],
  media: ['mp4', 'mov', 'mp3', 'wav'],
} as const satisfies Record<string, readonly string[]>;
export type FileTypeGroup = keyof typeof FILE_TYPE_GROUPS;
export const FILE_TYPE_GROUP_NAMES = Object.keys(FILE_TYPE_GROUPS) as FileTypeGroup[];

/** The group of an extension (`pdf`, `dwg`); null for none. */
export const groupOfExtension = (extension: string): FileTypeGroup | null =>
  FILE_TYPE_GROUP_NAMES.find((group) => (FILE_TYPE_GROUPS[group] as readonly string[]).includes(extension)) ?? null;

/** Image extensions whose bytes are checked and which may be shown inline (spec §5/§9). */
export const INLINE_IMAGE_EXTENSIONS: readonly string[] = IMAGE_EXTENSIONS;

const fileIdSchema = { type: 'string', pattern: FILE_ID_PATTERN } as const;
const fileIdsSchema = { type: 'array', items: fileIdSchema, minItems: 1, maxItems: FILE_IDS_MAX, uniqueItems: true } as const;
const zipFileIdsSchema = { ...fileIdsSchema, maxItems: ZIP_FILES_MAX } as const;

export const fileIdParams = strictObject({ fileId: fileIdSchema }, ['fileId']);
export const fileDownloadQuery = strictObject({
  inline: { type: 'string', enum: ['0', '1', 'false', 'true'] },
  // Read by the auth hook: <img> and <a> cannot send the token header.
  token: { type: 'string', maxLength: 512 },
});
/** `inline=1`: images are shown in the page instead of saved. */
export type FileDownloadQuery = Validated<typeof fileDownloadQuery>;

export const downloadZipBody = strictObject(
  {
    zipName: { type: 'string', minLength: 1, maxLength: FILE_NAME_MAX, pattern: '^[^/\\\\]*[^/\\\\\\s][^/\\\\]*$' },
    fileIds: zipFileIdsSchema,
  },
  ['fileIds'],
);
export type DownloadZipBody = Validated<typeof downloadZipBody>;

export const fileInfoBody = strictObject({ fileIds: fileIdsSchema }, ['fileIds']);
export type FileInfoBody = Validated<typeof fileInfoBody>;

/** Optional fields of an upload: `kind=image` takes images only; `accept` narrows the extensions (e.g. a form field's). */
export const UPLOAD_FIELDS = ['kind', 'accept'] as const;

/**
 * Resumable uploads (large files: models, drawings, video): open a session naming the file,
 * send its bytes in chunks (PUT with `upload-offset`, raw bytes), ask how far it got after a
 * dropped connection, then complete it into a stored file (a FileInfo, as a plain upload).
 */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** Files at least this large go by resumable upload from the browser. */
export const RESUMABLE_FROM_BYTES = 16 * 1024 * 1024;

export interface UploadSession {
  uploadId: string;
  name: string;
  size: number;
  /** Bytes the server holds so far; the next chunk starts here. */
  received: number;
}

export const uploadSessionBody = strictObject(
  {
    name: { type: 'string', minLength: 1, maxLength: 1024 },
    size: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER },
    kind: { enum: ['image', 'file'] },
    accept: { type: 'string', maxLength: 500 },
  },
  ['name', 'size'],
);
/** `accept`: comma-separated extensions, as the multipart field. */
export type UploadSessionBody = Validated<typeof uploadSessionBody>;
export const uploadIdParams = strictObject({ uploadId: fileIdSchema }, ['uploadId']);

/**
 * Thumbnails: `GET file/{fileId}/thumbnail?size=` answers a WebP preview of an image file that
 * fits in size×size pixels (an image smaller than that keeps its size; an SVG is drawn to fit).
 * Each is made once per content and size, then kept. The token may come as `?token=`, as for
 * downloads. Other files answer 415.
 */
export const FILE_THUMBNAIL_ROUTE = `${FILESTORE_PREFIX}/file/:fileId/thumbnail`;
export const THUMBNAIL_SIZES = [64, 128, 256, 512, 1024] as const;
export type ThumbnailSize = (typeof THUMBNAIL_SIZES)[number];
export const THUMBNAIL_SIZE_DEFAULT: ThumbnailSize = 256;
export const THUMBNAIL_CONTENT_TYPE = 'image/webp';
/** The extensions of files that have thumbnails. */
export const THUMBNAIL_SOURCE_EXTENSIONS: readonly string[] = ['jpg', 'jpeg', 'png', 'bmp', 'gif', 'webp', 'svg'];

export const fileThumbnailQuery = strictObject({
  size: { type: 'integer', enum: [...THUMBNAIL_SIZES], default: THUMBNAIL_SIZE_DEFAULT },
  token: { type: 'string', maxLength: 512 },
});
export type FileThumbnailQuery = Validated<typeof fileThumbnailQuery>;

/** Where a file's thumbnail is read, as FileInfo.url is for the file; an <img> adds `token`. */
export function fileThumbnailUrl(fileId: string, size: ThumbnailSize = THUMBNAIL_SIZE_DEFAULT): string {
  return `/api${FILE_THUMBNAIL_ROUTE.replace(':fileId', encodeURIComponent(fileId))}?size=${size}`;
}
