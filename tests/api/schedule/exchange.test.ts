import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_PREFIX, type ScheduleDetail, type ScheduleImported } from '../../../src/core/contracts/schedules.ts';
import { importMspdi } from '../../../src/core/schedule/mspdi/index.ts';
import { taskTableOf } from '../../../src/core/schedule/xlsx/task-table.ts';
import { writeTaskSheet } from '../../../src/server/modules/schedule/task-sheet.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { scheduleClient } from './schedule-client.ts';

const FILE = fs.readFileSync('tests/fixtures/schedules/ms-project-2016.xml', 'utf8');

/** A schedule made from an MS Project XML file or an .xlsx task table, and written back out as one. */
describe.each(testDialects())('schedule files on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof scheduleClient>;
  let alice: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = scheduleClient(t);
    alice = await t.signIn('alice', NORTHWIND);
  });
  afterAll(() => t.close());

  it('makes a schedule from a file and downloads it as the same file reads', async () => {
    const imported = await api.ok<ScheduleImported>('POST', 'import/mspdi', alice, { workspaceCode: 'NW-TOWER', name: 'Warehouse', xml: FILE });
    const expected = importMspdi(FILE).model;
    expect(imported.summary).toMatchObject({ name: 'Warehouse', taskCount: expected.tasks.length });
    const { model } = await api.ok<ScheduleDetail>('GET', 'get', alice, { id: imported.summary.id });
    expect(model).toEqual(expected);

    const download = await fetch(new URL(`/api${SCHEDULE_PREFIX}/export/mspdi?id=${imported.summary.id}`, t.url), { headers: { token: alice } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('Warehouse.xml');
    expect(importMspdi(await download.text()).model.tasks).toEqual(expected.tasks);
  });

  it('refuses a broken file naming where it breaks', async () => {
    const broken = await api.call<{ problem: string; params: { line: number } }>('POST', 'import/mspdi', alice, { workspaceCode: 'NW-TOWER', name: 'Broken', xml: '<Project><Tasks><Task></Tasks>' });
    expect(broken.status).toBe(400);
    expect(broken.body.data.problem).toBe('badFile');
    expect(broken.body.message).toMatch(/line \d+/);
  });

  const byEnds = <T extends { from: number; to: number }>(links: T[]) => [...links].sort((a, b) => a.to - b.to || a.from - b.from);
  const tableFields = (model: ScheduleDetail['model']) =>
    model.tasks.map((task) => ({ id: task.id, name: task.name, level: task.level, duration: task.duration, unit: task.unit, percentComplete: task.percentComplete, assignees: task.assignees }));

  it('downloads a schedule as a task sheet that imports again as the same tasks, links and durations', async () => {
    const source = await api.ok<ScheduleImported>('POST', 'import/mspdi', alice, { workspaceCode: 'NW-TOWER', name: 'Sheet source', xml: FILE });
    const download = await fetch(new URL(`/api${SCHEDULE_PREFIX}/export/xlsx?id=${source.summary.id}`, t.url), { headers: { token: alice } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toContain('spreadsheetml');
    expect(download.headers.get('content-disposition')).toContain('Sheet source.xlsx');
    const file = Buffer.from(await download.arrayBuffer()).toString('base64');

    const imported = await api.ok<ScheduleImported>('POST', 'import/xlsx', alice, { workspaceCode: 'NW-TOWER', name: 'From the sheet', file });
    expect(imported.warnings).toEqual([]);
    const before = await api.ok<ScheduleDetail>('GET', 'get', alice, { id: source.summary.id });
    const after = await api.ok<ScheduleDetail>('GET', 'get', alice, { id: imported.summary.id });
    expect(imported.summary).toMatchObject({ name: 'From the sheet', taskCount: before.taskCount });
    expect(tableFields(after.model)).toEqual(tableFields(before.model));
    expect(byEnds(after.model.links)).toEqual(byEnds(before.model.links));
  });

  it('refuses a task sheet naming the sheet, row and column of the bad cell', async () => {
    const { model } = importMspdi(FILE);
    const rows = taskTableOf(model);
    rows[2] = { ...rows[2]!, duration: 'soon' };
    const file = (await writeTaskSheet(rows, 'Programme')).toString('base64');
    const broken = await api.call<{ problem: string; params: Record<string, unknown> }>('POST', 'import/xlsx', alice, { workspaceCode: 'NW-TOWER', name: 'Broken', file });
    expect(broken.status).toBe(400);
    // The heading is row 1: the third task is on row 4, its duration in column E.
    expect(broken.body.data).toMatchObject({ problem: 'badCell', params: { sheet: 'Programme', row: 4, column: 'E', field: 'duration' } });
    expect(broken.body.message).toContain('Programme');
    expect(broken.body.message).toContain('E4');

    const notAWorkbook = await api.call<{ problem: string }>('POST', 'import/xlsx', alice, { workspaceCode: 'NW-TOWER', name: 'Text', file: Buffer.from('not a workbook').toString('base64') });
    expect(notAWorkbook.status).toBe(400);
    expect(notAWorkbook.body.data.problem).toBe('badFile');
  });
});
