/**
 * The attachment index (/api/proptech_filestore/attachment/): every file that a record or
 * another object holds, with who uploaded it and a way back to its owner. The list is paged,
 * newest upload first; the options fill the screen's filter pickers.
 */
import type { PageResult } from '../envelope.ts';
import type { LocalText } from '../local-text.ts';
import { routePath } from '../routes.ts';
import { idSchema, pagingProperties, strictObject, type Validated } from './common.ts';
import { FILE_EXTENSIONS, FILE_ID_PATTERN, FILE_TYPE_GROUP_NAMES, FILE_TYPE_GROUPS, FILESTORE_PREFIX } from './files.ts';

export const ATTACHMENT_PREFIX = `${FILESTORE_PREFIX}/attachment`;

/** What may hold a file: a form record (any of its file fields, sub-table rows included) or a user's avatar. */
export const ATTACHMENT_OWNER_KINDS = ['record', 'avatar'] as const;
export type AttachmentOwnerKind = (typeof ATTACHMENT_OWNER_KINDS)[number];

/** A type filter: a group name or one extension (`pdf` is both, and means the same). */
export const ATTACHMENT_TYPE_FILTERS: readonly string[] = [...new Set<string>([...FILE_TYPE_GROUP_NAMES, ...FILE_EXTENSIONS])];

/** The extensions a type filter stands for. */
export function extensionsOfType(type: string): readonly string[] {
  return (FILE_TYPE_GROUPS as Record<string, readonly string[]>)[type] ?? [type];
}

/** Names of files the screen may search for, as typed. */
export const ATTACHMENT_NAME_MAX = 100;

export const attachmentListBody = strictObject({
  formId: idSchema,
  uploaderId: idSchema,
  type: { type: 'string', enum: [...ATTACHMENT_TYPE_FILTERS] },
  uploadedFrom: { type: 'string', format: 'date' },
  uploadedTo: { type: 'string', format: 'date' },
  name: { type: 'string', maxLength: ATTACHMENT_NAME_MAX },
  ...pagingProperties,
});
/**
 * `type`: a group name (`image`, `office`, …) or an extension (`dwg`).
 * `uploadedFrom`: upload days, both ends included, in the tenants' calendar (UTC+8, as record filters read a day).
 * `name`: part of the file name, case-insensitive for Latin letters.
 */
export type AttachmentListBody = Validated<typeof attachmentListBody>;

export interface AttachmentFile {
  id: string;
  name: string;
  size: number;
  /** The extension, lower case. */
  type: string;
  contentType: string;
  /** The download address without a token (the browser adds it, and `inline=1` for images). */
  url: string;
  createTime: string;
}

export interface AttachmentRecordOwner {
  kind: 'record';
  id: number;
  formId: number;
  /** A text per language or one for all. */
  formName: LocalText;
  number: string | null;
  title: string;
  /** Where the record opens. */
  route: string;
  /** The form's data list. */
  listRoute: string;
}

export interface AttachmentAvatarOwner {
  kind: 'avatar';
  /** The user whose avatar it is. */
  id: number;
  name: string;
  /** Where the user is managed, for those who may; null otherwise. */
  route: string | null;
}

export type AttachmentOwner = AttachmentRecordOwner | AttachmentAvatarOwner;

export interface Attachment {
  /** The link's own id: one file held by two owners is listed twice. */
  id: number;
  file: AttachmentFile;
  uploader: { id: number; name: string } | null;
  owner: AttachmentOwner;
  /** Where in the owner it sits: `photos`, `items[2].receipt`, `avatar`. */
  field: string;
  /** The field's labels in the record's own version (`['Items', 'Receipt']`), each a text per language or one for all; null where it has none. */
  fieldLabels: LocalText[] | null;
  /** When the owner took the file. */
  linkTime: string;
}

export type AttachmentPage = PageResult<Attachment>;

export interface AttachmentOptions {
  /** Forms with attachments the caller may see. */
  forms: { id: number; name: LocalText }[];
  /** People who uploaded attachments the caller may see. */
  uploaders: { id: number; name: string }[];
}

export const recordRoute = (recordId: number) => routePath('/table/edit/:id', { id: recordId });
export const recordListRoute = (formId: number) => routePath('/table/dataList/:id', { id: formId });
export const USER_MANAGEMENT_ROUTE = `${routePath('/management', {})}?tab=users`;

const STORE_URL = new RegExp(`^/api${FILESTORE_PREFIX}/file/(${FILE_ID_PATTERN.slice(1, -1)})(?:[?#].*)?$`);

/** The file an address of the file store names (an avatar may be one); null for any other address. */
export function fileIdOfStoreUrl(url: string | null | undefined): string | null {
  return (url && STORE_URL.exec(url)?.[1]) || null;
}
