import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BiRelation, BiView, BiViewCheck } from '../../../src/core/contracts/bi.ts';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import type { DatasetInfo, QueryAggregateResult, QueryRowsResult } from '../../../src/core/query/query-spec.ts';
import { API, inviteWithPoints } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { createRecord, publishedForm } from '../../helpers/forms.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/** Registered views: SQL over the tenant's forms and datasets, checked, then read by plates as datasets. */

const DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'building', type: 'select', label: 'Building', required: true, options: ['tower', 'plaza', 'mall'].map((value) => ({ value, label: value })) },
    { key: 'cost', type: 'number', label: 'Cost' },
    { key: 'reportedOn', type: 'date', label: 'Reported on', required: true },
  ],
};

const REPAIRS = [
  { summary: 'Leak', building: 'tower', cost: 120, reportedOn: '2026-01-05' },
  { summary: 'Door', building: 'tower', cost: 80.5, reportedOn: '2026-01-20' },
  { summary: 'Lift', building: 'tower', reportedOn: '2026-02-02' },
  { summary: 'Lamp', building: 'plaza', cost: 15, reportedOn: '2026-02-14' },
  { summary: 'Boiler', building: 'plaza', cost: 900, reportedOn: '2026-03-31' },
  { summary: 'Roof', building: 'mall', cost: 1500, reportedOn: '2026-05-10' },
];

describe.each(testDialects())('registered views on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let harbor: string;
  let form: FormDetail;
  let relation: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
    form = await publishedForm(t, admin, 'Repairs', DESIGN);
    relation = `form_${form.id}`;
    for (const repair of REPAIRS) await createRecord(t, admin, form.id, repair);
  });
  afterAll(() => t.close());

  const post = <T>(path: string, body: unknown, token = admin) => t.call<T>('POST', `${API}/bi/view/${path}`, { token, body });
  const get = <T>(path: string, token = admin) => t.call<T>('GET', `${API}/bi/view/${path}`, { token });
  const query = <T = QueryAggregateResult & QueryRowsResult>(body: unknown, token = admin) => t.call<T>('POST', `${API}/dataset/query`, { token, body });
  const byBuilding = () => `select building, count(*) as repairs, sum(cost) as spent, min("reportedOn") as first_reported\nfrom ${relation}\ngroup by building`;

  it('offers the tenant’s forms and datasets as relations with their columns', async () => {
    const relations = (await get<BiRelation[]>('relations')).body.data;
    const repairs = relations.find((r) => r.name === relation)!;
    expect(repairs).toMatchObject({ title: 'Repairs', kind: 'form' });
    expect(repairs.columns).toEqual(expect.arrayContaining([{ name: 'building', type: 'string' }, { name: 'cost', type: 'number' }, { name: 'reportedOn', type: 'date' }]));
    expect(relations.find((r) => r.name === 'ds_energy_readings')).toMatchObject({ kind: 'dataset', title: 'Energy readings' });
    // Harbor's relations are Harbor's own.
    const others = (await get<BiRelation[]>('relations', harbor)).body.data;
    expect(others.some((r) => r.name === relation)).toBe(false);
  });

  it('checks a view: its columns with their types and its first rows', async () => {
    const answer = await post<BiViewCheck>('check', { sql: byBuilding() });
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data.columns).toEqual([
      { name: 'building', type: 'string' },
      { name: 'repairs', type: 'integer' },
      { name: 'spent', type: 'number' },
      { name: 'first_reported', type: 'date' },
    ]);
    expect(answer.body.data.relations).toEqual([relation]);
    const rows = [...answer.body.data.rows].sort((a, b) => String(a.building).localeCompare(String(b.building)));
    expect(rows).toEqual([
      { building: 'mall', repairs: 1, spent: 1500, first_reported: '2026-05-10' },
      { building: 'plaza', repairs: 2, spent: 915, first_reported: '2026-02-14' },
      { building: 'tower', repairs: 3, spent: 200.5, first_reported: '2026-01-05' },
    ]);
  });

  it('saves a view that plates then query as a dataset, with the same numbers on both databases', async () => {
    const created = await post<BiView>('create', { name: 'Repairs by building', description: 'Counts and costs', sql: byBuilding() });
    expect(created.status, created.body.message).toBe(200);
    const view = created.body.data;
    expect(view).toMatchObject({ code: `view_${view.id}`, name: 'Repairs by building', relations: [relation], revision: 1 });

    const listed = (await t.call<DatasetInfo[]>('GET', `${API}/dataset/list`, { token: admin })).body.data.find((d) => d.code === view.code);
    expect(listed).toMatchObject({ name: 'Repairs by building', rowCount: null, view: true });

    const totals = await query({ dataset: view.code, measures: [{ agg: 'sum', field: 'repairs' }, { agg: 'max', field: 'spent' }] });
    expect(totals.body.data.rows).toEqual([{ sum_repairs: 6, max_spent: 1500 }]);
    const filtered = await query({
      dataset: view.code,
      dimensions: ['first_reported:month'],
      measures: [{ agg: 'sum', field: 'spent', as: 'spent' }],
      filters: [{ field: 'repairs', op: 'gte', value: 2 }],
    });
    expect(filtered.body.data.rows).toEqual([
      { 'first_reported:month': '2026-01', spent: 200.5 },
      { 'first_reported:month': '2026-02', spent: 915 },
    ]);
    const page = await query({ dataset: view.code, sort: [{ field: 'spent', order: 'desc' }], pageSize: 2 });
    expect(page.body.data).toMatchObject({ total: 3, list: [{ building: 'mall' }, { building: 'plaza' }] });

    // A new record shows at once: the view's answers are keyed by its forms' data revisions.
    await createRecord(t, admin, form.id, { summary: 'Gate', building: 'mall', cost: 10, reportedOn: '2026-06-01' });
    const after = await query({ dataset: view.code, measures: [{ agg: 'sum', field: 'repairs' }] });
    expect(after.body.data.rows).toEqual([{ sum_repairs: 7 }]);

    // Another tenant does not have it.
    expect((await query({ dataset: view.code, measures: [{ agg: 'count' }] }, harbor)).status).toBe(404);
    expect((await get<BiView[]>('list', harbor)).body.data.some((v) => v.id === view.id)).toBe(false);
  });

  it('reads a stored dataset and joins relations', async () => {
    const sql = `with meters as (select meter, sum(cost) as cost from ds_energy_readings group by meter)
select m.meter, m.cost, (select count(*) from ${relation}) as repairs from meters m order by m.meter -- cheapest first`;
    const answer = await post<BiViewCheck>('check', { sql });
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data.rows.map((r) => r.meter)).toEqual(['electricity', 'gas', 'heating', 'water']);
    expect(answer.body.data.relations.sort()).toEqual(['ds_energy_readings', relation].sort());
  });

  it('refuses SQL that is not one plain SELECT over the offered relations, naming the problem, and saves nothing', async () => {
    const before = (await get<BiView[]>('list')).body.data;
    const cases: [string, RegExp][] = [
      [`select 1; delete from ${relation}`, /one SELECT/],
      [`delete from ${relation}`, /SELECT/],
      [`update ${relation} set cost = 0`, /SELECT/],
      ['select * from app_user', /app_user is not a relation/],
      ['select * from form_record', /form_record is not a relation/],
      [dialect === 'sqlite' ? 'select * from sqlite_master' : 'select * from pg_user', /is not a relation/],
      [dialect === 'sqlite' ? 'select * from main.form_record' : 'select * from public.form_record', /without a schema/],
      [`select building from ${relation} where building in (select username from app_user)`, /app_user is not a relation/],
      [dialect === 'sqlite' ? "select load_extension('x')" : 'select pg_sleep(10)', /function .* is not one a view may call/],
      [dialect === 'sqlite' ? "select * from pragma_table_info('app_user')" : "select * from pg_read_file('/etc/passwd')", /function/],
      [`select * from ${relation} where building = ?`, dialect === 'sqlite' ? /parameters/ : /not SQL|parameters/],
      [`select * from ${relation} where building = $1`, /parameters|not SQL/],
      [`select building, count(*) + 1 from ${relation} group by building`, /plain name/],
      [`select building, building from ${relation}`, /two columns|plain name/],
      [`with app_user as (select 1 as x) select * from app_user`, /name of a table/],
      [`with ${relation} as (select 1 as x) select * from ${relation}`, /hides the relation/],
      [`select nonsense from ${relation}`, /could not run it/],
      ['selec 1', /not SQL/],
    ];
    if (dialect === 'postgres') {
      cases.push(
        [`select * into stolen from ${relation}`, /INTO/],
        [`select current_setting('server_version') as v`, /function/],
        ['select user as u', /names the database's session/],
        ["select 'app_user'::regclass as r", /catalogue types/],
      );
    }
    for (const [sql, problem] of cases) {
      const answer = await post<BiView>('create', { name: `Bad ${sql.slice(0, 40)}`, sql });
      expect(answer.status, sql).toBe(400);
      expect(answer.body.message, sql).toMatch(/^sql: /);
      expect(answer.body.message, sql).toMatch(problem);
    }
    const body = await post('create', { name: '', sql: 'select 1 as x' });
    expect(body.status).toBe(400);
    expect(body.body.message).toMatch(/^name/);
    expect((await post('create', { name: 'x', sql: 'select 1 as x', extra: 1 })).status).toBe(400);
    expect((await get<BiView[]>('list')).body.data).toEqual(before);
  });

  it('updates with a revision check, refuses a taken name, and deletes a view no plate reads', async () => {
    const view = (await post<BiView>('create', { name: 'Spend', sql: `select sum(cost) as spent from ${relation}` })).body.data;
    expect((await post('create', { name: 'spend', sql: 'select 1 as x' })).status).toBe(409);
    const changed = await post<BiView>('update', { id: view.id, revision: 1, name: 'Spend', sql: `select max(cost) as top from ${relation}` });
    expect(changed.status, changed.body.message).toBe(200);
    // SQLite's values carry no column type: whole numbers read as integers there.
    expect(changed.body.data).toMatchObject({ revision: 2, columns: [{ name: 'top', type: dialect === 'sqlite' ? 'integer' : 'number' }] });
    const stale = await post('update', { id: view.id, revision: 1, name: 'Spend', sql: 'select 1 as x' });
    expect(stale.status).toBe(409);
    expect((await query({ dataset: view.code, pageSize: 5 })).body.data.list).toEqual([{ top: 1500 }]);

    // Harbor cannot touch it.
    expect((await post('update', { id: view.id, revision: 2, name: 'Mine', sql: 'select 1 as x' }, harbor)).status).toBe(404);
    expect((await post('delete', { id: view.id }, harbor)).status).toBe(404);

    // A plate reading it keeps it.
    const plate = await t.call<{ id: number }>('POST', `${API}/board/plate/create`, {
      token: admin,
      body: {
        name: 'Uses the view',
        config: { title: 'Uses the view', widgets: [{ id: 'k', type: 'kpi', grid: { x: 0, y: 0, w: 6, h: 4 }, props: { value: 'top' }, data: { dataset: view.code, measures: [{ agg: 'max', field: 'top', as: 'top' }] } }] },
      },
    });
    expect(plate.status, plate.body.message).toBe(200);
    const inUse = await post('delete', { id: view.id });
    expect(inUse.status).toBe(409);
    expect(inUse.body.message).toContain('Uses the view');
    expect((await t.call('POST', `${API}/board/plate/delete`, { token: admin, body: { id: plate.body.data.id } })).status).toBe(200);
    expect((await post('delete', { id: view.id })).status).toBe(200);
    expect((await query({ dataset: view.code, measures: [{ agg: 'count' }] })).status).toBe(404);
  });

  it('takes bi:manage to see or change views; reading one takes the right to read every form it reads', async () => {
    const view = (await post<BiView>('create', { name: 'Per building', sql: byBuilding() })).body.data;
    const { token: none } = await inviteWithPoints(t, admin, 'viewsnone', []);
    for (const [path, body] of [
      ['check', { sql: 'select 1 as x' }],
      ['create', { name: 'Nope', sql: 'select 1 as x' }],
      ['update', { id: view.id, revision: 1, name: 'Nope', sql: 'select 1 as x' }],
      ['delete', { id: view.id }],
    ] as const) {
      expect((await post(path, body, none)).status, path).toBe(403);
    }
    expect((await get('list', none)).status).toBe(403);
    expect((await get('relations', none)).status).toBe(403);
    // Without the form's read points the view is neither listed nor answered.
    expect((await query({ dataset: view.code, measures: [{ agg: 'count' }] }, none)).status).toBe(403);
    const listed = (await t.call<DatasetInfo[]>('GET', `${API}/dataset/list`, { token: none })).body.data;
    expect(listed.some((d) => d.code === view.code)).toBe(false);

    // A BI manager who may not read the form cannot build a view over it.
    const { token: manager } = await inviteWithPoints(t, admin, 'viewsmanager', ['bi:manage']);
    const refused = await post('check', { sql: byBuilding() }, manager);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain(relation);
    expect((await post<BiViewCheck>('check', { sql: 'select meter, count(*) as n from ds_energy_readings group by meter' }, manager)).status).toBe(200);
  });
});
