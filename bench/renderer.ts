/**
 * Renderer benchmark: the built SPA served by the real server (SQLite, a fresh data folder,
 * the seed), pages stored through the page API as the admin, drawn in headless Chromium.
 *
 * 1. Load: time from navigation to "every widget drawn" for a page of 24 widgets of every
 *    kind and for an empty page, median and p95 over several loads in new tabs of one
 *    signed-in context, with the HTTP cache warm and with it disabled; ratio 24 / empty.
 *    "Drawn" is read from the DOM once per animation frame (bench/renderer-probe.js): each
 *    cell says `data-widget-state="ready"` (or empty), holds no spinner, skeleton, busy
 *    part or row placeholder, charts have their canvas, images have loaded.
 * 2. Scroll: a table over 100,000 work orders. Per run, in a freshly loaded page: a steady
 *    read-speed scroll from the top, a sweep from top to bottom in scrollTop steps per
 *    animation frame, a jump to the middle; in another fresh page a jump to the end. Frames
 *    are requestAnimationFrame intervals; long tasks come from PerformanceObserver. After
 *    each scroll, the time until the rows in view (at the end: the last row) show data.
 *    Baseline: the same scrolls of a plain scrollable div of the same size on the empty page.
 *
 * The SPA is dist/web, built when missing or older than its sources, or the build that
 * BENCH_WEB_DIR names (used as it is). Figures go to bench/results/renderer.json, pictures
 * of the pages as drawn to bench/results/renderer-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import type { PageConfig, StoredPage } from '../src/core/pages/page-config.ts';
import { generateWorkOrders, WORK_ORDER_FIELDS } from '../src/server/seed/demo/datasets.ts';
import { storeDataset } from '../src/server/modules/dataset/seed.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../tests/helpers/test-app.ts';
import { disableCache, newPage, pageWithSession, sessionOf, signIn, webBuild, type BenchAccount } from './browser-pages.ts';
import { BIG_DATASET, BIG_ROWS, emptyPage, tablePage, TABLE_WIDGET_ID, widgetsPage } from './renderer-pages.ts';
import { median, printTable, quantileOf, withDeadline } from './report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const PROBE = fs.readFileSync(path.join(ROOT, 'bench/renderer-probe.js'), 'utf8');
const ADMIN: BenchAccount = { account: 'admin', tenant: NORTHWIND, workspace: 'NW-HQ' };
const VIEWPORT = { width: 1440, height: 900 };

/** Loads per page and cache mode, after WARMUP_LOADS discarded ones. */
const LOADS = 9;
const WARMUP_LOADS = 1;
/** Scroll runs on the table and on the plain div, each in fresh pages. */
const SCROLL_RUNS = 5;
const SCROLL_MS = 3000;
/** A brisk wheel scroll: about 80 rows of 36 px a second. */
const READ_PX_PER_S = 3000;
/** One frame of a 60 Hz display; a frame interval above it means a frame was late. */
const FRAME_BUDGET_MS = 1000 / 60;
/** Frame intervals within this much of the budget count as on time (timer jitter). */
const FRAME_SLACK_MS = 1;
const READY_TIMEOUT_MS = 30_000;
const DATA_TIMEOUT_MS = 15_000;
/** The whole benchmark, data and build included, must end within this. */
const DEADLINE_MS = 900_000;

const ROUTES = { empty: '/bench-empty', widgets: '/bench-widgets', table: '/bench-table' } as const;
type PageName = keyof typeof ROUTES;
type CacheMode = 'warm' | 'cold';

interface LoadSample {
  readyMs: number;
  longTasks: number;
  longTaskMs: number;
}

interface LongTask {
  start: number;
  duration: number;
}

/** What bench/renderer-probe.js's scrollRun answers. */
interface ScrollSample {
  frames: number[];
  framesWithoutData: number;
  scrollMs: number;
  dataAfterMs: number | null;
  longTasks: LongTask[];
}

interface Probe {
  watchReady(expected: number): void;
  readyAt(): number | null;
  pagePending(expected: number): string | null;
  longTasksBetween(from: number, to: number): LongTask[];
  scrollRun(selector: string, path: { from: number; to: number }, durationMs: number, waitForData: boolean, timeoutMs: number): Promise<ScrollSample>;
  addPlainScroller(id: string, width: number, height: number, contentHeight: number): void;
}
type ProbeWindow = Window & { __rendererProbe: Probe };

type ScrollName = 'read' | 'sweep' | 'middle' | 'end';
const SCROLL_NAMES: ScrollName[] = ['read', 'sweep', 'middle', 'end'];
const SCROLL_LABELS: Record<ScrollName, string> = {
  read: `steady scroll from the top, ${READ_PX_PER_S} px/s for ${SCROLL_MS / 1000} s`,
  sweep: `top to bottom in ${SCROLL_MS / 1000} s, a scrollTop step per frame`,
  middle: 'jump to the middle',
  end: 'jump to the end (fresh page)',
};
const TABLE_SCROLLER = `[data-widget-id="${TABLE_WIDGET_ID}"] .table-widget-scroll`;
const PLAIN_SCROLLER_ID = 'bench-plain-scroller';

export async function runRendererBench(): Promise<void> {
  const started = Date.now();
  let browser: Browser | undefined;
  let t: TestApp | undefined;
  try {
    await withDeadline('renderer', DEADLINE_MS, async () => {
      browser = await launchBrowser();
      const webDir = await webBuild();
      t = await startTestApp('sqlite', { webDir });
      const pages = await storeBenchData(t);
      console.log(`server, ${BIG_ROWS.toLocaleString('en')} rows and pages ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${t.url}, SPA from ${webDir})`);
      await measure(browser, t.url, pages);
    });
  } finally {
    await browser?.close().catch((error: unknown) => console.error('closing the browser:', error));
    await t?.close();
  }
  console.log(`renderer benchmark done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** Puts the big dataset in Northwind and stores the three pages through the page API; returns their configs. */
async function storeBenchData(t: TestApp): Promise<Record<PageName, PageConfig>> {
  const { db, clock } = t.app.services;
  const tenant = await db.selectFrom('tenant').select('id').where('name', '=', NORTHWIND).executeTakeFirstOrThrow();
  const t0 = Date.now();
  const rows = generateWorkOrders(BIG_ROWS, clock.now());
  await storeDataset(db, tenant.id, { code: BIG_DATASET, name: 'Work orders (100,000)', fields: WORK_ORDER_FIELDS }, rows, new Date(clock.now()).toISOString());
  console.log(`${BIG_DATASET}: ${rows.length.toLocaleString('en')} rows generated and stored in ${Date.now() - t0} ms`);

  const token = await t.signIn(ADMIN.account, ADMIN.tenant);
  const configs: Record<PageName, PageConfig> = { empty: emptyPage(), widgets: widgetsPage(), table: tablePage() };
  for (const name of Object.keys(ROUTES) as PageName[]) {
    const created = await t.call<StoredPage>('POST', '/proptech_allplan/page/create', {
      token,
      body: { route: ROUTES[name], kind: 'page', published: true, config: configs[name] },
    });
    if (!created.body.success) throw new Error(`page/create ${ROUTES[name]}: HTTP ${created.status} ${created.body.message}`);
  }
  return configs;
}

// --- Measurements -----------------------------------------------------------------------------

async function measure(browser: Browser, url: string, configs: Record<PageName, PageConfig>): Promise<void> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const context = await browser.newContext({ locale: 'en-US', viewport: VIEWPORT });
  const errors: string[] = [];
  try {
    const signInPage = await newPage(context);
    signInPage.on('pageerror', (error) => errors.push(error.message));
    await signIn(signInPage, url, ADMIN);
    const session = await sessionOf(signInPage);
    await signInPage.close();
    const open = async (name: PageName, cache: CacheMode = 'warm') => {
      const page = await pageWithSession(context, session);
      page.on('pageerror', (error) => errors.push(`${ROUTES[name]}: ${error.message}`));
      if (cache === 'cold') await disableCache(page);
      await page.addInitScript({ content: `${PROBE}\nwindow.__rendererProbe.watchReady(${configs[name].widgets.length});` });
      await page.goto(`${url}${ROUTES[name]}`);
      return page;
    };

    const loadBefore = os.loadavg()[0]!;
    const loads = await measureLoads(open, configs);
    const scrolls = await measureScrolls(open);
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    report(configs, loads, scrolls, { cpus: os.availableParallelism(), loadBefore, loadAfter: os.loadavg()[0]! });
  } finally {
    await context.close();
  }
}

/** Waits for the probe to see the page drawn; returns the time from the navigation start. */
async function drawn(page: Page, expected: number): Promise<number> {
  try {
    await page.waitForFunction(() => (window as unknown as ProbeWindow).__rendererProbe.readyAt() !== null, undefined, {
      timeout: READY_TIMEOUT_MS,
      polling: 100,
    });
  } catch (error) {
    const pending = await page.evaluate((n) => (window as unknown as ProbeWindow).__rendererProbe.pagePending(n), expected).catch(() => 'unknown');
    throw new Error(`${page.url()} not drawn after ${READY_TIMEOUT_MS} ms: ${pending}`, { cause: error });
  }
  return page.evaluate(() => (window as unknown as ProbeWindow).__rendererProbe.readyAt()!);
}

type Open = (name: PageName, cache?: CacheMode) => Promise<Page>;
type LoadResults = Record<CacheMode, Record<'empty' | 'widgets', LoadSample[]>>;

async function measureLoads(open: Open, configs: Record<PageName, PageConfig>): Promise<LoadResults> {
  const results: LoadResults = { warm: { empty: [], widgets: [] }, cold: { empty: [], widgets: [] } };
  for (const cache of ['warm', 'cold'] as const) {
    for (let round = 0; round < WARMUP_LOADS + LOADS; round++) {
      // Alternating, so that a slow spell of the machine falls on both pages alike.
      for (const name of ['empty', 'widgets'] as const) {
        const page = await open(name, cache);
        const readyMs = await drawn(page, configs[name].widgets.length);
        const tasks = await page.evaluate((to) => (window as unknown as ProbeWindow).__rendererProbe.longTasksBetween(0, to), readyMs);
        if (cache === 'warm' && round === WARMUP_LOADS && name === 'widgets') {
          await page.screenshot({ path: path.join(RESULTS_DIR, 'renderer-widgets.png'), fullPage: true });
        }
        await page.close();
        if (round < WARMUP_LOADS) continue;
        results[cache][name].push({ readyMs, longTasks: tasks.length, longTaskMs: tasks.reduce((sum, task) => sum + task.duration, 0) });
      }
    }
  }
  return results;
}

type ScrollResults = Record<'table' | 'plain', Record<ScrollName, ScrollSample[]>>;

async function measureScrolls(open: Open): Promise<ScrollResults> {
  const results: ScrollResults = {
    table: { read: [], sweep: [], middle: [], end: [] },
    plain: { read: [], sweep: [], middle: [], end: [] },
  };
  const readTo = (max: number) => Math.min(1, (READ_PX_PER_S * SCROLL_MS) / 1000 / max);
  const run = (page: Page, selector: string, from: number, to: number, ms: number, waitForData: boolean) =>
    page.evaluate(
      ([s, a, b, d, w, timeout]) => (window as unknown as ProbeWindow).__rendererProbe.scrollRun(s, { from: a, to: b }, d, w, timeout),
      [selector, from, to, ms, waitForData, DATA_TIMEOUT_MS] as const,
    );
  let size: { width: number; height: number; scrollHeight: number } | null = null;

  for (let i = 0; i < SCROLL_RUNS; i++) {
    const page = await open('table');
    await drawn(page, 1);
    const scroller = page.locator(TABLE_SCROLLER);
    size ??= await scroller.evaluate((el) => ({ width: el.clientWidth, height: el.clientHeight, scrollHeight: el.scrollHeight }));
    const max = size.scrollHeight - size.height;
    const samples = results.table;
    samples.read.push(await run(page, TABLE_SCROLLER, 0, readTo(max), SCROLL_MS, true));
    samples.sweep.push(await run(page, TABLE_SCROLLER, 0, 1, SCROLL_MS, true));
    if (i === 0) await page.screenshot({ path: path.join(RESULTS_DIR, 'renderer-table-end.png') });
    samples.middle.push(await run(page, TABLE_SCROLLER, 0.5, 0.5, 0, true));
    await page.close();
    const fresh = await open('table');
    await drawn(fresh, 1);
    samples.end.push(await run(fresh, TABLE_SCROLLER, 1, 1, 0, true));
    await fresh.close();
  }

  // The baseline: the same scrolls of a plain div as big as the table's scroller.
  const { width, height, scrollHeight } = size!;
  const plainMax = scrollHeight - height;
  const selector = `#${PLAIN_SCROLLER_ID}`;
  for (let i = 0; i < SCROLL_RUNS; i++) {
    for (const fresh of [false, true]) {
      const page = await open('empty');
      await drawn(page, 0);
      await page.evaluate(([id, w, h, content]) => (window as unknown as ProbeWindow).__rendererProbe.addPlainScroller(id, w, h, content), [
        PLAIN_SCROLLER_ID,
        width,
        height,
        scrollHeight,
      ] as const);
      const samples = results.plain;
      if (fresh) {
        samples.end.push(await run(page, selector, 1, 1, 0, false));
      } else {
        samples.read.push(await run(page, selector, 0, readTo(plainMax), SCROLL_MS, false));
        samples.sweep.push(await run(page, selector, 0, 1, SCROLL_MS, false));
        samples.middle.push(await run(page, selector, 0.5, 0.5, 0, false));
      }
      await page.close();
    }
  }
  return results;
}

// --- Reports ----------------------------------------------------------------------------------

const ms = (value: number) => value.toFixed(0);
const late = (frame: number) => frame > FRAME_BUDGET_MS + FRAME_SLACK_MS;

interface FrameFigures {
  frames: number;
  late: number;
  worst: number;
  mean: number;
  p95: number;
  longTasks: number;
  longTaskMs: number;
  framesWithoutData: number;
  dataAfterMs: number | null;
}

/** Frame figures of the median run (by late frames, then worst frame) of a scroll. */
function frameFigures(samples: ScrollSample[]): FrameFigures {
  const figures = samples.map((s) => ({
    frames: s.frames.length,
    late: s.frames.filter(late).length,
    worst: Math.max(0, ...s.frames),
    mean: s.frames.reduce((a, b) => a + b, 0) / Math.max(1, s.frames.length),
    p95: quantileOf(s.frames, 0.95),
    longTasks: s.longTasks.length,
    longTaskMs: s.longTasks.reduce((sum, task) => sum + task.duration, 0),
    framesWithoutData: s.framesWithoutData,
    dataAfterMs: s.dataAfterMs,
  }));
  const sorted = [...figures].sort((a, b) => a.late - b.late || a.worst - b.worst);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** How busy the machine was: frame figures of one run only compare with another's on a like machine. */
interface Machine {
  cpus: number;
  loadBefore: number;
  loadAfter: number;
}

function report(configs: Record<PageName, PageConfig>, loads: LoadResults, scrolls: ScrollResults, machine: Machine): void {
  console.log(`\nMachine: ${machine.cpus} CPUs, 1-minute load average ${machine.loadBefore.toFixed(1)} before the measurements, ${machine.loadAfter.toFixed(1)} after`);
  const types = configs.widgets.widgets.reduce<Record<string, number>>((counts, w) => {
    const kind = w.type === 'chart' ? `chart ${String(w.props?.kind)}` : w.type;
    counts[kind] = (counts[kind] ?? 0) + 1;
    return counts;
  }, {});
  console.log(`\n24-widget page: ${Object.entries(types).map(([kind, n]) => (n > 1 ? `${n} ${kind}` : kind)).join(', ')}`);

  console.log(`\nTime from navigation to every widget drawn, ${LOADS} loads each (new tab of a signed-in context, viewport ${VIEWPORT.width}x${VIEWPORT.height}):`);
  const loadRows: string[][] = [];
  const loadJson: Record<string, unknown> = {};
  for (const cache of ['warm', 'cold'] as const) {
    const of = (name: 'empty' | 'widgets') => loads[cache][name].map((s) => s.readyMs);
    for (const name of ['empty', 'widgets'] as const) {
      const samples = loads[cache][name];
      loadRows.push([
        `${name === 'empty' ? 'empty page' : '24 widgets'} (${cache === 'warm' ? 'HTTP cache warm' : 'cache disabled'})`,
        ms(median(of(name))),
        ms(quantileOf(of(name), 0.95)),
        ms(Math.min(...of(name))),
        (median(of(name)) / median(of('empty'))).toFixed(2),
        ms(median(samples.map((s) => s.longTasks))),
        ms(median(samples.map((s) => s.longTaskMs))),
      ]);
    }
    loadJson[cache] = {
      emptyMs: of('empty'),
      widgetsMs: of('widgets'),
      ratioOfMedians: median(of('widgets')) / median(of('empty')),
      samples: loads[cache],
    };
  }
  printTable(['page', 'median ms', 'p95 ms', 'min ms', '÷ empty', 'long tasks', 'long-task ms'], loadRows);
  console.log('  (long tasks: main-thread tasks over 50 ms before the page was drawn, median per load)');

  console.log(
    `\nScrolling the ${BIG_ROWS.toLocaleString('en')}-row table (median of ${SCROLL_RUNS} runs) beside a plain scrollable div of the same size; ` +
      `late frame: interval > ${(FRAME_BUDGET_MS + FRAME_SLACK_MS).toFixed(1)} ms:`,
  );
  const scrollRows: string[][] = [];
  const scrollJson: Record<string, unknown> = {};
  for (const name of SCROLL_NAMES) {
    const table = frameFigures(scrolls.table[name]);
    const plain = frameFigures(scrolls.plain[name]);
    for (const [label, f] of [
      ['table', table],
      ['plain div', plain],
    ] as const) {
      scrollRows.push([
        `${name}: ${label}`,
        String(f.frames),
        String(f.late),
        f.worst.toFixed(1),
        f.mean.toFixed(1),
        f.p95.toFixed(1),
        `${f.longTasks} / ${ms(f.longTaskMs)}`,
        label === 'table' ? String(f.framesWithoutData) : '',
        label === 'table' ? (f.dataAfterMs === null ? 'timeout' : ms(f.dataAfterMs)) : '',
        label === 'table' ? (table.mean / plain.mean).toFixed(2) : '',
      ]);
    }
    scrollJson[name] = { label: SCROLL_LABELS[name], table, plain, runs: { table: scrolls.table[name], plain: scrolls.plain[name] } };
  }
  printTable(
    ['scroll', 'frames', 'late', 'worst ms', 'mean ms', 'p95 ms', 'long tasks / ms', 'frames without data', 'data after ms', 'mean ÷ plain'],
    scrollRows,
  );
  for (const name of SCROLL_NAMES) console.log(`  ${name}: ${SCROLL_LABELS[name]}`);
  console.log('  (frames without data: frames that painted a row in view blank or as a placeholder; data after: from the last scroll step until every row in view shows data)');

  const file = path.join(RESULTS_DIR, 'renderer.json');
  fs.writeFileSync(
    file,
    JSON.stringify({ measuredAt: new Date().toISOString(), machine, viewport: VIEWPORT, rows: BIG_ROWS, frameBudgetMs: FRAME_BUDGET_MS, widgetTypes: types, load: loadJson, scroll: scrollJson }, null, 2),
  );
  console.log(`\nFigures written to ${path.relative(ROOT, file)}; pictures: bench/results/renderer-widgets.png, renderer-table-end.png`);
}
