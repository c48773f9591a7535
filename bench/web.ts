/**
 * Web benchmark: the SPA built with Vite into a temporary directory, served by the real
 * server on loopback (SQLite with the seed), loaded in headless Chromium.
 *
 * 1. Critical path: every JS and CSS file /login (signed out) and /home (alice in NW-HQ,
 *    signed in through the real login form, then opened in a fresh page of that context with
 *    the cache disabled) load until the first render is complete and the network is idle,
 *    with raw and gzip (level 9) sizes. Locale JSON files are listed apart, not counted as JS/CSS.
 *    The JS is then split by package, from the module lengths Vite reports for each chunk.
 * 2. First contentful paint: median over cold loads (a new browser context per load, cache
 *    disabled) of /login, /home and a blank page served by the same server; beside it, when
 *    the screen's main element (login field, side menu) reached the DOM, which a static
 *    placeholder cannot fake.
 *
 * The build goes into a temporary directory (Vite's JS API, the project's vite.config.ts), so
 * dist/web is left alone; the build, server, browser and directory are gone at the end.
 *
 * Targets: /login critical path JS+CSS <= 200 kB gzip; /home FCP <= 2 x blank FCP.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';
import { build } from 'vite';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { startTestApp, type TestApp } from '../tests/helpers/test-app.ts';
import { disableCache, HOME_READY, signedInPage, STEP_TIMEOUT_MS, withPage, type BenchAccount } from './browser-pages.ts';
import { median, printTable, withDeadline } from './report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ALICE: BenchAccount = { account: 'alice', workspace: 'NW-HQ' };
const BLANK_PATH = '/bench-blank.html';
const BLANK_HTML = '<!doctype html><title>blank</title><p>blank</p>';
const LOGIN_READY = '#password-login_account';

/** kB as Vite prints them: 1000 bytes. */
const KB = 1000;
const LOGIN_BUDGET_GZIP = 200 * KB;
const FCP_FACTOR = 2;
/** Cold loads per page, after one discarded warm-up round (browser and server start-up). */
const FCP_LOADS = 7;
const WARMUP_ROUNDS = 1;
/** The network counts as idle after this long without a request in flight. */
const IDLE_MS = 500;
/** The whole benchmark, build included, must end within this. */
const DEADLINE_MS = 115_000;
/** Modules listed for the /login critical path. */
const TOP_MODULES = 15;

type Kind = 'js' | 'css' | 'locale';

interface Asset {
  path: string;
  kind: Kind;
  raw: number;
  gzip: number;
}

/** A module's share of a built chunk: its length in the chunk as rendered, before minification. */
interface ChunkModule {
  id: string;
  length: number;
}

/** File name in the build (e.g. `assets/index-Cz9I5xIz.js`) -> the modules it holds. */
type ChunkModules = Map<string, ChunkModule[]>;

export async function runWebBench(): Promise<void> {
  const started = Date.now();
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-bench-web-'));
  let browser: Browser | undefined;
  let t: TestApp | undefined;
  try {
    await withDeadline('web', DEADLINE_MS, async () => {
      // The browser first: a missing Chromium fails before the build.
      browser = await launchBrowser();
      const webDir = path.join(tmp, 'web');
      const chunks = await buildWeb(webDir);
      const served: string[] = [];
      t = await startTestApp('sqlite', {
        webDir,
        prepare(app) {
          app.addHook('onRequest', async (request) => {
            served.push(request.url.split('?')[0]!);
          });
          app.get(BLANK_PATH, async (_request, reply) => reply.type('text/html; charset=utf-8').send(BLANK_HTML));
        },
      });
      console.log(`build + server ready in ${Date.now() - started} ms (${t.url}, web build in ${tmp})`);
      await measure(browser, t.url, webDir, chunks, served);
    });
  } finally {
    await browser?.close().catch((error: unknown) => console.error('closing the browser:', error));
    await t?.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  console.log(`web benchmark done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// --- Build ------------------------------------------------------------------------------------

/** `vite build` of the project's config into `outDir`; returns the modules of each JS chunk. */
async function buildWeb(outDir: string): Promise<ChunkModules> {
  const t0 = Date.now();
  const result = await build({
    root: ROOT,
    configFile: path.join(ROOT, 'vite.config.ts'),
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true, reportCompressedSize: false },
  });
  const chunks: ChunkModules = new Map();
  for (const output of Array.isArray(result) ? result : [result]) {
    if (!('output' in output)) continue;
    for (const item of output.output) {
      if (item.type !== 'chunk') continue;
      chunks.set(
        item.fileName,
        Object.entries(item.modules).map(([id, module]) => ({ id, length: module.renderedLength })),
      );
    }
  }
  if (!fs.existsSync(path.join(outDir, 'index.html'))) throw new Error(`vite build wrote no index.html into ${outDir}`);
  console.log(`vite build: ${chunks.size} JS chunks in ${Date.now() - t0} ms`);
  return chunks;
}

// --- Measurements -----------------------------------------------------------------------------

async function measure(browser: Browser, url: string, webDir: string, chunks: ChunkModules, served: string[]): Promise<void> {
  // Critical paths.
  const login = await withPage(browser, async (page) => {
    return recordCriticalPath(page, webDir, served, () => page.goto(`${url}/login`), LOGIN_READY);
  });
  const home = await withPage(browser, async (page) => {
    const fresh = await signedInColdPage(page, url);
    return recordCriticalPath(fresh, webDir, served, () => fresh.goto(`${url}/home`), HOME_READY);
  });
  const loginTotals = printCriticalPath('/login (signed out)', login);
  const homeTotals = printCriticalPath(`/home (${ALICE.account} in ${ALICE.workspace}, signed in, fresh page)`, home);
  printModules('/login', login, chunks);

  // First contentful paint, and when the screen's main element is in the DOM.
  type Name = 'blank' | 'login' | 'home';
  const names: Name[] = ['blank', 'login', 'home'];
  const samples: Record<Name, Timing[]> = { blank: [], login: [], home: [] };
  for (let round = 0; round < WARMUP_ROUNDS + FCP_LOADS; round++) {
    const blank = await withPage(browser, async (page) => {
      await disableCache(page);
      return coldLoad(page, `${url}${BLANK_PATH}`, 'p');
    });
    const signedOut = await withPage(browser, async (page) => {
      await disableCache(page);
      return coldLoad(page, `${url}/login`, LOGIN_READY);
    });
    const signedIn = await withPage(browser, async (page) => coldLoad(await signedInColdPage(page, url), `${url}/home`, HOME_READY));
    if (round < WARMUP_ROUNDS) continue;
    samples.blank.push(blank);
    samples.login.push(signedOut);
    samples.home.push(signedIn);
  }
  const fcpOf = (name: Name) => samples[name].map((s) => s.fcp);
  const fcp = { blank: median(fcpOf('blank')), login: median(fcpOf('login')), home: median(fcpOf('home')) };
  console.log(`\nFirst contentful paint, median of ${FCP_LOADS} cold loads (new context each, cache disabled):`);
  printTable(
    ['page', 'FCP median ms', 'min ms', 'max ms', '÷ blank', 'ready median ms'],
    names.map((name) => [
      name === 'blank' ? BLANK_PATH : `/${name}`,
      fcp[name].toFixed(1),
      Math.min(...fcpOf(name)).toFixed(1),
      Math.max(...fcpOf(name)).toFixed(1),
      (fcp[name] / fcp.blank).toFixed(2),
      median(samples[name].map((s) => s.ready)).toFixed(1),
    ]),
  );
  console.log(`  (ready: ${LOGIN_READY} on /login, ${HOME_READY} on /home, the <p> of the blank page, added to the DOM)`);
  console.log(`FCP ratios: /home ÷ blank ${(fcp.home / fcp.blank).toFixed(2)}, /login ÷ blank ${(fcp.login / fcp.blank).toFixed(2)}`);

  // Targets.
  const loginMet = loginTotals.js + loginTotals.css <= LOGIN_BUDGET_GZIP;
  const homeRatio = fcp.home / fcp.blank;
  console.log('\nTargets:');
  console.log(
    `  /login critical path JS+CSS <= ${LOGIN_BUDGET_GZIP / KB} kB gzip: ${kb(loginTotals.js + loginTotals.css)} kB -> ` +
      `${loginMet ? 'met' : 'MISSED'}`,
  );
  console.log(
    `  /home FCP <= ${FCP_FACTOR} x blank FCP: ${fcp.home.toFixed(1)} ms / ${fcp.blank.toFixed(1)} ms = ${homeRatio.toFixed(2)} x -> ` +
      `${homeRatio <= FCP_FACTOR ? 'met' : 'MISSED'}`,
  );
  console.log(`  (for reference: /home critical path JS+CSS ${kb(homeTotals.js + homeTotals.css)} kB gzip)`);
}

/** A fresh page signed in as alice, with the cache disabled, not yet navigated. */
async function signedInColdPage(page: Page, url: string): Promise<Page> {
  const fresh = await signedInPage(page, url, ALICE);
  await disableCache(fresh);
  return fresh;
}

function kindOf(pathname: string): Kind | null {
  if (pathname.startsWith('/locales/') && pathname.endsWith('.json')) return 'locale';
  if (/\.m?js$/.test(pathname)) return 'js';
  if (pathname.endsWith('.css')) return 'css';
  return null;
}

/**
 * Every JS, CSS and locale file loaded from `navigate` until `ready` is shown and the network
 * has been idle for IDLE_MS (the notification event stream does not count).
 */
async function recordCriticalPath(
  page: Page,
  webDir: string,
  served: string[],
  navigate: () => Promise<unknown>,
  ready: string,
): Promise<Asset[]> {
  const bodies: Promise<Asset>[] = [];
  const failures: string[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const counted = new WeakSet<object>();
  const onRequest = (request: { resourceType(): string }) => {
    if (request.resourceType() === 'eventsource') return;
    counted.add(request);
    inFlight++;
    lastActivity = Date.now();
  };
  const onSettled = (request: object) => {
    if (!counted.has(request)) return;
    counted.delete(request);
    inFlight--;
    lastActivity = Date.now();
  };
  const onResponse = (response: Response) => {
    const pathname = new URL(response.url()).pathname;
    const kind = kindOf(pathname);
    if (!kind) return;
    if (response.status() !== 200) {
      failures.push(`${pathname} answered ${response.status()}`);
      return;
    }
    const sized = (bytes: Buffer): Asset => ({ path: pathname, kind, raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length });
    // Chromium may drop a body from its buffer before it is read; the server sent the file as it is on disk.
    const fromDisk = (error: unknown): Asset => {
      const file = path.join(webDir, decodeURIComponent(pathname));
      if (file.startsWith(webDir + path.sep) && fs.existsSync(file)) return sized(fs.readFileSync(file));
      failures.push(`${pathname}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      return { path: pathname, kind, raw: 0, gzip: 0 };
    };
    bodies.push(response.body().then(sized, fromDisk));
  };
  page.on('request', onRequest);
  page.on('requestfinished', onSettled);
  page.on('requestfailed', onSettled);
  page.on('response', onResponse);
  const servedBefore = served.length;
  try {
    await navigate();
    await page.locator(ready).first().waitFor();
    const waitUntil = Date.now() + STEP_TIMEOUT_MS;
    while (inFlight > 0 || Date.now() - lastActivity < IDLE_MS) {
      if (Date.now() > waitUntil) throw new Error(`network not idle after ${STEP_TIMEOUT_MS} ms (${inFlight} requests in flight)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    page.off('request', onRequest);
    page.off('requestfinished', onSettled);
    page.off('requestfailed', onSettled);
    page.off('response', onResponse);
  }
  const assets = await Promise.all(bodies);
  if (failures.length > 0) throw new Error(failures.join('; '));
  // Every file must have come from the server, not from a cache of the browser.
  const fromServer = new Set(served.slice(servedBefore));
  const cached = assets.filter((asset) => !fromServer.has(asset.path));
  if (cached.length > 0) throw new Error(`not fetched from the server: ${cached.map((a) => a.path).join(', ')}`);
  return assets;
}

interface Timing {
  /** First contentful paint, ms from the navigation start. */
  fcp: number;
  /** When the `ready` element was added to the DOM, ms from the navigation start. */
  ready: number;
}

/** Loads `target` in `page` and times its first contentful paint and its `ready` element. */
async function coldLoad(page: Page, target: string, ready: string): Promise<Timing> {
  // A string, not a function: tsx would wrap named functions in a `__name` helper the page lacks.
  await page.addInitScript({
    content: `(() => {
      const observer = new MutationObserver(() => {
        if (window.__benchReady === undefined && document.querySelector(${JSON.stringify(ready)})) {
          window.__benchReady = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    })();`,
  });
  await page.goto(target);
  await page.locator(ready).first().waitFor();
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  return page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]!.startTime,
    ready: (window as unknown as { __benchReady?: number }).__benchReady ?? Number.NaN,
  }));
}

// --- Reports ----------------------------------------------------------------------------------

function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

function printCriticalPath(label: string, assets: Asset[]): { js: number; css: number } {
  const order: Record<Kind, number> = { js: 0, css: 1, locale: 2 };
  const sorted = [...assets].sort((a, b) => order[a.kind] - order[b.kind] || b.gzip - a.gzip);
  const sum = (kind: Kind, key: 'raw' | 'gzip') => assets.filter((a) => a.kind === kind).reduce((s, a) => s + a[key], 0);
  console.log(`\nCritical path ${label}: ${assets.length} files`);
  printTable(
    ['file', 'kind', 'raw kB', 'gzip kB'],
    sorted.map((a) => [a.path, a.kind, kb(a.raw), kb(a.gzip)]),
    [1],
  );
  const totals = { js: sum('js', 'gzip'), css: sum('css', 'gzip') };
  console.log(
    `  JS ${kb(sum('js', 'raw'))} kB raw / ${kb(totals.js)} kB gzip; CSS ${kb(sum('css', 'raw'))} kB raw / ${kb(totals.css)} kB gzip; ` +
      `JS+CSS ${kb(totals.js + totals.css)} kB gzip` +
      `  (locale JSON, not counted: ${assets.filter((a) => a.kind === 'locale').length} files, ${kb(sum('locale', 'gzip'))} kB gzip)`,
  );
  return totals;
}

/** The package a module belongs to, or its path in the project. */
function ownerOf(id: string): string {
  const marker = '/node_modules/';
  const at = id.lastIndexOf(marker);
  if (at < 0) return id.startsWith(ROOT) ? path.relative(ROOT, id) : id.replace(/\0/g, '');
  const parts = id.slice(at + marker.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** A finer group: the antd component (antd/es/<component>), otherwise the package or file. */
function detailOf(id: string): string {
  const antd = /\/node_modules\/antd\/(?:es|lib)\/([^/]+)/.exec(id);
  if (antd) return `antd/${antd[1]}`;
  return ownerOf(id);
}

/**
 * Which modules make up the JS of a critical path: each chunk's gzip size shared among its
 * modules in proportion to their rendered length (an estimate; minification and compression
 * do not shrink every module alike).
 */
function printModules(label: string, assets: Asset[], chunks: ChunkModules): void {
  const byPackage = new Map<string, { raw: number; gzip: number }>();
  const byDetail = new Map<string, { raw: number; gzip: number }>();
  const add = (map: Map<string, { raw: number; gzip: number }>, key: string, raw: number, gzip: number) => {
    const entry = map.get(key) ?? { raw: 0, gzip: 0 };
    entry.raw += raw;
    entry.gzip += gzip;
    map.set(key, entry);
  };
  const perChunk: string[][] = [];
  for (const asset of assets.filter((a) => a.kind === 'js')) {
    const modules = chunks.get(asset.path.replace(/^\//, ''));
    if (!modules) continue;
    const total = modules.reduce((s, m) => s + m.length, 0) || 1;
    const owners = new Map<string, number>();
    for (const module of modules) {
      const gzip = (asset.gzip * module.length) / total;
      add(byPackage, ownerOf(module.id), module.length, gzip);
      add(byDetail, detailOf(module.id), module.length, gzip);
      owners.set(ownerOf(module.id), (owners.get(ownerOf(module.id)) ?? 0) + module.length);
    }
    const top = [...owners.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
    perChunk.push([
      asset.path,
      kb(asset.gzip),
      String(modules.length),
      top.map(([owner, length]) => `${owner} ${((100 * length) / total).toFixed(0)}%`).join(', '),
    ]);
  }
  console.log(`\nJS chunks of ${label} and what fills them (share of rendered, unminified length):`);
  printTable(['chunk', 'gzip kB', 'modules', 'biggest owners'], perChunk, [3]);
  const top = (map: Map<string, { raw: number; gzip: number }>) =>
    [...map.entries()]
      .sort((a, b) => b[1].gzip - a[1].gzip)
      .slice(0, TOP_MODULES)
      .map(([name, size]) => [name, kb(size.raw), kb(size.gzip)]);
  console.log(`\nBiggest packages in the JS of ${label} (gzip estimated from each chunk's share):`);
  printTable(['package or file', 'rendered kB', '~gzip kB'], top(byPackage));
  console.log(`\nThe same, antd split by component:`);
  printTable(['package, antd component or file', 'rendered kB', '~gzip kB'], top(byDetail));
}
