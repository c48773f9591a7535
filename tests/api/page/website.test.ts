import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageEnvelope } from '../../../src/core/contracts/page.ts';
import type { StoredPage } from '../../../src/core/pages/page-config.ts';
import type { QueryAggregateResult, QueryRowsResult } from '../../../src/core/query/query-spec.ts';
import { generateEnergyReadings, generateOccupancy, generateWorkOrders, WORK_ORDER_COUNT, type DatasetRow } from '../../../src/server/seed/demo/datasets.ts';
import { datasetSeedOf } from '../../../src/server/modules/dataset/seed.ts';
import { testDialects } from '../../helpers/databases.ts';
import { fixtureConfig, pageBody } from '../../helpers/pages.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const API = '/proptech_allplan';
const OPEN = new Set(['open', 'in_progress', 'on_hold']);

/** Open work orders newest first, as the fixture's `open-orders` widget asks. */
const openOrders = (rows: DatasetRow[]) =>
  rows
    .map((r, i) => ({ r, i }))
    .filter(({ r }) => OPEN.has(r.status as string))
    .sort((a, b) => ((a.r.created as string) < (b.r.created as string) ? 1 : (a.r.created as string) > (b.r.created as string) ? -1 : a.i - b.i))
    .map(({ r }) => r);

describe.each(testDialects())('public websites on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let harbor: string;
  let site: StoredPage;
  let harborSite: StoredPage;
  let orders: DatasetRow[];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
    const website = pageBody({ route: null, kind: 'website', config: fixtureConfig('energy-site') as never });
    site = (await t.call<StoredPage>('POST', `${API}/page/create`, { token: admin, body: website })).body.data;
    harborSite = (await t.call<StoredPage>('POST', `${API}/page/create`, { token: harbor, body: website })).body.data;
    orders = generateWorkOrders(WORK_ORDER_COUNT, t.clock.now(), datasetSeedOf('northwind'));
  });
  afterAll(() => t.close());

  const open = (id: number) => t.call<PageEnvelope>('GET', `${API}/website/${id}`);
  const query = (id: number, body: unknown) => t.call<QueryRowsResult & QueryAggregateResult>('POST', `${API}/website/${id}/query`, { body });
  const save = (page: StoredPage, patch: Record<string, unknown>, token = admin) =>
    t.call('POST', `${API}/page/update`, { token, body: { id: page.id, route: page.route, kind: page.kind, published: page.published, config: page.config, ...patch } });

  describe('GET website/{id}', () => {
    it('gives a published website page without a token', async () => {
      const result = await open(site.id);
      expect(result.status).toBe(200);
      expect(result.body.data.page).toEqual(site);
    });

    it('answers 404 for a draft, a page that is not a website, and an unknown id', async () => {
      const draft = await t.call<StoredPage>('POST', `${API}/page/create`, {
        token: admin,
        body: pageBody({ route: null, kind: 'website', published: false, config: fixtureConfig('draft-site') as never }),
      });
      expect((await open(draft.body.data.id)).status).toBe(404);
      const page = await t.call<StoredPage>('POST', `${API}/page/create`, { token: admin, body: pageBody({ route: '/inside-only' }) });
      expect(page.body.data.published).toBe(true);
      expect((await open(page.body.data.id)).status).toBe(404);
      expect((await query(page.body.data.id, { widgetId: 'orders-by-category' })).status).toBe(404);
      expect((await open(999_999)).status).toBe(404);
      expect((await open(0)).status).toBe(400);
    });

    it('goes away when unpublished and comes back when published again', async () => {
      expect((await save(site, { published: false })).status).toBe(200);
      expect((await open(site.id)).status).toBe(404);
      expect((await query(site.id, { widgetId: 'open-orders' })).status).toBe(404);
      expect((await save(site, { published: true })).status).toBe(200);
      expect((await open(site.id)).status).toBe(200);
    });
  });

  describe('POST website/{id}/query', () => {
    it("runs the widget's stored query without a token", async () => {
      const result = await query(site.id, { widgetId: 'open-orders' });
      expect(result.status, result.body.message).toBe(200);
      const expected = openOrders(orders);
      expect(result.body.data).toEqual({ list: expected.slice(0, 10), total: expected.length, pageNum: 1, pageSize: 10, columns: expect.any(Array) });
    });

    it("adds the visitor's filters, sort and paging to the stored query", async () => {
      const building = orders[0]!.building as string;
      const result = await query(site.id, {
        widgetId: 'open-orders',
        filters: [{ field: 'building', op: 'eq', value: building }],
        sort: [{ field: 'cost', order: 'asc' }],
        pageNum: 2,
        pageSize: 5,
      });
      expect(result.status, result.body.message).toBe(200);
      const expected = openOrders(orders)
        .filter((r) => r.building === building)
        .map((r, i) => ({ r, i }))
        .sort((a, b) => (a.r.cost as number) - (b.r.cost as number) || a.i - b.i)
        .map(({ r }) => r);
      expect(result.body.data).toEqual({ list: expected.slice(5, 10), total: expected.length, pageNum: 2, pageSize: 5, columns: expect.any(Array) });
    });

    it('runs aggregate widgets', async () => {
      const result = await query(site.id, { widgetId: 'energy-by-meter' });
      expect(result.status).toBe(200);
      const energy = generateEnergyReadings(t.clock.now(), datasetSeedOf('northwind')).filter((r) => (r.date as string) >= '2026-01-01');
      const rows = result.body.data.rows;
      expect(rows.map((r) => r.meter)).toEqual(['electricity', 'gas', 'heating', 'water']);
      for (const row of rows) {
        const sum = energy.filter((r) => r.meter === row.meter).reduce((s, r) => s + (r.cost as number), 0);
        expect(Math.abs((row.cost as number) - sum)).toBeLessThan(1e-6 * sum);
      }
    });

    it("answers with the site's own tenant's data", async () => {
      const harborOrders = openOrders(generateWorkOrders(WORK_ORDER_COUNT, t.clock.now(), datasetSeedOf('harbor')));
      const result = await query(harborSite.id, { widgetId: 'open-orders', pageSize: 3 });
      expect(result.body.data).toEqual({ list: harborOrders.slice(0, 3), total: harborOrders.length, pageNum: 1, pageSize: 3, columns: expect.any(Array) });
    });

    it("tells each tenant's own figures on its demo portfolio website, none written into its text", async () => {
      const counts = [];
      for (const [tenant, code] of [[NORTHWIND, 'northwind'], [HARBOR, 'harbor']] as const) {
        const row = await t.app.services.db
          .selectFrom('page')
          .innerJoin('tenant', 'tenant.id', 'page.tenant_id')
          .select(['page.id', 'page.config'])
          .where('page.seed_key', '=', 'website-portfolio')
          .where('tenant.name', '=', tenant)
          .executeTakeFirstOrThrow();
        const properties = new Set(generateOccupancy(t.clock.now(), datasetSeedOf(code)).map((r) => r.property)).size;
        const result = await query(row.id, { widgetId: 'count' });
        expect(result.body.data.rows, tenant).toEqual([{ properties }]);
        expect(String(row.config)).not.toMatch(/\*\*\d+ properties\*\*|seventeen/);
        counts.push(properties);
      }
      expect(counts[0]).not.toBe(counts[1]);
    });

    it('answers 404 for a widget the page lacks or one without data', async () => {
      expect((await query(site.id, { widgetId: 'nope' })).status).toBe(404);
      expect((await query(site.id, { widgetId: 'welcome' })).status).toBe(404);
    });

    it("checks the visitor's additions like any query, naming the request path", async () => {
      const unknown = await query(site.id, { widgetId: 'open-orders', filters: [{ field: 'password', op: 'eq', value: 'x' }] });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('filters[0].field: unknown field "password" of dataset "work_orders"');
      const sort = await query(site.id, { widgetId: 'energy-by-meter', sort: [{ field: 'date' }] });
      expect(sort.status).toBe(400);
      expect(sort.body.message).toBe('sort[0].field: "date" is not a dimension or measure of the query');
      const big = await query(site.id, { widgetId: 'open-orders', pageSize: 501 });
      expect(big.status).toBe(400);
      expect(big.body.message).toMatch(/^pageSize: /);
      const other = await query(site.id, { widgetId: 'open-orders', dataset: 'occupancy' });
      expect(other.status).toBe(400);
      expect(other.body.message).toBe('dataset: is not an allowed field');
    });
  });
});
