import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Markup } from '../../src/core/drawings/markup.ts';
import type { RevisionPage } from '../../src/core/contracts/drawings.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { drawingClient } from '../api/drawing/drawing-client.ts';
import { builtWebDir, launchBrowser, pageAtRest, watchPageProblems } from '../helpers/browser.ts';
import { rgbPng } from '../helpers/png.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/drawing-markup');
const WORKSPACE = 'NW-TOWER';
/** An A4 landscape sheet in PDF points. */
const SHEET = { width: 842, height: 595 };

/** A sheet with a few black lines and a title block, so any red in an export is a markup's. */
async function sheetPdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([SHEET.width, SHEET.height]);
  for (let i = 0; i < 8; i++) page.drawLine({ start: { x: 40 + i * 90, y: 200 }, end: { x: 40 + i * 90, y: 560 }, thickness: 1, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 560, y: 20, width: 260, height: 80, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  page.drawText('Plant room layout', { x: 575, y: 70, size: 11, font });
  page.drawText('M-101', { x: 575, y: 32, size: 22, font });
  return pdf.save();
}

/** A small red square photo. */
const photoPng = () => rgbPng(8, 8, zlib.deflateSync(Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [200, 30, 30]).flat()])))));

/*
 * The markup canvas in Chromium: every kind of markup drawn with the pointer on a generated
 * sheet and kept by the server, a distance measured after calibrating by scale, undo and redo,
 * a PNG export that carries the markups' colour, and the screen right to left in Arabic.
 * The rules (schema, maths, hit tests, authorization) are tested in unit and API tests.
 */
describe('drawing markup canvas in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let alice: string;
  let revisionId: number;

  beforeAll(async () => {
    // The sheet is uploaded, processed and published through the API while the browser starts.
    const app = async () => {
      t = await startTestApp('sqlite', { webDir: builtWebDir() });
      const admin = await t.signIn('admin', NORTHWIND);
      alice = await t.signIn('alice', NORTHWIND);
      const drawings = drawingClient(t);
      const [upload] = await drawings.upload(admin, WORKSPACE, [['Plant room.pdf', await sheetPdf()]]);
      expect(upload!.status, JSON.stringify(upload!.problem)).toBe('done');
      const pending = await drawings.ok<RevisionPage>('POST', 'revision/pending', admin, { workspaceCode: WORKSPACE, page: 1, size: 50 });
      revisionId = pending.rows.find((row) => upload!.revisionIds.includes(row.id))!.id;
      await drawings.ok('POST', 'revision/publish', admin, { ids: [revisionId] });
    };
    [, browser] = await Promise.all([app(), launchBrowser()]);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (locale = 'en-US', viewport = { width: 1440, height: 900 }): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport, acceptDownloads: true });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    const route = `/drawing/markPicture/${revisionId}`;
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', route)}&token=${encodeURIComponent(alice)}`);
    await page.getByTestId(`workspace-${WORKSPACE}`).click();
    await page.waitForURL(`${t.url}${route}`);
    await page.locator('.sheet-view[data-status="ready"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('markup-layer').waitFor();
    return { page, problems };
  };

  /** Where a sheet point is on the page: the layer's own transform, as the browser applies it. */
  const screenOf = async (page: Page, [x, y]: [number, number]): Promise<[number, number]> =>
    page.getByTestId('markup-layer').evaluate(
      (svg, [px, py]) => {
        const m = (svg.querySelector('g') as SVGGElement).transform.baseVal.consolidate()!.matrix;
        const box = svg.getBoundingClientRect();
        return [box.left + m.a * px + m.c * py + m.e, box.top + m.b * px + m.d * py + m.f] as [number, number];
      },
      [x, y] as [number, number],
    );

  const drag = async (page: Page, points: [number, number][]) => {
    const [first, ...rest] = await Promise.all(points.map((p) => screenOf(page, p)));
    await page.mouse.move(...first!);
    await page.mouse.down();
    for (const p of rest) await page.mouse.move(...p, { steps: 2 });
    await page.mouse.up();
  };
  const clickAt = async (page: Page, p: [number, number], double = false) => {
    const [x, y] = await screenOf(page, p);
    if (double) await page.mouse.dblclick(x, y);
    else await page.mouse.click(x, y);
  };
  const dialogsClosed = (page: Page) => expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
  const tool = (page: Page, name: string) => page.locator(`[data-tool="${name}"]`).click();
  const listed = (page: Page) => page.getByTestId('markup-list').locator('li');
  const saved = async (page: Page) => expect.poll(() => page.locator('.markup-saving').textContent(), { timeout: 10_000 }).toBe('');
  const stored = async () => (await drawingClient(t).ok<Markup[]>('GET', 'markup/list', alice, { revisionId })).filter((m) => m.revisionId === revisionId);

  /** The English canvas, opened once for the drawing and the measuring tests. */
  let english: Promise<{ page: Page; problems: string[] }> | undefined;
  const openEnglish = () => (english ??= open());

  it('draws every kind of markup with the pointer, and the server keeps each', { timeout: 60_000 }, async () => {
    const { page, problems } = await openEnglish();
    // Each kind in a cell of a 6 × 3 grid on the sheet.
    const cell = (i: number): [number, number] => [50 + (i % 6) * 125, 60 + Math.floor(i / 6) * 150];
    const at = (i: number, dx: number, dy: number): [number, number] => [cell(i)[0] + dx, cell(i)[1] + dy];
    const confirm = () => page.locator('.ant-modal').getByRole('button', { name: 'Add' }).click();

    const kinds = [
      'rectangle', 'ellipse', 'cloud', 'arrow', 'line', 'polyline', 'freehand', 'text', 'callout',
      'highlighter', 'stamp', 'photo', 'link', 'measureLength', 'measurePolyline', 'measureArea', 'measureCount',
    ] as const;
    for (const [i, kind] of kinds.entries()) {
      await tool(page, kind);
      if (['rectangle', 'ellipse', 'cloud', 'arrow', 'line', 'stamp', 'link', 'callout', 'measureLength'].includes(kind)) {
        await drag(page, [at(i, 0, 0), at(i, 90, 70)]);
      } else if (kind === 'freehand' || kind === 'highlighter') {
        await drag(page, [at(i, 0, 40), at(i, 30, 10), at(i, 60, 60), at(i, 90, 30)]);
      } else if (kind === 'polyline' || kind === 'measurePolyline' || kind === 'measureArea') {
        await clickAt(page, at(i, 0, 0));
        await clickAt(page, at(i, 90, 10));
        await clickAt(page, at(i, 60, 80), true);
      } else if (kind === 'measureCount') {
        for (const p of [at(i, 0, 0), at(i, 40, 20), at(i, 80, 40)]) await clickAt(page, p);
        await page.keyboard.press('Enter');
      } else {
        await clickAt(page, at(i, 10, 10));
      }
      if (kind === 'text' || kind === 'callout') {
        await page.getByTestId('markup-text-input').fill(kind === 'text' ? 'Check the duct size' : 'See detail 4');
        await confirm();
      } else if (kind === 'link') {
        // A callout to another sheet: found by its number.
        await page.locator('.ant-modal .ant-select input').fill('M-101');
        await page.locator('.ant-select-item-option', { hasText: 'M-101 · Plant room layout' }).click();
        await page.locator('.ant-modal .ant-select-content-has-value', { hasText: 'M-101' }).waitFor();
        await confirm();
      } else if (kind === 'photo') {
        await page.getByTestId('markup-photo-input').setInputFiles({ name: 'valve.png', mimeType: 'image/png', buffer: photoPng() });
      }
      if (['text', 'callout', 'link', 'photo'].includes(kind)) await dialogsClosed(page);
    }
    await expect.poll(() => listed(page).count()).toBe(kinds.length);
    await saved(page);
    expect((await stored()).map((m) => m.kind).sort()).toEqual([...kinds].sort());
    // Every markup is drawn on the layer's canvas: the stamp's words in the middle of its box (what they say: a unit test).
    await expect.poll(() => page.getByTestId('markup-picture').getAttribute('data-markups')).toBe(String(kinds.length));
    const [sx, sy] = await screenOf(page, at(kinds.indexOf('stamp'), 45, 35));
    const ink = await page.getByTestId('markup-picture').evaluate((canvas: HTMLCanvasElement, [x, y]) => {
      const box = canvas.getBoundingClientRect();
      const k = canvas.width / box.width;
      const data = canvas.getContext('2d')!.getImageData((x - box.left - 15) * k, (y - box.top - 5) * k, 30 * k, 10 * k).data;
      let count = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 128) count++;
      return count;
    }, [sx, sy] as [number, number]);
    expect(ink).toBeGreaterThan(20);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'every-kind-en.png') });
    expect(problems).toEqual([]);
  });

  it('measures a known distance once calibrated by scale, undoes and redoes, and exports a PNG with the markups', { timeout: 60_000 }, async () => {
    const { page, problems } = await openEnglish();
    await tool(page, 'select');
    const before = await listed(page).count();

    // 1:100: one inch of paper (72 points) is 2.54 m.
    await tool(page, 'calibrate');
    await page.getByTestId('calibrate-scale').click();
    await page.locator('.ant-select-item-option', { hasText: /^1:100$/ }).click();
    await page.locator('#calibrate-apply').click();
    await expect.poll(() => page.getByTestId('markup-calibration').textContent()).toBe('Scale 1:100');
    await page.locator('[data-tool="measureLength"][aria-pressed="true"]').waitFor();
    await dialogsClosed(page);
    await drag(page, [[300, 520], [372, 520]]);
    await expect.poll(() => listed(page).count()).toBe(before + 1);
    const value = await listed(page).last().getByTestId('markup-value').textContent();
    expect(value).toMatch(/^\d+\.\d\d m$/);
    expect(Math.abs(parseFloat(value!) - 2.54)).toBeLessThan(0.05);

    // Undo takes the measurement away (from the server too); redo brings it back.
    await page.keyboard.press('Control+z');
    await expect.poll(() => listed(page).count()).toBe(before);
    await saved(page);
    expect(await stored()).toHaveLength(before);
    await page.getByTestId('markup-redo').click();
    await expect.poll(() => listed(page).count()).toBe(before + 1);
    await saved(page);
    expect(await stored()).toHaveLength(before + 1);

    // The PNG export is the sheet with the markups drawn on it: red pixels where only black lines were.
    await page.getByTestId('markup-export').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByText('PNG picture with markups').click()]);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
    const red = await page.evaluate(async (base64) => {
      const bitmap = await createImageBitmap(new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], { type: 'image/png' }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(bitmap, 0, 0);
      const data = ctx.getImageData(0, 0, bitmap.width, bitmap.height).data;
      let count = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! > 180 && data[i + 1]! < 90 && data[i + 2]! < 90) count++;
      return count;
    }, bytes.toString('base64'));
    expect(red).toBeGreaterThan(1000);

    // The PDF export is the sheet's own page with the markups drawn on it.
    await page.getByTestId('markup-export').click();
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByText('PDF with markups').click()]);
    const exported = await PDFDocument.load(fs.readFileSync(await pdf.path()));
    expect(exported.getPageCount()).toBe(1);
    expect(exported.getPage(0).getSize()).toEqual(SHEET);
    expect(problems).toEqual([]);
    await page.context().close();
    english = undefined;
  });

  it('reads right to left in Arabic, on a desktop and on a phone', { timeout: 60_000 }, async () => {
    const { page, problems } = await open('ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => listed(page).count()).toBeGreaterThan(0);
    // The side panel starts at the left in Arabic: the canvas is on the right.
    const [canvasBox, panelBox] = await Promise.all([page.locator('.markup-canvas').boundingBox(), page.locator('.markup-panel').boundingBox()]);
    expect(panelBox!.x).toBeLessThan(canvasBox!.x);
    await pageAtRest(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'canvas-ar.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.sheet-view[data-status="ready"]').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await pageAtRest(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'canvas-phone-ar.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
