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
import { drawDxf } from '../src/core/drawings/dxf/draw-dxf.ts';
import { readDxf } from '../src/core/drawings/dxf/read-dxf.ts';
import { fitPage, viewMatrix } from '../src/core/drawings/viewport.ts';
import { withReturnPath } from '../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser } from '../tests/helpers/browser.ts';
import { uploadedFile } from '../tests/helpers/file-uploads.ts';
import { NORTHWIND, startTestApp } from '../tests/helpers/test-app.ts';
import { median, printTable, quantileOf, withDeadline } from './report.ts';

const A0 = { width: 3370, height: 2384 };
const LINES = 50_000;
const TEXTS = 5_000;
const VIEW = { width: 1440, height: 900 };
const RUNS = 3;
const DXF_TARGET_BYTES = 20 * 1024 * 1024;

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
  return page.evaluate(`new Promise((resolve) => {
    const times = [];
    let last = performance.now();
    const view = document.querySelector('.sheet-view');
    const box = view.getBoundingClientRect();
    const tick = (now) => {
      times.push(now - last);
      last = now;
      if (times.length >= ${frames}) return resolve(times.slice(1));
      view.dispatchEvent(new WheelEvent('wheel', { deltaX: 9, deltaY: 7, clientX: box.x + box.width / 2, clientY: box.y + box.height / 2, bubbles: true, cancelable: true }));
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

/** Ms from the sheet viewer appearing in the page until `done` (a selector) matches. */
function untilDrawn(page: Page, done: string): Promise<number> {
  return page.evaluate(`new Promise((resolve) => {
    let start = 0;
    const tick = () => {
      const now = performance.now();
      if (!start && document.querySelector('.sheet-view')) start = now;
      if (start && document.querySelector(${JSON.stringify(done)})) return resolve(now - start);
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

export async function runDrawingsBrowserBench(): Promise<void> {
  await withDeadline('drawings (browser)', 15 * 60_000, async () => {
    const sheet = await a0Sheet();
    const blocks = fs.readFileSync(path.resolve('tests/fixtures/dxf/blocks.dxf'), 'utf8');
    const big = generatedDxf(DXF_TARGET_BYTES);
    console.log(`A0 sheet ${(sheet.length / 1024 / 1024).toFixed(1)} MB; generated DXF ${(big.length / 1024 / 1024).toFixed(1)} MB`);

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

    const [app, browser] = await Promise.all([startTestApp('sqlite', { webDir: builtWebDir() }), launchBrowser()]);
    const baseline = await pdfJsPage(sheet);
    try {
      const token = await app.signIn('alice', NORTHWIND);
      const [pdfFile, blocksFile, bigFile] = await Promise.all([
        uploadedFile(app.url, token, 'A0 plan.pdf', sheet),
        uploadedFile(app.url, token, 'blocks.dxf', blocks),
        uploadedFile(app.url, token, 'generated.dxf', big),
      ]);
      const context = await browser.newContext({ viewport: VIEW });
      const page = await context.newPage();
      await page.goto(`${app.url}${withReturnPath('/securityMiddle', '/picture')}&token=${encodeURIComponent(token)}`);
      await page.getByTestId('workspace-NW-HQ').click();
      await page.waitForURL(`${app.url}/picture`);

      /** Opens a file on /picture; ms from the viewer appearing until `done` is in the page. */
      const openTimed = async (fileId: string, done: string): Promise<number> => {
        await page.goto(`${app.url}/picture?fileId=${fileId}`);
        return untilDrawn(page, done);
      };
      const browserRows: string[][] = [];
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
      for (const [name, file] of [['blocks.dxf', blocksFile], ['generated 20 MB DXF', bigFile]] as const) {
        const times: number[] = [];
        for (let run = 0; run < RUNS; run++) times.push(await openTimed(file.fileId, 'canvas.sheet-dxf[data-frame]'));
        const pan = await panFrameTimes(page, 121);
        browserRows.push([`${name}, read and first frame`, median(times).toFixed(0), '—', '—', quantileOf(pan, 0.95).toFixed(1)]);
      }
      printTable(['Chromium 1440×900', 'viewer ms (median)', 'pdf.js alone ms', 'viewer ÷ pdf.js (target ≤ 1.2)', 'pan p95 frame ms (target ≤ 16.7)'], browserRows, [0]);
      await context.close();
    } finally {
      await baseline.close();
      await browser.close();
      await app.close();
    }
  });
}
