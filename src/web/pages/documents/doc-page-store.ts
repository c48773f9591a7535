import { makeAutoObservable } from 'mobx';
import type { DocFile, DocFolder } from '../../../core/contracts/documents.ts';
import { messageOf } from '../../api/error-message.ts';
import type { DocApi } from '../../api/doc-endpoints.ts';
import { previewKind } from './doc-icons.tsx';
import type { DocLibraryStore, DocRow } from './doc-library-store.ts';

/** The dialog or drawer open over the library, if any. */
export type DocDialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; row: DocRow }
  | { kind: 'move' | 'copy'; rows: DocRow[] }
  | { kind: 'grants'; folder: DocFolder }
  | { kind: 'versions'; doc: DocFile }
  | { kind: 'trash' }
  | { kind: 'preview'; doc: DocFile }
  | null;

/** The key of the workspace's top in the folder tree. */
export const TOP_KEY = 'top';

/** What the store needs of the browser and the shell; the screen passes the real ones, a test its own. */
export interface DocPageEnv {
  /** Uploads one file to the file store (its progress shows in the shell's upload panel). */
  upload(file: File): Promise<{ fileId: string }>;
  /** Where a document (a version of it, or to show inline) is read. */
  fileUrl(id: number, options?: { version?: number; inline?: boolean }): string;
  /** Opens an address in the window: a single document's download. */
  visit(url: string): void;
  /** Shows how an action went. */
  notices: { success: (text: string) => void; error: (text: string) => void; warning: (text: string) => void };
  /** The screen's texts by namespaced key (docs:…), in the language shown when they are asked for. */
  t: (key: string, values?: Record<string, unknown>) => string;
}

/**
 * The document screen around its library: the open dialog, the expanded folders, a drag of
 * files over the list, and the actions (upload, new folder, rename, move, copy, delete,
 * download). Each write shows how it went and loads the library again.
 */
export class DocPageStore {
  dialog: DocDialog = null;
  expanded: string[] = [TOP_KEY];
  dragging = false;
  /** Drag enters and leaves nest over the list's children: the drag is over when they balance. */
  private dragDepth = 0;

  constructor(
    readonly library: DocLibraryStore,
    readonly api: DocApi,
    readonly env: DocPageEnv,
  ) {
    makeAutoObservable<DocPageStore, 'dragDepth'>(this, { library: false, api: false, env: false, dragDepth: false });
  }

  /** The name of the workspace's top: the workspace's own, until it is loaded. */
  get topName(): string {
    return this.library.tree?.data?.workspace.name ?? this.env.t('docs:top');
  }

  /** The open folder's name, for the drop hint and a zip of the whole folder. */
  get folderName(): string {
    return this.library.folder(this.library.folderId)?.name ?? this.topName;
  }

  /** Folders being moved: the target picker leaves them (and what they hold) out. */
  get movingIds(): number[] {
    const dialog = this.dialog;
    return dialog?.kind === 'move' ? dialog.rows.filter((r) => r.kind === 'folder').map((r) => r.id) : [];
  }

  urlOf(id: number, options: { version?: number; inline?: boolean } = {}): string {
    return this.env.fileUrl(id, options);
  }

  show(dialog: DocDialog): void {
    this.dialog = dialog;
  }

  close(): void {
    this.dialog = null;
  }

  setExpanded(keys: string[]): void {
    this.expanded = keys;
  }

  openWorkspace(code: string): void {
    this.expanded = [TOP_KEY];
    this.library.openWorkspace(code);
  }

  /** A folder opens in the list (its parents unfold in the tree), an image or PDF in the preview, anything else downloads. */
  open(row: DocRow): void {
    if (row.kind === 'folder') {
      this.library.openFolder(row.id);
      this.expanded = [...new Set([...this.expanded, ...this.library.trail.map((f) => String(f.parentId ?? TOP_KEY))])];
    } else if (previewKind(row.type)) this.show({ kind: 'preview', doc: row });
    else this.download([row]);
  }

  /** One document downloads as itself; anything more, or a folder, as one zip. */
  download(rows: readonly DocRow[]): void {
    const single = rows.length === 1 && rows[0]!.kind === 'file' ? rows[0] : null;
    if (single) {
      this.env.visit(this.urlOf(single.id));
      return;
    }
    const name = rows.length === 1 ? rows[0]!.name : this.folderName;
    void this.api.downloadZip(this.library.itemsOf(rows), name).catch((failure: unknown) => this.failed(failure));
  }

  /** Uploads each file, then adds it to the open folder; a failure is told per file and stops no other. */
  async uploadFiles(chosen: readonly File[]): Promise<void> {
    const code = this.library.workspaceCode;
    if (!code || !chosen.length) return;
    const { t, notices } = this.env;
    const folderId = this.library.folderId;
    let added = 0;
    const versions: string[] = [];
    await Promise.all(
      chosen.map(async (file) => {
        try {
          const uploaded = await this.env.upload(file);
          const result = await this.api.addFiles(code, folderId, [uploaded.fileId]);
          added++;
          versions.push(...result.newVersions);
        } catch (failure) {
          notices.error(`${file.name}: ${messageOf(failure, t('docs:failed'))}`);
        }
      }),
    );
    if (added) notices.success(versions.length ? t('docs:done.uploadWithVersions', { count: added, names: versions.join(', ') }) : t('docs:done.upload', { count: added }));
    await this.library.refresh();
  }

  dragEnter(): void {
    this.dragDepth++;
    this.dragging = true;
  }

  dragLeave(): void {
    this.dragDepth = Math.max(0, this.dragDepth - 1);
    if (!this.dragDepth) this.dragging = false;
  }

  /** Files dropped on the list go into the open folder, if the caller may upload there. */
  drop(files: readonly File[]): void {
    this.dragDepth = 0;
    this.dragging = false;
    if (this.library.can('upload')) void this.uploadFiles(files);
    else this.env.notices.warning(this.env.t('docs:noUploadHere'));
  }

  /** Deletes to the recycle bin; never rejects, so a confirm dialog closes either way. */
  async remove(rows: readonly DocRow[]): Promise<void> {
    try {
      await this.api.remove(this.library.itemsOf(rows));
      this.env.notices.success(this.env.t('docs:done.delete', { count: rows.length }));
      await this.library.refresh();
    } catch (failure) {
      this.failed(failure);
    }
  }

  /* The dialogs' saves: a refusal rejects, and the dialog shows it beside the name or target. */

  async createFolder(name: string): Promise<void> {
    const code = this.library.workspaceCode;
    if (!code) return;
    await this.api.createFolder({ workspaceCode: code, parentId: this.library.folderId, name });
    this.env.notices.success(this.env.t('docs:done.newFolder', { name }));
    await this.library.refresh();
  }

  async rename(row: DocRow, name: string): Promise<void> {
    await (row.kind === 'folder' ? this.api.renameFolder(row.id, name) : this.api.renameFile(row.id, name));
    this.env.notices.success(this.env.t('docs:done.rename'));
    await this.library.refresh();
  }

  async transfer(kind: 'move' | 'copy', rows: readonly DocRow[], targetId: number | null): Promise<void> {
    const items = this.library.itemsOf(rows);
    await (kind === 'move' ? this.api.move(items, targetId) : this.api.copy(items, targetId));
    this.env.notices.success(this.env.t(kind === 'move' ? 'docs:done.move' : 'docs:done.copy', { count: rows.length }));
    await this.library.refresh();
  }

  private failed(failure: unknown): void {
    this.env.notices.error(messageOf(failure, this.env.t('docs:failed')));
  }
}
