import { createCanvas, loadImage } from '@napi-rs/canvas';
import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, rgb } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fitPage, sheetToScreen } from '../../src/core/drawings/viewport.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { uploadedFile } from '../helpers/file-uploads.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/drawing-viewer');
const WORKSPACE = 'NW-HQ';
const A3 = { width: 1191, height: 842 };

/** A DXF of two layers: WALLS in red (ACI 1) and GRID in blue (ACI 5), each many lines across. */
function twoLayerDxf(): string {
  const pairs: (string | number)[] = [0, 'SECTION', 2, 'TABLES', 0, 'TABLE', 2, 'LAYER', 70, 2];
  pairs.push(0, 'LAYER', 2, 'WALLS', 70, 0, 62, 1, 6, 'CONTINUOUS', 0, 'LAYER', 2, 'GRID', 70, 0, 62, 5, 6, 'CONTINUOUS');
  pairs.push(0, 'ENDTAB', 0, 'ENDSEC', 0, 'SECTION', 2, 'ENTITIES');
  for (let i = 0; i <= 20; i++) {
    pairs.push(0, 'LINE', 8, 'WALLS', 10, 0, 20, i * 5, 30, 0, 11, 100, 21, i * 5, 31, 0);
    pairs.push(0, 'LINE', 8, 'GRID', 10, i * 5, 20, 0, 30, 0, 11, i * 5, 21, 100, 31, 0);
  }
  pairs.push(0, 'TEXT', 8, 'WALLS', 10, 2, 20, 102, 30, 0, 40, 4, 1, 'Level 1 plan');
  pairs.push(0, 'ENDSEC', 0, 'EOF');
  const lines: string[] = [];
  for (let i = 0; i < pairs.length; i += 2) lines.push(String(pairs[i]).padStart(3), String(pairs[i + 1]));
  return `${lines.join('\n')}\n`;
}

/** An A3 sheet with black bars at the given places (sheet coordinates: y down from the top). */
async function barsPdf(bars: { x: number; y: number; width: number; height: number }[], hairlines = false): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([A3.width, A3.height]);
  for (const bar of bars) page.drawRectangle({ x: bar.x, y: A3.height - bar.y - bar.height, width: bar.width, height: bar.height, color: rgb(0, 0, 0) });
  if (hairlines) for (let i = 0; i < 40; i++) page.drawLine({ start: { x: 100 + i * 4, y: 100 }, end: { x: 100 + i * 4, y: 700 }, thickness: 0.25, color: rgb(0, 0, 0) });
  return Buffer.from(await pdf.save());
}

const ONLY_OLD = { x: 100, y: 100, width: 300, height: 60 };
const ONLY_NEW = { x: 700, y: 100, width: 300, height: 60 };
const BOTH = { x: 400, y: 500, width: 300, height: 60 };

/** The colour at a page point, from a screenshot (what the person sees, blending and all). */
async function colourAt(page: Page, x: number, y: number): Promise<[number, number, number]> {
  const shot = await page.screenshot({ clip: { x: Math.round(x) - 1, y: Math.round(y) - 1, width: 3, height: 3 } });
  const image = await loadImage(shot);
  const canvas = createCanvas(image.width, image.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(image, 0, 0);
  const [r, g, b] = ctx.getImageData(1, 1, 1, 1).data;
  return [r!, g!, b!];
}

/** Pixels of a DXF sheet's canvas near a colour. */
function countColour(page: Page, colour: [number, number, number]): Promise<number> {
  return page.locator('canvas.sheet-dxf').evaluate((canvas: HTMLCanvasElement, [r, g, b]) => {
    const data = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height).data;
    let count = 0;
    for (let i = 0; i < data.length; i += 4) if (Math.abs(data[i]! - r) < 60 && Math.abs(data[i + 1]! - g) < 60 && Math.abs(data[i + 2]! - b) < 60) count++;
    return count;
  }, colour);
}

/*
 * The sheet viewer in Chromium, on /picture: a DXF's layers switched off and on change its
 * pixels; a PDF zoomed in is drawn again in tiles at the new zoom (not a stretched bitmap);
 * an overlay of two revisions shows what only the older has in red, only the newer in green
 * and both in grey; and in Arabic the screen's controls sit on the right.
 */
describe('sheet viewer in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let alice: string;
  const files: Record<string, string> = {};

  beforeAll(async () => {
    // The files are uploaded through the API while the browser starts.
    const app = async () => {
      t = await startTestApp('sqlite', { webDir: builtWebDir() });
      alice = await t.signIn('alice', NORTHWIND);
      const [dxf, sharp, older, newer] = await Promise.all([
        uploadedFile(t.url, alice, 'Level 1 plan.dxf', twoLayerDxf()),
        uploadedFile(t.url, alice, 'Detail hairlines.pdf', await barsPdf([BOTH], true)),
        uploadedFile(t.url, alice, 'A-101 rev A.pdf', await barsPdf([ONLY_OLD, BOTH])),
        uploadedFile(t.url, alice, 'A-101 rev B.pdf', await barsPdf([ONLY_NEW, BOTH])),
      ]);
      Object.assign(files, { dxf: dxf.fileId, sharp: sharp.fileId, older: older.fileId, newer: newer.fileId });
    };
    [, browser] = await Promise.all([app(), launchBrowser()]);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (route: string, locale = 'en-US', viewport = { width: 1440, height: 900 }): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', route)}&token=${encodeURIComponent(alice)}`);
    await page.getByTestId(`workspace-${WORKSPACE}`).click();
    await page.waitForURL(`${t.url}${route}`);
    return { page, problems };
  };
  const ready = (page: Page, nth = 0) => page.locator('.sheet-view[data-status="ready"]').nth(nth).waitFor();

  /** One English page signed in once: each test goes to its own sheet on it. */
  let english: Promise<{ page: Page; problems: string[] }> | undefined;
  const openEnglish = async (route: string): Promise<{ page: Page; problems: string[] }> => {
    if (!english) return (english = open(route));
    const shown = await english;
    await shown.page.goto(`${t.url}${route}`);
    await shown.page.waitForURL(`${t.url}${route}`);
    return shown;
  };

  it('draws a DXF and takes a layer away and back: its pixels go and come', { timeout: 30_000 }, async () => {
    const { page, problems } = await openEnglish(`/picture?fileId=${files.dxf}`);
    await ready(page);
    const red: [number, number, number] = [255, 0, 0];
    const blue: [number, number, number] = [0, 0, 255];
    await expect.poll(() => countColour(page, red)).toBeGreaterThan(500);
    const blueBefore = await countColour(page, blue);
    expect(blueBefore).toBeGreaterThan(500);
    await picture(page, { path: path.join(SCREENSHOTS, 'dxf-en-1440.png') });

    await page.getByTestId('picture-layers').click();
    await page.getByTestId('sheet-layer-WALLS').click();
    await expect.poll(() => countColour(page, red)).toBeLessThan(20);
    // The other layer stays as it was.
    expect(Math.abs((await countColour(page, blue)) - blueBefore)).toBeLessThan(blueBefore * 0.1);
    await picture(page, { path: path.join(SCREENSHOTS, 'dxf-layers-en-1440.png') });
    await page.getByTestId('sheet-layer-WALLS').click();
    await expect.poll(() => countColour(page, red)).toBeGreaterThan(500);
    expect(problems).toEqual([]);
  });

  it('draws a zoomed PDF again in tiles at the new zoom, each tile pixel one screen pixel', { timeout: 30_000 }, async () => {
    const { page, problems } = await openEnglish(`/picture?fileId=${files.sharp}`);
    await ready(page);
    // At the whole page, the picture drawn under the tiles is already sharp enough.
    await page.locator('.sheet-view-paper[data-sharp="true"]').waitFor({ state: 'attached' });
    const view = page.locator('.sheet-view');
    const fitted = Number(await view.getAttribute('data-scale'));
    await view.focus();
    for (let i = 0; i < 5; i++) await page.keyboard.press('+');
    // 1.25⁵ ≈ 3×: tiles are drawn at the new zoom (at least as many pixels as the screen shows).
    await expect.poll(async () => Number(await page.locator('.sheet-pdf-tiles[data-complete="true"]').last().getAttribute('data-render-scale'))).toBeGreaterThan(fitted * 2.5);
    await page.locator('.sheet-view-paper[data-sharp="true"]').waitFor({ state: 'attached' });
    await expect.poll(() => page.locator('.sheet-pdf-tiles').count()).toBe(1);
    const tile = await page.locator('.sheet-pdf-tiles canvas').first().evaluate((canvas: HTMLCanvasElement) => ({
      pixels: canvas.width,
      shown: canvas.getBoundingClientRect().width * devicePixelRatio,
    }));
    expect(tile.pixels).toBeLessThanOrEqual(512);
    // Between 0.71 and 1.41 screen pixels per tile pixel: sharp, never a stretched picture.
    expect(tile.shown / tile.pixels).toBeGreaterThan(0.7);
    expect(tile.shown / tile.pixels).toBeLessThan(1.42);
    await picture(page, { path: path.join(SCREENSHOTS, 'pdf-zoomed-en-1440.png') });
    expect(problems).toEqual([]);
  });

  it('overlays two revisions: only the older in red, only the newer in green, both in grey', { timeout: 30_000 }, async () => {
    const { page, problems } = await openEnglish(`/picture?fileId=${files.newer}&compareFileId=${files.older}`);
    await page.getByTestId('sheet-compare-mode').getByText('Overlay').click();
    const stack = page.getByTestId('sheet-compare-overlay');
    await stack.locator('.sheet-view[data-status="ready"]').nth(1).waitFor();
    await expect.poll(() => stack.locator('.sheet-view-paper[data-sharp="true"]').count()).toBe(2);
    const box = (await stack.boundingBox())!;
    const view = fitPage(A3, { width: box.width, height: box.height });
    const at = (bar: typeof ONLY_OLD) => {
      const [x, y] = sheetToScreen(view, A3, [bar.x + bar.width / 2, bar.y + bar.height / 2]);
      return colourAt(page, box.x + x, box.y + y);
    };
    const [old, fresh, both] = [await at(ONLY_OLD), await at(ONLY_NEW), await at(BOTH)];
    await picture(page, { path: path.join(SCREENSHOTS, 'overlay-en-1440.png') });
    expect(old[0]).toBeGreaterThan(200);
    expect(old[1]).toBeLessThan(140);
    expect(fresh[1]).toBeGreaterThan(200);
    expect(fresh[0]).toBeLessThan(140);
    expect(Math.max(...both) - Math.min(...both)).toBeLessThan(20);
    expect(both[0]).toBeLessThan(140);
    expect(problems).toEqual([]);
    await page.context().close();
    english = undefined;
  });

  it('reads right to left in Arabic, the sheet itself unmirrored', { timeout: 30_000 }, async () => {
    const { page, problems } = await open(`/picture?fileId=${files.dxf}`, 'ar', { width: 390, height: 844 });
    await ready(page);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const sheet = (await page.locator('.sheet-view').boundingBox())!;
    const controls = (await page.locator('.sheet-view-controls').boundingBox())!;
    // The controls start at the sheet's right edge; the drawing keeps its own left-to-right.
    expect(controls.x + controls.width).toBeGreaterThan(sheet.x + sheet.width - 20);
    expect(await page.locator('.sheet-view-paper').getAttribute('dir')).toBe('ltr');
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByRole('button', { name: 'الطبقات' }).click();
    await page.getByTestId('sheet-layers').waitFor();
    await picture(page, { path: path.join(SCREENSHOTS, 'dxf-ar-390.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
