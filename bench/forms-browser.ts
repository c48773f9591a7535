/**
 * The browser half of the forms benchmark: the built SPA served by the real server (SQLite,
 * the seed), forms stored and published through the form API as the admin, drawn on the
 * fill and edit screens in headless Chromium.
 *
 * 1. A 300-field form in ten sections (every common field type, a condition, a computed
 *    field) on /table/fill/{id}: "drawn" is when its last field is laid out, "quiet" the
 *    end of the last long task before a second without one (the page answers input at once
 *    from then on). Baseline: the same screen with a one-field form.
 * 2. Keystrokes typed at a brisk 25 characters a second into the first and the middle field:
 *    the time from each key's event to the end of the next frame (bench/forms-probe.js).
 *    Target: p95 under 50 ms. Baseline: a plain <input> on an empty page.
 * 3. A record whose sub-table has 1,000 rows on /table/edit/{id}: drawn and quiet, typing in
 *    a row, adding a row, and scrolling the page from the top to the last row, with the
 *    longest frame of each (a frozen screen shows as one long frame).
 *
 * The SPA is dist/web, built when missing or older than its sources, or BENCH_WEB_DIR.
 * Figures go to bench/results/forms-browser.json, pictures to bench/results/forms-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { FieldDesign, FieldType, FormDesign } from '../src/core/forms/form-design.ts';
import { launchBrowser } from '../tests/helpers/browser.ts';
import { createRecord, publishedForm } from '../tests/helpers/forms.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../tests/helpers/test-app.ts';
import { newPage, pageWithSession, sessionOf, signIn, webBuild, type BenchAccount } from './browser-pages.ts';
import { median, printTable, quantileOf, withDeadline } from './report.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RESULTS_DIR = path.join(ROOT, 'bench/results');
const PROBE = fs.readFileSync(path.join(ROOT, 'bench/forms-probe.js'), 'utf8');
const ADMIN: BenchAccount = { account: 'admin', tenant: NORTHWIND, workspace: 'NW-HQ' };
const VIEWPORT = { width: 1440, height: 900 };

const FIELD_COUNT = 300;
const SECTIONS = 10;
const SUBTABLE_ROWS = 1000;
const LOADS = 5;
const WARMUP_LOADS = 1;
/** 25 characters a second: a fast typist. */
const KEY_DELAY_MS = 40;
const TYPED = 'The quick brown fox jumps over the lazy dog 0123456789';
const QUIET_MS = 1000;
const TARGET_KEY_P95_MS = 50;
const DRAWN_TIMEOUT_MS = 60_000;
const DEADLINE_MS = 900_000;

// --- Forms --------------------------------------------------------------------------------------

const CHOICES = ['north', 'south', 'east', 'west', 'roof'].map((value) => ({ value, label: value[0]!.toUpperCase() + value.slice(1) }));
/** The field types a long inspection form is made of, in turn. */
const TYPES: FieldType[] = ['text', 'number', 'select', 'date', 'textarea', 'switch', 'money', 'radio', 'email', 'text'];

function bigField(n: number): FieldDesign {
  const type = n === FIELD_COUNT ? 'text' : TYPES[(n - 1) % TYPES.length]!;
  const field: FieldDesign = { key: `f${n}`, type, label: `Check ${n}`, span: type === 'textarea' ? 24 : 12 };
  if (type === 'select' || type === 'radio') field.options = CHOICES;
  if (type === 'number') field.rules = { min: 0, max: 1000 };
  if (type === 'text') field.rules = { maxLength: 200 };
  if (n === 1) field.required = true;
  // A follow-up that shows only when the switch before it is on.
  if (n % 50 === 7) field.visibleIf = { all: [{ field: `f${n - 1}`, op: 'eq', value: true }] };
  return field;
}

/** 300 fields in ten sections, with conditions and a computed total. */
export function bigFormDesign(): FormDesign {
  const perSection = FIELD_COUNT / SECTIONS;
  const items: FormDesign['items'] = Array.from({ length: SECTIONS }, (_, s) => ({
    key: `s${s + 1}`,
    type: 'section' as const,
    title: `Part ${s + 1}`,
    fields: Array.from({ length: perSection }, (_, i) => bigField(s * perSection + i + 1)),
  }));
  items.push({ key: 'total', type: 'computed', label: 'Total', formula: 'f2 + f7 + f12 + f17', resultType: 'number', precision: 2 });
  return { version: 1, items };
}

const ONE_FIELD_DESIGN: FormDesign = { version: 1, items: [{ key: 'f1', type: 'text', label: 'Check 1' }] };

const SUBTABLE_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'subject', type: 'text', label: 'Subject', required: true },
    {
      key: 'rows',
      type: 'subtable',
      label: 'Bill of quantities',
      fields: [
        { key: 'name', type: 'text', label: 'Item', required: true },
        { key: 'qty', type: 'number', label: 'Quantity', precision: 0, rules: { min: 0 } },
        { key: 'cost', type: 'money', label: 'Unit cost', precision: 2 },
        { key: 'amount', type: 'computed', label: 'Amount', formula: 'ROUND(qty * cost, 2)', resultType: 'number', precision: 2 },
      ],
    },
    { key: 'total', type: 'computed', label: 'Total', formula: 'SUM(rows.amount)', resultType: 'number', precision: 2 },
  ],
};

const subtableRows = () =>
  Array.from({ length: SUBTABLE_ROWS }, (_, i) => ({ name: `Item ${i + 1}`, qty: (i % 9) + 1, cost: Math.round(((i * 37) % 500) * 100 + 99) / 100 }));

interface BenchForms {
  bigId: number;
  oneId: number;
  subtableRecordId: number;
}

async function storeForms(t: TestApp): Promise<BenchForms> {
  const token = await t.signIn('admin', NORTHWIND);
  const big = await publishedForm(t, token, 'Bench: 300-field inspection', bigFormDesign());
  const one = await publishedForm(t, token, 'Bench: one field', ONE_FIELD_DESIGN);
  const sub = await publishedForm(t, token, 'Bench: 1,000-row bill', SUBTABLE_DESIGN);
  const record = await createRecord(t, token, sub.id, { subject: 'Tower fit-out', rows: subtableRows() });
  return { bigId: big.id, oneId: one.id, subtableRecordId: record.id };
}

// --- Measuring ----------------------------------------------------------------------------------

interface Probe {
  watchDrawn(id: string): void;
  drawnAt(): number | null;
  quietAfter(from: number, quietMs: number): number;
  takeKeyLatencies(): number[];
  startFrames(): void;
  stopFrames(): number[];
}
type ProbeWindow = Window & { __formsProbe: Probe };
const probe = (page: Page) => page.evaluateHandle(() => (window as unknown as ProbeWindow).__formsProbe);

interface LoadSample {
  drawnMs: number;
  quietMs: number;
}

/** Opens `route` in a fresh signed-in page and waits until `lastId` is laid out and the page has gone quiet. */
async function openForm(context: BrowserContext, session: string, url: string, route: string, lastId: string): Promise<{ page: Page; sample: LoadSample }> {
  const page = await pageWithSession(context, session);
  await page.addInitScript({ content: `${PROBE}\nwindow.__formsProbe.watchDrawn(${JSON.stringify(lastId)});` });
  await page.goto(`${url}${route}`);
  await page.waitForFunction(() => (window as unknown as ProbeWindow).__formsProbe.drawnAt() !== null, undefined, { timeout: DRAWN_TIMEOUT_MS, polling: 50 });
  const drawnMs = await page.evaluate(() => (window as unknown as ProbeWindow).__formsProbe.drawnAt()!);
  // Quiet once a whole window has passed without a long task after the last one.
  await page.waitForFunction(
    ([from, quiet]) => performance.now() - (window as unknown as ProbeWindow).__formsProbe.quietAfter(from, quiet) >= quiet,
    [drawnMs, QUIET_MS] as const,
    { timeout: DRAWN_TIMEOUT_MS, polling: 100 },
  );
  const quietMs = await page.evaluate(([from, quiet]) => (window as unknown as ProbeWindow).__formsProbe.quietAfter(from, quiet), [drawnMs, QUIET_MS] as const);
  return { page, sample: { drawnMs, quietMs } };
}

async function loads(context: BrowserContext, session: string, url: string, route: string, lastId: string, shot?: string): Promise<LoadSample[]> {
  const samples: LoadSample[] = [];
  for (let i = 0; i < WARMUP_LOADS + LOADS; i++) {
    const { page, sample } = await openForm(context, session, url, route, lastId);
    if (i === WARMUP_LOADS && shot) await page.screenshot({ path: path.join(RESULTS_DIR, shot) });
    await page.close();
    if (i >= WARMUP_LOADS) samples.push(sample);
  }
  return samples;
}

/** Types TYPED into the field and returns each key's latency; fails when the field does not end up holding the text. */
async function typeInto(page: Page, selector: string): Promise<number[]> {
  const field = page.locator(selector);
  await field.scrollIntoViewIfNeeded();
  await field.fill('');
  await (await probe(page)).evaluate((p) => p.takeKeyLatencies());
  await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
  // The frame after the last key.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
  const value = await field.inputValue();
  if (value !== TYPED) throw new Error(`${selector} holds "${value}" after typing "${TYPED}"`);
  return (await probe(page)).evaluate((p) => p.takeKeyLatencies());
}

/** Frames while `act` runs until `done` holds: how long it took and the longest frame. */
async function framed(page: Page, act: () => Promise<void>, done: () => Promise<unknown>): Promise<{ ms: number; longestFrameMs: number }> {
  await (await probe(page)).evaluate((p) => p.startFrames());
  const started = Date.now();
  await act();
  await done();
  const ms = Date.now() - started;
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))));
  const frames = await (await probe(page)).evaluate((p) => p.stopFrames());
  return { ms, longestFrameMs: Math.max(0, ...frames) };
}

interface Results {
  big: LoadSample[];
  one: LoadSample[];
  keys: { first: number[]; middle: number[]; plain: number[]; row: number[] };
  subtable: LoadSample[];
  addRow: { ms: number; longestFrameMs: number };
  scrollToEnd: { ms: number; longestFrameMs: number };
}

async function measure(browser: Browser, url: string, forms: BenchForms): Promise<Results> {
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const context = await browser.newContext({ locale: 'en-US', viewport: VIEWPORT });
  const errors: string[] = [];
  context.on('weberror', (error) => errors.push(error.error().message));
  try {
    const signInPage = await newPage(context);
    await signIn(signInPage, url, ADMIN);
    const session = await sessionOf(signInPage);
    await signInPage.close();

    const lastBig = `root_f${FIELD_COUNT}`;
    const big = await loads(context, session, url, `/table/fill/${forms.bigId}`, lastBig, 'forms-300-fields.png');
    const one = await loads(context, session, url, `/table/fill/${forms.oneId}`, 'root_f1');

    const { page: bigPage } = await openForm(context, session, url, `/table/fill/${forms.bigId}`, lastBig);
    const first = await typeInto(bigPage, '#root_f1');
    const middle = await typeInto(bigPage, `#root_f${FIELD_COUNT / 2}`);
    await bigPage.close();

    const plainPage = await newPage(context);
    await plainPage.setContent('<!doctype html><title>plain</title><input id="plain" style="width:400px">');
    await plainPage.addScriptTag({ content: PROBE });
    const plain = await typeInto(plainPage, '#plain');
    await plainPage.close();

    const editRoute = `/table/edit/${forms.subtableRecordId}`;
    const subtable = await loads(context, session, url, editRoute, 'root_rows_0_name', 'forms-subtable.png');
    const { page: subPage } = await openForm(context, session, url, editRoute, 'root_rows_0_name');
    const row = await typeInto(subPage, '#root_rows_0_name');
    const lastRow = subPage.locator(`#root_rows_${SUBTABLE_ROWS - 1}_name`);
    const scrollToEnd = await framed(
      subPage,
      () => subPage.locator('.form-view-subtable').first().evaluate((el) => {
        const scroller = el.querySelector<HTMLElement>('.form-view-subtable-scroll') ?? document.scrollingElement!;
        scroller.scrollTop = scroller.scrollHeight;
        if (scroller !== document.scrollingElement) el.scrollIntoView({ block: 'end' });
      }),
      () => lastRow.waitFor({ timeout: DRAWN_TIMEOUT_MS }),
    );
    const addRow = await framed(
      subPage,
      () => subPage.locator('.form-view-subtable-add').first().click(),
      () => subPage.locator(`#root_rows_${SUBTABLE_ROWS}_name`).waitFor({ timeout: DRAWN_TIMEOUT_MS }),
    );
    await subPage.screenshot({ path: path.join(RESULTS_DIR, 'forms-subtable-end.png') });
    await subPage.close();
    if (errors.length > 0) throw new Error(`page errors: ${errors.join('; ')}`);
    return { big, one, keys: { first, middle, plain, row }, subtable, addRow, scrollToEnd };
  } finally {
    await context.close();
  }
}

// --- Report -------------------------------------------------------------------------------------

const ms = (value: number) => value.toFixed(1);

function report(results: Results, machine: { loadBefore: number; loadAfter: number }): void {
  const drawn = (samples: LoadSample[]) => median(samples.map((s) => s.drawnMs));
  const quiet = (samples: LoadSample[]) => median(samples.map((s) => s.quietMs));
  console.log(`\nLoading a form on the fill screen (median of ${LOADS} fresh pages; ms from navigation):`);
  printTable(
    ['form', 'drawn', 'quiet (interactive)', 'drawn vs 1 field', 'quiet vs 1 field'],
    [
      [`${FIELD_COUNT} fields, ${SECTIONS} sections`, ms(drawn(results.big)), ms(quiet(results.big)), `${(drawn(results.big) / drawn(results.one)).toFixed(2)}x`, `${(quiet(results.big) / quiet(results.one)).toFixed(2)}x`],
      ['1 field (baseline)', ms(drawn(results.one)), ms(quiet(results.one)), '1.00x', '1.00x'],
      [`sub-table of ${SUBTABLE_ROWS} rows (edit)`, ms(drawn(results.subtable)), ms(quiet(results.subtable)), `${(drawn(results.subtable) / drawn(results.one)).toFixed(2)}x`, `${(quiet(results.subtable) / quiet(results.one)).toFixed(2)}x`],
    ],
  );

  console.log(`\nKeystroke to the next frame (${TYPED.length} keys at ${1000 / KEY_DELAY_MS} a second; target p95 < ${TARGET_KEY_P95_MS} ms):`);
  const plainP95 = quantileOf(results.keys.plain, 0.95);
  const keyRow = (label: string, values: number[]) => {
    const p95 = quantileOf(values, 0.95);
    return [label, ms(quantileOf(values, 0.5)), ms(p95), ms(Math.max(...values)), `${(p95 / plainP95).toFixed(2)}x`, p95 < TARGET_KEY_P95_MS ? 'met' : 'MISSED'];
  };
  printTable(
    ['field', 'p50', 'p95', 'max', 'p95 vs plain', 'target'],
    [
      keyRow(`${FIELD_COUNT}-field form, first field`, results.keys.first),
      keyRow(`${FIELD_COUNT}-field form, field ${FIELD_COUNT / 2}`, results.keys.middle),
      keyRow(`${SUBTABLE_ROWS}-row sub-table, a row's cell`, results.keys.row),
      keyRow('plain <input>, empty page (baseline)', results.keys.plain),
    ],
  );

  console.log(`\nThe ${SUBTABLE_ROWS}-row sub-table stays usable:`);
  printTable(
    ['action', 'time', 'longest frame'],
    [
      ['scroll to the last row', `${results.scrollToEnd.ms} ms`, `${ms(results.scrollToEnd.longestFrameMs)} ms`],
      ['add a row', `${results.addRow.ms} ms`, `${ms(results.addRow.longestFrameMs)} ms`],
    ],
  );
  console.log(`\n${os.availableParallelism()} CPUs, load average ${machine.loadBefore.toFixed(1)} before, ${machine.loadAfter.toFixed(1)} after`);
  fs.writeFileSync(path.join(RESULTS_DIR, 'forms-browser.json'), `${JSON.stringify({ ...results, machine }, null, 2)}\n`);
}

export async function runFormsBrowserBench(): Promise<void> {
  const started = Date.now();
  let browser: Browser | undefined;
  let t: TestApp | undefined;
  try {
    await withDeadline('forms (browser)', DEADLINE_MS, async () => {
      browser = await launchBrowser();
      const webDir = await webBuild();
      t = await startTestApp('sqlite', { webDir });
      const forms = await storeForms(t);
      console.log(`server and forms ready in ${((Date.now() - started) / 1000).toFixed(1)} s (${t.url}, SPA from ${webDir})`);
      const loadBefore = os.loadavg()[0]!;
      const results = await measure(browser, t.url, forms);
      report(results, { loadBefore, loadAfter: os.loadavg()[0]! });
    });
  } finally {
    await browser?.close().catch((error: unknown) => console.error('closing the browser:', error));
    await t?.close();
  }
  console.log(`forms browser benchmark done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
