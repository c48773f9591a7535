import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Markup, MarkupInput } from '../../src/core/drawings/markup.ts';
import type { RevisionPage } from '../../src/core/contracts/drawings.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { drawingClient } from '../api/drawing/drawing-client.ts';
import { builtWebDir, launchBrowser, pickOption, watchPageProblems } from '../helpers/browser.ts';
import { rgbPng } from '../helpers/png.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/drawing-markup');
const WORKSPACE = 'NW-TOWER';
/** An A4 landscape sheet in PDF points. */
const SHEET = { width: 842, height: 595 };

/** A sheet with a few black lines and a title block, so any red in an export is a markup's. */
async function sheetPdf(number = 'M-101', title = 'Plant room layout'): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([SHEET.width, SHEET.height]);
  for (let i = 0; i < 8; i++) page.drawLine({ start: { x: 40 + i * 90, y: 200 }, end: { x: 40 + i * 90, y: 560 }, thickness: 1, color: rgb(0, 0, 0) });
  page.drawRectangle({ x: 560, y: 20, width: 260, height: 80, borderWidth: 1, borderColor: rgb(0, 0, 0) });
  page.drawText(title, { x: 575, y: 70, size: 11, font });
  page.drawText(number, { x: 575, y: 32, size: 22, font });
  return pdf.save();
}

/** A small red square photo. */
const photoPng = () => rgbPng(8, 8, zlib.deflateSync(Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [200, 30, 30]).flat()])))));

/**
 * A long review on the A4 sheet: filled rectangles in a grid of 20 cells a row, every third
 * markup a measured length instead; the last one (a rectangle) is drawn on top of the rest.
 */
function reviewMarkups(count: number): MarkupInput[] {
  return Array.from({ length: count }, (_, i) => {
    const x = 25 + (i % 20) * 40;
    const y = 20 + Math.floor(i / 20) * 37;
    const style = { color: '#e53935', width: 1, opacity: 1, fill: i % 3 === 0 ? null : '#ffeb3b' };
    return i % 3 === 0
      ? { kind: 'measureLength', points: [[x, y], [x + 30, y + 20]], style, visibility: 'published' }
      : { kind: 'rectangle', points: [[x, y], [x + 30, y + 20]], style, visibility: 'published' };
  });
}

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
  /** A second sheet with a long review's markups on it, for the side list: made by the first test that needs it. */
  let longSheet: Promise<number> | undefined;
  const LONG = 240;
  const longRevision = () =>
    (longSheet ??= (async () => {
      const admin = await t.signIn('admin', NORTHWIND);
      const drawings = drawingClient(t);
      const [upload] = await drawings.upload(admin, WORKSPACE, [['Duct runs.pdf', await sheetPdf('M-102', 'Duct runs')]]);
      expect(upload!.status, JSON.stringify(upload!.problem)).toBe('done');
      const pending = await drawings.ok<RevisionPage>('POST', 'revision/pending', admin, { workspaceCode: WORKSPACE, page: 1, size: 50 });
      const id = pending.rows.find((row) => upload!.revisionIds.includes(row.id))!.id;
      await drawings.ok('POST', 'revision/publish', admin, { ids: [id] });
      // Saved four at a time, in the order drawn.
      const markups = reviewMarkups(LONG);
      let next = 0;
      const save = async () => {
        while (next < markups.length) await drawings.ok('POST', 'markup/save', alice, { revisionId: id, markup: markups[next++]! });
      };
      await Promise.all([save(), save(), save(), save()]);
      return id;
    })());

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

  const open = async (locale = 'en-US', viewport = { width: 1440, height: 900 }, revision = revisionId): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport, acceptDownloads: true });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    const route = `/drawing/markPicture/${revision}`;
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
  /** How many markups the side list holds (only those in view are rows in the page). */
  const listed = async (page: Page) => Number(await page.locator('.markup-panel').getAttribute('data-count'));
  /** The list's row for its `n`th markup (from 1), scrolled into the list's view. */
  const row = async (page: Page, n: number) => {
    await page.locator('.markup-list-scroll').evaluate((list, at) => (list.scrollTop = (at - 1) * (list.scrollHeight / Number(list.querySelector('li')!.getAttribute('aria-setsize')))), n);
    const item = page.locator(`.markup-list-item[aria-posinset="${n}"]`);
    await item.waitFor();
    return item;
  };
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
        const picked = page.locator('.ant-modal .ant-select-content-has-value', { hasText: 'M-101' });
        await pickOption(page.locator('.ant-select-item-option', { hasText: 'M-101 · Plant room layout' }), () => picked.isVisible());
        await confirm();
      } else if (kind === 'photo') {
        await page.getByTestId('markup-photo-input').setInputFiles({ name: 'valve.png', mimeType: 'image/png', buffer: photoPng() });
      }
      if (['text', 'callout', 'link', 'photo'].includes(kind)) await dialogsClosed(page);
    }
    await expect.poll(() => listed(page)).toBe(kinds.length);
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
    await picture(page, { path: path.join(SCREENSHOTS, 'every-kind-en.png') });
    expect(problems).toEqual([]);
  });

  it('measures a known distance once calibrated by scale, undoes and redoes, and exports a PNG with the markups', { timeout: 60_000 }, async () => {
    const { page, problems } = await openEnglish();
    await tool(page, 'select');
    const before = await listed(page);

    // 1:100: one inch of paper (72 points) is 2.54 m.
    await tool(page, 'calibrate');
    await page.getByTestId('calibrate-scale').click();
    await pickOption(page.locator('.ant-select-item-option', { hasText: /^1:100$/ }), () => page.locator('#calibrate-apply').isEnabled());
    await page.locator('#calibrate-apply').click();
    await expect.poll(() => page.getByTestId('markup-calibration').textContent()).toBe('Scale 1:100');
    await page.locator('[data-tool="measureLength"][aria-pressed="true"]').waitFor();
    await dialogsClosed(page);
    await drag(page, [[300, 520], [372, 520]]);
    await expect.poll(() => listed(page)).toBe(before + 1);
    const value = await (await row(page, before + 1)).getByTestId('markup-value').textContent();
    expect(value).toMatch(/^\d+\.\d\d m$/);
    expect(Math.abs(parseFloat(value!) - 2.54)).toBeLessThan(0.05);

    // Undo takes the measurement away (from the server too); redo brings it back.
    await page.keyboard.press('Control+z');
    await expect.poll(() => listed(page)).toBe(before);
    await saved(page);
    expect(await stored()).toHaveLength(before);
    await page.getByTestId('markup-redo').click();
    await expect.poll(() => listed(page)).toBe(before + 1);
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
    await expect.poll(() => listed(page)).toBeGreaterThan(0);
    // The side panel starts at the left in Arabic: the canvas is on the right.
    const [canvasBox, panelBox] = await Promise.all([page.locator('.markup-canvas').boundingBox(), page.locator('.markup-panel').boundingBox()]);
    expect(panelBox!.x).toBeLessThan(canvasBox!.x);
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'canvas-ar.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.sheet-view[data-status="ready"]').waitFor();
    // The screen lays itself out again for the new width a moment after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'canvas-phone-ar.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lists a long review with only the rows in view in the page, and keeps them in step with the canvas and the keyboard', { timeout: 180_000 }, async () => {
    const { page, problems } = await open('en-US', { width: 1440, height: 900 }, await longRevision());
    await expect.poll(() => listed(page)).toBe(LONG);
    const rows = page.locator('.markup-list-item');
    await expect.poll(() => rows.first().getAttribute('aria-setsize')).toBe(String(LONG));
    // The list is as tall as every row, but only those in view (and a few around them) are in the page.
    const { height, scrollHeight } = await page.locator('.markup-list-scroll').evaluate((list) => ({ height: list.clientHeight, scrollHeight: list.scrollHeight }));
    expect(height).toBeGreaterThan(200);
    expect(scrollHeight).toBeGreaterThan(height * 10);
    expect(await rows.count()).toBeLessThan(30);

    // The topmost markup chosen on the canvas: the list scrolls to its row, the last one, and marks it.
    await tool(page, 'select');
    await expect.poll(() => page.getByTestId('markup-picture').getAttribute('data-markups')).toBe(String(LONG));
    const last = reviewMarkups(LONG).at(-1)!.points;
    const [x, y] = await screenOf(page, [(last[0]![0] + last[1]![0]) / 2, (last[0]![1] + last[1]![1]) / 2]);
    await page.mouse.click(x, y);
    const lastRow = page.locator(`.markup-list-item[aria-posinset="${LONG}"]`);
    await expect.poll(() => lastRow.locator('.markup-list-main').getAttribute('aria-pressed')).toBe('true');
    const inView = async (item: typeof lastRow) => {
      const [box, list] = await Promise.all([item.boundingBox(), page.locator('.markup-list-scroll').boundingBox()]);
      return box !== null && list !== null && box.y >= list.y - 1 && box.y + box.height <= list.y + list.height + 1;
    };
    expect(await inView(lastRow)).toBe(true);
    expect(await rows.count()).toBeLessThan(30);

    // Tab walks down the list past the rows first shown; the list follows, and Enter chooses the row.
    const first = await row(page, 1);
    await first.locator('.markup-list-main').focus();
    const focusedAt = () => page.evaluate(() => Number(document.activeElement?.closest('li')?.getAttribute('aria-posinset') ?? 0));
    for (let i = 0; i < 80 && (await focusedAt()) < 20; i++) await page.keyboard.press('Tab');
    expect(await focusedAt()).toBe(20);
    await page.evaluate(() => (document.activeElement as HTMLElement).closest('li')!.querySelector<HTMLElement>('.markup-list-main')!.focus());
    await page.keyboard.press('Enter');
    const twentieth = page.locator('.markup-list-item[aria-posinset="20"]');
    await expect.poll(() => twentieth.locator('.markup-list-main').getAttribute('aria-pressed')).toBe('true');
    expect(await inView(twentieth)).toBe(true);
    await expect.poll(() => lastRow.count()).toBe(0);
    await picture(page, { path: path.join(SCREENSHOTS, 'long-list-en.png') });

    // Only the measurements: a third of them, each with its value.
    await page.locator('.markup-panel .ant-segmented-item', { hasText: 'Measurements' }).click();
    await expect.poll(() => listed(page)).toBe(LONG / 3);
    expect(await rows.first().getAttribute('data-kind')).toBe('measureLength');
    expect(await rows.first().getByTestId('markup-value').textContent()).toMatch(/\d/);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the long list right to left in Arabic and within the width of a phone', { timeout: 120_000 }, async () => {
    const looks = [
      ['zh-CN', { width: 1440, height: 900 }, 'long-list-zh.png'],
      ['zh-CN', { width: 390, height: 844 }, 'long-list-phone-zh.png'],
      ['ar', { width: 1440, height: 900 }, 'long-list-ar.png'],
      ['ar', { width: 390, height: 844 }, 'long-list-phone-ar.png'],
    ] as const;
    for (const [locale, viewport, name] of looksIn(looks, [looks[3]])) {
      const { page, problems } = await open(locale, viewport, await longRevision());
      await expect.poll(() => listed(page)).toBe(LONG);
      const item = page.locator('.markup-list-item').first();
      await item.waitFor();
      // In Arabic a row's icon is at its right-hand side; in Chinese at its left.
      const [rowBox, iconBox] = await Promise.all([item.boundingBox(), item.locator('.markup-list-icon').boundingBox()]);
      if (locale === 'ar') expect(rowBox!.x + rowBox!.width - (iconBox!.x + iconBox!.width)).toBeLessThan(20);
      else expect(iconBox!.x - rowBox!.x).toBeLessThan(20);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await page.locator('.markup-panel').scrollIntoViewIfNeeded();
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, name) });
      expect(problems).toEqual([]);
      await page.context().close();
    }
  });
});
