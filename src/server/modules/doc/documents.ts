import { sql } from 'kysely';
import {
  DOC_FOLDER_DEPTH_MAX,
  DOC_FOLDERS_MAX,
  type DocAddResult,
  type DocFile,
  type DocListBody,
  type DocListResult,
  type DocVersion,
} from '../../../core/contracts/documents.ts';
import { FILE_TYPE_GROUPS } from '../../../core/contracts/files.ts';
import { freeName } from '../../../core/file-names.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { containsText } from '../../db/like.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { userNames } from '../account/user-names.ts';
import { byName, type DocCaller, type Library } from './library.ts';

export interface DocFileRow {
  id: number;
  workspace_id: number;
  folder_id: number | null;
  name: string;
  type: string;
  size: number | string;
  version: number;
  file_id: string;
  updated_by: number | null;
  update_time: string;
  create_time: string;
  deleted_time: string | null;
}

const DOC_FILE_COLUMNS = [
  'doc_file.id',
  'doc_file.workspace_id',
  'doc_file.folder_id',
  'doc_file.name',
  'doc_file.type',
  'doc_file.size',
  'doc_file.version',
  'doc_file.file_id',
  'doc_file.updated_by',
  'doc_file.update_time',
  'doc_file.create_time',
  'doc_file.deleted_time',
] as const;

export const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/** The first of `name`, `name (2)`, … that no name in `taken` matches. */
export const freeNameAmong = (name: string, taken: readonly string[]) => freeName(name, (candidate) => taken.some((t) => sameName(t, candidate)));

export async function presentFiles(scope: TenantScope, rows: readonly DocFileRow[]): Promise<DocFile[]> {
  const names = await userNames(
    scope,
    rows.map((r) => r.updated_by),
  );
  return rows.map((r) => ({
    id: r.id,
    folderId: r.folder_id,
    name: r.name,
    type: r.type,
    size: Number(r.size),
    version: r.version,
    fileId: r.file_id,
    updatedBy: r.updated_by === null ? null : (names.get(r.updated_by) ?? null),
    updateTime: r.update_time,
    createTime: r.create_time,
  }));
}

const inFolder = (library: Library, folderId: number | null) => (qb: TenantScope) => {
  const query = qb.selectFrom('doc_file').where('doc_file.workspace_id', '=', library.workspace.id).where('doc_file.deleted_time', 'is', null);
  return folderId === null ? query.where('doc_file.folder_id', 'is', null) : query.where('doc_file.folder_id', '=', folderId);
};

/** Names of the live documents and folders directly in a folder: a new name must differ from all. */
export async function namesIn(scope: TenantScope, library: Library, folderId: number | null): Promise<string[]> {
  const files = await inFolder(library, folderId)(scope).select('doc_file.name').execute();
  const folders = (library.childrenOf.get(folderId) ?? []).filter((f) => library.live.has(f.id));
  return [...files.map((f) => f.name), ...folders.map((f) => f.name)];
}

export function requireFreeName(taken: readonly string[], name: string, where: string): void {
  if (taken.some((t) => sameName(t, name))) throw conflict(`"${name}" is already in ${where || 'the top folder'}`);
}

/** A live document of the library, with the caller's access to its folder checked. */
export async function requireDocFile(caller: DocCaller, library: Library, id: number, wanted: 'view' | 'upload' | 'manage'): Promise<DocFileRow> {
  const row = await caller.scope
    .selectFrom('doc_file')
    .select(DOC_FILE_COLUMNS)
    .where('doc_file.id', '=', id)
    .where('doc_file.workspace_id', '=', library.workspace.id)
    .where('doc_file.deleted_time', 'is', null)
    .executeTakeFirst();
  if (!row || !library.showsDocumentsIn(row.folder_id)) throw notFound('Document');
  library.requireFolder(row.folder_id, wanted);
  return row;
}

/** The workspace a document lives in (to load its library), 404 for none of this tenant. */
export async function workspaceOfFile(scope: TenantScope, id: number): Promise<number> {
  const row = await scope.selectFrom('doc_file').select('workspace_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Document');
  return row.workspace_id;
}

export async function workspaceOfFolder(scope: TenantScope, id: number): Promise<number> {
  const row = await scope.selectFrom('doc_folder').select('workspace_id').where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Folder');
  return row.workspace_id;
}

/**
 * A folder's subfolders and a page of its documents; with a keyword or a type, the documents
 * of every folder the caller may see whose names hold the keyword (any case), with their paths.
 */
export async function listFolder(caller: DocCaller, library: Library, body: DocListBody): Promise<DocListResult> {
  const { scope } = caller;
  const { folderId, keyword, typeGroup, sort = 'name', order = 'asc', pageNum = 1, pageSize = 20 } = body;
  library.requireFolder(folderId, 'view');
  const searching = !!keyword?.trim() || !!typeGroup;
  let files = scope.selectFrom('doc_file').where('doc_file.workspace_id', '=', library.workspace.id).where('doc_file.deleted_time', 'is', null);
  if (searching) {
    const visible = [...library.live].filter((id) => library.visible(id));
    const topVisible = library.accessTo(null) !== null;
    files = files.where((eb) =>
      eb.or([
        ...(visible.length ? [eb('doc_file.folder_id', 'in', visible)] : []),
        ...(topVisible ? [eb('doc_file.folder_id', 'is', null)] : []),
        ...(!visible.length && !topVisible ? [sql<boolean>`1 = 0`] : []),
      ]),
    );
    if (keyword?.trim()) files = files.where(containsText(sql.ref('doc_file.name'), keyword.trim()));
    if (typeGroup) files = files.where('doc_file.type', 'in', [...FILE_TYPE_GROUPS[typeGroup]]);
  } else {
    files = folderId === null ? files.where('doc_file.folder_id', 'is', null) : files.where('doc_file.folder_id', '=', folderId);
  }
  const sortColumn = sort === 'updateTime' ? 'doc_file.update_time' : sort === 'size' ? 'doc_file.size' : 'doc_file.name';
  const [rows, count] = await Promise.all([
    files
      .select(DOC_FILE_COLUMNS)
      .orderBy(sortColumn, order)
      .orderBy('doc_file.id', order)
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize)
      .execute(),
    files.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const folders = searching
    ? []
    : (library.childrenOf.get(folderId) ?? [])
        .filter((f) => library.visible(f.id))
        .sort((a, b) => (order === 'desc' ? -1 : 1) * byName(a, b))
        .map((f) => library.present(f));
  const result: DocListResult = { folders, files: await presentFiles(scope, rows), total: Number(count.total) };
  if (searching) result.paths = Object.fromEntries(rows.map((r) => [String(r.folder_id ?? ''), library.pathOf(r.folder_id)]));
  return result;
}

export async function createFolder(caller: DocCaller, library: Library, parentId: number | null, name: string) {
  library.requireFolder(parentId, 'upload');
  if (library.folders.size >= DOC_FOLDERS_MAX) throw badRequest('parentId', `A workspace holds at most ${DOC_FOLDERS_MAX} folders`);
  let depth = 1;
  for (let id = parentId; id !== null; id = library.folders.get(id)?.parentId ?? null) depth++;
  if (depth > DOC_FOLDER_DEPTH_MAX) throw badRequest('parentId', `Folders nest at most ${DOC_FOLDER_DEPTH_MAX} deep`);
  const { scope, session, now } = caller;
  requireFreeName(await namesIn(scope, library, parentId), name, library.pathOf(parentId));
  const time = now();
  const row = await scope
    .insertInto('doc_folder', [
      { workspace_id: library.workspace.id, parent_id: parentId, name, created_by: session.userId, create_time: time, update_time: time },
    ])
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, parentId, name, access: library.accessTo(parentId)!, restricted: false, updateTime: time };
}

export async function renameFolder(caller: DocCaller, library: Library, id: number, name: string): Promise<void> {
  library.requireFolder(id, 'manage');
  const folder = library.folders.get(id)!;
  if (folder.name === name) return;
  const taken = (await namesIn(caller.scope, library, folder.parentId)).filter((n) => n !== folder.name);
  requireFreeName(taken, name, library.pathOf(folder.parentId));
  await caller.scope.updateTable('doc_folder').set({ name, update_time: caller.now() }).where('id', '=', id).execute();
}

export async function renameFile(caller: DocCaller, library: Library, id: number, name: string): Promise<void> {
  const row = await requireDocFile(caller, library, id, 'manage');
  if (row.name === name) return;
  if (extensionOf(name) !== row.type) throw badRequest('name', `Keep the extension .${row.type}: the document's versions are .${row.type} files`);
  const taken = (await namesIn(caller.scope, library, row.folder_id)).filter((n) => n !== row.name);
  requireFreeName(taken, name, library.pathOf(row.folder_id));
  await caller.scope.updateTable('doc_file').set({ name, update_time: caller.now(), updated_by: caller.session.userId }).where('id', '=', id).execute();
}

/**
 * Adds uploaded files (the caller's own uploads of this tenant) to a folder. A name that a
 * document of the folder already has becomes that document's next version.
 */
export async function addFiles(caller: DocCaller, library: Library, folderId: number | null, fileIds: readonly string[]): Promise<DocAddResult> {
  library.requireFolder(folderId, 'upload');
  const { scope, session } = caller;
  const uploads = await scope
    .selectFrom('file_object')
    .select(['id', 'name', 'size', 'type', 'created_by'])
    .where('id', 'in', [...fileIds])
    .execute();
  const missing = fileIds.find((id) => !uploads.some((u) => u.id === id && u.created_by === session.userId));
  if (missing) throw badRequest('fileIds', `File ${missing} is not an upload of yours`);
  const existing = await inFolder(library, folderId)(scope).select(DOC_FILE_COLUMNS).execute();
  const folderNames = (library.childrenOf.get(folderId) ?? []).filter((f) => library.live.has(f.id)).map((f) => f.name);
  const time = caller.now();
  const ids: number[] = [];
  const newVersions: string[] = [];
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    for (const fileId of fileIds) {
      const upload = uploads.find((u) => u.id === fileId)!;
      requireFreeName(folderNames, upload.name, library.pathOf(folderId));
      const same = existing.find((d) => sameName(d.name, upload.name));
      if (same) {
        await addVersion(tx, same, { id: upload.id, name: upload.name, size: Number(upload.size) }, session.userId, time);
        newVersions.push(same.name);
        ids.push(same.id);
        continue;
      }
      const doc = await tx
        .insertInto('doc_file', [
          {
            workspace_id: library.workspace.id,
            folder_id: folderId,
            name: upload.name,
            type: extensionOf(upload.name),
            size: Number(upload.size),
            file_id: upload.id,
            version: 1,
            created_by: session.userId,
            updated_by: session.userId,
            create_time: time,
            update_time: time,
          },
        ])
        .returning(DOC_FILE_COLUMNS)
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('doc_version', [{ doc_id: doc.id, version: 1, file_id: upload.id, name: upload.name, size: Number(upload.size), created_by: session.userId, create_time: time }])
        .execute();
      existing.push(doc);
      ids.push(doc.id);
    }
  });
  const rows = await scope.selectFrom('doc_file').select(DOC_FILE_COLUMNS).where('doc_file.id', 'in', ids).execute();
  const order = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
  return { files: await presentFiles(scope, rows), newVersions };
}

/** Makes the file the document's next version. */
async function addVersion(
  tx: TenantScope,
  doc: Pick<DocFileRow, 'id' | 'version'>,
  file: { id: string; name: string; size: number },
  userId: number,
  time: string,
): Promise<void> {
  // The row's version moves only from the one read, so two uploads at once cannot share a number.
  const moved = await tx
    .updateTable('doc_file')
    .set({ version: doc.version + 1, file_id: file.id, size: file.size, updated_by: userId, update_time: time })
    .where('id', '=', doc.id)
    .where('version', '=', doc.version)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) throw conflict('The document changed meanwhile; try again');
  await tx
    .insertInto('doc_version', [{ doc_id: doc.id, version: doc.version + 1, file_id: file.id, name: file.name, size: file.size, created_by: userId, create_time: time }])
    .execute();
}

export async function uploadVersion(caller: DocCaller, library: Library, id: number, fileId: string): Promise<void> {
  const doc = await requireDocFile(caller, library, id, 'upload');
  const { scope, session } = caller;
  const upload = await scope.selectFrom('file_object').select(['id', 'name', 'size', 'created_by']).where('id', '=', fileId).executeTakeFirst();
  if (!upload || upload.created_by !== session.userId) throw badRequest('fileId', `File ${fileId} is not an upload of yours`);
  if (extensionOf(upload.name) !== doc.type) throw badRequest('fileId', `A new version of ${doc.name} must be a .${doc.type} file`);
  await scope.db.transaction().execute((trx) => addVersion(scope.with(trx), doc, { id: upload.id, name: upload.name, size: Number(upload.size) }, session.userId, caller.now()));
}

/** Restoring an old version adds it again as the newest: history is never rewritten. */
export async function restoreVersion(caller: DocCaller, library: Library, id: number, version: number): Promise<void> {
  const doc = await requireDocFile(caller, library, id, 'manage');
  const { scope, session } = caller;
  const old = await scope.selectFrom('doc_version').select(['file_id', 'name', 'size']).where('doc_id', '=', id).where('version', '=', version).executeTakeFirst();
  if (!old) throw notFound('Version');
  if (version === doc.version) return;
  await scope.db.transaction().execute((trx) =>
    addVersion(scope.with(trx), doc, { id: old.file_id, name: old.name, size: Number(old.size) }, session.userId, caller.now()),
  );
}

export async function listVersions(caller: DocCaller, library: Library, id: number): Promise<DocVersion[]> {
  const doc = await requireDocFile(caller, library, id, 'view');
  const rows = await caller.scope
    .selectFrom('doc_version')
    .select(['version', 'file_id', 'name', 'size', 'created_by', 'create_time'])
    .where('doc_id', '=', id)
    .orderBy('version', 'desc')
    .execute();
  const names = await userNames(
    caller.scope,
    rows.map((r) => r.created_by),
  );
  return rows.map((r) => ({
    version: r.version,
    fileId: r.file_id,
    name: r.name,
    size: Number(r.size),
    createdBy: r.created_by === null ? null : (names.get(r.created_by) ?? null),
    createTime: r.create_time,
    current: r.version === doc.version,
  }));
}

/** The stored file of a document's version (the current one by default), for download. */
export async function versionFile(caller: DocCaller, library: Library, id: number, version: number | undefined) {
  const doc = await requireDocFile(caller, library, id, 'view');
  const chosen = version ?? doc.version;
  const row = await caller.scope.selectFrom('doc_version').select(['file_id', 'name']).where('doc_id', '=', id).where('version', '=', chosen).executeTakeFirst();
  if (!row) throw notFound('Version');
  return { fileId: row.file_id, name: chosen === doc.version ? doc.name : row.name };
}
