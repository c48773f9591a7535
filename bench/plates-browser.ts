/**
 * Plates browser benchmark: a plate of 12 components over Northwind's demo maintenance
 * requests — a filter bar, four KPI cards, bar, line, pie, heat map and funnel charts, a pivot
 * table and a table — opened at /data-analysis-plate/{id} in headless Chromium, beside an
 * empty plate. Time from the navigation to every component drawn (bench/renderer-probe.js),
 * median and p95 over several loads, with the server's answers not yet cached (its cache
 * emptied before each load: every component's query runs on the database) and cached.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { PlateDetail } from '../src/core/contracts/plates.ts';
import { textIn } from '../src/core/local-text.ts';
import type { PageConfig, WidgetConfig } from '../src/core/pages/page-config.ts';
import type { DatasetInfo } from '../src/core/query/query-spec.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../tests/helpers/test-app.ts';
import { newPage, pageWithSession, sessionOf, signIn, webBuild, type BenchAccount } from './browser-pages.ts';
import { median, printTable, quantileOf, withDeadline } from './report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROBE = fs.readFileSync(path.join(ROOT, 'bench/renderer-probe.js'), 'utf8');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const ADMIN: BenchAccount = { account: 'admin', tenant: NORTHWIND, workspace: 'NW-HQ' };
const LOADS = 7;
const WARMUP_LOADS = 1;
const READY_TIMEOUT_MS = 30_000;
const DEADLINE_MS = 10 * 60_000;

type ProbeWindow = Window & { __rendererProbe: { watchReady(n: number): void; readyAt(): number | null; pagePending(n: number): string | null } };

/** Twelve components over the maintenance requests, laid out as an analyst would. */
function twelveComponents(dataset: string): PageConfig {
  const count = [{ agg: 'count' as const, as: 'requests' }];
  const cell = (x: number, y: number, w: number, h: number) => ({ x, y, w, h });
  const widgets: WidgetConfig[] = [
    { id: 'filters', type: 'filter-bar', grid: cell(0, 0, 24, 2), props: {} },
    { id: 'total', type: 'kpi', title: 'Requests', grid: cell(0, 2, 6, 4), props: {}, data: { dataset, measures: count } },
    { id: 'urgent', type: 'kpi', title: 'Urgent', grid: cell(6, 2, 6, 4), props: {}, data: { dataset, measures: count, filters: [{ field: 'priority', op: 'eq', value: 'urgent' }] } },
    { id: 'spent', type: 'kpi', title: 'Spent', grid: cell(12, 2, 6, 4), props: { format: { compact: true } }, data: { dataset, measures: [{ agg: 'sum', field: 'total', as: 'spent' }] } },
    { id: 'average', type: 'kpi', title: 'Average cost', grid: cell(18, 2, 6, 4), props: {}, data: { dataset, measures: [{ agg: 'avg', field: 'total', as: 'average' }] } },
    { id: 'byBuilding', type: 'chart', title: 'By building', grid: cell(0, 6, 8, 8), props: { kind: 'bar' }, data: { dataset, dimensions: ['building'], measures: count } },
    { id: 'byMonth', type: 'chart', title: 'By month', grid: cell(8, 6, 8, 8), props: { kind: 'line' }, data: { dataset, dimensions: ['reportedAt:month'], measures: count, sort: [{ field: 'reportedAt:month', order: 'asc' }] } },
    { id: 'byPriority', type: 'chart', title: 'By priority', grid: cell(16, 6, 8, 8), props: { kind: 'pie', donut: true }, data: { dataset, dimensions: ['priority'], measures: count } },
    { id: 'heat', type: 'chart', title: 'Building by month', grid: cell(0, 14, 12, 8), props: { kind: 'heatmap' }, data: { dataset, dimensions: ['building', 'reportedAt:month'], measures: count } },
    { id: 'funnel', type: 'chart', title: 'By category', grid: cell(12, 14, 12, 8), props: { kind: 'funnel' }, data: { dataset, dimensions: ['category'], measures: count } },
    { id: 'pivot', type: 'pivot', title: 'Priority by building', grid: cell(0, 22, 12, 8), props: {}, data: { dataset, dimensions: ['building', 'priority'], measures: count } },
    { id: 'rows', type: 'table', title: 'Requests', grid: cell(12, 22, 12, 8), props: {}, data: { dataset, pageSize: 50 } },
  ];
  return {
    title: 'Benchmark: twelve components',
    filters: [{ id: 'period', type: 'dateRange', label: 'Reported', field: 'reportedAt', default: 'last12months' }],
    widgets,
  };
}

export async function runPlatesBrowserBench(): Promise<void> {
  let browser: Browser | undefined;
  let t: TestApp | undefined;
  try {
    await withDeadline('plates browser', DEADLINE_MS, async () => {
      browser = await launchBrowser();
      const webDir = await webBuild();
      t = await startTestApp('sqlite', { webDir });
      const token = await t.signIn(ADMIN.account, ADMIN.tenant);
      const datasets = (await t.call<DatasetInfo[]>('GET', '/proptech_allplan/dataset/list', { token })).body.data;
      const requests = datasets.find((d) => textIn(d.name, 'en') === 'Maintenance request');
      if (!requests) throw new Error('Northwind has no "Maintenance request" form');
      const store = async (name: string, config: PageConfig) => {
        const created = await t!.call<PlateDetail>('POST', '/proptech_allplan/board/plate/create', { token, body: { name, config } });
        if (!created.body.success) throw new Error(`plate/create ${name}: ${created.body.message}`);
        return created.body.data.id;
      };
      const plates = {
        empty: { id: await store('Benchmark: empty', { title: 'Benchmark: empty', widgets: [] }), components: 0 },
        twelve: { id: await store('Benchmark: twelve components', twelveComponents(requests.code)), components: 12 },
      };
      console.log(`\nplates over "${textIn(requests.name, 'en')}" (${requests.rowCount} records), SPA from ${webDir}`);

      const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
      const signInPage = await newPage(context);
      await signIn(signInPage, t.url, ADMIN);
      const session = await sessionOf(signInPage);
      await signInPage.close();
      const errors: string[] = [];
      const load = async (name: keyof typeof plates, cached: boolean): Promise<number> => {
        if (!cached) t!.app.services.queryCache.clear();
        const page: Page = await pageWithSession(context, session);
        page.on('pageerror', (error) => errors.push(error.message));
        await page.addInitScript({ content: `${PROBE}\nwindow.__rendererProbe.watchReady(${plates[name].components});` });
        await page.goto(`${t!.url}/data-analysis-plate/${plates[name].id}`);
        try {
          await page.waitForFunction(() => (window as unknown as ProbeWindow).__rendererProbe.readyAt() !== null, undefined, { timeout: READY_TIMEOUT_MS, polling: 100 });
        } catch (error) {
          const pending = await page.evaluate((n) => (window as unknown as ProbeWindow).__rendererProbe.pagePending(n), plates[name].components);
          throw new Error(`plate ${name} not drawn: ${pending}`, { cause: error });
        }
        const ready = await page.evaluate(() => (window as unknown as ProbeWindow).__rendererProbe.readyAt()!);
        if (name === 'twelve' && cached) {
          fs.mkdirSync(RESULTS_DIR, { recursive: true });
          await page.screenshot({ path: path.join(RESULTS_DIR, 'plates-twelve.png'), fullPage: true });
        }
        await page.close();
        return ready;
      };

      const times = { empty: { cold: [] as number[], cached: [] as number[] }, twelve: { cold: [] as number[], cached: [] as number[] } };
      for (let round = 0; round < WARMUP_LOADS + LOADS; round++) {
        // Alternating, so that a slow spell of the machine falls on every case alike.
        for (const cached of [false, true]) {
          for (const name of ['empty', 'twelve'] as const) {
            const ms = await load(name, cached);
            if (round >= WARMUP_LOADS) times[name][cached ? 'cached' : 'cold'].push(ms);
          }
        }
      }
      await context.close();
      if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
      const row = (label: string, values: number[], base: number[]) => [
        label,
        String(values.length),
        median(values).toFixed(0),
        quantileOf(values, 0.95).toFixed(0),
        (median(values) / median(base)).toFixed(2),
      ];
      printTable(
        ['plate, navigation to every component drawn', 'loads', 'median ms', 'p95 ms', 'ratio to empty plate'],
        [
          row('empty plate', times.empty.cold, times.empty.cold),
          row('12 components, answers not cached', times.twelve.cold, times.empty.cold),
          row('12 components, answers cached', times.twelve.cached, times.empty.cached),
        ],
        [0],
      );
    });
  } finally {
    await browser?.close().catch(() => undefined);
    await t?.close();
  }
}
