import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileInfo } from '../../src/core/contracts/files.ts';
import type { FormDetail } from '../../src/core/contracts/form.ts';
import type { FormRecord } from '../../src/core/contracts/record.ts';
import { ok } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, pageAtRest, watchPageProblems } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { uploadedFile } from '../helpers/file-uploads.ts';
import { rgbPng } from '../helpers/png.ts';
import { ATTACHMENT_FORM_DESIGN } from '../helpers/attachment-form.ts';
import { storedFile } from '../../src/web/forms/form-view/field-values.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/attachments');
const SCREEN = '/docManage/attachManager';

/** A PNG of a sky-to-grass gradient, width × height, made here so the preview has something to show. */
function gradientPng(width: number, height: number): Buffer {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = [0];
    for (let x = 0; x < width; x++) row.push(y < height / 2 ? 90 + x : 40, y < height / 2 ? 160 : 120 + x, y < height / 2 ? 230 : 60);
    rows.push(Buffer.from(row));
  }
  return rgbPng(width, height, zlib.deflateSync(Buffer.concat(rows)));
}

const PNG = gradientPng(96, 64);
// A one-page PDF that says "Site plan".
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 200]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n' +
    '4 0 obj<</Length 44>>stream\nBT /F1 24 Tf 50 100 Td (Site plan) Tj ET\nendstream endobj\n' +
    '5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);


/**
 * The attachment list in Chromium against the real server: files of two forms' records are
 * listed with their owners; the form, type and name filters narrow the list (by keyboard);
 * an image previews in a dialog and a PDF in the browser's viewer; a download link carries the
 * token; the owner link opens the record. Drawn in English, Chinese and Arabic.
 */
describe('attachments in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let admin: string;
  let door: FormRecord;
  const problems: string[][] = [];

  const upload = (token: string, name: string, bytes: Buffer | string): Promise<FileInfo> => uploadedFile(t.url, token, name, bytes);

  const publish = async (name: string, rule: string) => {
    const form = await ok<FormDetail>(t, 'POST', 'form/create', admin, { name, design: ATTACHMENT_FORM_DESIGN });
    await ok(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: form.revision, settings: { ...form.settings, titleField: 'summary', numbering: { rule } } });
    await ok(t, 'POST', 'form/publish', admin, { id: form.id });
    return form.id;
  };

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, { onPage: async (page) => problems.push(await watchPageProblems(page)) });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    admin = await t.signIn('admin', NORTHWIND);
    const alice = await t.signIn('alice', NORTHWIND);
    const [site, defects] = [await publish('Site survey', 'SV-{####}'), await publish('Defect report', 'DR-{####}')];
    const [plan, photo, notes, crack] = await Promise.all([
      upload(admin, 'site-plan.pdf', PDF),
      upload(admin, 'front-door.png', PNG),
      upload(admin, 'lock-receipt.txt', 'Lock: 40.00'),
      upload(alice, 'crack-level-2.png', PNG),
    ]);
    door = await ok<FormRecord>(t, 'POST', 'record/create', admin, {
      formId: site,
      data: { summary: 'Front door', photos: [storedFile(photo)], docs: [storedFile(plan)], items: [{ name: 'Lock', receipt: [storedFile(notes)] }] },
    });
    await ok<FormRecord>(t, 'POST', 'record/create', alice, { formId: defects, data: { summary: 'Crack in level 2 slab', photos: [storedFile(crack)] } });
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page);
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
  const fileNames = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row .attachments-file-name').allInnerTexts();
  const totalText = (page: Page) => page.locator('.ant-pagination-total-text').innerText();

  /** Picks an option of a filter's select with the keyboard: focus, type, Enter. */
  const pick = async (page: Page, id: string, typed: string) => {
    await page.locator(`#attachments-${id}`).focus();
    await page.keyboard.type(typed);
    // Its own list only: the last filter's list may still be fading out.
    await page.locator(`.ant-select-dropdown:visible:has(#attachments-${id}_list) .ant-select-item-option-active`).waitFor();
    await page.keyboard.press('Enter');
  };

  it('lists, filters by keyboard, previews, downloads and opens the owner', { timeout: 240_000 }, async () => {
    const page = await users.open('admin', SCREEN);
    await expect.poll(() => totalText(page)).toBe('4 attachments');
    expect((await fileNames(page)).sort()).toEqual(['crack-level-2.png', 'front-door.png', 'lock-receipt.txt', 'site-plan.pdf']);
    const receiptRow = rows(page).filter({ hasText: 'lock-receipt.txt' });
    expect(await receiptRow.innerText()).toContain('Items / Receipt');
    expect(await receiptRow.innerText()).toContain('0.01 KB');
    await shoot(page, 'list-en');

    // The form filter, by keyboard.
    await pick(page, 'form', 'Defect');
    await expect.poll(() => fileNames(page)).toEqual(['crack-level-2.png']);
    expect(await rows(page).first().innerText()).toContain('Alice Chen');

    // Types: the image group over every form, then one extension.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => totalText(page)).toBe('4 attachments');
    await pick(page, 'type', 'Images');
    await expect.poll(async () => (await fileNames(page)).sort()).toEqual(['crack-level-2.png', 'front-door.png']);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await pick(page, 'type', '.txt');
    await expect.poll(() => fileNames(page)).toEqual(['lock-receipt.txt']);

    // The name, typed and sent with Enter; no match shows the empty state.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.locator('#attachments-name').focus();
    await page.keyboard.type('no-such-file');
    await page.keyboard.press('Enter');
    await page.getByText('No attachment matches these filters').waitFor();
    await shoot(page, 'no-match-en');
    await page.locator('#attachments-name').fill('PLAN');
    await page.keyboard.press('Enter');
    await expect.poll(() => fileNames(page)).toEqual(['site-plan.pdf']);

    // A PDF opens in the browser's own viewer, from a blob of its bytes.
    const planRow = rows(page).first();
    const [viewer] = await Promise.all([page.context().waitForEvent('page'), planRow.getByRole('button', { name: 'Preview site-plan.pdf' }).click()]);
    await expect.poll(() => viewer.url()).toMatch(/^blob:/);
    await viewer.close();

    // The download link carries the token, and the file comes back whole.
    const href = (await planRow.getByRole('link', { name: 'Download site-plan.pdf' }).getAttribute('href'))!;
    expect(href).toMatch(/\/api\/proptech_filestore\/file\/[A-Za-z0-9_-]{22}\?token=/);
    const downloaded = await page.evaluate(async (url) => (await fetch(url)).headers.get('content-disposition'), href);
    expect(downloaded).toContain('site-plan.pdf');

    // An image previews in a dialog, which Escape closes.
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await pick(page, 'type', 'Images');
    await rows(page).filter({ hasText: 'front-door.png' }).getByRole('button', { name: 'Preview front-door.png' }).click();
    const image = page.locator('.ant-modal .attachments-preview img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
    await shoot(page, 'preview-en');
    await page.keyboard.press('Escape');
    await image.waitFor({ state: 'detached' });

    // The owner link, followed by keyboard, opens the record.
    const owner = page.getByTestId(`owner-${door.id}`);
    expect(await owner.getAttribute('aria-label')).toBe(`Open record ${door.number} of Site survey`);
    await owner.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${t.url}/table/edit/${door.id}`);
    await expect.poll(() => page.locator('#root_summary').inputValue()).toBe('Front door');
    expect(problems.flat()).toEqual([]);
  });

  it('draws the list in Chinese and in Arabic, right to left', { timeout: 120_000 }, async () => {
    for (const [locale, name, total] of looksIn([['zh-CN', 'list-zh-CN', '共 4 个附件'], ['ar', 'list-ar', 'عدد المرفقات: 4']] as const, [['ar', 'list-ar', 'عدد المرفقات: 4']] as const)) {
      const page = await users.open('admin', SCREEN, { locale });
      await expect.poll(() => totalText(page)).toBe(total);
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await shoot(page, name);
      await page.close();
    }
    const phone = await users.open('admin', SCREEN, { viewport: { width: 390, height: 844 } });
    await expect.poll(() => totalText(phone)).toBe('4 attachments');
    await shoot(phone, 'list-phone-en');
    expect(problems.flat()).toEqual([]);
  });
});
