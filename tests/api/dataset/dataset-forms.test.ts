import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import type { PageConfig } from '../../../src/core/pages/page-config.ts';
import type { DatasetInfo, DatasetQuery, QueryAggregateResult, QueryRowsResult } from '../../../src/core/query/query-spec.ts';
import { sql } from 'kysely';
import { TenantScope } from '../../../src/server/db/tenant-scope.ts';
import { AppError } from '../../../src/server/errors.ts';
import { withTimeLimit } from '../../../src/server/modules/dataset/service.ts';
import type { RecordContext } from '../../../src/server/modules/record/service.ts';
import { API, inviteWithPoints } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { createRecord, publishedForm } from '../../helpers/forms.ts';
import { pageBody } from '../../helpers/pages.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { textIn } from '../../../src/core/local-text.ts';
import type { DatasetDistinctResult } from '../../../src/core/contracts/dataset.ts';

/** A form's records as a dataset (`form_<id>`): the same numbers on both databases, with the caller's rights. */

const DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    {
      key: 'building',
      type: 'select',
      label: 'Building',
      required: true,
      options: [
        { value: 'tower', label: 'Tower' },
        { value: 'plaza', label: 'Plaza' },
        { value: 'mall', label: 'Mall' },
      ],
    },
    { key: 'cost', type: 'number', label: 'Cost' },
    { key: 'reportedOn', type: 'date', label: 'Reported on', required: true },
    { key: 'urgent', type: 'switch', label: 'Urgent' },
    { key: 'tags', type: 'multiselect', label: 'Tags', options: [{ value: 'a', label: 'A' }] },
  ],
};

type Repair = {
  summary: string;
  building: string;
  cost?: number;
  reportedOn: string;
  urgent: boolean;
};

const REPAIRS: Repair[] = [
  { summary: 'Leak', building: 'tower', cost: 120, reportedOn: '2026-01-05', urgent: true },
  { summary: 'Door', building: 'tower', cost: 80.5, reportedOn: '2026-01-20', urgent: false },
  { summary: 'Lift', building: 'tower', reportedOn: '2026-02-02', urgent: true },
  { summary: 'Lamp', building: 'plaza', cost: 15, reportedOn: '2026-02-14', urgent: false },
  { summary: 'Drain', building: 'plaza', cost: 60, reportedOn: '2026-02-14', urgent: false },
  { summary: 'Boiler', building: 'plaza', cost: 900, reportedOn: '2026-03-31', urgent: true },
  { summary: 'Window', building: 'mall', cost: 45.25, reportedOn: '2026-04-01', urgent: false },
  { summary: 'Roof', building: 'mall', cost: 1500, reportedOn: '2026-05-10', urgent: true },
];

describe.each(testDialects())('form records as a dataset on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let harbor: string;
  let form: FormDetail;
  let code: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
    form = await publishedForm(t, admin, 'Repairs', DESIGN);
    code = `form_${form.id}`;
    for (const repair of REPAIRS) await createRecord(t, admin, form.id, repair);
  });
  afterAll(() => t.close());

  const query = (body: DatasetQuery, token = admin) =>
    t.call<QueryRowsResult & QueryAggregateResult>('POST', `${API}/dataset/query`, { token, body });
  const rowsOf = async (body: Omit<DatasetQuery, 'dataset'>, token = admin) => {
    const result = await query({ dataset: code, ...body }, token);
    expect(result.status, result.body.message).toBe(200);
    return result.body.data;
  };

  it('lists the form with its scalar fields and the record columns, and its record count', async () => {
    const list = await t.call<DatasetInfo[]>('GET', `${API}/dataset/list`, { token: admin });
    const info = list.body.data.find((d) => d.code === code)!;
    expect(info).toMatchObject({ name: 'Repairs', rowCount: REPAIRS.length });
    const types = Object.fromEntries(info.fields.map((f) => [f.name, f.type]));
    expect(types).toMatchObject({ summary: 'string', building: 'string', cost: 'number', reportedOn: 'date', urgent: 'boolean', createTime: 'datetime', status: 'string' });
    // A multi-select holds a list, which has no single value to group or measure.
    expect(types.tags).toBeUndefined();
    expect(textIn(info.fields.find((f) => f.name === 'building')!.title, 'en')).toBe('Building');
  });

  it('groups by a field with every measure, as computed from the records themselves', async () => {
    const { rows } = await rowsOf({
      dimensions: ['building'],
      measures: [
        { agg: 'count' },
        { agg: 'count', field: 'cost' },
        { agg: 'sum', field: 'cost' },
        { agg: 'avg', field: 'cost' },
        { agg: 'min', field: 'cost' },
        { agg: 'max', field: 'cost' },
        { agg: 'countDistinct', field: 'reportedOn' },
      ],
      sort: [{ field: 'sum_cost', order: 'desc' }],
    });
    const expected = ['mall', 'plaza', 'tower'].map((building) => {
      const of = REPAIRS.filter((r) => r.building === building);
      const costs = of.flatMap((r) => (r.cost === undefined ? [] : [r.cost]));
      const sum = costs.reduce((a, b) => a + b, 0);
      return {
        building,
        count: of.length,
        count_cost: costs.length,
        sum_cost: sum,
        avg_cost: sum / costs.length,
        min_cost: Math.min(...costs),
        max_cost: Math.max(...costs),
        countDistinct_reportedOn: new Set(of.map((r) => r.reportedOn)).size,
      };
    });
    expected.sort((a, b) => b.sum_cost - a.sum_cost);
    expect(rows.map((r) => r.building)).toEqual(expected.map((e) => e.building));
    for (const [i, row] of rows.entries()) {
      for (const [key, value] of Object.entries(expected[i]!)) {
        if (typeof value === 'number') expect(Number(row[key]), `${String(row.building)} ${key}`).toBeCloseTo(value, 6);
        else expect(row[key]).toBe(value);
      }
    }
  });

  it('buckets dates, filters on a switch and a list of values, and keeps top N', async () => {
    const months = await rowsOf({ dimensions: ['reportedOn:month'], measures: [{ agg: 'count' }] });
    expect(months.rows).toEqual([
      { 'reportedOn:month': '2026-01', count: 2 },
      { 'reportedOn:month': '2026-02', count: 3 },
      { 'reportedOn:month': '2026-03', count: 1 },
      { 'reportedOn:month': '2026-04', count: 1 },
      { 'reportedOn:month': '2026-05', count: 1 },
    ]);
    const quarters = await rowsOf({ dimensions: ['reportedOn:quarter'], measures: [{ agg: 'sum', field: 'cost', as: 'spent' }] });
    expect(quarters.rows).toEqual([
      { 'reportedOn:quarter': '2026-Q1', spent: 120 + 80.5 + 15 + 60 + 900 },
      { 'reportedOn:quarter': '2026-Q2', spent: 45.25 + 1500 },
    ]);
    const urgent = await rowsOf({
      dimensions: ['building'],
      measures: [{ agg: 'count' }],
      filters: [
        { field: 'urgent', op: 'eq', value: true },
        { field: 'building', op: 'in', value: ['tower', 'mall'] },
      ],
    });
    expect(urgent.rows).toEqual([
      { building: 'mall', count: 1 },
      { building: 'tower', count: 2 },
    ]);
    const top = await rowsOf({ dimensions: ['building'], measures: [{ agg: 'max', field: 'cost' }], sort: [{ field: 'max_cost', order: 'desc' }], limit: 1 });
    expect(top.rows).toEqual([{ building: 'mall', max_cost: 1500 }]);
  });

  it('pages rows sorted on a field, with the record columns beside the data', async () => {
    const page = await rowsOf({ sort: [{ field: 'cost', order: 'desc' }], pageSize: 3 });
    expect(page.total).toBe(REPAIRS.length);
    expect(page.list.map((r) => r.summary)).toEqual(['Roof', 'Boiler', 'Leak']);
    expect(page.list[0]).toMatchObject({ building: 'mall', cost: 1500, urgent: true, status: 'none' });
    expect(page.list[0]!.createTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    // Records without a cost come last.
    const last = await rowsOf({ sort: [{ field: 'cost', order: 'desc' }], pageSize: 1, pageNum: REPAIRS.length });
    expect(last.list[0]!.summary).toBe('Lift');
  });

  it('answers with its rows what each column holds: field titles, option labels and the names of the people the rows name', async () => {
    const me = (await t.call<{ user: { id: number; name: string } }>('GET', `${API}/account/current`, { token: admin })).body.data.user;
    const groups = await rowsOf({ dimensions: ['createdBy', 'building', 'reportedOn:month'], measures: [{ agg: 'count', as: 'repairs' }, { agg: 'sum', field: 'cost' }] });
    expect(groups.rows[0]!.createdBy).toBe(me.id);
    expect(groups.columns).toEqual([
      { name: 'createdBy', title: 'Created by', type: 'integer', record: true, refers: 'user', labels: { [me.id]: me.name } },
      { name: 'building', title: 'Building', type: 'string', labels: { tower: 'Tower', plaza: 'Plaza', mall: 'Mall' } },
      { name: 'reportedOn:month', title: 'Reported on', type: 'string', bucket: 'month' },
      { name: 'repairs', title: '', type: 'number', agg: 'count' },
      { name: 'sum_cost', title: 'Cost', type: 'number', agg: 'sum' },
    ]);
    const page = await rowsOf({ pageSize: 2 });
    const columns = new Map(page.columns!.map((c) => [c.name, c]));
    expect(columns.get('createTime')).toEqual({ name: 'createTime', title: 'Created', type: 'datetime', record: true });
    expect(columns.get('status')).toMatchObject({ name: 'status', type: 'string', record: true });
    expect(columns.get('urgent')).toEqual({ name: 'urgent', title: 'Urgent', type: 'boolean' });
    expect(columns.get('createdBy')!.labels).toEqual({ [me.id]: me.name });
    // From the cache too, with the names read again.
    expect((await rowsOf({ pageSize: 2 })).columns).toEqual(page.columns);
  });

  it('answers distinct values of a field for filter controls, with what they are', async () => {
    const result = await t.call<DatasetDistinctResult>('GET', `${API}/dataset/distinct`, { token: admin, query: { dataset: code, field: 'building' } });
    expect(result.body.data.values).toEqual(['mall', 'plaza', 'tower']);
    // A filter's choices read as the form's options, not as the stored values.
    expect(result.body.data.column).toEqual({ name: 'building', title: 'Building', type: 'string', labels: { tower: 'Tower', plaza: 'Plaza', mall: 'Mall' } });
    const me = (await t.call<{ user: { id: number; name: string } }>('GET', `${API}/account/current`, { token: admin })).body.data.user;
    const people = await t.call<DatasetDistinctResult>('GET', `${API}/dataset/distinct`, { token: admin, query: { dataset: code, field: 'createdBy' } });
    expect(people.body.data.values).toEqual([me.id]);
    expect(people.body.data.column).toMatchObject({ refers: 'user', labels: { [me.id]: me.name } });
    const status = await t.call<DatasetDistinctResult>('GET', `${API}/dataset/distinct`, { token: admin, query: { dataset: code, field: 'status' } });
    expect(status.body.data.column).toMatchObject({ name: 'status', record: true });
  });

  it('refuses a bad query with 400 naming the problem', async () => {
    const sumText = await query({ dataset: code, measures: [{ agg: 'sum', field: 'summary' }] });
    expect(sumText.status).toBe(400);
    expect(sumText.body.message).toContain('measures[0].field');
    const unknown = await query({ dataset: code, measures: [{ agg: 'count' }], filters: [{ field: 'nope', op: 'eq', value: 1 }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('filters[0].field');
    const bucketText = await query({ dataset: code, dimensions: ['building:month'], measures: [{ agg: 'count' }] });
    expect(bucketText.status).toBe(400);
    expect(bucketText.body.message).toContain('dimensions[0]');
  });

  it('keeps records from members without the read points, inside the data scope, and from other tenants', async () => {
    const { token: none } = await inviteWithPoints(t, admin, 'nopoints', []);
    expect((await query({ dataset: code, measures: [{ agg: 'count' }] }, none)).status).toBe(403);
    const listed = await t.call<DatasetInfo[]>('GET', `${API}/dataset/list`, { token: none });
    expect(listed.body.data.some((d) => d.code === code)).toBe(false);

    // Data scope "own": a creator sees the records they made, not the admin's.
    const { token: clerk } = await inviteWithPoints(t, admin, 'clerk', ['record:create']);
    await createRecord(t, clerk, form.id, { summary: 'Tap', building: 'tower', cost: 7, reportedOn: '2026-06-01' });
    // The same query, asked first by the admin: the clerk never gets the admin's cached answer.
    const all = await rowsOf({ measures: [{ agg: 'count' }, { agg: 'sum', field: 'cost' }] });
    expect(all.rows[0]!.count).toBe(REPAIRS.length + 1);
    const own = await rowsOf({ measures: [{ agg: 'count' }, { agg: 'sum', field: 'cost' }] }, clerk);
    expect(own.rows).toEqual([{ count: 1, sum_cost: 7 }]);

    const other = await query({ dataset: code, measures: [{ agg: 'count' }] }, harbor);
    expect(other.status).toBe(404);
  });

  it('answers a repeat from the cache until a record is added, changed or deleted', async () => {
    const cache = t.app.services.queryCache;
    const body = { dimensions: ['building'], measures: [{ agg: 'count' as const }, { agg: 'sum' as const, field: 'cost' }] };
    const first = await rowsOf(body);
    const hits = cache.hits;
    expect(await rowsOf(body)).toEqual(first);
    expect(cache.hits).toBe(hits + 1);

    const added = await createRecord(t, admin, form.id, { summary: 'Fan', building: 'plaza', cost: 10, reportedOn: '2026-07-01' });
    const plaza = (rows: Record<string, unknown>[]) => rows.find((r) => r.building === 'plaza')!;
    const afterAdd = await rowsOf(body);
    expect(cache.hits).toBe(hits + 1);
    expect(plaza(afterAdd.rows)).toEqual({ building: 'plaza', count: Number(plaza(first.rows).count) + 1, sum_cost: Number(plaza(first.rows).sum_cost) + 10 });

    const edited = await t.call('POST', `${API}/record/update`, {
      token: admin,
      body: { id: added.id, revision: added.revision, data: { ...added.data, cost: 30 } },
    });
    expect(edited.status, edited.body.message).toBe(200);
    expect(plaza((await rowsOf(body)).rows).sum_cost).toBe(Number(plaza(first.rows).sum_cost) + 30);

    const removed = await t.call('POST', `${API}/record/delete`, { token: admin, body: { ids: [added.id] } });
    expect(removed.status, removed.body.message).toBe(200);
    expect((await rowsOf(body)).rows).toEqual(first.rows);
  });

  it('stops a statement past the time limit with a clear message, and the next one runs', async () => {
    const ctx = { dialect, scope: new TenantScope(t.app.services.db, 1) } as RecordContext;
    const limit = (timeoutMs: number) => ({ timeoutMs, readsWithin: t.app.services.readsWithin, views: t.app.services.views });
    const slow = (limited: RecordContext) =>
      dialect === 'postgres'
        ? sql`select pg_sleep(5)`.execute(limited.scope.db)
        : sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < 500000000) select count(*) from n`.execute(limited.scope.db);
    const started = Date.now();
    const outcome = await withTimeLimit(ctx, limit(200), slow).then(
      () => 'finished',
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).statusCode).toBe(503);
    expect((outcome as AppError).message).toMatch(/longer than 0.2 s and was stopped/);
    // Stopped, not waited for: the statement alone would run for seconds.
    expect(Date.now() - started).toBeLessThan(3_000);
    // The limit belongs to that statement only: the next one runs, within a limit of its own.
    const next = await withTimeLimit(ctx, limit(10_000), (limited) => sql<{ n: number }>`select count(*) as n from form_record`.execute(limited.scope.db));
    expect(Number(next.rows[0]!.n)).toBeGreaterThan(0);
    if (dialect === 'postgres') await sql`select pg_sleep(0.1)`.execute(t.app.services.db);
  });

  it('lets a signed-in page chart a form, never a public website', async () => {
    const config: PageConfig = {
      title: 'Repairs board',
      widgets: [
        {
          id: 'byBuilding',
          type: 'chart',
          grid: { x: 0, y: 0, w: 12, h: 8 },
          props: { kind: 'bar', x: 'building', series: [{ field: 'count' }] },
          data: { dataset: code, dimensions: ['building'], measures: [{ agg: 'count' }] },
        },
      ],
    };
    const page = await t.call('POST', `${API}/page/create`, { token: admin, body: pageBody({ route: null, config: config as never }) });
    expect(page.status, page.body.message).toBe(200);
    const site = await t.call('POST', `${API}/page/create`, { token: admin, body: pageBody({ route: null, kind: 'website', config: config as never }) });
    expect(site.status).toBe(400);
    expect(site.body.message).toContain('config.widgets[0].data.dataset');
  });
});
