import fs from 'node:fs';
import path from 'node:path';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRAWING_PATHS, type RevisionPage } from '../../src/core/contracts/drawings.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { drawingClient } from '../api/drawing/drawing-client.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { picture, pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/drawing-register');
const WORKSPACE = 'NW-TOWER';
const FILE_NAME = 'Tower electrical set.pdf';
const SHEETS = [
  { number: 'E-901', title: 'Lighting layout level 9' },
  { number: 'E-902', title: 'Power layout level 9' },
];

/** A two-page A3 set, each page a few lines of drawing and a title block at its lower right with its number and title. */
async function drawingSet(): Promise<string> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const [index, sheet] of SHEETS.entries()) {
    const page = pdf.addPage([1191, 842]);
    for (let i = 0; i < 12; i++) page.drawLine({ start: { x: 60 + i * 60, y: 300 }, end: { x: 90 + i * 60, y: 760 }, thickness: 2, color: rgb(0, 0, 0) });
    page.drawRectangle({ x: 80, y: 320, width: 500 + index * 80, height: 380, borderWidth: 3, borderColor: rgb(0, 0, 0) });
    page.drawRectangle({ x: 831, y: 20, width: 340, height: 120, borderWidth: 1, borderColor: rgb(0, 0, 0) });
    page.drawText('Project: Northwind Tower', { x: 845, y: 120, size: 9, font });
    page.drawText('Title:', { x: 845, y: 95, size: 9, font });
    page.drawText(sheet.title, { x: 890, y: 95, size: 12, font: bold });
    page.drawText('Drawing No:', { x: 845, y: 45, size: 9, font });
    page.drawText(sheet.number, { x: 920, y: 40, size: 24, font: bold });
  }
  return Buffer.from(await pdf.save()).toString('base64');
}

/** A one-page sheet with nothing on it. */
async function onePagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.addPage([420, 297]);
  return pdf.save();
}

/*
 * The drawing register in Chromium: a PDF set dropped on the register is processed into
 * sheets waiting for review, a member without the release right sees why they cannot publish,
 * an administrator publishes them, and the register shows both sheets with their numbers and
 * thumbnails; in Arabic the screen reads right to left.
 */
describe('drawing register in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let alice: string;
  let admin: string;
  let setBytes: string;

  beforeAll(async () => {
    const app = async () => {
      t = await startTestApp('sqlite', { webDir: builtWebDir() });
      [alice, admin] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('admin', NORTHWIND)]);
      // The demo leaves a revision waiting in the workspace; the review here is of this test's set alone.
      const waiting = await t.call<RevisionPage>('POST', DRAWING_PATHS.revisionPending, { token: admin, body: { workspaceCode: WORKSPACE, page: 1, size: 50 } });
      const ids = waiting.body.data.rows.map((row) => row.id);
      if (ids.length > 0) await t.call('POST', DRAWING_PATHS.revisionReject, { token: admin, body: { ids } });
      // The server starts its job thread with the first upload: one made in the other workspace
      // while the browser starts, so what the drop waits for is the set's own processing.
      const [warmUp] = await drawingClient(t).upload(alice, 'NW-HQ', [['Warm-up.pdf', await onePagePdf()]]);
      expect(warmUp!.status).toBe('done');
    };
    [, browser, setBytes] = await Promise.all([app(), launchBrowser(), drawingSet()]);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (token: string, route: string, locale = 'en-US', viewport = { width: 1440, height: 900 }): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', route)}&token=${encodeURIComponent(token)}`);
    await page.getByTestId(`workspace-${WORKSPACE}`).click();
    await page.waitForURL(`${t.url}${route}`);
    return { page, problems };
  };

  it('takes a dropped PDF set, shows its processing, and leaves both pages waiting for review', { timeout: 90_000 }, async () => {
    const { page, problems } = await open(alice, '/drawing/pictureList');
    const drop = page.getByTestId('drawing-drop');
    await page.getByTestId('drawing-upload').first().waitFor();
    await drop.evaluate(
      (target, { bytes, name }) => {
        const data = new DataTransfer();
        data.items.add(new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], name, { type: 'application/pdf' }));
        for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
      },
      { bytes: setBytes, name: FILE_NAME },
    );
    const line = page.getByTestId(`drawing-processing-${FILE_NAME}`);
    await line.waitFor();
    await expect.poll(() => line.getAttribute('data-status'), { timeout: 45_000 }).toBe('done');
    await expect.poll(() => line.textContent()).toContain('2 sheets wait for review');
    await page.getByTestId('drawing-pending').waitFor();
    await picture(page, { path: path.join(SCREENSHOTS, 'processed-en.png') });

    // The review shows what the title blocks said; alice may correct, not publish, and is told why.
    await page.getByTestId('drawing-review-link').click();
    await page.waitForURL(`${t.url}/drawing/pictureRelease`);
    await page.getByTestId('drawing-release-no-right').waitFor();
    const read = page.getByTestId('drawing-read');
    await expect.poll(() => read.allTextContents()).toEqual(expect.arrayContaining(SHEETS.map((s) => `${s.number} · ${s.title}`)));
    expect(await page.getByTestId('drawing-publish').isDisabled()).toBe(true);
    await expect.poll(() => page.getByTestId('drawing-target').allTextContents()).toEqual(['New sheet', 'New sheet']);

    // A number the server would refuse is told as a sentence beside the field.
    const number = page.getByTestId('drawing-edit-number').first();
    await number.fill('-901');
    await page.getByText('A sheet number starts with a letter or digit').waitFor();
    await page.getByRole('button', { name: 'Undo changes' }).click();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('publishes the pages as sheets that the register shows with numbers and thumbnails', { timeout: 90_000 }, async () => {
    const { page, problems } = await open(admin, '/drawing/pictureRelease');
    await page.getByTestId('drawing-release-all').click();
    await page.getByTestId('drawing-publish').click();
    await page.getByText('2 revisions published.').waitFor();
    await page.getByTestId('drawing-release-to-register').click();
    await page.waitForURL(`${t.url}/drawing/pictureList`);

    for (const sheet of SHEETS) {
      const card = page.getByTestId(`drawing-sheet-${sheet.number}`);
      await card.waitFor();
      expect(await card.textContent()).toContain(sheet.title);
      // The thumbnail is the server's PNG, loaded.
      await expect.poll(() => card.locator('img').evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBeGreaterThan(0);
    }
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'register-grid-en.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('reads right to left in Arabic, as a list and on a phone', { timeout: 90_000 }, async () => {
    const { page, problems } = await open(alice, '/drawing/pictureList', 'ar');
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByTestId('drawing-sheet-E-901').waitFor();
    await page.getByTestId('drawing-view').getByText('قائمة').click();
    await page.getByTestId('drawing-row-E-902').waitFor();
    // The list begins at the right: the number column sits right of the title column.
    const [numberBox, titleBox] = await Promise.all([page.getByRole('columnheader', { name: 'الرقم' }).boundingBox(), page.getByRole('columnheader', { name: 'العنوان' }).boundingBox()]);
    expect(numberBox!.x).toBeGreaterThan(titleBox!.x);
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'register-list-ar.png') });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('drawing-row-E-902').waitFor();
    // The screen lays itself out again for the new width a moment after the resize.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'register-phone-ar.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
