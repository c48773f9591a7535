import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource, DataSourceOption, OptionUsage } from '../../../src/core/contracts/follow-settings.ts';
import { FOLLOW_PREFIX, type FollowListResult } from '../../../src/core/contracts/follows.ts';
import { seedDemoFollowLists } from '../../../src/server/seed/demo/follow-lists.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { settingsClient } from './settings-client.ts';

const TOWER = 'NW-TOWER';

describe.each(testDialects())('the demo workspaces’ lists on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof settingsClient>;
  let admin: string;
  let harbor: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = settingsClient(t);
    [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
  });
  afterAll(() => t.close());

  const options = (token: string, workspaceCode: string, source: string) =>
    api.ok<DataSourceOption[]>('GET', 'option/list', token, { workspaceCode, source, retired: true });

  it('every demo workspace with follow-ups has trades, locations as building › floor › zone, companies and cost codes, in three languages', async () => {
    for (const [token, workspaceCode] of [[admin, 'NW-HQ'], [admin, TOWER], [harbor, 'HB-PIER'], [harbor, 'HB-DEPOT']] as const) {
      const sources = await api.ok<DataSource[]>('GET', 'dataSource/list', token, { workspaceCode });
      for (const source of sources.filter((s) => s.builtIn)) expect(source.optionCount, `${workspaceCode} ${source.key}`).toBeGreaterThan(3);
      const trades = await options(token, workspaceCode, 'trade');
      expect(trades.filter((o) => o.retired).map((o) => textOf(o.label))).toEqual(['Demolition']);
      expect(trades.every((o) => typeof o.label === 'object' && o.label['zh-CN'] && o.label.ar)).toBe(true);
      const locations = await options(token, workspaceCode, 'location');
      const deepest = locations.filter((o) => o.path.length === 2);
      expect(deepest.length).toBeGreaterThan(5);
      expect(locations.every((o) => typeof o.label === 'object' && o.label['zh-CN'] && o.label.ar)).toBe(true);
      const costCodes = await options(token, workspaceCode, 'costCode');
      expect(costCodes.some((o) => o.parentId !== null)).toBe(true);
    }
    const tower = await options(admin, TOWER, 'location');
    const corridor = tower.find((o) => o.code === 'TWR-GF-COR')!;
    expect([...corridor.path, corridor.label].map((l) => textOf(l))).toEqual(['Tower', 'Ground floor', 'Corridor']);
    expect(corridor.label).toEqual({ en: 'Corridor', 'zh-CN': '走廊', ar: 'الممر' });
  });

  it('the demo follow-ups hold trades the list offers and locations it names; a trade they hold is in use', async () => {
    const list = await t.call<FollowListResult>('POST', `${FOLLOW_PREFIX}/list`, { token: admin, body: { workspaceCode: TOWER, page: 1, size: 50 } });
    expect(list.status, list.body?.message).toBe(200);
    const follows = list.body.data.rows;
    expect(follows.length).toBeGreaterThan(5);
    const trades = await options(admin, TOWER, 'trade');
    const offered = new Set(trades.filter((o) => !o.retired).map((o) => o.code));
    expect(follows.every((f) => f.trade !== null && offered.has(f.trade))).toBe(true);
    const locations = await options(admin, TOWER, 'location');
    const paths = new Set(locations.map((o) => [...o.path, o.label].map((l) => textOf(l)).join(' › ')));
    expect(follows.every((f) => f.location !== null && paths.has(f.location))).toBe(true);
    const electrical = trades.find((o) => textOf(o.label) === 'Electrical')!;
    const usage = await api.ok<OptionUsage>('GET', 'option/usage', admin, { workspaceCode: TOWER, source: 'trade', id: electrical.id });
    expect(usage.followUps).toBeGreaterThan(0);
    expect(usage.inUse).toBe(true);
  });

  it('seeds the lists once: a start after the first adds nothing, and an older database gets them with its follow-ups moved onto them', async () => {
    const { db } = t.app.services;
    const count = async () => Number((await db.selectFrom('follow_option').select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    await seedDemoFollowLists({ db, clock: { now: () => Date.now() } });
    expect(await count()).toBe(before);
    // A database from before the lists: the workspace holds no options, its demo follow-ups free text.
    const workspace = await db.selectFrom('workspace').select(['id']).where('code', '=', TOWER).executeTakeFirstOrThrow();
    const follow = await db.selectFrom('follow_up').select(['id', 'trade', 'location']).where('workspace_id', '=', workspace.id).orderBy('id').executeTakeFirstOrThrow();
    await db.updateTable('follow_up').set({ trade: 'Carpentry', location: 'Ground floor, room 0.03' }).where('id', '=', follow.id).execute();
    const towerOptions = await db.selectFrom('follow_option').select((eb) => eb.fn.countAll<number | string>().as('n')).where('workspace_id', '=', workspace.id).executeTakeFirstOrThrow();
    await db.deleteFrom('follow_option').where('workspace_id', '=', workspace.id).where('parent_id', 'is not', null).execute();
    await db.deleteFrom('follow_option').where('workspace_id', '=', workspace.id).execute();
    await seedDemoFollowLists({ db, clock: { now: () => Date.now() } });
    expect(await count()).toBe(before);
    const moved = await db.selectFrom('follow_up').select(['trade', 'location']).where('id', '=', follow.id).executeTakeFirstOrThrow();
    expect(moved).toEqual({ trade: 'TP02', location: 'Tower › Ground floor › Room 0.03' });
    expect(Number(towerOptions.n)).toBeGreaterThan(20);
  });
});

const textOf = (label: DataSourceOption['label']) => (typeof label === 'string' ? label : label.en);
