import { accessAtLeast, type DocAccess, type DocFolder } from '../../../core/contracts/documents.ts';
import { forbidden, notFound } from '../../errors.ts';
import type { Caller } from '../../access/caller.ts';
import type { FolderGrants } from '../../access/folder.ts';
import { policy } from '../../access/policies.ts';
import { childrenIndex } from './folder-tree.ts';

export interface FolderRow {
  id: number;
  parentId: number | null;
  name: string;
  updateTime: string;
  deletedTime: string | null;
}

/** Who is asking, and what the tenant lets them do (src/server/access/), with the time of the request. */
export interface DocCaller extends Caller {
  now: () => string;
}

/**
 * One workspace's library as one caller sees it: every folder (those in the recycle bin too),
 * which are live (neither deleted nor under a deleted folder), and the caller's access to each.
 * Loaded whole per request: a workspace holds at most DOC_FOLDERS_MAX folders.
 */
export class Library {
  readonly childrenOf: Map<number | null, FolderRow[]>;
  readonly live = new Set<number>();

  constructor(
    readonly workspace: { id: number; code: string; name: string },
    readonly folders: ReadonlyMap<number, FolderRow>,
    readonly grants: FolderGrants,
    readonly rootAccess: DocAccess,
    private readonly access: ReadonlyMap<number, DocAccess | null>,
  ) {
    this.childrenOf = childrenIndex([...folders.values()]);
    const markLive = (parentId: number | null) => {
      for (const child of this.childrenOf.get(parentId) ?? []) {
        if (child.deletedTime !== null) continue;
        this.live.add(child.id);
        markLive(child.id);
      }
    };
    markLive(null);
  }

  /** The caller's access to a folder (null: the top), whether or not it is live. */
  accessTo(folderId: number | null): DocAccess | null {
    return folderId === null ? this.rootAccess : (this.access.get(folderId) ?? null);
  }

  /** A live folder the caller may see; 404 otherwise (a hidden folder is not there). */
  requireFolder(folderId: number | null, wanted: DocAccess): void {
    if (folderId !== null && !this.live.has(folderId)) throw notFound('Folder');
    const held = this.accessTo(folderId);
    if (held === null) throw notFound('Folder');
    if (!accessAtLeast(held, wanted)) throw forbidden(`This needs the ${wanted} right in the folder`);
  }

  visible(folderId: number): boolean {
    return this.live.has(folderId) && this.accessTo(folderId) !== null;
  }

  /** Whether the caller may see (view, download) the live documents directly in a folder (null: the top). */
  showsDocumentsIn(folderId: number | null): boolean {
    return folderId === null ? this.accessTo(null) !== null : this.visible(folderId);
  }

  /** Folder names from the top down to the folder, joined by '/' ('' for the top). */
  pathOf(folderId: number | null): string {
    const names: string[] = [];
    for (let id = folderId; id !== null; ) {
      const folder = this.folders.get(id);
      if (!folder) break;
      names.unshift(folder.name);
      id = folder.parentId;
    }
    return names.join('/');
  }

  present(folder: FolderRow): DocFolder {
    return {
      id: folder.id,
      parentId: folder.parentId,
      name: folder.name,
      access: this.accessTo(folder.id)!,
      restricted: this.grants.has(folder.id),
      updateTime: folder.updateTime,
    };
  }

  /** Visible live folders, parents before children, siblings by name. */
  tree(): DocFolder[] {
    const out: DocFolder[] = [];
    const walk = (parentId: number | null) => {
      const children = (this.childrenOf.get(parentId) ?? []).filter((f) => this.visible(f.id)).sort(byName);
      for (const child of children) {
        out.push(this.present(child));
        walk(child.id);
      }
    };
    walk(null);
    return out;
  }
}

export const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, undefined, { numeric: true, sensitivity: 'base' });

/** The workspace by code, open to its members and ADMINs only (404 for others, as for one that does not exist). */
export async function findLibraryWorkspace(caller: DocCaller, code: string) {
  const workspace = await caller.scope.selectFrom('workspace').select(['id', 'code', 'name']).where('code', '=', code).executeTakeFirst();
  if (!workspace || !policy.workspace.enter(caller, code)) throw notFound('Workspace');
  return workspace;
}

export async function loadLibrary(caller: DocCaller, workspace: { id: number; code: string; name: string }): Promise<Library> {
  const { scope } = caller;
  const [folderRows, grantRows] = await Promise.all([
    scope
      .selectFrom('doc_folder')
      .select(['id', 'parent_id', 'name', 'update_time', 'deleted_time'])
      .where('workspace_id', '=', workspace.id)
      .execute(),
    scope
      .selectFrom('doc_folder_grant')
      .innerJoin('doc_folder', 'doc_folder.id', 'doc_folder_grant.folder_id')
      .select(['doc_folder_grant.folder_id', 'doc_folder_grant.role_id', 'doc_folder_grant.access'])
      .where('doc_folder.workspace_id', '=', workspace.id)
      .execute(),
  ]);
  const folders = new Map<number, FolderRow>(
    folderRows.map((r) => [r.id, { id: r.id, parentId: r.parent_id, name: r.name, updateTime: r.update_time, deletedTime: r.deleted_time }]),
  );
  const grants = new Map<number, Map<number, DocAccess>>();
  for (const row of grantRows) {
    const named = grants.get(row.folder_id) ?? new Map<number, DocAccess>();
    named.set(row.role_id, row.access as DocAccess);
    grants.set(row.folder_id, named);
  }
  const access = policy.folder.levels(caller, [...folders.values()], grants);
  return new Library(workspace, folders, grants, policy.folder.rootAccess(caller), access);
}

/** The library of a workspace named by code. */
export async function libraryByCode(caller: DocCaller, code: string): Promise<Library> {
  return loadLibrary(caller, await findLibraryWorkspace(caller, code));
}

/** The library a folder, document or workspace id lives in. */
export async function libraryById(caller: DocCaller, workspaceId: number): Promise<Library> {
  const workspace = await caller.scope.selectFrom('workspace').select(['id', 'code', 'name']).where('id', '=', workspaceId).executeTakeFirst();
  if (!workspace) throw notFound('Workspace');
  return loadLibrary(caller, await findLibraryWorkspace(caller, workspace.code));
}
