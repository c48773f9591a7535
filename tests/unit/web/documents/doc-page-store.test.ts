import { describe, expect, it } from 'vitest';
import type { DocAccess, DocFile, DocFolder, DocItemsBody, DocListResult, DocTree } from '../../../../src/core/contracts/documents.ts';
import type { DocApi } from '../../../../src/web/api/doc-endpoints.ts';
import { DocLibraryStore } from '../../../../src/web/pages/documents/doc-library-store.ts';
import { DocPageStore, TOP_KEY, type DocPageEnv } from '../../../../src/web/pages/documents/doc-page-store.ts';

const folder = (id: number, parentId: number | null, name: string, access: DocAccess = 'manage'): DocFolder => ({
  id,
  parentId,
  name,
  access,
  restricted: false,
  updateTime: '2026-01-01 00:00:00',
});
const file = (id: number, folderId: number | null, name: string, type: string): DocFile => ({
  id,
  folderId,
  name,
  type,
  size: 10,
  version: 1,
  fileId: `f${id}`,
  updatedBy: null,
  updateTime: '2026-01-01 00:00:00',
  createTime: '2026-01-01 00:00:00',
});

/** A library of two nested folders over a fake API that records the calls the store makes. */
function setUp(rootAccess: DocAccess = 'manage') {
  const calls: string[] = [];
  const notices: string[] = [];
  const visited: string[] = [];
  const failing = new Set<string>();
  const tree: DocTree = { workspace: { code: 'w1', name: 'Site' }, rootAccess, folders: [folder(1, null, 'Drawings'), folder(2, 1, 'Levels')] };
  const listing: DocListResult = { folders: [], files: [file(7, null, 'Plan.pdf', 'pdf'), file(8, null, 'Quantities.csv', 'csv')], total: 2 };
  const refused = (name: string) => {
    calls.push(name);
    if (failing.has(name)) throw new Error(`${name} refused`);
  };
  const api = {
    workspaces: async () => [{ code: 'w1', name: 'Site' }],
    tree: async () => (calls.push('tree'), tree),
    list: async () => (calls.push('list'), listing),
    addFiles: async (_code: string, _folderId: number | null, fileIds: string[]) => {
      refused(`add ${fileIds.join()}`);
      return { files: [], newVersions: fileIds[0] === 'up-b' ? ['B.txt'] : [] };
    },
    remove: async (items: DocItemsBody) => refused(`remove ${JSON.stringify(items)}`),
    downloadZip: async (items: DocItemsBody, name: string) => refused(`zip ${name} ${JSON.stringify(items)}`),
  } as unknown as DocApi;
  const env: DocPageEnv = {
    upload: async (chosen) => {
      if (chosen.name === 'bad.txt') throw new Error('too big');
      return { fileId: `up-${chosen.name[0]!.toLowerCase()}` };
    },
    fileUrl: (id, options) => `/doc/${id}${options?.inline ? '?inline' : ''}`,
    visit: (url) => visited.push(url),
    notices: { success: (text) => notices.push(`ok ${text}`), error: (text) => notices.push(`error ${text}`), warning: (text) => notices.push(`warn ${text}`) },
    t: (key, values) => (values ? `${key} ${JSON.stringify(values)}` : key),
  };
  const library = new DocLibraryStore(api, () => 'w1');
  return { page: new DocPageStore(library, api, env), library, calls, notices, visited, failing };
}

async function started(rootAccess?: DocAccess) {
  const set = setUp(rootAccess);
  await set.library.start();
  await set.library.tree!.ensure();
  await set.library.listing!.ensure();
  set.calls.length = 0;
  return set;
}

describe('the document screen store', () => {
  it('opens a folder in the list and unfolds its parents in the tree', async () => {
    const { page, library } = await started();
    page.open({ kind: 'folder', ...folder(2, 1, 'Levels') });
    expect(library.folderId).toBe(2);
    expect(page.expanded).toEqual([TOP_KEY, '1']);
    expect(page.folderName).toBe('Levels');
    page.openWorkspace('w1');
    expect(page.expanded).toEqual([TOP_KEY]);
    expect(library.folderId).toBeNull();
  });

  it('previews an image or PDF, and downloads anything else as itself', async () => {
    const { page, visited } = await started();
    page.open({ kind: 'file', ...file(7, null, 'Plan.pdf', 'pdf') });
    expect(page.dialog).toMatchObject({ kind: 'preview', doc: { id: 7 } });
    page.close();
    page.open({ kind: 'file', ...file(8, null, 'Quantities.csv', 'csv') });
    expect(page.dialog).toBeNull();
    expect(visited).toEqual(['/doc/8']);
  });

  it('downloads several rows as one zip named after the open folder, and tells a failure', async () => {
    const { page, library, calls, notices, failing } = await started();
    page.download(library.rows);
    await expect.poll(() => calls).toEqual(['zip Site {"folderIds":[],"fileIds":[7,8]}']);
    failing.add(calls[0]!);
    page.download(library.rows);
    await expect.poll(() => notices).toEqual([`error ${calls[0]} refused`]);
  });

  it('uploads each file on its own: a failure is told by name, the rest are added and counted, new versions named', async () => {
    const { page, calls, notices } = await started();
    const chosen = ['a.txt', 'bad.txt', 'B.txt'].map((name) => new File(['x'], name));
    await page.uploadFiles(chosen);
    expect(calls.filter((c) => c.startsWith('add'))).toEqual(['add up-a', 'add up-b']);
    expect(notices).toEqual(['error bad.txt: too big', 'ok docs:done.uploadWithVersions {"count":2,"names":"B.txt"}']);
    expect(calls).toContain('list');
  });

  it('turns a drop where the caller may not upload into a warning, and ends the drag', async () => {
    const { page, calls, notices } = await started('view');
    page.dragEnter();
    page.dragEnter();
    page.dragLeave();
    expect(page.dragging).toBe(true);
    page.drop([new File(['x'], 'a.txt')]);
    expect(page.dragging).toBe(false);
    expect(notices).toEqual(['warn docs:noUploadHere']);
    expect(calls).toEqual([]);
  });

  it('deletes without ever rejecting, so a confirm dialog closes either way', async () => {
    const { page, library, notices, failing } = await started();
    await page.remove(library.rows.slice(0, 1));
    failing.add('remove {"folderIds":[],"fileIds":[8]}');
    await expect(page.remove(library.rows.slice(1))).resolves.toBeUndefined();
    expect(notices).toEqual(['ok docs:done.delete {"count":1}', 'error remove {"folderIds":[],"fileIds":[8]} refused']);
  });

  it('leaves the folders being moved out of the target picker, not those being copied', async () => {
    const { page } = await started();
    const rows = [{ kind: 'folder' as const, ...folder(1, null, 'Drawings') }];
    page.show({ kind: 'copy', rows });
    expect(page.movingIds).toEqual([]);
    page.show({ kind: 'move', rows });
    expect(page.movingIds).toEqual([1]);
  });
});
