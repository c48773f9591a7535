import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduleDetail, ScheduleListResult } from '../../../src/core/contracts/schedules.ts';
import { applyChanges } from '../../../src/core/schedule/changes.ts';
import { seedDemoSchedules } from '../../../src/server/seed/demo/schedules.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { scheduleClient } from './schedule-client.ts';

/** Every demo workspace has its construction programme, made once. */
describe.each(testDialects())('demo schedules on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof scheduleClient>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = scheduleClient(t);
    admin = await t.signIn('admin', NORTHWIND);
  });
  afterAll(() => t.close());

  const programmes = async (token: string, workspaceCode: string) =>
    (await api.ok<ScheduleListResult>('POST', 'list', token, { workspaceCode, search: 'Construction programme' })).rows;

  it('gives each demo workspace a construction programme with links, constraints, a baseline and progress', async () => {
    const [row] = await programmes(admin, 'NW-TOWER');
    expect(row).toMatchObject({ name: 'Construction programme', owner: { name: 'Ada Admin' } });
    expect(row!.taskCount).toBeGreaterThanOrEqual(140);
    expect(row!.taskCount).toBeLessThanOrEqual(170);
    expect(row!.progress).toBeGreaterThan(0);
    expect(row!.progress).toBeLessThan(100);
    const { model } = await api.ok<ScheduleDetail>('GET', 'get', admin, { id: row!.id });
    expect(new Set(model.links.map((l) => l.type))).toEqual(new Set(['FS', 'SS', 'FF']));
    expect(model.links.some((l) => l.lag > 0)).toBe(true);
    expect(model.tasks.filter((task) => task.constraint.type !== 'ASAP').length).toBeGreaterThanOrEqual(2);
    expect(model.tasks.some((task) => task.deadline !== undefined)).toBe(true);
    expect(model.baselines.map((b) => b.index)).toEqual([0]);
    expect(Object.keys(model.baselines[0]!.tasks)).toHaveLength(model.tasks.length);
    expect(model.settings.statusDate).toBeGreaterThan(model.settings.start);
    // Planned by the engine: the baseline spans months, as the scheduled dates do.
    const planned = Object.values(model.baselines[0]!.tasks);
    expect(Math.max(...planned.map((d) => d.finish)) - Math.min(...planned.map((d) => d.start))).toBeGreaterThan(150 * 1440);
    expect(row!.finish! - row!.start!).toBeGreaterThan(150 * 1440);
    // The stored model is a sound one.
    expect(() => applyChanges(model, [])).not.toThrow();
    const harbor = await t.signIn('harbor', HARBOR);
    expect(await programmes(harbor, 'HB-PIER')).toHaveLength(1);
    expect(await programmes(harbor, 'HB-DEPOT')).toHaveLength(1);
  });

  it('does not make it again on the next start, nor bring back one deleted', async () => {
    const [tower] = await programmes(admin, 'NW-TOWER');
    await api.ok('POST', 'delete', admin, { id: tower!.id });
    await seedDemoSchedules(t.app.services);
    expect(await programmes(admin, 'NW-TOWER')).toHaveLength(0);
    expect(await programmes(admin, 'NW-HQ')).toHaveLength(1);
  });
});
