import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RevisionPage, SheetListResult } from '../../../src/core/contracts/drawings.ts';
import { FOLLOW_SETTINGS_PREFIX, type DisciplineList, type ProjectSettings } from '../../../src/core/contracts/follow-settings.ts';
import { demoSheetSetPdf } from '../../../src/server/seed/demo/drawings-files.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { drawingClient } from './drawing-client.ts';

const TOWER = 'NW-TOWER';

describe.each(testDialects())('the register reads numbers by the workspace’s rule and disciplines on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let api: ReturnType<typeof drawingClient>;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = drawingClient(t);
    admin = await t.signIn('admin', NORTHWIND);
  });
  afterAll(() => t.close());

  const settings = async <T>(path: string, body: Record<string, unknown>) => {
    const result = await t.call<T>('POST', `${FOLLOW_SETTINGS_PREFIX}/${path}`, { token: admin, body });
    expect(result.status, result.body?.message).toBe(200);
    return result.body.data;
  };

  it('files an upload under the workspace’s own discipline, where its rule puts the code or by the number’s prefix', async () => {
    const project = await settings<ProjectSettings>('project/save', { workspaceCode: TOWER, revision: 0, sheetNumberRule: 'T1-{discipline}{001}' });
    const current = await t.call<DisciplineList>('GET', `${FOLLOW_SETTINGS_PREFIX}/discipline/list`, { token: admin, query: { workspaceCode: TOWER } });
    // The demo's own codes stay (its sheets carry them); HV (HVAC) and ST (steel) are the workspace's own.
    const disciplines = [
      { code: 'HV', label: { en: 'HVAC', 'zh-CN': '暖通', ar: 'التدفئة والتهوية' } },
      { code: 'ST', label: 'Steel' },
      ...current.body.data.disciplines.map((d) => ({ code: d.code, label: d.label })),
    ];
    await settings<DisciplineList>('discipline/save', { workspaceCode: TOWER, revision: project.revision, disciplines });

    const pdf = await demoSheetSetPdf([
      { number: 'T1-HV001', title: 'Ventilation ducts level 1', project: 'Tower', scale: '1:100', revision: 'A', date: '2026-11-20' },
      { number: 'ST-201', title: 'Steel connections', project: 'Tower', scale: '1:20', revision: 'A', date: '2026-11-20' },
      { number: 'T1-A001', title: 'Plan level 1', project: 'Tower', scale: '1:100', revision: 'A', date: '2026-11-20' },
      { number: 'QQ-7', title: 'Sketch', project: 'Tower', scale: '1:50', revision: 'A', date: '2026-11-20' },
    ]);
    const [upload] = await api.upload(admin, TOWER, [['level-1.pdf', pdf]]);
    expect(upload).toMatchObject({ status: 'done', problem: null });
    const pending = await api.ok<RevisionPage>('POST', 'revision/pending', admin, { workspaceCode: TOWER, page: 1, size: 100 });
    const made = pending.rows.filter((r) => upload!.revisionIds.includes(r.id));
    expect(Object.fromEntries(made.map((r) => [r.number, r.discipline]))).toEqual({ 'T1-HV001': 'HV', 'ST-201': 'ST', 'T1-A001': 'A', 'QQ-7': 'X' });

    // A reviewer picks only a discipline of the workspace.
    const ventilation = made.find((r) => r.number === 'T1-HV001')!;
    const edit = { id: ventilation.id, number: ventilation.number, title: ventilation.title, label: 'A', setId: null };
    expect((await api.call('POST', 'revision/update', admin, { ...edit, discipline: 'ZZ' })).status).toBe(400);
    await api.ok('POST', 'revision/update', admin, { ...edit, discipline: 'ST' });
    await api.ok('POST', 'revision/update', admin, { ...edit, discipline: 'HV' });
    // Published, the register filters and counts by the workspace's code.
    await api.ok('POST', 'revision/publish', admin, { ids: [ventilation.id] });
    const listed = await api.ok<SheetListResult>('POST', 'sheet/list', admin, { workspaceCode: TOWER, page: 1, size: 50, discipline: 'HV' });
    expect(listed.rows.map((r) => [r.number, r.discipline])).toEqual([['T1-HV001', 'HV']]);
    expect(listed.disciplines.find((d) => d.code === 'HV')?.count).toBe(1);
  });
});
