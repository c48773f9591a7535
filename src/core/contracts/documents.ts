import { FILE_ID_PATTERN, FILE_NAME_MAX, FILE_TYPE_GROUP_NAMES, ZIP_FILES_MAX } from './files.ts';
import type { LocalText } from '../local-text.ts';
import { ALLPLAN_PREFIX, idSchema, pagingProperties, strictObject, type Validated } from './common.ts';

/**
 * The document library (`/docManage`): folders per workspace, documents with versions, a
 * recycle bin, and folders closed to named roles. The bytes are the file store's: the browser
 * uploads there first, then adds the uploaded files to a folder.
 */
export const DOC_PREFIX = `${ALLPLAN_PREFIX}/doc`;

export const DOC_POINTS = { upload: 'doc:upload', manage: 'doc:manage' } as const;

/**
 * What a member may do in a folder, each level including the ones before it:
 * view (list, preview, download), upload (add documents, new versions, subfolders),
 * manage (rename, move, copy, delete, restore, and set the folder's roles).
 */
export const DOC_ACCESS_LEVELS = ['view', 'upload', 'manage'] as const;
export type DocAccess = (typeof DOC_ACCESS_LEVELS)[number];

export const accessAtLeast = (held: DocAccess | null, wanted: DocAccess): boolean =>
  held !== null && DOC_ACCESS_LEVELS.indexOf(held) >= DOC_ACCESS_LEVELS.indexOf(wanted);

/** Folders one workspace may hold, and how deep. */
export const DOC_FOLDERS_MAX = 5000;
export const DOC_FOLDER_DEPTH_MAX = 20;
/** Items one move, copy, delete or restore may name. */
export const DOC_BATCH_MAX = 500;

export interface DocWorkspace {
  code: string;
  name: string;
}

export interface DocFolder {
  id: number;
  parentId: number | null;
  name: string;
  /** What the caller may do here. */
  access: DocAccess;
  /** The folder names its own roles (else it follows its parent's). */
  restricted: boolean;
  updateTime: string;
}

export interface DocTree {
  workspace: DocWorkspace;
  /** What the caller may do at the top of the workspace's library. */
  rootAccess: DocAccess;
  /** Every folder the caller may see, parents before children, by name. */
  folders: DocFolder[];
}

export interface DocFile {
  id: number;
  folderId: number | null;
  name: string;
  /** Extension, lower case. */
  type: string;
  size: number;
  version: number;
  fileId: string;
  updatedBy: string | null;
  updateTime: string;
  createTime: string;
}

export interface DocListResult {
  /** Subfolders of the folder (none when searching). */
  folders: DocFolder[];
  files: DocFile[];
  total: number;
  /** Searching: the path of each file's folder, by folder id ('' for the top). */
  paths?: Record<string, string>;
}

export interface DocVersion {
  version: number;
  fileId: string;
  name: string;
  size: number;
  createdBy: string | null;
  createTime: string;
  current: boolean;
}

export interface DocTrashEntry {
  kind: 'folder' | 'file';
  id: number;
  name: string;
  /** Where it was: the path of its folder ('' for the top). */
  path: string;
  deletedBy: string | null;
  deletedTime: string;
  /** Files only. */
  size?: number;
  type?: string;
}

/** A role a folder may name. */
export interface DocRole {
  id: number;
  name: LocalText;
}

export interface DocFolderGrant {
  roleId: number;
  access: DocAccess;
}

export interface DocAddResult {
  files: DocFile[];
  /** Names that matched a document already in the folder and became its new version. */
  newVersions: string[];
}

const workspaceCodeSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
/** A folder or document name: no path separators or control characters, not only dots or spaces. */
export const docNameSchema = {
  type: 'string',
  minLength: 1,
  maxLength: FILE_NAME_MAX,
  pattern: '^(?!\\s*\\.*\\s*$)[^/\\\\\\u0000-\\u001f\\u007f]+$',
} as const;
const folderIdOrTop = { type: ['integer', 'null'], minimum: 1, maximum: 2147483647 } as const;
const idList = { type: 'array', items: idSchema, maxItems: DOC_BATCH_MAX, uniqueItems: true } as const;
const fileIdSchema = { type: 'string', pattern: FILE_ID_PATTERN } as const;
const accessSchema = { enum: [...DOC_ACCESS_LEVELS] } as const;

export const docWorkspaceQuery = strictObject({ workspaceCode: workspaceCodeSchema }, ['workspaceCode']);
export const docIdQuery = strictObject({ id: idSchema }, ['id']);

export const docListBody = strictObject(
  {
    workspaceCode: workspaceCodeSchema,
    folderId: folderIdOrTop,
    keyword: { type: 'string', maxLength: 100 },
    typeGroup: { enum: FILE_TYPE_GROUP_NAMES },
    sort: { enum: ['name', 'updateTime', 'size'] },
    order: { enum: ['asc', 'desc'] },
    ...pagingProperties,
  },
  ['workspaceCode', 'folderId'],
);
/** `keyword`, part of a name, searches every folder the caller may see. */
export type DocListBody = Validated<typeof docListBody>;

export const docFolderCreateBody = strictObject({ workspaceCode: workspaceCodeSchema, parentId: folderIdOrTop, name: docNameSchema }, [
  'workspaceCode',
  'parentId',
  'name',
]);
export type DocFolderCreateBody = Validated<typeof docFolderCreateBody>;

export const docRenameBody = strictObject({ id: idSchema, name: docNameSchema }, ['id', 'name']);
export type DocRenameBody = Validated<typeof docRenameBody>;

/** Folders and documents named together (move, copy, delete, restore, purge, zip). */
const itemsProperties = { folderIds: idList, fileIds: idList };
export const docItemsBody = strictObject(itemsProperties, ['folderIds', 'fileIds']);
export type DocItemsBody = Validated<typeof docItemsBody>;

export const docMoveBody = strictObject({ ...itemsProperties, targetId: folderIdOrTop }, ['folderIds', 'fileIds', 'targetId']);
export type DocMoveBody = Validated<typeof docMoveBody>;

export const docZipBody = strictObject({ ...itemsProperties, zipName: { type: 'string', maxLength: 200 } }, ['folderIds', 'fileIds']);
export type DocZipBody = Validated<typeof docZipBody>;

export const docAddBody = strictObject(
  { workspaceCode: workspaceCodeSchema, folderId: folderIdOrTop, fileIds: { type: 'array', items: fileIdSchema, minItems: 1, maxItems: DOC_BATCH_MAX, uniqueItems: true } },
  ['workspaceCode', 'folderId', 'fileIds'],
);
export type DocAddBody = Validated<typeof docAddBody>;

export const docVersionAddBody = strictObject({ id: idSchema, fileId: fileIdSchema }, ['id', 'fileId']);
export type DocVersionAddBody = Validated<typeof docVersionAddBody>;

export const docVersionRestoreBody = strictObject({ id: idSchema, version: { type: 'integer', minimum: 1, maximum: 1000000 } }, ['id', 'version']);
export type DocVersionRestoreBody = Validated<typeof docVersionRestoreBody>;

export const docDownloadQuery = strictObject(
  {
    id: idSchema,
    version: { type: 'integer', minimum: 1, maximum: 1000000 },
    inline: { enum: ['0', '1'] },
    // Read by the auth hook: <img>, <a> and the PDF viewer's range reads carry the token here.
    token: { type: 'string', maxLength: 512 },
  },
  ['id'],
);
export type DocDownloadQuery = Validated<typeof docDownloadQuery>;

export const docGrantsBody = strictObject(
  {
    id: idSchema,
    grants: { type: 'array', maxItems: 200, items: strictObject({ roleId: idSchema, access: accessSchema }, ['roleId', 'access']) },
  },
  ['id', 'grants'],
);
export type DocGrantsBody = Validated<typeof docGrantsBody>;

/** Zips hold at most this many documents, as the file store's. */
export const DOC_ZIP_FILES_MAX = ZIP_FILES_MAX;
