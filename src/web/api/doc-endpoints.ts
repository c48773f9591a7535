import {
  DOC_PREFIX,
  type DocAddResult,
  type DocFolder,
  type DocFolderCreateBody,
  type DocFolderGrant,
  type DocItemsBody,
  type DocListBody,
  type DocListResult,
  type DocRole,
  type DocTrashEntry,
  type DocTree,
  type DocVersion,
  type DocWorkspace,
} from '../../core/contracts/documents.ts';
import { saveDownload } from './download.ts';
import type { CallOptions, Http } from './endpoints.ts';

// The document screen shows failures in place or in its own messages.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the document library (`/docManage`). */
export function docApi(http: Http) {
  return {
    workspaces: () => http.get<DocWorkspace[]>(`${DOC_PREFIX}/workspaces`, undefined, QUIET),
    roles: () => http.get<DocRole[]>(`${DOC_PREFIX}/roles`, undefined, QUIET),
    tree: (workspaceCode: string) => http.get<DocTree>(`${DOC_PREFIX}/tree`, { workspaceCode }, QUIET),
    list: (body: DocListBody) => http.post<DocListResult>(`${DOC_PREFIX}/list`, body, QUIET),
    createFolder: (body: DocFolderCreateBody) => http.post<DocFolder>(`${DOC_PREFIX}/folder/create`, body, QUIET),
    renameFolder: (id: number, name: string) => http.post<null>(`${DOC_PREFIX}/folder/rename`, { id, name }, QUIET),
    renameFile: (id: number, name: string) => http.post<null>(`${DOC_PREFIX}/file/rename`, { id, name }, QUIET),
    grants: (id: number) => http.get<DocFolderGrant[]>(`${DOC_PREFIX}/folder/grants`, { id }, QUIET),
    setGrants: (id: number, grants: DocFolderGrant[]) => http.post<null>(`${DOC_PREFIX}/folder/grants`, { id, grants }, QUIET),
    addFiles: (workspaceCode: string, folderId: number | null, fileIds: string[]) =>
      http.post<DocAddResult>(`${DOC_PREFIX}/file/add`, { workspaceCode, folderId, fileIds }, QUIET),
    versions: (id: number) => http.get<DocVersion[]>(`${DOC_PREFIX}/file/versions`, { id }, QUIET),
    addVersion: (id: number, fileId: string) => http.post<null>(`${DOC_PREFIX}/file/version/add`, { id, fileId }, QUIET),
    restoreVersion: (id: number, version: number) => http.post<null>(`${DOC_PREFIX}/file/version/restore`, { id, version }, QUIET),
    move: (items: DocItemsBody, targetId: number | null) => http.post<null>(`${DOC_PREFIX}/move`, { ...items, targetId }, QUIET),
    copy: (items: DocItemsBody, targetId: number | null) => http.post<null>(`${DOC_PREFIX}/copy`, { ...items, targetId }, QUIET),
    remove: (items: DocItemsBody) => http.post<null>(`${DOC_PREFIX}/delete`, items, QUIET),
    trash: (workspaceCode: string) => http.get<DocTrashEntry[]>(`${DOC_PREFIX}/trash`, { workspaceCode }, QUIET),
    restore: (items: DocItemsBody) => http.post<null>(`${DOC_PREFIX}/trash/restore`, items, QUIET),
    purge: (items: DocItemsBody) => http.post<null>(`${DOC_PREFIX}/trash/purge`, items, QUIET),
    /** Saves one zip of the items; answers the name it was saved under. */
    downloadZip: async (items: DocItemsBody, zipName: string) =>
      saveDownload(await http.post(`${DOC_PREFIX}/downloadZip`, { ...items, zipName }, { responseType: 'blob', showErrorToast: false })),
  };
}

export type DocApi = ReturnType<typeof docApi>;

/** Where an <img>, <a> or the PDF viewer reads a document (the token goes in the query). */
export function docFileUrl(baseUrl: string, token: string | null, id: number, options: { version?: number; inline?: boolean } = {}): string {
  const query = new URLSearchParams({ id: String(id) });
  if (options.version) query.set('version', String(options.version));
  if (options.inline) query.set('inline', '1');
  if (token) query.set('token', token);
  return `${baseUrl}${DOC_PREFIX}/file/download?${query}`;
}
