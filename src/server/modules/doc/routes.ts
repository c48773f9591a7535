import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DOC_PREFIX,
  docAddBody,
  docDownloadQuery,
  docFolderCreateBody,
  docGrantsBody,
  docIdQuery,
  docItemsBody,
  docListBody,
  docMoveBody,
  docRenameBody,
  docVersionAddBody,
  docVersionRestoreBody,
  docWorkspaceQuery,
  docZipBody,
  type DocAddBody,
  type DocDownloadQuery,
  type DocFolderCreateBody,
  type DocGrantsBody,
  type DocItemsBody,
  type DocListBody,
  type DocMoveBody,
  type DocRenameBody,
  type DocRole,
  type DocTree,
  type DocVersionAddBody,
  type DocVersionRestoreBody,
  type DocWorkspace,
  type DocZipBody,
} from '../../../core/contracts/documents.ts';
import { INLINE_IMAGE_EXTENSIONS } from '../../../core/contracts/files.ts';
import { safeFileName } from '../../../core/file-names.ts';
import { readStoredText } from '../../../core/local-text.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { contentDisposition } from '../../content-disposition.ts';
import { badRequest } from '../../errors.ts';
import { callerOf, scopeOf } from '../../plugins/auth.ts';
import { requireFileObjects } from '../filestore/file-objects.ts';
import { sendFile } from '../filestore/routes.ts';
import { zipFileName, zipStream } from '../filestore/zip.ts';
import {
  addFiles,
  createFolder,
  listFolder,
  listVersions,
  renameFile,
  renameFolder,
  restoreVersion,
  uploadVersion,
  versionFile,
  workspaceOfFile,
  workspaceOfFolder,
} from './documents.ts';
import { folderGrants, setFolderGrants } from './grants.ts';
import { copyItems, deleteItems, moveItems, purgeItems, restoreItems, trashOf, zipEntries } from './items.ts';
import { libraryByCode, libraryById, type DocCaller, type Library } from './library.ts';

type Items = DocItemsBody;

/** A folder or document name as kept: the file-name rule, so no name disguises what it is. */
function docName(name: string): string {
  const kept = safeFileName(name);
  if (!kept) throw badRequest('name', 'Enter a name with at least one visible character');
  return kept;
}

/**
 * The document library. Every call names a workspace, or a folder or document that lives in
 * one; the caller must belong to that workspace (ADMINs to any), and each action checks the
 * caller's level in the folder it touches (see library.ts and folder-access.ts).
 */
export async function docRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.services;
  const docCallerOf = (request: FastifyRequest): DocCaller => ({ ...callerOf(request), now: () => new Date(clock.now()).toISOString() });
  /** The library the items named live in (all in one workspace). */
  const libraryOfItems = async (caller: DocCaller, items: Items & { targetId?: number | null }): Promise<Library> => {
    const { scope } = caller;
    const workspaceIds = new Set<number>();
    for (const id of items.folderIds) workspaceIds.add(await workspaceOfFolder(scope, id));
    for (const id of items.fileIds) workspaceIds.add(await workspaceOfFile(scope, id));
    if (items.targetId != null) workspaceIds.add(await workspaceOfFolder(scope, items.targetId));
    if (workspaceIds.size === 0) throw badRequest('fileIds', 'Name at least one folder or document');
    if (workspaceIds.size > 1) throw badRequest('fileIds', 'Folders and documents of one workspace at a time');
    return libraryById(caller, [...workspaceIds][0]!);
  };

  // The workspaces the caller may enter (policy.workspace.enter), by name.
  app.get(`${DOC_PREFIX}/workspaces`, async (request): Promise<DocWorkspace[]> => {
    const { scope, workspaceCodes } = callerOf(request);
    if (!workspaceCodes.length) return [];
    return scope.selectFrom('workspace').select(['code', 'name']).where('code', 'in', [...workspaceCodes]).orderBy('name').execute();
  });

  // The roles a manager may name on a folder (names only: what the roles hold is not shown).
  app.get(`${DOC_PREFIX}/roles`, async (request): Promise<DocRole[]> =>
    (await scopeOf(request).selectFrom('role').select(['id', 'name']).orderBy('name').execute()).map((role) => ({ ...role, name: readStoredText(role.name) })),
  );

  app.get<{ Querystring: { workspaceCode: string } }>(`${DOC_PREFIX}/tree`, { schema: { querystring: docWorkspaceQuery } }, async (request): Promise<DocTree> => {
    const library = await libraryByCode(docCallerOf(request), request.query.workspaceCode);
    const { code, name } = library.workspace;
    return { workspace: { code, name }, rootAccess: library.rootAccess, folders: library.tree() };
  });

  app.post<{ Body: DocListBody }>(`${DOC_PREFIX}/list`, { schema: { body: docListBody } }, async (request) => {
    const caller = docCallerOf(request);
    return listFolder(caller, await libraryByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: DocFolderCreateBody }>(`${DOC_PREFIX}/folder/create`, { schema: { body: docFolderCreateBody } }, async (request) => {
    const caller = docCallerOf(request);
    const { workspaceCode, parentId, name } = request.body;
    return createFolder(caller, await libraryByCode(caller, workspaceCode), parentId, docName(name));
  });

  app.post<{ Body: DocRenameBody }>(`${DOC_PREFIX}/folder/rename`, { schema: { body: docRenameBody } }, async (request) => {
    const caller = docCallerOf(request);
    const { id, name } = request.body;
    await renameFolder(caller, await libraryById(caller, await workspaceOfFolder(caller.scope, id)), id, docName(name));
    return null;
  });

  app.get<{ Querystring: { id: number } }>(`${DOC_PREFIX}/folder/grants`, { schema: { querystring: docIdQuery } }, async (request) => {
    const caller = docCallerOf(request);
    const { id } = request.query;
    return folderGrants(await libraryById(caller, await workspaceOfFolder(caller.scope, id)), id);
  });

  app.post<{ Body: DocGrantsBody }>(`${DOC_PREFIX}/folder/grants`, { schema: { body: docGrantsBody } }, async (request) => {
    const caller = docCallerOf(request);
    const { id, grants } = request.body;
    await setFolderGrants(caller, await libraryById(caller, await workspaceOfFolder(caller.scope, id)), id, grants);
    return null;
  });

  app.post<{ Body: DocAddBody }>(`${DOC_PREFIX}/file/add`, { schema: { body: docAddBody } }, async (request) => {
    const caller = docCallerOf(request);
    const { workspaceCode, folderId, fileIds } = request.body;
    return addFiles(caller, await libraryByCode(caller, workspaceCode), folderId, fileIds);
  });

  app.post<{ Body: DocRenameBody }>(`${DOC_PREFIX}/file/rename`, { schema: { body: docRenameBody } }, async (request) => {
    const caller = docCallerOf(request);
    const { id, name } = request.body;
    await renameFile(caller, await libraryById(caller, await workspaceOfFile(caller.scope, id)), id, docName(name));
    return null;
  });

  app.get<{ Querystring: { id: number } }>(`${DOC_PREFIX}/file/versions`, { schema: { querystring: docIdQuery } }, async (request) => {
    const caller = docCallerOf(request);
    const { id } = request.query;
    return listVersions(caller, await libraryById(caller, await workspaceOfFile(caller.scope, id)), id);
  });

  app.post<{ Body: DocVersionAddBody }>(`${DOC_PREFIX}/file/version/add`, { schema: { body: docVersionAddBody } }, async (request) => {
    const caller = docCallerOf(request);
    const { id, fileId } = request.body;
    await uploadVersion(caller, await libraryById(caller, await workspaceOfFile(caller.scope, id)), id, fileId);
    return null;
  });

  app.post<{ Body: DocVersionRestoreBody }>(`${DOC_PREFIX}/file/version/restore`, { schema: { body: docVersionRestoreBody } }, async (request) => {
    const caller = docCallerOf(request);
    const { id, version } = request.body;
    await restoreVersion(caller, await libraryById(caller, await workspaceOfFile(caller.scope, id)), id, version);
    return null;
  });

  // Opened by <img>, <a> and the PDF viewer too: the token may come in the query.
  app.get<{ Querystring: DocDownloadQuery }>(
    `${DOC_PREFIX}/file/download`,
    { schema: { querystring: docDownloadQuery }, config: { tokenInQuery: true } },
    async (request, reply) => {
      const caller = docCallerOf(request);
      const { id, version, inline } = request.query;
      const chosen = await versionFile(caller, await libraryById(caller, await workspaceOfFile(caller.scope, id)), id, version);
      const [file] = await requireFileObjects(caller.scope, [chosen.fileId]);
      const shownInline = inline === '1' && INLINE_IMAGE_EXTENSIONS.includes(extensionOf(chosen.name));
      return sendFile(app, request, reply, { ...file!, name: chosen.name }, shownInline);
    },
  );

  app.post<{ Body: DocMoveBody }>(`${DOC_PREFIX}/move`, { schema: { body: docMoveBody } }, async (request) => {
    const caller = docCallerOf(request);
    await moveItems(caller, await libraryOfItems(caller, request.body), request.body);
    return null;
  });

  app.post<{ Body: DocMoveBody }>(`${DOC_PREFIX}/copy`, { schema: { body: docMoveBody } }, async (request) => {
    const caller = docCallerOf(request);
    await copyItems(caller, await libraryOfItems(caller, request.body), request.body);
    return null;
  });

  app.post<{ Body: Items }>(`${DOC_PREFIX}/delete`, { schema: { body: docItemsBody } }, async (request) => {
    const caller = docCallerOf(request);
    await deleteItems(caller, await libraryOfItems(caller, request.body), request.body);
    return null;
  });

  app.get<{ Querystring: { workspaceCode: string } }>(`${DOC_PREFIX}/trash`, { schema: { querystring: docWorkspaceQuery } }, async (request) => {
    const caller = docCallerOf(request);
    return trashOf(caller, await libraryByCode(caller, request.query.workspaceCode));
  });

  app.post<{ Body: Items }>(`${DOC_PREFIX}/trash/restore`, { schema: { body: docItemsBody } }, async (request) => {
    const caller = docCallerOf(request);
    await restoreItems(caller, await libraryOfItems(caller, request.body), request.body);
    return null;
  });

  app.post<{ Body: Items }>(`${DOC_PREFIX}/trash/purge`, { schema: { body: docItemsBody } }, async (request) => {
    const caller = docCallerOf(request);
    await purgeItems(caller, await libraryOfItems(caller, request.body), request.body);
    return null;
  });

  app.post<{ Body: DocZipBody }>(`${DOC_PREFIX}/downloadZip`, { schema: { body: docZipBody } }, async (request, reply) => {
    const caller = docCallerOf(request);
    const entries = await zipEntries(caller, await libraryOfItems(caller, request.body), request.body);
    const stored = new Map((await requireFileObjects(caller.scope, [...new Set(entries.map((e) => e.fileId))])).map((f) => [f.id, f]));
    const files = entries.map((e) => ({ ...stored.get(e.fileId)!, name: e.name }));
    return reply
      .type('application/zip')
      .header('content-disposition', contentDisposition(zipFileName(request.body.zipName)))
      .header('cache-control', 'no-store')
      .send(zipStream(app.services.blobs, files));
  });
}
