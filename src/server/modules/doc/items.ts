import { DOC_ZIP_FILES_MAX, type DocItemsBody, type DocTrashEntry } from '../../../core/contracts/documents.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, notFound } from '../../errors.ts';
import { userNames } from '../account/user-names.ts';
import { subtreeIds } from './folder-tree.ts';
import { freeNameAmong, namesIn, requireDocFile, requireFreeName, type DocFileRow } from './documents.ts';
import type { DocCaller, Library } from './library.ts';

/** Live documents named by id, each in a folder where the caller has `wanted`. */
async function requireFiles(caller: DocCaller, library: Library, ids: readonly number[], wanted: 'view' | 'manage'): Promise<DocFileRow[]> {
  const rows: DocFileRow[] = [];
  for (const id of ids) rows.push(await requireDocFile(caller, library, id, wanted));
  return rows;
}

function requireFolders(library: Library, ids: readonly number[], wanted: 'view' | 'manage'): void {
  for (const id of ids) library.requireFolder(id, wanted);
}

/** Moves folders and documents into `targetId` (null: the top); names must be free there. */
export async function moveItems(caller: DocCaller, library: Library, body: DocItemsBody & { targetId: number | null }): Promise<void> {
  const { folderIds, fileIds, targetId } = body;
  library.requireFolder(targetId, 'upload');
  requireFolders(library, folderIds, 'manage');
  const files = await requireFiles(caller, library, fileIds, 'manage');
  for (const id of folderIds) {
    if (subtreeIds([id], library.childrenOf).includes(targetId ?? -1)) {
      throw badRequest('targetId', `A folder cannot move into itself or a folder inside it ("${library.folders.get(id)!.name}")`);
    }
  }
  const { scope, session } = caller;
  // Only what changes folder takes a name there; an item already in the target keeps its own.
  const moving = [
    ...folderIds.filter((id) => library.folders.get(id)!.parentId !== targetId).map((id) => library.folders.get(id)!.name),
    ...files.filter((f) => f.folder_id !== targetId).map((f) => f.name),
  ];
  const taken = await namesIn(scope, library, targetId);
  const where = library.pathOf(targetId);
  for (const name of moving) {
    requireFreeName(taken, name, where);
    taken.push(name);
  }
  const time = caller.now();
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    if (folderIds.length) await tx.updateTable('doc_folder').set({ parent_id: targetId, update_time: time }).where('id', 'in', [...folderIds]).execute();
    if (fileIds.length) {
      await tx.updateTable('doc_file').set({ folder_id: targetId, update_time: time, updated_by: session.userId }).where('id', 'in', [...fileIds]).execute();
    }
  });
}

/**
 * Copies documents (their current version: the bytes are shared, not duplicated) and folders
 * with their live contents into `targetId`; a name taken there becomes `name (2)`.
 */
export async function copyItems(caller: DocCaller, library: Library, body: DocItemsBody & { targetId: number | null }): Promise<void> {
  const { folderIds, fileIds, targetId } = body;
  library.requireFolder(targetId, 'upload');
  requireFolders(library, folderIds, 'view');
  const files = await requireFiles(caller, library, fileIds, 'view');
  for (const id of folderIds) {
    if (subtreeIds([id], library.childrenOf).includes(targetId ?? -1)) {
      throw badRequest('targetId', `A folder cannot be copied into itself ("${library.folders.get(id)!.name}")`);
    }
  }
  const { scope, session } = caller;
  const time = caller.now();
  const taken = await namesIn(scope, library, targetId);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const copyFile = async (file: DocFileRow, folderId: number | null, name: string) => {
      const doc = await tx
        .insertInto('doc_file', [
          {
            workspace_id: library.workspace.id,
            folder_id: folderId,
            name,
            type: file.type,
            size: Number(file.size),
            file_id: file.file_id,
            version: 1,
            created_by: session.userId,
            updated_by: session.userId,
            create_time: time,
            update_time: time,
          },
        ])
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('doc_version', [{ doc_id: doc.id, version: 1, file_id: file.file_id, name, size: Number(file.size), created_by: session.userId, create_time: time }])
        .execute();
    };
    const copyFolder = async (sourceId: number, parentId: number | null, name: string) => {
      const created = await tx
        .insertInto('doc_folder', [{ workspace_id: library.workspace.id, parent_id: parentId, name, created_by: session.userId, create_time: time, update_time: time }])
        .returning('id')
        .executeTakeFirstOrThrow();
      const inside = await liveFilesIn(tx, library, [sourceId]);
      for (const file of inside) await copyFile(file, created.id, file.name);
      for (const child of library.childrenOf.get(sourceId) ?? []) {
        if (library.visible(child.id)) await copyFolder(child.id, created.id, child.name);
      }
    };
    for (const id of folderIds) {
      const name = freeNameAmong(library.folders.get(id)!.name, taken);
      taken.push(name);
      await copyFolder(id, targetId, name);
    }
    for (const file of files) {
      const name = freeNameAmong(file.name, taken);
      taken.push(name);
      await copyFile(file, targetId, name);
    }
  });
}

async function liveFilesIn(scope: TenantScope, library: Library, folderIds: readonly number[]): Promise<DocFileRow[]> {
  if (!folderIds.length) return [];
  return scope
    .selectFrom('doc_file')
    .selectAll()
    .where('workspace_id', '=', library.workspace.id)
    .where('folder_id', 'in', [...folderIds])
    .where('deleted_time', 'is', null)
    .execute();
}

/** Puts folders (with all they hold) and documents in the recycle bin. */
export async function deleteItems(caller: DocCaller, library: Library, body: DocItemsBody): Promise<void> {
  requireFolders(library, body.folderIds, 'manage');
  await requireFiles(caller, library, body.fileIds, 'manage');
  const { scope, session } = caller;
  const mark = { deleted_time: caller.now(), deleted_by: session.userId };
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    if (body.folderIds.length) await tx.updateTable('doc_folder').set(mark).where('id', 'in', [...body.folderIds]).execute();
    if (body.fileIds.length) await tx.updateTable('doc_file').set(mark).where('id', 'in', [...body.fileIds]).execute();
  });
}

/**
 * What the recycle bin shows the caller: the folders and documents deleted themselves (not
 * those inside a deleted folder: they come back with it), where the caller may manage.
 */
export async function trashOf(caller: DocCaller, library: Library): Promise<DocTrashEntry[]> {
  const { scope } = caller;
  const inLiveParent = (parentId: number | null) => parentId === null || !isUnderDeleted(library, parentId);
  const manages = (folderId: number | null) => library.accessTo(folderId) === 'manage';
  const folders = [...library.folders.values()].filter((f) => f.deletedTime !== null && inLiveParent(f.parentId) && manages(f.id));
  const files = await scope
    .selectFrom('doc_file')
    .select(['id', 'folder_id', 'name', 'size', 'type', 'deleted_time', 'deleted_by'])
    .where('workspace_id', '=', library.workspace.id)
    .where('deleted_time', 'is not', null)
    .execute();
  const shownFiles = files.filter((f) => (f.folder_id === null || !isUnderDeleted(library, f.folder_id)) && manages(f.folder_id));
  const folderRows = folders.length
    ? await scope.selectFrom('doc_folder').select(['id', 'deleted_by']).where('id', 'in', folders.map((f) => f.id)).execute()
    : [];
  const deleters = new Map(folderRows.map((r) => [r.id, r.deleted_by]));
  const users = await userNames(scope, [...shownFiles.map((f) => f.deleted_by), ...folderRows.map((r) => r.deleted_by)]);
  const nameOf = (id: number | null | undefined) => (id == null ? null : (users.get(id) ?? null));
  const entries: DocTrashEntry[] = [
    ...folders.map((f) => ({
      kind: 'folder' as const,
      id: f.id,
      name: f.name,
      path: library.pathOf(f.parentId),
      deletedBy: nameOf(deleters.get(f.id)),
      deletedTime: f.deletedTime!,
    })),
    ...shownFiles.map((f) => ({
      kind: 'file' as const,
      id: f.id,
      name: f.name,
      path: library.pathOf(f.folder_id),
      deletedBy: nameOf(f.deleted_by),
      deletedTime: f.deleted_time!,
      size: Number(f.size),
      type: f.type,
    })),
  ];
  return entries.sort((a, b) => b.deletedTime.localeCompare(a.deletedTime));
}

/** Whether a folder is in the bin itself or inside one that is. */
function isUnderDeleted(library: Library, folderId: number): boolean {
  for (let id: number | null = folderId; id !== null; ) {
    const folder = library.folders.get(id);
    if (!folder) return true;
    if (folder.deletedTime !== null) return true;
    id = folder.parentId;
  }
  return false;
}

/** Bin entries named by the caller that they may manage: 404 for any other. */
async function requireTrash(caller: DocCaller, library: Library, body: DocItemsBody) {
  const shown = await trashOf(caller, library);
  const pick = (kind: 'folder' | 'file', ids: readonly number[]) =>
    ids.map((id) => {
      const entry = shown.find((e) => e.kind === kind && e.id === id);
      if (!entry) throw notFound(kind === 'folder' ? 'Folder in the recycle bin' : 'Document in the recycle bin');
      return entry;
    });
  return { folders: pick('folder', body.folderIds), files: pick('file', body.fileIds) };
}

/**
 * Takes entries out of the bin, back where they were; where that folder is gone too, to the
 * top. A name taken meanwhile becomes `name (2)`.
 */
export async function restoreItems(caller: DocCaller, library: Library, body: DocItemsBody): Promise<void> {
  await requireTrash(caller, library, body);
  const { scope } = caller;
  const fileRows = body.fileIds.length ? await scope.selectFrom('doc_file').select(['id', 'folder_id', 'name']).where('id', 'in', [...body.fileIds]).execute() : [];
  const takenIn = new Map<number | null, string[]>();
  const time = caller.now();
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const taken = async (folderId: number | null) => {
      if (!takenIn.has(folderId)) takenIn.set(folderId, await namesIn(tx, library, folderId));
      return takenIn.get(folderId)!;
    };
    for (const id of body.folderIds) {
      const folder = library.folders.get(id)!;
      const parentId = folder.parentId !== null && library.live.has(folder.parentId) ? folder.parentId : null;
      const names = await taken(parentId);
      const name = freeNameAmong(folder.name, names);
      names.push(name);
      await tx.updateTable('doc_folder').set({ deleted_time: null, deleted_by: null, parent_id: parentId, name, update_time: time }).where('id', '=', id).execute();
    }
    for (const row of fileRows) {
      const folderId = row.folder_id !== null && library.live.has(row.folder_id) ? row.folder_id : null;
      const names = await taken(folderId);
      const name = freeNameAmong(row.name, names);
      names.push(name);
      await tx.updateTable('doc_file').set({ deleted_time: null, deleted_by: null, folder_id: folderId, name, update_time: time }).where('id', '=', row.id).execute();
    }
  });
}

/** Deletes bin entries for good (a folder with all it holds). The stored files stay in the file store. */
export async function purgeItems(caller: DocCaller, library: Library, body: DocItemsBody): Promise<void> {
  await requireTrash(caller, library, body);
  const { scope } = caller;
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const folderIds = subtreeIds(body.folderIds, library.childrenOf);
    const fileIds = [...body.fileIds];
    if (folderIds.length) {
      const inside = await tx.selectFrom('doc_file').select('id').where('folder_id', 'in', folderIds).execute();
      fileIds.push(...inside.map((r) => r.id));
    }
    if (fileIds.length) await tx.deleteFrom('doc_file').where('id', 'in', fileIds).execute();
    if (folderIds.length) await tx.deleteFrom('doc_folder').where('id', 'in', folderIds).execute();
  });
}

/**
 * The stored files of the chosen documents and of everything the caller may see inside the
 * chosen folders, each named by its path below the selection.
 */
export async function zipEntries(caller: DocCaller, library: Library, body: DocItemsBody): Promise<{ fileId: string; name: string }[]> {
  requireFolders(library, body.folderIds, 'view');
  const files = await requireFiles(caller, library, body.fileIds, 'view');
  const entries = files.map((f) => ({ fileId: f.file_id, name: f.name }));
  for (const rootId of body.folderIds) {
    const ids = subtreeIds([rootId], library.childrenOf).filter((id) => library.visible(id));
    const base = library.pathOf(library.folders.get(rootId)!.parentId);
    const strip = (path: string) => (base ? path.slice(base.length + 1) : path);
    for (const file of await liveFilesIn(caller.scope, library, ids)) {
      entries.push({ fileId: file.file_id, name: `${strip(library.pathOf(file.folder_id))}/${file.name}` });
    }
  }
  if (entries.length > DOC_ZIP_FILES_MAX) throw badRequest('folderIds', `A zip holds at most ${DOC_ZIP_FILES_MAX} documents; choose fewer`);
  if (!entries.length) throw badRequest('fileIds', 'Nothing to download: the chosen folders hold no documents');
  return entries;
}
