import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetInfo, DatasetQuery, QueryAggregateResult, QueryRowsResult } from '../../../src/core/query/query-spec.ts';
import type { LoginResult } from '../../../src/core/entities.ts';
import {
  DEMO_DATASETS,
  generateEnergyReadings,
  generateOccupancy,
  generateWorkOrders,
  WORK_ORDER_COUNT,
  type DatasetRow,
} from '../../../src/server/seed/demo/datasets.ts';
import { datasetSeedOf } from '../../../src/server/modules/dataset/seed.ts';
import { testDialects } from '../../helpers/databases.ts';
import { DEMO_PASSWORD, HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

type Row = Record<string, unknown>;

// Independent computations of what the server must answer, over the generators' own rows.
const countBy = (rows: DatasetRow[], key: (r: DatasetRow) => string) => {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return counts;
};
const sumOf = (rows: DatasetRow[], field: string) => rows.reduce((s, r) => s + (r[field] as number), 0);
const mondayOf = (iso: string) => {
  const d = new Date(`${iso.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
};
const quarterOf = (iso: string) => `${iso.slice(0, 4)}-Q${Math.ceil(Number(iso.slice(5, 7)) / 3)}`;
const expectClose = (actual: unknown, expected: number) =>
  expect(Math.abs((actual as number) - expected)).toBeLessThan(1e-6 * Math.max(1, Math.abs(expected)));
const byKey = (rows: Row[], key: string) => new Map(rows.map((r) => [String(r[key]), r]));

describe.each(testDialects())('datasets on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let bob: string;
  let harbor: string;
  let orders: DatasetRow[];
  let harborOrders: DatasetRow[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, bob, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('harbor', HARBOR)]);
    // The test app seeds with its clock standing still, so the generators give the same rows.
    orders = generateWorkOrders(WORK_ORDER_COUNT, t.clock.now(), datasetSeedOf('northwind'));
    harborOrders = generateWorkOrders(WORK_ORDER_COUNT, t.clock.now(), datasetSeedOf('harbor'));
  });
  afterAll(() => t.close());

  const query = (body: unknown, token = admin) => t.call<QueryRowsResult & QueryAggregateResult>('POST', '/proptech_allplan/dataset/query', { token, body });
  const rowsOf = async (body: DatasetQuery, token = admin) => {
    const result = await query(body, token);
    expect(result.status, result.body.message).toBe(200);
    return result.body.data;
  };
  const aggregate = async (body: DatasetQuery, token = admin) => (await rowsOf(body, token)).rows;
  const total = async (filters: DatasetQuery['filters']) => (await rowsOf({ dataset: 'work_orders', filters, pageSize: 1 })).total;

  it('lists the six demo datasets with their fields and row counts, to any member', async () => {
    const result = await t.call<DatasetInfo[]>('GET', '/proptech_allplan/dataset/list', { token: bob });
    expect(result.status).toBe(200);
    const list = result.body.data;
    expect(list.map((d) => d.code)).toEqual(DEMO_DATASETS.map((d) => d.code));
    const seed = datasetSeedOf('northwind');
    for (const d of DEMO_DATASETS) {
      const info = list.find((i) => i.code === d.code)!;
      expect(info.name).toBe(d.name);
      expect(info.fields).toEqual(d.fields);
      expect(info.rowCount).toBe(d.generate(t.clock.now(), seed).length);
    }
    expect(list.find((d) => d.code === 'energy_readings')!.rowCount).toBe(6 * 4 * 365);
    expect(list.find((d) => d.code === 'work_orders')!.rowCount).toBe(5000);
    // A portfolio of 24 to 48 properties, its own number per tenant, 24 months each.
    const occupancyRows = list.find((d) => d.code === 'occupancy')!.rowCount ?? 0;
    expect(occupancyRows % 24).toBe(0);
    expect(occupancyRows / 24).toBeGreaterThanOrEqual(24);
    expect(occupancyRows / 24).toBeLessThanOrEqual(48);
    expect(list.find((d) => d.code === 'project_progress')!.rowCount).toBe(4 * 78);
    expect(list.find((d) => d.code === 'cost_items')!.rowCount).toBe(4 * 6 * 24);
  });

  it('ends the seeded data on the seed date', () => {
    const energy = generateEnergyReadings(t.clock.now(), datasetSeedOf('northwind'));
    expect(energy.at(-1)!.date).toBe('2026-11-22');
    expect(energy[0]!.date).toBe('2025-11-23');
    expect(generateOccupancy(t.clock.now()).at(-1)!.month).toBe('2026-11-01');
  });

  it('needs a tenant token', async () => {
    expect((await t.call('GET', '/proptech_allplan/dataset/list')).status).toBe(401);
    const login = await t.call<LoginResult>('POST', '/proptech_allplan/login/passwordLogin', { body: { account: 'admin', password: DEMO_PASSWORD } });
    expect((await query({ dataset: 'work_orders' }, login.body.data.token)).status).toBe(403);
  });

  describe('rows mode', () => {
    it('pages the rows in stored order by default: 20 a page, with the total', async () => {
      const first = await rowsOf({ dataset: 'work_orders' });
      expect(first).toMatchObject({ total: 5000, pageNum: 1, pageSize: 20 });
      expect(first.list).toEqual(orders.slice(0, 20));
      const third = await rowsOf({ dataset: 'work_orders', pageNum: 3, pageSize: 7 });
      expect(third.list).toEqual(orders.slice(14, 21));
      expect(Object.keys(third.list[0]!)).toEqual(DEMO_DATASETS.find((d) => d.code === 'work_orders')!.fields.map((f) => f.name));
    });

    it('takes pages of up to 500 rows and answers an empty page past the end', async () => {
      const big = await rowsOf({ dataset: 'work_orders', pageNum: 10, pageSize: 500 });
      expect(big.list).toEqual(orders.slice(4500, 5000));
      const past = await rowsOf({ dataset: 'work_orders', pageNum: 11, pageSize: 500 });
      expect(past).toMatchObject({ list: [], total: 5000, pageNum: 11 });
    });

    it('refuses page sizes over 500 and page numbers below 1, naming the field', async () => {
      const large = await query({ dataset: 'work_orders', pageSize: 501 });
      expect(large.status).toBe(400);
      expect(large.body.message).toMatch(/^pageSize: /);
      const zero = await query({ dataset: 'work_orders', pageNum: 0 });
      expect(zero.status).toBe(400);
      expect(zero.body.message).toMatch(/^pageNum: /);
    });

    it('sorts by a number descending, then by row order', async () => {
      const page = await rowsOf({ dataset: 'work_orders', sort: [{ field: 'cost', order: 'desc' }], pageSize: 25 });
      const expected = orders.map((r, i) => ({ r, i })).sort((a, b) => (b.r.cost as number) - (a.r.cost as number) || a.i - b.i);
      expect(page.list).toEqual(expected.slice(0, 25).map((e) => e.r));
    });

    it('sorts text byte-wise and puts rows without a value last', async () => {
      const page = await rowsOf({ dataset: 'work_orders', sort: [{ field: 'closed', order: 'desc' }], pageNum: 10, pageSize: 500 });
      const expected = orders
        .map((r, i) => ({ r, i }))
        .sort((a, b) => {
          const x = a.r.closed as string | null;
          const y = b.r.closed as string | null;
          if (x === y) return a.i - b.i;
          if (x === null) return 1;
          if (y === null) return -1;
          return x < y ? 1 : -1;
        });
      expect(page.list).toEqual(expected.slice(4500, 5000).map((e) => e.r));
      expect(page.list.at(-1)!.closed).toBeNull();
    });

    it('filters with in, ne, ranges, between, contains (any case), isNull and booleans', async () => {
      const count = (keep: (r: DatasetRow) => boolean) => orders.filter(keep).length;
      expect(await total([{ field: 'status', op: 'in', value: ['open', 'on_hold'] }])).toBe(count((r) => r.status === 'open' || r.status === 'on_hold'));
      expect(await total([{ field: 'status', op: 'in', value: [] }])).toBe(0);
      expect(await total([{ field: 'status', op: 'ne', value: 'closed' }])).toBe(count((r) => r.status !== 'closed'));
      expect(await total([{ field: 'closed', op: 'isNull', value: true }])).toBe(count((r) => r.closed === null));
      expect(await total([{ field: 'closed', op: 'isNull', value: false }])).toBe(count((r) => r.closed !== null));
      expect(await total([{ field: 'sla_met', op: 'eq', value: false }])).toBe(count((r) => r.sla_met === false));
      expect(
        await total([
          { field: 'cost', op: 'gte', value: 1000 },
          { field: 'cost', op: 'lt', value: 2000 },
          { field: 'priority', op: 'eq', value: 'P2' },
        ]),
      ).toBe(count((r) => (r.cost as number) >= 1000 && (r.cost as number) < 2000 && r.priority === 'P2'));
      expect(await total([{ field: 'no', op: 'between', value: [101, 250] }])).toBe(150);
      expect(await total([{ field: 'no', op: 'between', value: [4990, null] }])).toBe(11);
      expect(await total([{ field: 'assignee', op: 'contains', value: 'ZHANG' }])).toBe(count((r) => (r.assignee as string).includes('Zhang')));
      expect(await total([{ field: 'category', op: 'contains', value: 'fire S' }])).toBe(count((r) => r.category === 'Fire safety'));
    });

    it('compares a datetime with plain dates by its day, both ends included', async () => {
      const inQ1 = (r: DatasetRow) => (r.created as string).slice(0, 10) >= '2026-01-01' && (r.created as string).slice(0, 10) <= '2026-03-31';
      expect(await total([{ field: 'created', op: 'between', value: ['2026-01-01', '2026-03-31'] }])).toBe(orders.filter(inQ1).length);
      expect(await total([{ field: 'created', op: 'lte', value: '2026-01-31' }])).toBe(
        orders.filter((r) => (r.created as string).slice(0, 10) <= '2026-01-31').length,
      );
      const at = orders[2500]!.created as string;
      expect(await total([{ field: 'created', op: 'gt', value: at }])).toBe(orders.filter((r) => (r.created as string) > at).length);
    });

    it('treats LIKE wildcards and quotes in a contains value as plain characters', async () => {
      expect(await total([{ field: 'assignee', op: 'contains', value: '%' }])).toBe(0);
      expect(await total([{ field: 'assignee', op: 'contains', value: '_' }])).toBe(0);
      expect(await total([{ field: 'assignee', op: 'contains', value: "O'Brien\\" }])).toBe(0);
      expect(await total([{ field: 'category', op: 'eq', value: "HVAC' OR '1'='1" }])).toBe(0);
    });
  });

  describe('aggregate mode', () => {
    it('counts and sums by a dimension, groups in dimension order', async () => {
      const rows = await aggregate({
        dataset: 'work_orders',
        dimensions: ['category'],
        measures: [{ agg: 'count' }, { field: 'cost', agg: 'sum' }, { field: 'cost', agg: 'avg', as: 'avgCost' }],
      });
      const categories = [...new Set(orders.map((r) => r.category as string))].sort();
      expect(rows.map((r) => r.category)).toEqual(categories);
      for (const row of rows) {
        const group = orders.filter((r) => r.category === row.category);
        expect(row.count).toBe(group.length);
        expectClose(row.sum_cost, sumOf(group, 'cost'));
        expectClose(row.avgCost, sumOf(group, 'cost') / group.length);
      }
    });

    it('totals without dimensions in one row', async () => {
      const rows = await aggregate({
        dataset: 'work_orders',
        measures: [
          { agg: 'count' },
          { field: 'closed', agg: 'count' },
          { field: 'cost', agg: 'max' },
          { field: 'created', agg: 'min' },
          { field: 'assignee', agg: 'countDistinct' },
          { field: 'sla_met', agg: 'avg' },
        ],
      });
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row.count).toBe(5000);
      expect(row.count_closed).toBe(orders.filter((r) => r.closed !== null).length);
      expect(row.max_cost).toBe(Math.max(...orders.map((r) => r.cost as number)));
      expect(row.min_created).toBe(orders[0]!.created);
      expect(row.countDistinct_assignee).toBe(new Set(orders.map((r) => r.assignee)).size);
      expectClose(row.avg_sla_met, orders.filter((r) => r.sla_met).length / 5000);
    });

    it('buckets datetimes by day, ISO week (Monday), month, quarter and year', async () => {
      const cases: [string, (iso: string) => string][] = [
        ['day', (iso) => iso.slice(0, 10)],
        ['week', mondayOf],
        ['month', (iso) => iso.slice(0, 7)],
        ['quarter', quarterOf],
        ['year', (iso) => iso.slice(0, 4)],
      ];
      for (const [bucket, keyOf] of cases) {
        const dimension = `created:${bucket}`;
        const rows = await aggregate({ dataset: 'work_orders', dimensions: [dimension], measures: [{ agg: 'count', as: 'n' }] });
        const expected = [...countBy(orders, (r) => keyOf(r.created as string)).entries()].sort(([a], [b]) => (a < b ? -1 : 1));
        expect(rows.map((r) => [r[dimension], r.n]), bucket).toEqual(expected);
      }
    });

    it('groups by two dimensions, a bucketed date and a boolean', async () => {
      const rows = await aggregate({
        dataset: 'work_orders',
        dimensions: ['closed:month', 'sla_met'],
        measures: [{ agg: 'count' }],
        filters: [{ field: 'status', op: 'eq', value: 'closed' }],
      });
      const closed = orders.filter((r) => r.status === 'closed');
      const expected = countBy(closed, (r) => `${(r.closed as string).slice(0, 7)}|${String(r.sla_met)}`);
      expect(rows.length).toBe(expected.size);
      for (const row of rows) {
        expect(typeof row.sla_met).toBe('boolean');
        expect(row.count).toBe(expected.get(`${String(row['closed:month'])}|${String(row.sla_met)}`));
      }
      const keys = rows.map((r) => `${String(r['closed:month'])}|${r.sla_met ? 1 : 0}`);
      expect(keys).toEqual([...keys].sort());
    });

    it('sorts groups by a measure and keeps `limit` of them', async () => {
      const rows = await aggregate({
        dataset: 'work_orders',
        dimensions: ['assignee'],
        measures: [{ field: 'cost', agg: 'sum', as: 'spend' }],
        sort: [{ field: 'spend', order: 'desc' }],
        limit: 3,
      });
      const spend = new Map<string, number>();
      for (const r of orders) spend.set(r.assignee as string, (spend.get(r.assignee as string) ?? 0) + (r.cost as number));
      const top = [...spend.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3);
      expect(rows.map((r) => r.assignee)).toEqual(top.map(([name]) => name));
      rows.forEach((r, i) => expectClose(r.spend, top[i]![1]));
    });

    it('adds filters to a grouped query: energy cost by meter in one month', async () => {
      const energy = generateEnergyReadings(t.clock.now(), datasetSeedOf('northwind'));
      const rows = await aggregate({
        dataset: 'energy_readings',
        dimensions: ['meter'],
        measures: [{ field: 'cost', agg: 'sum' }, { field: 'building', agg: 'countDistinct', as: 'buildings' }],
        filters: [{ field: 'date', op: 'between', value: ['2026-07-01', '2026-07-31'] }],
        sort: [{ field: 'meter', order: 'desc' }],
      });
      const july = energy.filter((r) => (r.date as string).startsWith('2026-07'));
      expect(rows.map((r) => r.meter)).toEqual(['water', 'heating', 'gas', 'electricity']);
      for (const row of rows) {
        expectClose(row.sum_cost, sumOf(july.filter((r) => r.meter === row.meter), 'cost'));
        expect(row.buildings).toBe(6);
      }
    });

    it('averages occupancy by province in the latest month', async () => {
      const occupancy = generateOccupancy(t.clock.now(), datasetSeedOf('northwind')).filter((r) => r.month === '2026-11-01');
      const rows = await aggregate({
        dataset: 'occupancy',
        dimensions: ['province'],
        measures: [{ field: 'occupancy_rate', agg: 'avg' }, { field: 'leased_sqm', agg: 'sum' }],
        filters: [{ field: 'month', op: 'eq', value: '2026-11-01' }],
      });
      const groups = byKey(rows, 'province');
      expect(groups.size).toBe(new Set(occupancy.map((r) => r.province)).size);
      for (const [province, row] of groups) {
        const group = occupancy.filter((r) => r.province === province);
        expectClose(row.avg_occupancy_rate, sumOf(group, 'occupancy_rate') / group.length);
        expect(row.sum_leased_sqm).toBe(sumOf(group, 'leased_sqm'));
      }
    });
  });

  describe('checks', () => {
    const refused = async (body: unknown, status: number, message: string | RegExp) => {
      const result = await query(body);
      expect(result.status, JSON.stringify(body)).toBe(status);
      expect(result.body.success).toBe(false);
      if (typeof message === 'string') expect(result.body.message).toBe(message);
      else expect(result.body.message).toMatch(message);
    };

    it('answers 404 for a dataset the tenant does not have', () => refused({ dataset: 'nope' }, 404, /not found/));

    it('names the path of an unknown field', async () => {
      await refused({ dataset: 'work_orders', filters: [{ field: 'x', op: 'eq', value: 1 }] }, 400, 'filters[0].field: unknown field "x" of dataset "work_orders"');
      await refused({ dataset: 'work_orders', dimensions: ['building', 'floor'], measures: [{ agg: 'count' }] }, 400, 'dimensions[1]: unknown field "floor" of dataset "work_orders"');
      await refused({ dataset: 'work_orders', measures: [{ agg: 'sum', field: 'price' }] }, 400, 'measures[0].field: unknown field "price" of dataset "work_orders"');
      await refused({ dataset: 'work_orders', sort: [{ field: 'date' }] }, 400, 'sort[0].field: unknown field "date" of dataset "work_orders"');
    });

    it('refuses field names that are not plain identifiers before they reach SQL', async () => {
      await refused({ dataset: 'work_orders', filters: [{ field: "cost') or 1=1 --", op: 'eq', value: 1 }] }, 400, /^filters\[0\]\.field: must match pattern/);
      await refused({ dataset: 'work_orders', sort: [{ field: 'cost;drop' }] }, 400, /^sort\[0\]\.field: /);
    });

    it('refuses buckets on non-dates, sums of text, values of the wrong type and unknown operators', async () => {
      await refused({ dataset: 'work_orders', dimensions: ['building:month'], measures: [{ agg: 'count' }] }, 400, /^dimensions\[0\]: "building" is not a date field/);
      await refused({ dataset: 'work_orders', measures: [{ agg: 'sum', field: 'building' }] }, 400, /^measures\[0\]\.field: "building" is a string field/);
      await refused({ dataset: 'work_orders', measures: [{ agg: 'avg' }] }, 400, 'measures[0].field: is required for avg');
      await refused({ dataset: 'work_orders', filters: [{ field: 'cost', op: 'gt', value: '100' }] }, 400, 'filters[0].value: must be a number for field "cost"');
      await refused({ dataset: 'work_orders', filters: [{ field: 'status', op: 'in', value: 'open' }] }, 400, /^filters\[0\]\.value: must be a list/);
      await refused({ dataset: 'work_orders', filters: [{ field: 'no', op: 'between', value: [1] }] }, 400, /^filters\[0\]\.value: must be \[from, to\]/);
      await refused({ dataset: 'work_orders', filters: [{ field: 'cost', op: 'contains', value: '1' }] }, 400, /^filters\[0\]\.op: contains needs a text field/);
      await refused({ dataset: 'work_orders', filters: [{ field: 'cost', op: 'like', value: 1 }] }, 400, /^filters\[0\]\.op: /);
      await refused({ dataset: 'work_orders', filters: [{ field: 'created', op: 'gte', value: 'yesterday' }] }, 400, /^filters\[0\]\.value: must be an ISO date/);
    });

    it('refuses dimensions without measures and a sort by something the groups lack', async () => {
      await refused({ dataset: 'work_orders', dimensions: ['building'] }, 400, 'measures: at least one measure is needed with dimensions');
      await refused(
        { dataset: 'work_orders', dimensions: ['building'], measures: [{ agg: 'count' }], sort: [{ field: 'cost' }] },
        400,
        'sort[0].field: "cost" is not a dimension or measure of the query',
      );
      await refused({ dataset: 'work_orders', dimensions: ['building'], measures: [{ agg: 'count', as: 'building' }] }, 400, /^measures\[0\]\.as: the column name "building" is already taken/);
      await refused({ dataset: 'work_orders', limit: 1001, measures: [{ agg: 'count' }] }, 400, /^limit: /);
      await refused({ dataset: 'work_orders', extra: true }, 400, 'extra: is not an allowed field');
    });
  });

  describe('distinct values', () => {
    const distinct = (query: Record<string, string | number>, token = admin) =>
      t.call<{ values: unknown[] }>('GET', '/proptech_allplan/dataset/distinct', { token, query });

    it('gives the sorted distinct values of a field, at most `limit`', async () => {
      const all = await distinct({ dataset: 'work_orders', field: 'building' });
      expect(all.status).toBe(200);
      const buildings = [...new Set(orders.map((r) => r.building as string))].sort();
      expect(all.body.data.values).toEqual(buildings);
      expect((await distinct({ dataset: 'work_orders', field: 'building', limit: 2 })).body.data.values).toEqual(buildings.slice(0, 2));
      expect((await distinct({ dataset: 'work_orders', field: 'sla_met' })).body.data.values).toEqual([false, true]);
      expect((await distinct({ dataset: 'work_orders', field: 'sla_hours' })).body.data.values).toEqual([4, 24, 72, 168]);
      const provinces = (await distinct({ dataset: 'occupancy', field: 'province' }, bob)).body.data.values;
      expect(provinces).toEqual([...provinces].sort());
      expect(provinces).toContain('上海');
    });

    it('refuses an unknown field (400) or dataset (404) and limits over 1000', async () => {
      const field = await distinct({ dataset: 'work_orders', field: 'nope' });
      expect(field.status).toBe(400);
      expect(field.body.message).toBe('field: unknown field "nope" of dataset "work_orders"');
      expect((await distinct({ dataset: 'nope', field: 'building' })).status).toBe(404);
      expect((await distinct({ dataset: 'work_orders', field: 'building', limit: 1001 })).status).toBe(400);
    });
  });

  it('keeps each tenant to its own rows', async () => {
    const sum = async (token: string) =>
      (await aggregate({ dataset: 'work_orders', measures: [{ field: 'cost', agg: 'sum' }, { agg: 'count' }] }, token))[0]!;
    const northwind = await sum(admin);
    const harbors = await sum(harbor);
    expect(northwind.count).toBe(5000);
    expect(harbors.count).toBe(5000);
    expectClose(northwind.sum_cost, sumOf(orders, 'cost'));
    expectClose(harbors.sum_cost, sumOf(harborOrders, 'cost'));
    expect(northwind.sum_cost).not.toBe(harbors.sum_cost);
    const first = await rowsOf({ dataset: 'work_orders', pageSize: 1 }, harbor);
    expect(first.list[0]).toEqual(harborOrders[0]);
  });
});
