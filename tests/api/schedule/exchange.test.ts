import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_PREFIX, type ScheduleDetail, type ScheduleImported } from '../../../src/core/contracts/schedules.ts';
import { importMspdi } from '../../../src/core/schedule/mspdi/index.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { scheduleClient } from './schedule-client.ts';

const FILE = fs.readFileSync('tests/fixtures/schedules/ms-project-2016.xml', 'utf8');

/** A schedule made from an MS Project XML file, and written back out as one. */
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
});
