import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetListResult } from '../../../src/core/contracts/drawings.ts';
import { DISCIPLINE_CODES, disciplineOfNumber } from '../../../src/core/drawings/disciplines.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { drawingClient } from './drawing-client.ts';

const HQ = 'NW-HQ';
const SHEETS = 10_400;
const PREFIXES = ['A', 'S', 'M', 'E', 'P', 'FP', 'C', 'L'];
const TITLES = ['Floor plan', 'Section', 'Elevation', 'Detail', 'Schedule', 'Layout'];

describe.each(testDialects())('drawing register over many sheets on %s', (dialect) => {
  let t: TestApp;
  let alice: string;
  let api: ReturnType<typeof drawingClient>;
  let setId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = drawingClient(t);
    alice = await t.signIn('alice', NORTHWIND);
    // A big register written straight into the tables (uploads of ten thousand files would test the queue, not the register).
    const { db } = t.app.services;
    const workspace = await db.selectFrom('workspace').select(['id', 'tenant_id']).where('code', '=', HQ).executeTakeFirstOrThrow();
    // After the demo's sheets, so the newest are these.
    const time = (i: number) => new Date(Date.UTC(2027, 0, 1) + i * 60_000).toISOString();
    setId = (
      await db
        .insertInto('drawing_set')
        .values({ tenant_id: workspace.tenant_id, workspace_id: workspace.id, name: 'Issue for construction', created_by: null, create_time: time(0), updated_by: null, update_time: time(0) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const rows = Array.from({ length: SHEETS }, (_, i) => {
      // No dash: the demo's own sheets (A-101...) keep their numbers.
      const number = `${PREFIXES[i % PREFIXES.length]}${String(Math.floor(i / PREFIXES.length) + 1)}`;
      return {
        tenant_id: workspace.tenant_id,
        workspace_id: workspace.id,
        number,
        number_sort: number.replace(/\d+/g, (d) => d.padStart(10, '0')),
        title: `${TITLES[i % TITLES.length]} ${String(i).padStart(5, '0')}`,
        discipline: disciplineOfNumber(number),
        set_id: i % 10 === 0 ? setId : null,
        current_revision_id: null,
        created_by: null,
        create_time: time(i),
        updated_by: null,
        update_time: time(i),
      };
    });
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('drawing_sheet').values(rows.slice(i, i + 500)).execute();
  });
  afterAll(() => t.close());

  const list = (body: Record<string, unknown>) => api.ok<SheetListResult>('POST', 'sheet/list', alice, { workspaceCode: HQ, page: 1, size: 50, ...body });

  it('pages the whole register in number order, digits counted as numbers', async () => {
    const first = await list({});
    expect(first.total).toBeGreaterThanOrEqual(SHEETS);
    // Landscape: the demo has none of its own.
    const landscape = await list({ discipline: 'L' });
    expect(landscape.rows.slice(0, 11).map((r) => r.number)).toEqual(['L1', 'L2', 'L3', 'L4', 'L5', 'L6', 'L7', 'L8', 'L9', 'L10', 'L11']);
    expect(landscape.total).toBe(SHEETS / PREFIXES.length);
    const last = await list({ discipline: 'L', page: Math.ceil(landscape.total / 50) });
    expect(last.rows.at(-1)!.number).toBe(`L${SHEETS / PREFIXES.length}`);
    const counts = Object.fromEntries(first.disciplines.map((d) => [d.code, d.count]));
    expect(Object.keys(counts).every((code) => (DISCIPLINE_CODES as readonly string[]).includes(code))).toBe(true);
    expect(counts.FP).toBeGreaterThanOrEqual(Math.floor(SHEETS / PREFIXES.length));
  });

  it('sorts by title, discipline and update time both ways, and pages deep quickly', async () => {
    const started = Date.now();
    const deep = await list({ sort: 'title', order: 'desc', page: 150, size: 50 });
    expect(Date.now() - started).toBeLessThan(2000);
    const titles = deep.rows.map((r) => r.title);
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? 1 : a > b ? -1 : 0)));
    const newest = await list({ sort: 'updateTime', order: 'desc', size: 3 });
    expect(newest.rows.map((r) => r.title)).toEqual([`${TITLES[(SHEETS - 1) % 6]} ${SHEETS - 1}`, `${TITLES[(SHEETS - 2) % 6]} ${SHEETS - 2}`, `${TITLES[(SHEETS - 3) % 6]} ${SHEETS - 3}`]);
    const byDiscipline = await list({ sort: 'discipline', order: 'asc', size: 200, page: 1 });
    const codes = byDiscipline.rows.map((r) => r.discipline);
    expect(codes).toEqual([...codes].sort());
  });

  it('searches number, title and set name, case aside, with the discipline counts of what the search leaves', async () => {
    const byNumber = await list({ keyword: 'fp12', size: 200 });
    expect(byNumber.rows.every((r) => r.number.startsWith('FP12'))).toBe(true);
    expect(byNumber.rows.map((r) => r.number).slice(0, 3)).toEqual(['FP12', 'FP120', 'FP121']);
    const byTitle = await list({ keyword: 'ELEVATION 0001' });
    expect(byTitle.rows.map((r) => r.title).every((title) => title.startsWith('Elevation 0001'))).toBe(true);
    expect(byTitle.total).toBeGreaterThan(0);
    const bySet = await list({ keyword: 'construction', size: 10 });
    expect(bySet.total).toBe(SHEETS / 10);
    expect(bySet.rows.every((r) => r.setName === 'Issue for construction')).toBe(true);
    const inSet = await list({ setId, discipline: 'A' });
    expect(inSet.disciplines.reduce((sum, d) => sum + d.count, 0)).toBe(SHEETS / 10);
    expect(inSet.rows.every((r) => r.discipline === 'A' && r.setId === setId)).toBe(true);
    // A % in the search is a character, not a wildcard.
    expect((await list({ keyword: '%' })).total).toBe(0);
  });

  it('refuses a page size beyond the limit and an unknown sort', async () => {
    expect((await api.call('POST', 'sheet/list', alice, { workspaceCode: HQ, page: 1, size: 5000 })).status).toBe(400);
    expect((await api.call('POST', 'sheet/list', alice, { workspaceCode: HQ, sort: 'id' })).status).toBe(400);
  });
});
