import { makeAutoObservable, runInAction } from 'mobx';
import { accessAtLeast, type DocAccess, type DocFile, type DocFolder, type DocItemsBody, type DocListResult, type DocTree } from '../../../core/contracts/documents.ts';
import type { FileTypeGroup } from '../../../core/contracts/files.ts';
import { Loadable } from '../../ui/loadable.ts';
import type { DocApi } from '../../api/doc-endpoints.ts';

export const DOC_PAGE_SIZE = 50;

export interface DocQuery {
  keyword: string;
  typeGroup: FileTypeGroup | undefined;
  sort: 'name' | 'updateTime' | 'size';
  order: 'asc' | 'desc';
  pageNum: number;
}

const FIRST_QUERY: DocQuery = { keyword: '', typeGroup: undefined, sort: 'name', order: 'asc', pageNum: 1 };

/** A row of the list: a subfolder or a document. */
export type DocRow = ({ kind: 'folder' } & DocFolder) | ({ kind: 'file' } & DocFile);
export const rowKey = (row: Pick<DocRow, 'kind' | 'id'>) => `${row.kind}-${row.id}`;

/**
 * The document screen's state: the chosen workspace, its folder tree, the open folder (null:
 * the top) or a search, a page of its contents, and the rows selected for a batch action.
 */
export class DocLibraryStore {
  readonly workspaces: Loadable<{ code: string; name: string }[]>;
  workspaceCode: string | null = null;
  tree: Loadable<DocTree> | null = null;
  folderId: number | null = null;
  query: DocQuery = FIRST_QUERY;
  listing: Loadable<DocListResult> | null = null;
  selectedKeys: string[] = [];

  constructor(
    readonly api: DocApi,
    private readonly preferredWorkspace: () => string | undefined,
  ) {
    this.workspaces = new Loadable(() => api.workspaces());
    makeAutoObservable<DocLibraryStore, 'preferredWorkspace'>(this, { api: false, preferredWorkspace: false });
  }

  /** Loads the workspaces and opens the shell's current one (or the first). */
  async start(): Promise<void> {
    await this.workspaces.load();
    const list = this.workspaces.data ?? [];
    const preferred = this.preferredWorkspace();
    const chosen = list.find((w) => w.code === preferred) ?? list[0];
    if (chosen) this.openWorkspace(chosen.code);
  }

  openWorkspace(code: string): void {
    this.workspaceCode = code;
    this.tree = new Loadable(() => this.api.tree(code));
    void this.tree.load();
    this.openFolder(null);
  }

  openFolder(folderId: number | null): void {
    this.folderId = folderId;
    this.query = FIRST_QUERY;
    this.reloadList();
  }

  search(changes: Partial<Pick<DocQuery, 'keyword' | 'typeGroup'>>): void {
    this.query = { ...this.query, ...changes, pageNum: 1 };
    this.reloadList();
  }

  setPage(pageNum: number): void {
    this.query = { ...this.query, pageNum };
    this.reloadList();
  }

  setSort(sort: DocQuery['sort'], order: DocQuery['order']): void {
    this.query = { ...this.query, sort, order, pageNum: 1 };
    this.reloadList();
  }

  get searching(): boolean {
    return !!this.query.keyword.trim() || !!this.query.typeGroup;
  }

  private reloadList(): void {
    const code = this.workspaceCode;
    if (!code) return;
    const { folderId, query } = this;
    this.selectedKeys = [];
    const listing = new Loadable(() =>
      this.api.list({
        workspaceCode: code,
        folderId,
        keyword: query.keyword.trim() || undefined,
        typeGroup: query.typeGroup,
        sort: query.sort,
        order: query.order,
        pageNum: query.pageNum,
        pageSize: DOC_PAGE_SIZE,
      }),
    );
    this.listing = listing;
    void listing.load();
  }

  /** After a write: the tree and the open list again. */
  async refresh(): Promise<void> {
    const tree = this.tree;
    const listing = this.listing;
    runInAction(() => (this.selectedKeys = []));
    await Promise.all([tree?.load(), listing?.load()]);
  }

  get folders(): DocFolder[] {
    return this.tree?.data?.folders ?? [];
  }

  folder(id: number | null): DocFolder | undefined {
    return id === null ? undefined : this.folders.find((f) => f.id === id);
  }

  /** What the caller may do in a folder (null: the top). */
  accessIn(folderId: number | null): DocAccess | null {
    if (folderId === null) return this.tree?.data?.rootAccess ?? null;
    return this.folder(folderId)?.access ?? null;
  }

  can(wanted: DocAccess, folderId: number | null = this.folderId): boolean {
    return accessAtLeast(this.accessIn(folderId), wanted);
  }

  /** The open folder and its parents, top first. */
  get trail(): DocFolder[] {
    const trail: DocFolder[] = [];
    for (let folder = this.folder(this.folderId); folder; folder = this.folder(folder.parentId)) trail.unshift(folder);
    return trail;
  }

  get rows(): DocRow[] {
    const data = this.listing?.data;
    if (!data) return [];
    return [...data.folders.map((f) => ({ kind: 'folder' as const, ...f })), ...data.files.map((f) => ({ kind: 'file' as const, ...f }))];
  }

  setSelection(keys: string[]): void {
    this.selectedKeys = keys;
  }

  get selectedRows(): DocRow[] {
    return this.rows.filter((row) => this.selectedKeys.includes(rowKey(row)));
  }

  /** The chosen rows as the batch calls name them. */
  itemsOf(rows: readonly DocRow[]): DocItemsBody {
    return { folderIds: rows.filter((r) => r.kind === 'folder').map((r) => r.id), fileIds: rows.filter((r) => r.kind === 'file').map((r) => r.id) };
  }

  /** Whether the caller may manage every row (each in the folder it sits in). */
  managesAll(rows: readonly DocRow[]): boolean {
    return rows.every((row) => (row.kind === 'folder' ? row.access === 'manage' : this.can('manage', row.folderId)));
  }
}
