import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocAddResult, DocFile, DocFolder, DocListResult, DocTrashEntry, DocTree, DocVersion, DocWorkspace } from '../../../src/core/contracts/documents.ts';
import type { FileInfo } from '../../../src/core/contracts/files.ts';
import { roleByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { unzip } from '../../helpers/zip.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const DOC = '/proptech_allplan/doc';
const TOWER = 'NW-TOWER';
const pdf = (text: string) => Buffer.from(`%PDF-1.7\n% ${text}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

describe.each(testDialects())('document library on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob, carol] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
      t.signIn('carol', HARBOR),
    ]);
  });
  afterAll(() => t.close());

  const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) =>
    method === 'GET'
      ? t.call<T>(method, `${DOC}/${path}`, { token, query: body as Record<string, string | number> })
      : t.call<T>(method, `${DOC}/${path}`, { token, body });
  const ok = async <T = unknown>(method: string, path: string, token: string, body?: unknown) => {
    const result = await call<T>(method, path, token, body);
    expect(result.status, `${path}: ${result.body.message}`).toBe(200);
    expect(result.body.success).toBe(true);
    return result.body.data;
  };
  const upload = (name: string, bytes: Buffer, token = alice): Promise<FileInfo> => uploadedFile(t.url, token, name, bytes);
  const add = async (folderId: number | null, files: [string, Buffer][], token = alice) => {
    const uploads = [];
    for (const [name, bytes] of files) uploads.push(await upload(name, bytes, token));
    return ok<DocAddResult>('POST', 'file/add', token, { workspaceCode: TOWER, folderId, fileIds: uploads.map((u) => u.fileId) });
  };
  const list = (folderId: number | null, token = alice, extra: Record<string, unknown> = {}) =>
    ok<DocListResult>('POST', 'list', token, { workspaceCode: TOWER, folderId, ...extra });
  const folder = (name: string, parentId: number | null = null, token = alice) =>
    ok<DocFolder>('POST', 'folder/create', token, { workspaceCode: TOWER, parentId, name });
  const download = async (id: number, token: string, version?: number) => {
    const query = new URLSearchParams({ id: String(id), ...(version ? { version: String(version) } : {}) });
    return fetch(`${t.url}/api${DOC}/file/download?${query}`, { headers: { token } });
  };
  const bytesOf = async (id: number, token = alice, version?: number) => Buffer.from(await (await download(id, token, version)).arrayBuffer());

  it('offers the workspaces the caller belongs to; another workspace answers 404', async () => {
    expect((await ok<DocWorkspace[]>('GET', 'workspaces', alice)).map((w) => w.code).sort()).toEqual(['NW-HQ', 'NW-TOWER']);
    expect((await ok<DocWorkspace[]>('GET', 'workspaces', bob)).map((w) => w.code)).toEqual(['NW-TOWER']);
    expect((await call('GET', 'tree', bob, { workspaceCode: 'NW-HQ' })).status).toBe(404);
    const tree = await ok<DocTree>('GET', 'tree', alice, { workspaceCode: TOWER });
    expect(tree).toMatchObject({ workspace: { code: TOWER }, rootAccess: 'manage', folders: [] });
    expect((await ok<DocTree>('GET', 'tree', bob, { workspaceCode: TOWER })).rootAccess).toBe('view');
  });

  it('creates folders with names checked on the server; a taken name is a conflict', async () => {
    const contracts = await folder('Contracts');
    await folder('Signed', contracts.id);
    const taken = await call('POST', 'folder/create', alice, { workspaceCode: TOWER, parentId: null, name: 'contracts' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('"contracts" is already in the top folder');
    for (const name of ['a/b', '..', '  ', 'x\u0007y', '']) {
      const bad = await call('POST', 'folder/create', alice, { workspaceCode: TOWER, parentId: null, name });
      expect(bad.status, name).toBe(400);
      expect(bad.body.message).toContain('name');
    }
    const extra = await call('POST', 'folder/create', alice, { workspaceCode: TOWER, parentId: null, name: 'X', color: 'red' });
    expect(extra.status).toBe(400);
    // A viewer may look, not add.
    expect((await call('POST', 'folder/create', bob, { workspaceCode: TOWER, parentId: null, name: 'Mine' })).status).toBe(403);
    const tree = await ok<DocTree>('GET', 'tree', bob, { workspaceCode: TOWER });
    expect(tree.folders.map((f) => f.name)).toEqual(['Contracts', 'Signed']);
    expect(tree.folders.every((f) => f.access === 'view')).toBe(true);
  });

  it('adds uploads to a folder, lists them, and gives the bytes back; a same-named upload becomes a new version', async () => {
    const drawings = await folder('Drawings');
    const first = await add(drawings.id, [
      ['Level 1.pdf', pdf('level 1 v1')],
      ['Level 2.pdf', pdf('level 2')],
    ]);
    expect(first.newVersions).toEqual([]);
    expect(first.files.map((f) => [f.name, f.type, f.version])).toEqual([
      ['Level 1.pdf', 'pdf', 1],
      ['Level 2.pdf', 'pdf', 1],
    ]);
    const again = await add(drawings.id, [['level 1.PDF', pdf('level 1 v2')]]);
    expect(again.newVersions).toEqual(['Level 1.pdf']);
    const level1 = again.files[0]!;
    expect(level1).toMatchObject({ name: 'Level 1.pdf', version: 2, updatedBy: 'Alice Chen' });

    const listed = await list(drawings.id, bob);
    expect(listed.total).toBe(2);
    expect(listed.files.map((f) => f.name)).toEqual(['Level 1.pdf', 'Level 2.pdf']);
    expect((await bytesOf(level1.id, bob)).equals(pdf('level 1 v2'))).toBe(true);
    expect((await bytesOf(level1.id, bob, 1)).equals(pdf('level 1 v1'))).toBe(true);
    const response = await download(level1.id, alice);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toContain('Level%201.pdf');

    const versions = await ok<DocVersion[]>('GET', 'file/versions', bob, { id: level1.id });
    expect(versions.map((v) => [v.version, v.current, v.createdBy])).toEqual([
      [2, true, 'Alice Chen'],
      [1, false, 'Alice Chen'],
    ]);
    // Restoring version 1 adds it again as version 3.
    expect((await call('POST', 'file/version/restore', bob, { id: level1.id, version: 1 })).status).toBe(403);
    await ok('POST', 'file/version/restore', alice, { id: level1.id, version: 1 });
    expect((await bytesOf(level1.id)).equals(pdf('level 1 v1'))).toBe(true);
    expect((await ok<DocVersion[]>('GET', 'file/versions', alice, { id: level1.id }))[0]).toMatchObject({ version: 3, current: true });

    // A new version by upload must keep the type.
    const png = await upload('photo.png', Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082', 'hex'));
    const wrongType = await call('POST', 'file/version/add', alice, { id: level1.id, fileId: png.fileId });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toContain('must be a .pdf file');
    const v4 = await upload('anything.pdf', pdf('level 1 v4'));
    // Bob cannot add a version, nor use an upload that is not his.
    expect((await call('POST', 'file/version/add', bob, { id: level1.id, fileId: v4.fileId })).status).toBe(403);
    await ok('POST', 'file/version/add', alice, { id: level1.id, fileId: v4.fileId });
    expect((await bytesOf(level1.id)).equals(pdf('level 1 v4'))).toBe(true);

    // Adding someone else's upload is refused.
    const bobsUpload = await upload('bob.pdf', pdf('bob'), bob);
    const foreign = await call('POST', 'file/add', alice, { workspaceCode: TOWER, folderId: drawings.id, fileIds: [bobsUpload.fileId] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toContain('fileIds');
    expect((await call('POST', 'file/add', bob, { workspaceCode: TOWER, folderId: drawings.id, fileIds: [bobsUpload.fileId] })).status).toBe(403);
  });

  it('renames, moves and copies, keeping names unique in each folder', async () => {
    const a = await folder('Rename A');
    const b = await folder('Rename B');
    const [doc] = (await add(a.id, [['Spec.pdf', pdf('spec')]])).files as [DocFile];
    const changedType = await call('POST', 'file/rename', alice, { id: doc.id, name: 'Spec.docx' });
    expect(changedType.status).toBe(400);
    await ok('POST', 'file/rename', alice, { id: doc.id, name: 'Specification.pdf' });
    expect((await call('POST', 'file/rename', bob, { id: doc.id, name: 'Bob.pdf' })).status).toBe(403);
    await ok('POST', 'folder/rename', alice, { id: a.id, name: 'Renamed A' });

    await add(b.id, [['Specification.pdf', pdf('other spec')]]);
    const clash = await call('POST', 'move', alice, { folderIds: [], fileIds: [doc.id], targetId: b.id });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toContain('Specification.pdf');

    // Copying makes "Specification (2).pdf" beside the one there, with the same bytes.
    await ok('POST', 'copy', alice, { folderIds: [], fileIds: [doc.id], targetId: b.id });
    const inB = await list(b.id);
    expect(inB.files.map((f) => f.name)).toEqual(['Specification (2).pdf', 'Specification.pdf']);
    expect((await bytesOf(inB.files[0]!.id)).equals(pdf('spec'))).toBe(true);

    // A folder moves into another, not into itself.
    const inside = await call('POST', 'move', alice, { folderIds: [a.id], fileIds: [], targetId: a.id });
    expect(inside.status).toBe(400);
    await ok('POST', 'move', alice, { folderIds: [a.id], fileIds: [], targetId: b.id });
    expect((await list(b.id)).folders.map((f) => f.name)).toEqual(['Renamed A']);
    // A folder copied with what it holds.
    await ok('POST', 'copy', alice, { folderIds: [a.id], fileIds: [], targetId: null });
    const top = await list(null);
    const copied = top.folders.find((f) => f.name === 'Renamed A')!;
    expect((await list(copied.id)).files.map((f) => f.name)).toEqual(['Specification.pdf']);
    expect((await call('POST', 'move', bob, { folderIds: [], fileIds: [doc.id], targetId: null })).status).toBe(403);
  });

  it('searches by name and type across the folders the caller may see, with their paths', async () => {
    const site = await folder('Site photos');
    await add(site.id, [['Facade north.pdf', pdf('facade')]]);
    const found = await list(null, bob, { keyword: 'FACADE' });
    expect(found.files.map((f) => f.name)).toEqual(['Facade north.pdf']);
    expect(found.folders).toEqual([]);
    expect(found.paths?.[String(site.id)]).toBe('Site photos');
    const pdfs = await list(null, alice, { typeGroup: 'pdf', pageSize: 100 });
    expect(pdfs.total).toBeGreaterThan(3);
    expect(pdfs.files.every((f) => f.type === 'pdf')).toBe(true);
    expect((await list(null, alice, { typeGroup: 'model' })).total).toBe(0);
    // LIKE wildcards are searched for as they are.
    expect((await list(null, alice, { keyword: '%' })).total).toBe(0);
    const bad = await call('POST', 'list', alice, { workspaceCode: TOWER, folderId: null, typeGroup: 'spreadsheet' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('typeGroup');
  });

  it('deletes to the recycle bin, restores, and empties it for good', async () => {
    const bin = await folder('Bin test');
    const inner = await folder('Inner', bin.id);
    const { files } = await add(inner.id, [['Old.pdf', pdf('old')]]);
    const [loose] = (await add(null, [['Loose.pdf', pdf('loose')]])).files as [DocFile];
    expect((await call('POST', 'delete', bob, { folderIds: [bin.id], fileIds: [] })).status).toBe(403);
    await ok('POST', 'delete', alice, { folderIds: [bin.id], fileIds: [loose.id] });
    expect((await list(null)).folders.some((f) => f.name === 'Bin test')).toBe(false);
    expect((await call('POST', 'list', alice, { workspaceCode: TOWER, folderId: inner.id })).status).toBe(404);
    expect((await download(files[0]!.id, alice)).status).toBe(404);
    expect((await list(null, alice, { keyword: 'Old' })).total).toBe(0);

    const trash = await ok<DocTrashEntry[]>('GET', 'trash', alice, { workspaceCode: TOWER });
    // The folder shows, not what is inside it.
    expect(trash.map((e) => [e.kind, e.name, e.deletedBy]).sort()).toEqual([
      ['file', 'Loose.pdf', 'Alice Chen'],
      ['folder', 'Bin test', 'Alice Chen'],
    ]);
    expect(await ok<DocTrashEntry[]>('GET', 'trash', bob, { workspaceCode: TOWER })).toEqual([]);

    // A name taken meanwhile: the restored folder becomes "Bin test (2)".
    await folder('Bin test');
    await ok('POST', 'trash/restore', alice, { folderIds: [bin.id], fileIds: [] });
    const restored = (await list(null)).folders.find((f) => f.id === bin.id)!;
    expect(restored.name).toBe('Bin test (2)');
    expect((await bytesOf(files[0]!.id)).equals(pdf('old'))).toBe(true);

    await ok('POST', 'trash/purge', alice, { folderIds: [], fileIds: [loose.id] });
    expect(await ok<DocTrashEntry[]>('GET', 'trash', alice, { workspaceCode: TOWER })).toEqual([]);
    expect((await call('POST', 'trash/restore', alice, { folderIds: [], fileIds: [loose.id] })).status).toBe(404);
  });

  it('zips chosen documents and folders with their paths', async () => {
    const pack = await folder('Handover');
    const sub = await folder('Manuals', pack.id);
    await add(pack.id, [['Index.pdf', pdf('index')]]);
    await add(sub.id, [['Pump.pdf', pdf('pump')]]);
    const [single] = (await add(null, [['Cover.pdf', pdf('cover')]])).files as [DocFile];
    const response = await fetch(`${t.url}/api${DOC}/downloadZip`, {
      method: 'POST',
      headers: { token: bob, 'content-type': 'application/json' },
      body: JSON.stringify({ folderIds: [pack.id], fileIds: [single.id], zipName: 'handover' }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toContain('handover.zip');
    const entries = await unzip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].sort()).toEqual(['Cover.pdf', 'Handover/Index.pdf', 'Handover/Manuals/Pump.pdf']);
    expect(entries.get('Handover/Manuals/Pump.pdf')!.equals(pdf('pump'))).toBe(true);
  });

  it('closes a folder to the roles it names, on every call', async () => {
    const board = await folder('Board minutes');
    const [minutes] = (await add(board.id, [['Minutes.pdf', pdf('minutes')]])).files as [DocFile];
    const member = await roleByCode(t, admin, 'member');
    const viewer = await roleByCode(t, admin, 'viewer');
    expect((await call('POST', 'folder/grants', bob, { id: board.id, grants: [] })).status).toBe(403);
    await ok('POST', 'folder/grants', alice, { id: board.id, grants: [{ roleId: member.id, access: 'manage' }] });
    expect(await ok('GET', 'folder/grants', alice, { id: board.id })).toEqual([{ roleId: member.id, access: 'manage' }]);

    // Bob's role is not named: the folder and what it holds are not there for him.
    expect((await ok<DocTree>('GET', 'tree', bob, { workspaceCode: TOWER })).folders.some((f) => f.id === board.id)).toBe(false);
    expect((await call('POST', 'list', bob, { workspaceCode: TOWER, folderId: board.id })).status).toBe(404);
    expect((await download(minutes.id, bob)).status).toBe(404);
    expect((await list(null, bob, { keyword: 'Minutes' })).total).toBe(0);
    expect((await call('GET', 'file/versions', bob, { id: minutes.id })).status).toBe(404);
    const zip = await call('POST', 'downloadZip', bob, { folderIds: [board.id], fileIds: [] });
    expect(zip.status).toBe(404);
    const tree = await ok<DocTree>('GET', 'tree', alice, { workspaceCode: TOWER });
    expect(tree.folders.find((f) => f.id === board.id)).toMatchObject({ restricted: true, access: 'manage' });

    // Named with view: Bob sees it, and may still only look.
    await ok('POST', 'folder/grants', alice, {
      id: board.id,
      grants: [
        { roleId: member.id, access: 'manage' },
        { roleId: viewer.id, access: 'view' },
      ],
    });
    expect((await bytesOf(minutes.id, bob)).equals(pdf('minutes'))).toBe(true);
    expect((await call('POST', 'folder/create', bob, { workspaceCode: TOWER, parentId: board.id, name: 'Bob' })).status).toBe(403);
    // Named with upload: Bob may add, but not delete.
    await ok('POST', 'folder/grants', alice, {
      id: board.id,
      grants: [
        { roleId: member.id, access: 'manage' },
        { roleId: viewer.id, access: 'upload' },
      ],
    });
    await add(board.id, [['Agenda.pdf', pdf('agenda')]], bob);
    expect((await call('POST', 'delete', bob, { folderIds: [], fileIds: [minutes.id] })).status).toBe(403);
    // A role of another tenant, or none, is refused by name.
    const unknownRole = await call('POST', 'folder/grants', alice, { id: board.id, grants: [{ roleId: 999999, access: 'view' }] });
    expect(unknownRole.status).toBe(400);
    expect(unknownRole.body.message).toContain('grants');
    const badAccess = await call('POST', 'folder/grants', alice, { id: board.id, grants: [{ roleId: viewer.id, access: 'owner' }] });
    expect(badAccess.status).toBe(400);
  });

  it('keeps tenants apart: another tenant sees none of it', async () => {
    const secret = await folder('Tenant secret');
    const [doc] = (await add(secret.id, [['Secret.pdf', pdf('secret')]])).files as [DocFile];
    expect((await call('GET', 'tree', carol, { workspaceCode: TOWER })).status).toBe(404);
    expect((await download(doc.id, carol)).status).toBe(404);
    expect((await call('POST', 'folder/rename', carol, { id: secret.id, name: 'Mine' })).status).toBe(404);
    expect((await call('POST', 'delete', carol, { folderIds: [], fileIds: [doc.id] })).status).toBe(404);
    expect((await call('GET', 'file/versions', carol, { id: doc.id })).status).toBe(404);
    // Harbor's own library knows nothing of it.
    const harborSpaces = await ok<DocWorkspace[]>('GET', 'workspaces', carol);
    const harborList = await ok<DocListResult>('POST', 'list', carol, { workspaceCode: harborSpaces[0]!.code, folderId: null, keyword: 'Secret' });
    expect(harborList.total).toBe(0);
    // Nor may Harbor add Northwind's stored file to its own library.
    const stolen = await call('POST', 'file/add', carol, { workspaceCode: harborSpaces[0]!.code, folderId: null, fileIds: [doc.fileId] });
    expect(stolen.status).toBe(400);
  });
});
