import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocFolder } from '../../src/core/contracts/documents.ts';
import type { FileInfo } from '../../src/core/contracts/files.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/documents');
const DOC = '/proptech_allplan/doc';

/** A one-page PDF with a line of text: enough for pdf.js to draw something. */
function onePagePdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const stream = `BT /F1 28 Tf 30 90 Td (${text}) Tj ET`;
  objects[3] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/*
 * The document library in Chromium: folders, upload by dropping files, PDF preview drawn by
 * pdf.js, versions, a zip of a selection, the recycle bin; in English, Chinese and Arabic.
 */
describe('document library in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let alice: string;
  let drawings: DocFolder;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    alice = await t.signIn('alice', NORTHWIND);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    drawings = (await t.call<DocFolder>('POST', `${DOC}/folder/create`, { token: alice, body: { workspaceCode: 'NW-TOWER', parentId: null, name: 'Drawings' } })).body.data;
    await t.call('POST', `${DOC}/folder/create`, { token: alice, body: { workspaceCode: 'NW-TOWER', parentId: drawings.id, name: 'Structure' } });
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(onePagePdf('Level 1 general arrangement'))]), 'Level 1 GA.pdf');
    const upload = await fetch(`${t.url}/api/proptech_filestore/file/upload`, { method: 'POST', headers: { token: alice }, body: form });
    const file = ((await upload.json()) as { data: FileInfo }).data;
    await t.call('POST', `${DOC}/file/add`, { token: alice, body: { workspaceCode: 'NW-TOWER', folderId: drawings.id, fileIds: [file.fileId] } });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const openLibrary = async (locale: string): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport: { width: 1366, height: 860 }, acceptDownloads: true });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', '/docManage')}&token=${encodeURIComponent(alice)}`);
    await page.getByTestId('workspace-NW-TOWER').click();
    await page.waitForURL(`${t.url}/docManage`);
    await page.getByTestId('doc-tree-Drawings').waitFor();
    return { page, problems };
  };

  it('opens a folder, previews a PDF with pdf.js, and takes dropped files with progress', { timeout: 120_000 }, async () => {
    const { page, problems } = await openLibrary('en-US');
    await page.getByTestId('doc-tree-Drawings').click();
    await page.getByTestId('doc-row-Level 1 GA.pdf').click();
    const canvas = page.getByTestId('pdf-canvas');
    await canvas.waitFor();
    await expect.poll(() => page.getByText('Page 1 of 1').count()).toBe(1);
    // Something was drawn: the canvas is not one flat colour.
    await expect
      .poll(() =>
        canvas.evaluate((element) => {
          const c = element as HTMLCanvasElement;
          const pixels = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
          let dark = 0;
          for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! < 100) dark++;
          return dark;
        }),
      )
      .toBeGreaterThan(100);
    await picture(page, { path: path.join(SCREENSHOTS, 'pdf-preview-en.png') });
    await page.keyboard.press('Escape');

    // Two files dropped on the list: each shows in the upload panel, then in the folder.
    await page.getByTestId('doc-drop').evaluate((target) => {
      const data = new DataTransfer();
      data.items.add(new File(['%PDF-1.4\n%%EOF\n'], 'Site plan.pdf', { type: 'application/pdf' }));
      data.items.add(new File(['a,b\n1,2\n'], 'Quantities.csv', { type: 'text/csv' }));
      for (const type of ['dragenter', 'dragover', 'drop']) target.dispatchEvent(new DragEvent(type, { dataTransfer: data, bubbles: true, cancelable: true }));
    });
    await page.getByTestId('doc-row-Site plan.pdf').waitFor();
    await page.getByTestId('doc-row-Quantities.csv').waitFor();
    await expect.poll(() => page.locator('.upload-panel').getByText('Quantities.csv').count()).toBe(1);

    // Search finds a document anywhere in the workspace, with its folder.
    await page.getByTestId('doc-search').locator('input').fill('quantities');
    await page.getByTestId('doc-search').locator('input').press('Enter');
    await expect.poll(() => page.locator('.doc-path').first().textContent()).toBe('Drawings');
    await picture(page, { path: path.join(SCREENSHOTS, 'search-en.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('makes a folder with the keyboard, zips a selection, deletes and restores from the bin', { timeout: 120_000 }, async () => {
    const { page, problems } = await openLibrary('en-US');
    await page.getByTestId('doc-new-folder').click();
    await page.getByTestId('doc-name-input').fill('Handover');
    await page.getByTestId('doc-name-input').press('Enter');
    await page.getByTestId('doc-row-Handover').waitFor();

    // A bad name is refused beside the field, as the server would.
    await page.getByTestId('doc-new-folder').click();
    await page.getByTestId('doc-name-input').fill('a/b');
    await page.getByTestId('doc-name-input').press('Enter');
    await page.getByText('A name cannot hold').waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('row', { name: /Drawings/ }).getByRole('checkbox').check();
    await page.getByRole('row', { name: /Handover/ }).getByRole('checkbox').check();
    const download = page.waitForEvent('download');
    await page.getByTestId('doc-zip').click();
    expect((await download).suggestedFilename()).toMatch(/\.zip$/);

    await page.getByTestId('doc-delete').click();
    // The confirm's own button: the toolbar's "Delete" is on the page too until the confirm opens.
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete', exact: true }).click();
    await expect.poll(() => page.getByTestId('doc-row-Handover').count()).toBe(0);
    await page.getByTestId('doc-trash').click();
    const bin = page.locator('.ant-drawer');
    await bin.getByText('Handover').waitFor();
    // The drawer slides in: let it settle before the picture.
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'recycle-bin-en.png') });
    await bin.getByRole('row', { name: /Handover/ }).getByRole('checkbox').check();
    await bin.getByRole('row', { name: /Drawings/ }).getByRole('checkbox').check();
    await page.getByTestId('trash-restore').click();
    await bin.getByText('The recycle bin is empty').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('doc-row-Handover').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  for (const locale of looksIn(['zh-CN', 'ar'], ['ar'])) {
    it(`shows the library in ${locale}`, { timeout: 90_000 }, async () => {
      const { page, problems } = await openLibrary(locale);
      await page.getByTestId('doc-tree-Drawings').click();
      await page.getByTestId('doc-row-Level 1 GA.pdf').waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await picture(page, { path: path.join(SCREENSHOTS, `library-${locale}.png`) });
      await page.getByTestId('doc-actions-Level 1 GA.pdf').click();
      // Preview, download, versions: the third of the row's actions.
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem').nth(2).click();
      await page.locator('.ant-drawer').getByText('v1').waitFor();
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `versions-${locale}.png`) });
      await page.keyboard.press('Escape');

      // A folder's roles: download, rename, move, copy, permissions (the file's menu gone first,
      // so the fifth item is the folder's).
      const openMenus = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
      if ((await openMenus.count()) > 0) await page.keyboard.press('Escape');
      await expect.poll(() => openMenus.count()).toBe(0);
      await page.getByTestId('doc-actions-Structure').click();
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem').nth(4).click();
      // The role's name in the reader's language, as the demo seeds it.
      await page.locator('.ant-modal').getByText(locale === 'ar' ? 'عضو مساحة العمل' : '工作空间成员').waitFor();
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `grants-${locale}.png`) });
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
