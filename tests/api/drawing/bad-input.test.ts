import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawingUpload, DrawingUploadEvent, RevisionPage } from '../../../src/core/contracts/drawings.ts';
import { demoDxf, demoSheetSetPdf } from '../../../src/server/seed/demo/drawings-files.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadFile, uploadedFile } from '../../helpers/file-uploads.ts';
import { openNotifyStream } from '../../helpers/notify-stream.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { corruptPdf, drawingClient, encryptedPdf } from './drawing-client.ts';

const TOWER = 'NW-TOWER';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe.each(testDialects())('drawing uploads of bad files on %s', (dialect) => {
  let t: TestApp;
  let alice: string;
  let admin: string;
  let api: ReturnType<typeof drawingClient>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = drawingClient(t);
    [alice, admin] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('admin', NORTHWIND)]);
  });
  afterAll(() => t.close());

  it('fails each bad file of a batch with its name and reason, stores nothing of it, and lets the rest of the batch through', async () => {
    const revisionsBefore = await t.app.services.db.selectFrom('drawing_revision').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    const stream = await openNotifyStream(t.url, alice);
    await stream.waitFor(1);
    const good = await demoSheetSetPdf([{ number: 'P-301', title: 'Drainage plan', project: 'Tower', scale: '1:100', revision: 'A', date: '2026-11-20' }]);
    const uploads = await api.upload(alice, TOWER, [
      ['corrupt.pdf', corruptPdf()],
      ['locked.pdf', encryptedPdf()],
      ['drainage.pdf', good],
      ['notes.dxf', new TextEncoder().encode('meeting notes, not a drawing\n')],
      ['readme.txt', new TextEncoder().encode('a text file')],
      ['vent.dxf', new TextEncoder().encode(demoDxf({ number: 'M-610', title: 'Ventilation', project: 'Tower', scale: '1:100', revision: 'A' }))],
    ]);
    // The uploader's event stream told each change: progress, then the end with its problem.
    const pushedNow = () => stream.events.filter((e) => e.event === 'drawingUpload').map((e) => e.data as DrawingUploadEvent);
    // The push follows the row's change by a moment.
    for (let i = 0; i < 50 && pushedNow().filter((e) => e.status === 'done' || e.status === 'failed').length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    stream.close();
    const pushed = pushedNow();
    expect(pushed.every((e) => e.workspaceCode === TOWER)).toBe(true);
    const last = (name: string) => pushed.filter((e) => e.fileName === name).at(-1);
    expect(last('drainage.pdf')).toMatchObject({ status: 'done', progress: 1 });
    expect(last('locked.pdf')).toMatchObject({ status: 'failed', problem: { code: 'encrypted', fileName: 'locked.pdf' } });
    expect(pushed.some((e) => e.fileName === 'drainage.pdf' && e.status === 'running')).toBe(true);
    const byName = Object.fromEntries(uploads.map((u) => [u.fileName, u]));
    expect(byName['corrupt.pdf']).toMatchObject({ status: 'failed', revisionIds: [], problem: { code: 'corrupt', fileName: 'corrupt.pdf' } });
    expect(byName['locked.pdf']).toMatchObject({ status: 'failed', revisionIds: [], problem: { code: 'encrypted', fileName: 'locked.pdf' } });
    expect(byName['notes.dxf']).toMatchObject({ status: 'failed', problem: { code: 'corrupt', fileName: 'notes.dxf' } });
    expect(byName['readme.txt']).toMatchObject({ status: 'failed', problem: { code: 'unsupportedType', fileName: 'readme.txt' } });
    expect(byName['drainage.pdf']).toMatchObject({ status: 'done', problem: null });
    expect(byName['vent.dxf']).toMatchObject({ status: 'done', problem: null });
    const made = [...byName['drainage.pdf']!.revisionIds, ...byName['vent.dxf']!.revisionIds];
    expect(made).toHaveLength(2);
    const after = await t.app.services.db.selectFrom('drawing_revision').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n) - Number(revisionsBefore.n)).toBe(2);
    const pending = await api.ok<RevisionPage>('POST', 'revision/pending', admin, { workspaceCode: TOWER, page: 1, size: 100 });
    expect(pending.rows.filter((r) => made.includes(r.id)).map((r) => [r.number, r.kind])).toEqual([
      ['M-610', 'dxf'],
      ['P-301', 'pdf'],
    ]);
    // The failures stay listed for the uploader (the upload panel), newest first.
    const listed = await api.ok<DrawingUpload[]>('GET', 'upload/list', alice, { workspaceCode: TOWER });
    expect(listed.slice(0, 6).map((u) => u.fileName)).toEqual(['vent.dxf', 'readme.txt', 'notes.dxf', 'drainage.pdf', 'locked.pdf', 'corrupt.pdf']);
    expect(await api.ok<DrawingUpload[]>('GET', 'upload/list', admin, { workspaceCode: TOWER })).toEqual([]);
  });

  it('never takes a zero-byte file or a file whose bytes are not its extension: the file store refuses them by name', async () => {
    const empty = await uploadFile(t.url, alice, 'empty.pdf', Buffer.alloc(0));
    expect(empty.status).toBe(400);
    expect(empty.body.message).toMatch(/empty/);
    const disguised = await uploadFile(t.url, alice, 'plan.pdf', PNG);
    expect(disguised.status).toBe(400);
  });

  it('refuses files that are not the caller’s own uploads, and a set of another workspace', async () => {
    const hers = await uploadedFile(t.url, alice, 'hers.pdf', Buffer.from(await demoSheetSetPdf([])));
    expect((await api.call('POST', 'upload', admin, { workspaceCode: TOWER, fileIds: [hers.fileId] })).status).toBe(400);
    expect((await api.call('POST', 'upload', alice, { workspaceCode: TOWER, fileIds: ['AAAAAAAAAAAAAAAAAAAAAA'] })).status).toBe(400);
    expect((await api.call('POST', 'upload', alice, { workspaceCode: TOWER, fileIds: [] })).status).toBe(400);
    const hqSet = await api.ok<{ id: number }>('POST', 'set/save', alice, { workspaceCode: 'NW-HQ', name: 'HQ only' });
    expect((await api.call('POST', 'upload', alice, { workspaceCode: TOWER, setId: hqSet.id, fileIds: [hers.fileId] })).status).toBe(400);
  });
});
