/**
 * Drawings benchmark, browser part: the sheet viewer against pdf.js's own rendering, and the
 * DXF reader on a small real file and a generated 20 MB one.
 *
 * - An A0 vector sheet (generated with pdf-lib: 50,000 line segments and 5,000 text runs) opened
 *   on /picture in headless Chromium at 1440×900: time from the viewer appearing to its first
 *   sharp picture (every tile in view drawn at the zoom shown), beside pdf.js alone rendering
 *   the same page at the same size into one canvas, in a page of its own in the same browser and
 *   run (target: the viewer ≤ 1.2× pdf.js). Then pan frames (wheel steps, one per animation
 *   frame, the tiles moved by CSS while new ones render): p95 frame interval (target ≤ 16.7 ms).
 * - The same A0 sheet published in the register with 2,000 markups of every kind but photos
 *   spread over it, on its markup canvas (/drawing/markPicture/:id): time from the viewer
 *   appearing to the sheet sharp with every markup drawn, then pan frames and zoom frames (one
 *   ctrl+wheel step per animation frame, in and out), beside the same revision opened before
 *   its markups were drawn (target p95 ≤ 16.7 ms).
 * - blocks.dxf (the real fixture) and a generated 20 MB DXF: read into a display list and drawn
 *   once at fit on a 1440×900 canvas in Node (@napi-rs/canvas, the code the server's thumbnails
 *   use), and opened on /picture in Chromium (read in a worker, drawn on the page): time to the
 *   first frame, then pan frames.
 */
import { createCanvas } from '@napi-rs/canvas';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Page } from 'playwright-core';
import { DRAWING_PATHS, type DrawingUpload, type RevisionPage } from '../src/core/contracts/drawings.ts';
import type { MarkupInput, MarkupKind } from '../src/core/drawings/markup.ts';
import { drawDxf } from '../src/core/drawings/dxf/draw-dxf.ts';
import { readDxf } from '../src/core/drawings/dxf/read-dxf.ts';
import { fitPage, viewMatrix } from '../src/core/drawings/viewport.ts';
import { withReturnPath } from '../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser } from '../tests/helpers/browser.ts';
import { uploadedFile } from '../tests/helpers/file-uploads.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../tests/helpers/test-app.ts';
import { median, printTable, quantileOf, withDeadline } from './report.ts';

const A0 = { width: 3370, height: 2384 };
const LINES = 50_000;
const TEXTS = 5_000;
const VIEW = { width: 1440, height: 900 };
const RUNS = 3;
const DXF_TARGET_BYTES = 20 * 1024 * 1024;
const MARKUPS = 2_000;
const WORKSPACE = 'NW-HQ';

/** An A0 landscape sheet of short strokes in a dense grid and small text runs, as a busy plan is. */
async function a0Sheet(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([A0.width, A0.height]);
  let seed = 7;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  for (let i = 0; i < LINES; i++) {
    const x = 40 + random() * (A0.width - 120);
    const y = 40 + random() * (A0.height - 120);
    page.drawLine({ start: { x, y }, end: { x: x + random() * 60, y: y + random() * 60 }, thickness: 0.3 + random(), color: rgb(0, 0, 0) });
  }
  for (let i = 0; i < TEXTS; i++) {
    page.drawText(`R${i} ${Math.round(random() * 9000)}`, { x: 40 + random() * (A0.width - 140), y: 40 + random() * (A0.height - 80), size: 4 + random() * 6, font });
  }
  return Buffer.from(await pdf.save());
}

/** A DXF of about `bytes`: rooms of lines, arcs and labels on ten layers, repeated over a grid. */
function generatedDxf(bytes: number): string {
  const out: string[] = ['  0', 'SECTION', '  2', 'ENTITIES'];
  let size = 0;
  let n = 0;
  const push = (...pairs: (string | number)[]) => {
    for (let i = 0; i < pairs.length; i += 2) {
      const code = String(pairs[i]).padStart(3);
      const value = String(pairs[i + 1]);
      out.push(code, value);
      size += code.length + value.length + 2;
    }
  };
  while (size < bytes) {
    const x = (n % 200) * 12;
    const y = Math.floor(n / 200) * 12;
    const layer = `L${n % 10}`;
    push(0, 'LINE', 8, layer, 10, x, 20, y, 30, 0, 11, x + 10, 21, y, 31, 0);
    push(0, 'LINE', 8, layer, 10, x + 10, 20, y, 30, 0, 11, x + 10, 21, y + 10, 31, 0);
    push(0, 'ARC', 8, layer, 10, x + 5, 20, y + 5, 30, 0, 40, 2, 50, 0, 51, 180);
    push(0, 'TEXT', 8, layer, 10, x + 1, 20, y + 1, 30, 0, 40, 1.2, 1, `Room ${n}`);
    n++;
  }
  out.push('  0', 'ENDSEC', '  0', 'EOF');
  return `${out.join('\n')}\n`;
}

/** Every kind of markup but a photo (which needs an uploaded picture), in turn. */
const MARKUP_KINDS: MarkupKind[] = [
  'rectangle', 'ellipse', 'cloud', 'arrow', 'line', 'polyline', 'freehand', 'text', 'callout',
  'highlighter', 'stamp', 'link', 'measureLength', 'measurePolyline', 'measureArea', 'measureCount',
];
const COLOURS = ['#e53935', '#1e88e5', '#43a047', '#fb8c00', '#8e24aa'];

/** `count` markups of mixed kinds spread over the sheet, as a long review leaves them. */
function reviewMarkups(count: number, sheetId: number): MarkupInput[] {
  let seed = 11;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647);
  const out: MarkupInput[] = [];
  for (let i = 0; i < count; i++) {
    const kind = MARKUP_KINDS[i % MARKUP_KINDS.length]!;
    const x = 60 + random() * (A0.width - 200);
    const y = 60 + random() * (A0.height - 200);
    const size = 20 + random() * 80;
    const style = { color: COLOURS[i % COLOURS.length]!, width: 1 + random() * 2, opacity: kind === 'highlighter' ? 0.4 : 1, fill: kind === 'rectangle' && i % 2 ? '#ffeb3b' : null };
    const wiggle = (n: number): [number, number][] => Array.from({ length: n }, (_, k) => [x + (k * size) / n, y + Math.sin(k) * size * 0.3]);
    const markup: MarkupInput = { kind, points: [[x, y], [x + size, y + size * 0.7]], style, visibility: 'published' };
    if (kind === 'polyline' || kind === 'measurePolyline') markup.points = wiggle(5);
    if (kind === 'freehand' || kind === 'highlighter') markup.points = wiggle(24);
    if (kind === 'measureArea') markup.points = [[x, y], [x + size, y], [x + size, y + size], [x, y + size * 0.6]];
    if (kind === 'measureCount') markup.points = wiggle(3);
    if (kind === 'text') markup.points = [[x, y]];
    if (kind === 'text' || kind === 'callout') {
      markup.text = kind === 'text' ? `Check the duct size ${i}` : `See detail ${i}`;
      markup.style.fontSize = 8 + random() * 8;
    }
    if (kind === 'stamp') markup.stamp = 'approved';
    if (kind === 'link') markup.link = { sheetId };
    out.push(markup);
  }
  return out;
}

/** A sheet uploaded and published in the register by someone who may release it: its revision and sheet ids. */
async function publishedSheet(app: TestApp, token: string, name: string, bytes: Buffer): Promise<{ revisionId: number; sheetId: number }> {
  const ok = async <T>(method: 'GET' | 'POST', path: string, input: Record<string, unknown>): Promise<T> => {
    const result = await app.call<T>(method, path, method === 'GET' ? { token, query: input as Record<string, string> } : { token, body: input });
    if (result.status !== 200) throw new Error(`${path}: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body.data;
  };
  const { fileId } = await uploadedFile(app.url, token, name, bytes);
  const { uploads } = await ok<{ uploads: DrawingUpload[] }>('POST', DRAWING_PATHS.upload, { workspaceCode: WORKSPACE, fileIds: [fileId] });
  const id = uploads[0]!.id;
  for (const until = Date.now() + 5 * 60_000; ; ) {
    const upload = (await ok<DrawingUpload[]>('GET', DRAWING_PATHS.uploadList, { workspaceCode: WORKSPACE })).find((u) => u.id === id)!;
    if (upload.status === 'failed') throw new Error(`the A0 sheet failed: ${JSON.stringify(upload.problem)}`);
    if (upload.status === 'done') {
      const pending = await ok<RevisionPage>('POST', DRAWING_PATHS.revisionPending, { workspaceCode: WORKSPACE, page: 1, size: 50 });
      const revision = pending.rows.find((row) => upload.revisionIds.includes(row.id))!;
      await ok('POST', DRAWING_PATHS.revisionPublish, { ids: [revision.id] });
      const published = await ok<{ revision: { sheetId: number } }>('GET', DRAWING_PATHS.revisionGet, { id: revision.id });
      return { revisionId: revision.id, sheetId: published.revision.sheetId };
    }
    if (Date.now() > until) throw new Error('the A0 sheet is still being processed');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Saves markups on a revision, four requests at a time. */
async function saveMarkups(app: TestApp, token: string, revisionId: number, markups: MarkupInput[]): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < markups.length) {
      const markup = markups[next++]!;
      const result = await app.call('POST', DRAWING_PATHS.markupSave, { token, body: { revisionId, markup } });
      if (result.status !== 200) throw new Error(`markup/save: ${result.status} ${JSON.stringify(result.body)}`);
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
}

/** pdf.js alone, as its viewer draws a page: its own files served beside the sheet. */
async function pdfJsPage(pdf: Buffer): Promise<{ url: string; close: () => Promise<void> }> {
  const build = path.resolve('node_modules/pdfjs-dist/build');
  const files: Record<string, [string, Buffer | string]> = {
    '/pdf.mjs': ['text/javascript', fs.readFileSync(path.join(build, 'pdf.min.mjs'))],
    '/pdf.worker.mjs': ['text/javascript', fs.readFileSync(path.join(build, 'pdf.worker.min.mjs'))],
    '/sheet.pdf': ['application/pdf', pdf],
    '/': ['text/html', '<!doctype html><canvas id="c"></canvas>'],
  };
  const server = http.createServer((request, response) => {
    const file = files[request.url ?? '/'];
    if (!file) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': file[0] }).end(file[1]);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * requestAnimationFrame intervals while the sheet is panned one wheel step per frame. Page code
 * is sent as text: the page's script policy forbids building functions there, and this file's
 * own compiled functions would carry helpers the page does not have.
 */
async function panFrameTimes(page: Page, frames: number): Promise<number[]> {
  return wheelFrameTimes(page, frames, 'pan');
}

/** The same for zoom: ctrl+wheel steps about the view's centre, in for the first half, out for the second. */
async function zoomFrameTimes(page: Page, frames: number): Promise<number[]> {
  return wheelFrameTimes(page, frames, 'zoom');
}

/**
 * requestAnimationFrame intervals while the sheet view is panned or zoomed one wheel step per
 * frame (page code sent as text: the page's policy forbids building functions); the follow-ups'
 * pins are measured the same way.
 */
export async function wheelFrameTimes(page: Page, frames: number, how: 'pan' | 'zoom'): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
    const times = [];
    let last = performance.now();
    const view = document.querySelector('.sheet-view');
    const box = view.getBoundingClientRect();
    const tick = (now) => {
      times.push(now - last);
      last = now;
      if (times.length >= ${frames}) return resolve(times.slice(1));
      const zoom = ${how === 'zoom'};
      const step = zoom ? { deltaY: times.length < ${frames / 2} ? -3 : 3, ctrlKey: true } : { deltaX: 9, deltaY: 7 };
      view.dispatchEvent(new WheelEvent('wheel', { ...step, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true, cancelable: true }));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

/** Ms from the sheet viewer appearing in the page until `done` (a selector, or an expression when `expression`) holds. */
function untilDrawn(page: Page, done: string, expression = false): Promise<number> {
  const holds = expression ? done : `document.querySelector(${JSON.stringify(done)})`;
  return page.evaluate(`new Promise((resolve) => {
    let start = 0;
    const tick = () => {
      const now = performance.now();
      if (!start && document.querySelector('.sheet-view')) start = now;
      if (start && (${holds})) return resolve(now - start);
      requestAnimationFrame(tick);
    };
    tick();
  })`);
}

/** pdf.js alone opening and drawing the page at `scale` (screen px per point) into one canvas. */
function pdfJsAlone(page: Page, base: string, scale: number): Promise<number> {
  return page.evaluate(`(async () => {
    const lib = await import(${JSON.stringify(`${base}/pdf.mjs`)});
    lib.GlobalWorkerOptions.workerSrc = ${JSON.stringify(`${base}/pdf.worker.mjs`)};
    const started = performance.now();
    const doc = await lib.getDocument({ url: ${JSON.stringify(`${base}/sheet.pdf`)} }).promise;
    const pdfPage = await doc.getPage(1);
    const viewport = pdfPage.getViewport({ scale: ${scale} * devicePixelRatio });
    const canvas = document.getElementById('c');
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await pdfPage.render({ canvas, viewport }).promise;
    const took = performance.now() - started;
    await doc.destroy();
    return took;
  })()`);
}

export type DrawingsBrowserPart = 'sheet' | 'dxf' | 'markups';

/** Every part by default; `npx tsx` callers may name fewer (`['markups']`) to measure one again. */
export async function runDrawingsBrowserBench(parts: readonly DrawingsBrowserPart[] = ['sheet', 'dxf', 'markups']): Promise<void> {
  await withDeadline('drawings (browser)', 30 * 60_000, async () => {
    const sheet = await a0Sheet();
    const blocks = fs.readFileSync(path.resolve('tests/fixtures/dxf/blocks.dxf'), 'utf8');
    const big = generatedDxf(DXF_TARGET_BYTES);
    console.log(`A0 sheet ${(sheet.length / 1024 / 1024).toFixed(1)} MB; generated DXF ${(big.length / 1024 / 1024).toFixed(1)} MB`);

    if (parts.includes('dxf')) {
      // DXF in Node: read, then one draw at fit on a 1440×900 canvas.
      const nodeRows: string[][] = [];
      for (const [name, text] of [['blocks.dxf', blocks], ['generated 20 MB', big]] as const) {
        const reads: number[] = [];
        const draws: number[] = [];
        let entities = 0;
        for (let run = 0; run < RUNS; run++) {
          const started = performance.now();
          const list = readDxf(text);
          reads.push(performance.now() - started);
          entities = Object.values(list.drawn).reduce((a, b) => a + b, 0);
          const canvas = createCanvas(VIEW.width, VIEW.height);
          const drawStart = performance.now();
          drawDxf(canvas.getContext('2d'), list, { matrix: viewMatrix(fitPage(list, VIEW), list), paper: '#ffffff' });
          draws.push(performance.now() - drawStart);
        }
        nodeRows.push([name, entities.toLocaleString('en'), median(reads).toFixed(0), median(draws).toFixed(0)]);
      }
      printTable(['DXF (Node)', 'entities drawn', 'read ms (median)', 'first draw ms (median)'], nodeRows, [0]);
    }

    const [app, browser] = await Promise.all([startTestApp('sqlite', { webDir: builtWebDir() }), launchBrowser()]);
    const baseline = await pdfJsPage(sheet);
    try {
      const token = await app.signIn('alice', NORTHWIND);
      const context = await browser.newContext({ viewport: VIEW });
      const page = await context.newPage();
      await page.goto(`${app.url}${withReturnPath('/securityMiddle', '/picture')}&token=${encodeURIComponent(token)}`);
      await page.getByTestId(`workspace-${WORKSPACE}`).click();
      await page.waitForURL(`${app.url}/picture`);

      /** Opens a file on /picture; ms from the viewer appearing until `done` is in the page. */
      const openTimed = async (fileId: string, done: string): Promise<number> => {
        await page.goto(`${app.url}/picture?fileId=${fileId}`);
        return untilDrawn(page, done);
      };
      const browserRows: string[][] = [];
      if (parts.includes('sheet')) {
        const pdfFile = await uploadedFile(app.url, token, 'A0 plan.pdf', sheet);
        const viewer: number[] = [];
        for (let run = 0; run <= RUNS; run++) {
          const ms = await openTimed(pdfFile.fileId, '.sheet-view-paper[data-sharp="true"]');
          if (run > 0) viewer.push(ms); // the first run loads pdf.js and warms the cache
        }
        const pdfPan = await panFrameTimes(page, 121);

        // The sheet view's own size, so pdf.js draws the same pixels.
        const box = (await page.locator('.sheet-view').boundingBox())!;
        const scale = fitPage({ width: A0.width, height: A0.height }, { width: box.width, height: box.height }).scale;
        const own = await context.newPage();
        await own.goto(baseline.url);
        const pdfjs: number[] = [];
        for (let run = 0; run <= RUNS; run++) {
          const ms = await pdfJsAlone(own, baseline.url, scale);
          if (run > 0) pdfjs.push(ms);
        }
        browserRows.push(['A0 PDF, first sharp picture', median(viewer).toFixed(0), median(pdfjs).toFixed(0), (median(viewer) / median(pdfjs)).toFixed(2), quantileOf(pdfPan, 0.95).toFixed(1)]);
        // A tab in the background gets one animation frame a second: the viewer's tab comes back to the front.
        await own.close();
        await page.bringToFront();
      }
      if (parts.includes('dxf')) {
        const [blocksFile, bigFile] = await Promise.all([uploadedFile(app.url, token, 'blocks.dxf', blocks), uploadedFile(app.url, token, 'generated.dxf', big)]);
        for (const [name, file] of [['blocks.dxf', blocksFile], ['generated 20 MB DXF', bigFile]] as const) {
          const times: number[] = [];
          for (let run = 0; run < RUNS; run++) times.push(await openTimed(file.fileId, 'canvas.sheet-dxf[data-frame]'));
          const pan = await panFrameTimes(page, 121);
          browserRows.push([`${name}, read and first frame`, median(times).toFixed(0), '—', '—', quantileOf(pan, 0.95).toFixed(1)]);
        }
      }
      if (browserRows.length) printTable(['Chromium 1440×900', 'viewer ms (median)', 'pdf.js alone ms', 'viewer ÷ pdf.js (target ≤ 1.2)', 'pan p95 frame ms (target ≤ 16.7)'], browserRows, [0]);

      if (parts.includes('markups')) {
        // The A0 sheet in the register: its markup canvas before and after 2,000 markups are drawn on it.
        const { revisionId, sheetId } = await publishedSheet(app, await app.signIn('admin', NORTHWIND), 'A0 plan.pdf', sheet);
        const markupRows: string[][] = [];
        const markupCanvas = async (name: string, count: number) => {
          const times: number[] = [];
          // The sheet sharp, every markup drawn on the layer's canvas, and every one in the side
          // list: the panel counts what it lists, and its rows in view say how many there are.
          const listed = count === 0 ? 'true' : `Number(document.querySelector('.markup-list-item')?.getAttribute('aria-setsize') ?? -1) >= ${count}`;
          const drawn = `document.querySelector('.sheet-view-paper[data-sharp="true"]') && Number(document.querySelector('[data-testid="markup-picture"]')?.dataset.markups ?? -1) >= ${count} && Number(document.querySelector('.markup-panel')?.dataset.count ?? -1) >= ${count} && ${listed}`;
          for (let run = 0; run <= RUNS; run++) {
            await page.goto(`${app.url}/drawing/markPicture/${revisionId}`);
            const ms = await untilDrawn(page, drawn, true);
            if (run > 0) times.push(ms); // the first run loads the canvas's code
          }
          const pan = await panFrameTimes(page, 121);
          const zoom = await zoomFrameTimes(page, 121);
          markupRows.push([name, median(times).toFixed(0), quantileOf(pan, 0.95).toFixed(1), quantileOf(zoom, 0.95).toFixed(1)]);
          console.log(markupRows.at(-1)!.join('  '));
        };
        await markupCanvas('A0 PDF, no markups', 0);
        const started = performance.now();
        await saveMarkups(app, token, revisionId, reviewMarkups(MARKUPS, sheetId));
        console.log(`${MARKUPS} markups saved in ${((performance.now() - started) / 1000).toFixed(1)} s`);
        await markupCanvas(`A0 PDF, ${MARKUPS.toLocaleString('en')} markups`, MARKUPS);
        printTable(['Markup canvas, Chromium 1440×900', 'sharp with every markup, ms (median)', 'pan p95 frame ms (target ≤ 16.7)', 'zoom p95 frame ms (target ≤ 16.7)'], markupRows, [0]);
      }
      await context.close();
    } finally {
      await baseline.close();
      await browser.close();
      await app.close();
    }
  });
}
