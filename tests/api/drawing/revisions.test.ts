import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawingSet, RevisionDetail, RevisionPage, SheetDetail, SheetListResult } from '../../../src/core/contracts/drawings.ts';
import type { Markup } from '../../../src/core/drawings/markup.ts';
import { demoSheetSetPdf, type DemoSheet } from '../../../src/server/seed/demo/drawings-files.ts';
import { testDialects } from '../../helpers/databases.ts';
import { uploadedFile } from '../../helpers/file-uploads.ts';
import { rgbPng } from '../../helpers/png.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { drawingClient } from './drawing-client.ts';

const TOWER = 'NW-TOWER';
const sheet = (number: string, title: string, revision = 'A', changes = 0): DemoSheet => ({
  number,
  title,
  project: 'Northwind Tower fit-out',
  scale: '1:100',
  revision,
  date: '2026-11-20',
  changes,
});
const style = { color: '#d4380d', width: 2, opacity: 1, fill: null };

describe.each(testDialects())('drawing revisions on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  let api: ReturnType<typeof drawingClient>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = drawingClient(t);
    [admin, alice, bob, carol] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('carol', HARBOR)]);
  });
  afterAll(() => t.close());

  let set: DrawingSet;
  let firstA: number;
  let secondA: number;
  let firstB: number;
  let sheetId: number;
  let cloudId: number;

  it('reads each page of an uploaded set as a pending revision numbered and titled from its title block', async () => {
    set = await api.ok<DrawingSet>('POST', 'set/save', alice, { workspaceCode: TOWER, name: 'Tender 2026-11' });
    const pdf = await demoSheetSetPdf([sheet('A-901', 'Roof plan'), sheet('S-902', 'Roof steel framing')]);
    const [upload] = await api.upload(alice, TOWER, [['roof-set.pdf', pdf]], set.id);
    expect(upload).toMatchObject({ fileName: 'roof-set.pdf', status: 'done', progress: 1, problem: null });
    expect(upload!.revisionIds).toHaveLength(2);
    const pending = await api.ok<RevisionPage>('POST', 'revision/pending', admin, { workspaceCode: TOWER, page: 1, size: 50 });
    const mine = pending.rows.filter((r) => upload!.revisionIds.includes(r.id));
    expect(mine.map((r) => [r.number, r.title, r.discipline, r.label, r.status, r.kind, r.page, r.sheetId, r.setId, r.uploadedBy])).toEqual([
      ['A-901', 'Roof plan', 'A', 'A', 'pending', 'pdf', 1, null, set.id, 'Alice Chen'],
      ['S-902', 'Roof steel framing', 'S', 'A', 'pending', 'pdf', 2, null, set.id, 'Alice Chen'],
    ]);
    expect(mine[0]).toMatchObject({ readNumber: 'A-901', readTitle: 'Roof plan', width: 1190.55, height: 841.89, fileName: 'roof-set-p1.pdf' });
    [firstA, secondA] = mine.map((r) => r.id) as [number, number];
  });

  it('serves a revision page, its thumbnail and a range of it, with the token in the address too', async () => {
    const source = await fetch(`${t.url}/api/proptech_allplan/drawing/revision/file?id=${firstA}&part=source&token=${encodeURIComponent(alice)}`);
    expect(source.status).toBe(200);
    expect(source.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await source.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
    const thumbnail = await fetch(`${t.url}/api/proptech_allplan/drawing/revision/file?id=${firstA}&part=thumbnail`, { headers: { token: bob } });
    expect(thumbnail.headers.get('content-type')).toBe('image/png');
    expect([...new Uint8Array(await thumbnail.arrayBuffer()).subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]);
    const range = await fetch(`${t.url}/api/proptech_allplan/drawing/revision/file?id=${firstA}`, { headers: { token: alice, range: 'bytes=0-3' } });
    expect(range.status).toBe(206);
    expect(await range.text()).toBe('%PDF');
  });

  it('lets the uploader correct a pending revision, and only a releaser publish it into a sheet of the register', async () => {
    const corrected = await api.ok<RevisionDetail>('POST', 'revision/update', alice, {
      id: secondA,
      number: 's-902 ',
      title: '  Roof   steel framing and bracing ',
      discipline: 'S',
      label: 'a',
      setId: set.id,
    });
    expect(corrected.revision).toMatchObject({ number: 'S-902', title: 'Roof steel framing and bracing', label: 'A', readTitle: 'Roof steel framing' });
    expect((await api.call('POST', 'revision/publish', alice, { ids: [firstA, secondA] })).status).toBe(403);
    await api.ok('POST', 'revision/publish', admin, { ids: [firstA, secondA] });
    const list = await api.ok<SheetListResult>('POST', 'sheet/list', bob, { workspaceCode: TOWER, keyword: '-90', page: 1, size: 20 });
    expect(list.rows.map((r) => [r.number, r.title, r.setName, r.current?.label, r.current?.status, r.current?.publishedBy, r.revisionCount, r.pendingCount])).toEqual([
      ['A-901', 'Roof plan', 'Tender 2026-11', 'A', 'current', 'Ada Admin', 1, 0],
      ['S-902', 'Roof steel framing and bracing', 'Tender 2026-11', 'A', 'current', 'Ada Admin', 1, 0],
    ]);
    sheetId = list.rows[0]!.id;
    expect((await api.call('POST', 'revision/publish', admin, { ids: [firstA] })).status).toBe(409);
  });

  it('keeps markups drawn on a revision: published for everyone, personal for their author only, stale saves refused', async () => {
    const cloud = await api.ok<Markup>('POST', 'markup/save', admin, { revisionId: firstA, markup: { kind: 'cloud', points: [[100, 100], [300, 200]], style, visibility: 'published' } });
    expect(cloud).toMatchObject({ kind: 'cloud', revision: 1, sheetId, revisionId: firstA, authorName: 'Ada Admin', fromRevision: null });
    cloudId = cloud.id;
    const note = await api.ok<Markup>('POST', 'markup/save', bob, {
      revisionId: firstA,
      markup: { kind: 'text', points: [[40, 40]], style: { ...style, fontSize: 12 }, text: 'Ask about the parapet', visibility: 'personal' },
    });
    expect((await api.call('POST', 'markup/save', bob, { revisionId: firstA, markup: { kind: 'line', points: [[0, 0], [9, 9]], style, visibility: 'published' } })).status).toBe(403);
    const seenBy = async (token: string) => (await api.ok<Markup[]>('GET', 'markup/list', token, { revisionId: firstA })).map((m) => m.id);
    expect(await seenBy(bob)).toEqual([cloud.id, note.id]);
    expect(await seenBy(alice)).toEqual([cloud.id]);
    expect(await seenBy(admin)).toEqual([cloud.id]);
    // Nobody else changes or deletes a personal markup: to them it is not there.
    expect((await api.call('POST', 'markup/save', admin, { revisionId: firstA, markup: { id: note.id, revision: 1, kind: 'text', points: [[1, 1]], style: { ...style, fontSize: 12 }, text: 'x', visibility: 'personal' } })).status).toBe(404);
    expect((await api.call('POST', 'markup/delete', admin, { ids: [note.id] })).status).toBe(404);

    const moved = await api.ok<Markup>('POST', 'markup/save', alice, { revisionId: firstA, markup: { id: cloud.id, revision: 1, kind: 'cloud', points: [[110, 100], [310, 200]], style, visibility: 'published' } });
    expect(moved.revision).toBe(2);
    const stale = await api.call('POST', 'markup/save', admin, { revisionId: firstA, markup: { id: cloud.id, revision: 1, kind: 'cloud', points: [[0, 0], [5, 5]], style, visibility: 'published' } });
    expect(stale.status).toBe(409);
    const invalid = await api.call('POST', 'markup/save', admin, { revisionId: firstA, markup: { kind: 'stamp', points: [[0, 0], [5, 5]], style, visibility: 'published' } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.message).toMatch(/^markup/);
  });

  it('opens a published photo markup’s picture to every member, a personal one to its author only', async () => {
    const photo = (shade: number) => uploadedFile(t.url, alice, `site-${shade}.png`, rgbPng(4, 4, Buffer.alloc(48, shade)));
    const shared = await photo(40);
    const own = await photo(200);
    const save = (fileId: string, visibility: string) =>
      api.ok<Markup>('POST', 'markup/save', alice, { revisionId: firstA, markup: { kind: 'photo', points: [[60, 60]], style, photoFileId: fileId, visibility } });
    await save(shared.fileId, 'published');
    await save(own.fileId, 'personal');
    const read = async (fileId: string, token: string) => (await fetch(`${t.url}/api/proptech_filestore/file/${fileId}`, { headers: { token } })).status;
    expect(await read(shared.fileId, bob)).toBe(200);
    expect(await read(own.fileId, alice)).toBe(200);
    expect(await read(own.fileId, bob)).toBe(404);
    expect(await read(shared.fileId, carol)).toBe(404);
    // A revision's files by their store id: for members of the workspace.
    const detail = await t.app.services.db.selectFrom('drawing_revision').select(['thumbnail_file_id']).where('id', '=', firstA).executeTakeFirstOrThrow();
    expect(await read(detail.thumbnail_file_id!, bob)).toBe(200);
    expect(await read(detail.thumbnail_file_id!, carol)).toBe(404);
  });

  it('makes a new upload of an existing number its sheet’s next pending revision, and publishing it supersedes the current one', async () => {
    const [upload] = await api.upload(alice, TOWER, [['A-901 rev B.pdf', await demoSheetSetPdf([sheet('A-901', 'Roof plan', 'B', 2)])]]);
    expect(upload!.status).toBe('done');
    firstB = upload!.revisionIds[0]!;
    const detail = await api.ok<RevisionDetail>('GET', 'revision/get', bob, { id: firstB });
    expect(detail.revision).toMatchObject({ sheetId, number: 'A-901', label: 'B', status: 'pending', page: 1 });
    expect(detail.sheet?.pendingCount).toBe(1);
    // Markups of the sheet's earlier revisions show on the pending one too, flagged with their revision.
    const onPending = await api.ok<Markup[]>('GET', 'markup/list', bob, { revisionId: firstB });
    expect(onPending.filter((m) => m.kind !== 'photo').map((m) => [m.id, m.kind, m.fromRevision])).toEqual([
      [cloudId, 'cloud', 'A'],
      [onPending[1]!.id, 'text', 'A'],
    ]);

    await api.ok('POST', 'revision/publish', admin, { ids: [firstB] });
    const history = await api.ok<SheetDetail>('GET', 'sheet/get', bob, { id: sheetId });
    expect(history.sheet).toMatchObject({ number: 'A-901', revisionCount: 2, pendingCount: 0 });
    expect(history.sheet.current?.id).toBe(firstB);
    expect(history.revisions.map((r) => [r.label, r.status])).toEqual([
      ['B', 'current'],
      ['A', 'superseded'],
    ]);
    const onB = await api.ok<Markup[]>('GET', 'markup/list', alice, { revisionId: firstB });
    expect(onB.map((m) => [m.kind, m.visibility, m.fromRevision])).toEqual([
      ['cloud', 'published', 'A'],
      ['photo', 'published', 'A'],
      ['photo', 'personal', 'A'],
    ]);
    // The earlier revision shows only what was drawn up to it.
    await api.ok('POST', 'markup/save', alice, { revisionId: firstB, markup: { kind: 'arrow', points: [[5, 5], [60, 60]], style, visibility: 'published' } });
    const onA = await api.ok<Markup[]>('GET', 'markup/list', alice, { revisionId: firstA });
    expect(onA.map((m) => [m.kind, m.fromRevision])).toEqual([
      ['cloud', null],
      ['photo', null],
      ['photo', null],
    ]);
  });

  it('rejects a pending revision without removing it, and calibrates a revision for measuring', async () => {
    const [upload] = await api.upload(alice, TOWER, [['A-901 rev C.pdf', await demoSheetSetPdf([sheet('A-901', 'Roof plan', 'C', 3)])]]);
    const third = upload!.revisionIds[0]!;
    expect((await api.ok<RevisionDetail>('GET', 'revision/get', alice, { id: third })).revision.label).toBe('C');
    expect((await api.call('POST', 'revision/reject', alice, { ids: [third] })).status).toBe(403);
    await api.ok('POST', 'revision/reject', admin, { ids: [third] });
    const history = await api.ok<SheetDetail>('GET', 'sheet/get', alice, { id: sheetId });
    expect(history.revisions.map((r) => [r.label, r.status])).toEqual([
      ['C', 'rejected'],
      ['B', 'current'],
      ['A', 'superseded'],
    ]);
    expect(history.sheet.revisionCount).toBe(2);

    const calibration = { metresPerUnit: (0.0254 / 72) * 50, source: 'scale', scale: '1:50' };
    expect((await api.call('POST', 'revision/calibrate', bob, { id: firstB, calibration })).status).toBe(403);
    const calibrated = await api.ok<RevisionDetail>('POST', 'revision/calibrate', alice, { id: firstB, calibration });
    expect(calibrated.calibration).toEqual(calibration);
    expect((await api.call('POST', 'revision/calibrate', alice, { id: firstB, calibration: { metresPerUnit: -1, source: 'scale' } })).status).toBe(400);
  });

  it('moves a deleted sheet out of the register, keeps its rows, and frees its number', async () => {
    expect((await api.call('POST', 'sheet/delete', alice, { ids: [sheetId] })).status).toBe(403);
    await api.ok('POST', 'sheet/delete', admin, { ids: [sheetId] });
    expect((await api.call('GET', 'sheet/get', admin, { id: sheetId })).status).toBe(404);
    expect((await api.call('GET', 'revision/get', admin, { id: firstB })).status).toBe(404);
    const list = await api.ok<SheetListResult>('POST', 'sheet/list', admin, { workspaceCode: TOWER, keyword: 'A-901', page: 1, size: 20 });
    expect(list.total).toBe(0);
    const kept = await t.app.services.db.selectFrom('drawing_revision').select(['label', 'status']).where('sheet_id', '=', sheetId).orderBy('id').execute();
    expect(kept.map((r) => r.status)).toEqual(['superseded', 'current', 'rejected']);
    const events = await t.app.services.db.selectFrom('drawing_event').select(['action']).where('target_kind', '=', 'sheet').where('target_id', '=', sheetId).execute();
    expect(events.map((e) => e.action)).toEqual(['sheet.delete']);
    // Harbor sees none of it.
    expect((await api.call('GET', 'revision/get', carol, { id: firstA })).status).toBe(404);
  });
});
