import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, DataSourceOption, OptionImportResult } from '../../../src/core/contracts/follow-settings.ts';
import { TenantScope } from '../../../src/server/db/tenant-scope.ts';
import { listValueProblem } from '../../../src/server/modules/follow-settings/options.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { ownWorkspace } from './own-workspace.ts';
import { settingsClient } from './settings-client.ts';

// The demo's workspaces come with their lists: these rules start from a workspace without options.
const TOWER = 'NW-LISTS';

async function sheetOf(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('options');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function rowsOf(bytes: Buffer): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const rows: string[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as (string | number | null | undefined)[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
  return rows;
}

describe.each(testDialects())('data sources on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof settingsClient>;
  let admin: string;
  let bob: string;
  let harbor: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = settingsClient(t);
    await ownWorkspace(t, TOWER, ['admin', 'bob']);
    [admin, bob, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('harbor', HARBOR)]);
  });
  afterAll(() => t.close());

  const save = (input: Record<string, unknown>) => api.ok<DataSourceOption>('POST', 'option/save', admin, { workspaceCode: TOWER, ...input });
  const list = (source: string, retired = false) => api.ok<DataSourceOption[]>('GET', 'option/list', admin, { workspaceCode: TOWER, source, retired });

  it('every workspace has the built-in lists; an administrator adds one and renames it', async () => {
    const before = await api.ok<DataSource[]>('GET', 'dataSource/list', admin, { workspaceCode: TOWER });
    expect(before.map((s) => [s.key, s.builtIn, s.hierarchical])).toEqual([
      ['trade', true, false],
      ['location', true, true],
      ['company', true, false],
      ['costCode', true, true],
    ]);
    const added = await api.ok<DataSource>('POST', 'dataSource/save', admin, { workspaceCode: TOWER, key: 'weather', name: { en: 'Weather', 'zh-CN': '天气' } });
    expect(added).toMatchObject({ key: 'weather', builtIn: false, hierarchical: false, optionCount: 0, name: { en: 'Weather', 'zh-CN': '天气' } });
    const renamed = await api.ok<DataSource>('POST', 'dataSource/save', admin, { workspaceCode: TOWER, key: 'weather', name: 'Site weather' });
    expect(renamed.name).toBe('Site weather');
    expect((await api.call('POST', 'dataSource/save', admin, { workspaceCode: TOWER, key: 'trade', name: 'Mine' })).status).toBe(409);
    expect((await api.call('POST', 'dataSource/delete', admin, { workspaceCode: TOWER, key: 'trade' })).status).toBe(409);
    // Another workspace's lists are its own.
    const hq = await api.ok<DataSource[]>('GET', 'dataSource/list', admin, { workspaceCode: 'NW-HQ' });
    expect(hq.some((s) => s.key === 'weather')).toBe(false);
    await save({ source: 'weather', code: 'RAIN', label: 'Rain' });
    await api.ok('POST', 'dataSource/delete', admin, { workspaceCode: TOWER, key: 'weather' });
    expect((await api.call('GET', 'option/list', admin, { workspaceCode: TOWER, source: 'weather' })).status).toBe(404);
  });

  it('locations form a tree: children under their parent, paths named, no loops, no parents in a flat list', async () => {
    const tower = await save({ source: 'location', code: 'T1', label: { en: 'Tower 1', 'zh-CN': '一号塔楼' }, sort: 1 });
    const podium = await save({ source: 'location', code: 'P', label: 'Podium', sort: 2 });
    const level2 = await save({ source: 'location', code: 'T1-L2', label: 'Level 2', parentId: tower.id, sort: 2 });
    const level1 = await save({ source: 'location', code: 'T1-L1', label: 'Level 1', parentId: tower.id, sort: 1 });
    const room = await save({ source: 'location', code: 'T1-L2-201', label: 'Room 201', parentId: level2.id });
    expect(room.path).toEqual([{ en: 'Tower 1', 'zh-CN': '一号塔楼' }, 'Level 2']);
    expect((await list('location')).map((o) => o.code)).toEqual(['T1', 'T1-L1', 'T1-L2', 'T1-L2-201', 'P']);

    // Under itself or below itself: refused.
    const loop = await api.call('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'location', id: tower.id, revision: tower.revision, code: 'T1', label: 'Tower 1', parentId: room.id });
    expect(loop.status).toBe(400);
    expect(loop.body.message).toMatch(/under itself/);
    // A parent of another list is not a parent here.
    const trade = await save({ source: 'trade', code: 'ELEC', label: 'Electrical' });
    expect((await api.call('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'location', code: 'X', label: 'X', parentId: trade.id })).status).toBe(400);
    // A flat list takes no parents.
    const flat = await api.call('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'trade', code: 'ELEC-LV', label: 'Low voltage', parentId: trade.id });
    expect(flat.status).toBe(400);
    expect(flat.body.message).toMatch(/not hierarchical/);
    // Codes are unique in a list.
    expect((await api.call('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'location', code: 'P', label: 'Again' })).status).toBe(409);

    // Moving a subtree: Level 1 goes under the podium with what is below it.
    const moved = await save({ source: 'location', id: level1.id, revision: level1.revision, code: 'T1-L1', label: 'Level 1', parentId: podium.id });
    expect(moved.path).toEqual(['Podium']);
    // A stale revision answers 409.
    const stale = await api.call('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'location', id: level1.id, revision: level1.revision, code: 'T1-L1', label: 'Level one' });
    expect(stale.status).toBe(409);
  });

  it('retiring an option retires what is below it; retired options are not offered but stay readable', async () => {
    const options = await list('location');
    const tower = options.find((o) => o.code === 'T1')!;
    await api.ok('POST', 'option/retire', admin, { workspaceCode: TOWER, source: 'location', ids: [tower.id], retired: true });
    expect((await list('location')).map((o) => o.code)).toEqual(['P', 'T1-L1']);
    const all = await list('location', true);
    expect(all.filter((o) => o.retired).map((o) => o.code)).toEqual(['T1', 'T1-L2', 'T1-L2-201']);
    // A child cannot come back while its parent stays retired; with its parent it can.
    const room = all.find((o) => o.code === 'T1-L2-201')!;
    const level2 = all.find((o) => o.code === 'T1-L2')!;
    expect((await api.call('POST', 'option/retire', admin, { workspaceCode: TOWER, source: 'location', ids: [room.id], retired: false })).status).toBe(400);
    // Nothing new goes under a retired option.
    expect((await api.call('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'location', code: 'T1-L3', label: 'Level 3', parentId: tower.id })).status).toBe(400);
    await api.ok('POST', 'option/retire', admin, { workspaceCode: TOWER, source: 'location', ids: [tower.id, level2.id], retired: false });
    expect((await list('location')).map((o) => o.code)).toEqual(['T1', 'T1-L2', 'P', 'T1-L1']);
  });

  it('an option with options below it is deleted only with them; options not in use are deleted', async () => {
    const options = await list('location', true);
    const id = (code: string) => options.find((o) => o.code === code)!.id;
    const refused = await api.call('POST', 'option/delete', admin, { workspaceCode: TOWER, source: 'location', ids: [id('T1')] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/below it/);
    await api.ok('POST', 'option/delete', admin, { workspaceCode: TOWER, source: 'location', ids: [id('T1'), id('T1-L2'), id('T1-L2-201')] });
    expect((await list('location', true)).map((o) => o.code)).toEqual(['P', 'T1-L1']);
    const usage = await api.ok<{ inUse: boolean; followUps: number }>('GET', 'option/usage', admin, { workspaceCode: TOWER, source: 'location', id: id('P') });
    expect(usage).toMatchObject({ inUse: false, followUps: 0 });
  });

  it('the option sheet exports and imports again unchanged, adds and changes by code, and refuses a bad file whole', async () => {
    await save({ source: 'costCode', code: '03', label: { en: 'Concrete', ar: 'خرسانة' }, sort: 3 });
    const concrete = (await list('costCode')).find((o) => o.code === '03')!;
    await save({ source: 'costCode', code: '03-30', label: 'Cast-in-place', parentId: concrete.id });
    await save({ source: 'costCode', code: '05', label: 'Metals', sort: 5 });
    const before = await list('costCode', true);
    const exported = await api.exportSheet(admin, TOWER, 'costCode');
    expect(exported.status).toBe(200);
    expect(exported.disposition).toMatch(/costCode-\d{8}\.xlsx/);
    const rows = await rowsOf(exported.bytes);
    expect(rows[0]).toEqual(['code', 'parentCode', 'label', 'label.en', 'label.zh-CN', 'label.ar', 'sort', 'retired']);
    expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([['03', ''], ['03-30', '03'], ['05', '']]);

    // Round trip: nothing changes.
    const again = await api.importSheet(admin, { workspaceCode: TOWER, source: 'costCode' }, exported.bytes);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ created: 0, updated: 0, unchanged: 3, refused: [] } satisfies OptionImportResult);
    expect(await list('costCode', true)).toEqual(before);

    // New codes are added (a parent later in the sheet is fine), known ones changed.
    const changes = await sheetOf([
      ['Code', 'ParentCode', 'Label', 'Sort', 'Retired'],
      ['05-12', '05', 'Structural steel', 1, 'no'],
      ['03', '', 'Concrete works', 3, ''],
      ['09', '', 'Finishes', 9, 'yes'],
    ]);
    const applied = await api.importSheet(admin, { workspaceCode: TOWER, source: 'costCode' }, changes);
    expect(applied.body.data).toEqual({ created: 2, updated: 1, unchanged: 0, refused: [] });
    const after = await list('costCode', true);
    expect(after.map((o) => [o.code, o.retired])).toEqual([['03', false], ['03-30', false], ['05', false], ['05-12', false], ['09', true]]);
    expect(after.find((o) => o.code === '03')!.label).toBe('Concrete works');

    // One bad row refuses the file: each bad row named with its number and why, nothing stored.
    const bad = await sheetOf([
      ['code', 'parentCode', 'label', 'sort'],
      ['10', '', 'Specialties', 10],
      ['11', 'NOPE', 'Equipment', 11],
      ['', '', 'No code', 1],
      ['10', '', 'Twice', 1],
      ['12', '', '<b>x</b>', 1],
      ['13', '', 'Furnishings', 'soon'],
    ]);
    const refused = await api.importSheet(admin, { workspaceCode: TOWER, source: 'costCode' }, bad);
    expect(refused.status).toBe(200);
    const result = refused.body.data as OptionImportResult;
    expect(result.created).toBe(0);
    expect(result.refused.map((r) => [r.row, r.field])).toEqual([
      [4, 'code'],
      [5, 'code'],
      [6, 'label'],
      [7, 'sort'],
    ]);
    // Parent codes are checked once the rows are read: a second file with only that problem.
    const orphan = await api.importSheet(admin, { workspaceCode: TOWER, source: 'costCode' }, await sheetOf([['code', 'parentCode', 'label'], ['10', '', 'Specialties'], ['11', 'NOPE', 'Equipment']]));
    expect((orphan.body.data as OptionImportResult).refused).toEqual([{ row: 3, field: 'parentCode', message: expect.stringMatching(/NOPE/) }]);
    // A loop made by the file is refused too.
    const loop = await api.importSheet(admin, { workspaceCode: TOWER, source: 'costCode' }, await sheetOf([['code', 'parentCode', 'label'], ['03', '03-30', 'Concrete']]));
    expect((loop.body.data as OptionImportResult).refused).toEqual([{ row: 2, field: 'parentCode', message: expect.stringMatching(/under itself/) }]);
    expect(await list('costCode', true)).toEqual(after);

    // Unknown columns, a flat list given parents, and not a workbook at all.
    const unknown = await api.importSheet(admin, { workspaceCode: TOWER, source: 'costCode' }, await sheetOf([['code', 'colour'], ['1', 'red']]));
    expect((unknown.body.data as OptionImportResult).refused).toEqual([{ row: 1, field: 'colour', message: expect.any(String) }]);
    const flat = await api.importSheet(admin, { workspaceCode: TOWER, source: 'trade' }, await sheetOf([['code', 'parentCode', 'label'], ['LV', 'ELEC', 'Low voltage']]));
    expect((flat.body.data as OptionImportResult).refused).toEqual([{ row: 2, field: 'parentCode', message: expect.stringMatching(/not hierarchical/) }]);
    const garbage = await api.importSheet(admin, { workspaceCode: TOWER, source: 'trade' }, Buffer.from('not a workbook'));
    expect(garbage.status).toBe(400);
  });

  it('a follow-up field takes a code its list offers, keeps one it had, and any text while the list is empty', async () => {
    const db = t.app.services.db;
    const workspace = await db.selectFrom('workspace').select(['id', 'tenant_id']).where('code', '=', TOWER).executeTakeFirstOrThrow();
    const scope = new TenantScope(db, workspace.tenant_id);
    const check = (source: string, value: string | null, previous: string | null = null) => listValueProblem(scope, workspace.id, source, value, previous);
    const elec = (await list('trade')).find((o) => o.code === 'ELEC')!;
    expect(await check('trade', 'ELEC')).toBeNull();
    expect(await check('trade', null)).toBeNull();
    expect(await check('trade', 'Plumbing')).toMatch(/not an option of the trade list/);
    expect(await check('company', 'Anyone Ltd')).toBeNull();
    await api.ok('POST', 'option/retire', admin, { workspaceCode: TOWER, source: 'trade', ids: [elec.id], retired: true });
    expect(await check('trade', 'ELEC')).toMatch(/retired/);
    expect(await check('trade', 'ELEC', 'ELEC')).toBeNull();
    // Another tenant's scope finds no list there: free text, as for a workspace without options.
    expect(await listValueProblem(new TenantScope(db, workspace.tenant_id + 1000), workspace.id, 'trade', 'Plumbing')).toBeNull();
    await api.ok('POST', 'option/retire', admin, { workspaceCode: TOWER, source: 'trade', ids: [elec.id], retired: false });
  });

  it('members read the lists; only follow:settings changes them; another tenant and another workspace see nothing', async () => {
    expect((await api.call('GET', 'option/list', bob, { workspaceCode: TOWER, source: 'location' })).status).toBe(200);
    expect((await api.call('POST', 'option/save', bob, { workspaceCode: TOWER, source: 'trade', code: 'MECH', label: 'Mechanical' })).status).toBe(403);
    expect((await api.importSheet(bob, { workspaceCode: TOWER, source: 'trade' }, await sheetOf([['code', 'label'], ['M', 'M']]))).status).toBe(403);
    expect((await api.call('GET', 'option/list', harbor, { workspaceCode: TOWER, source: 'location' })).status).toBe(404);
    expect((await api.call('POST', 'option/save', harbor, { workspaceCode: TOWER, source: 'trade', code: 'MECH', label: 'Mechanical' })).status).toBe(404);
    expect((await api.exportSheet(harbor, TOWER, 'trade')).status).toBe(404);
    // Bad input names the field.
    const bad = await api.call('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'trade', code: ' spaced ', label: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/code/);
  });
});
