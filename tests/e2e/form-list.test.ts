import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FlowTaskPage } from '../../src/core/contracts/flows.ts';
import type { FormOption } from '../../src/core/contracts/form.ts';
import { textIn } from '../../src/core/local-text.ts';
import type { RecordListBody, RecordPage } from '../../src/core/contracts/record.ts';
import { ok } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, pageAtRest, watchPageProblems } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/form-list');

/**
 * Record lists in real Chromium against the real server and the demo maintenance requests:
 * two filters, sorting and paging agree with the API; the saved search and the column choice
 * come back after a reload; the filtered rows export to a workbook that imports again with a
 * report; two records are deleted; alice's pending tasks are listed.
 */
describe('form data lists in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let adminToken: string;
  let form: FormOption;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, { contextOptions: { acceptDownloads: true }, onPage: async (page) => problems.push(await watchPageProblems(page)) });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    adminToken = await t.signIn('admin', NORTHWIND);
    const forms = await ok<FormOption[]>(t, 'GET', 'form/options', adminToken);
    form = forms.find((each) => textIn(each.name, 'en') === 'Maintenance request')!;
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page);
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`) });
  };

  const records = (body: Partial<RecordListBody>) => ok<RecordPage>(t, 'POST', 'record/list', adminToken, { formId: form.id, pageNum: 1, pageSize: 20, ...body });
  const totalText = (page: Page) => page.locator('.ant-pagination-total-text').innerText();
  const firstNumbers = (page: Page, count: number) =>
    page.locator('.ant-table-tbody tr.ant-table-row').evaluateAll((rows, n) => rows.slice(0, n).map((row) => row.getAttribute('data-row-key')), count);
  const headers = (page: Page) => page.locator('.ant-table-thead th').allInnerTexts();
  /** Picks options of the multi-select of one shown filter. */
  const choose = async (page: Page, filter: string, labels: string[]) => {
    await page.locator(`[data-filter="${filter}"] .ant-select`).click();
    for (const label of labels) await page.locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${label}"]`).click();
    await page.keyboard.press('Escape');
  };

  it('filters, sorts, pages, keeps the search and the columns, exports, imports and deletes', { timeout: 420_000 }, async () => {
    const page = await users.open('admin', '/table/formData');
    await page.locator(`[data-form="${form.id}"]`).getByRole('button', { name: `Records of ${textIn(form.name, 'en')}` }).click();
    await page.waitForURL(`${t.url}/table/dataList/${form.id}`);
    const all = await records({});
    await expect.poll(() => totalText(page)).toBe(`${all.total} records`);
    await shoot(page, 'list-en');
    // The filter chooser's count looks like an active filter only once one is applied.
    const filterCount = page.locator('.form-data-filter-count');
    const countLook = () =>
      filterCount.evaluate((node) => ({ applied: node.classList.contains('form-data-filter-count-applied'), background: getComputedStyle(node.closest('.ant-select-selection-item') ?? node).backgroundColor }));
    await expect.poll(countLook).toEqual({ applied: false, background: 'rgba(0, 0, 0, 0)' });

    // Two filters: building (a choice) and status.
    const filters = [
      { field: 'building', op: 'in' as const, value: ['tower', 'riverside'] },
      { field: 'status', op: 'in' as const, value: ['approved'] },
    ];
    const filtered = await records({ filters });
    expect(filtered.total).toBeGreaterThan(20);
    await choose(page, 'building', ['Northwind Tower', 'Riverside Apartments']);
    await choose(page, 'status', ['Approved']);
    await page.getByTestId('search').click();
    await expect.poll(() => totalText(page)).toBe(`${filtered.total} records`);
    await expect.poll(countLook).toEqual({ applied: true, background: 'rgb(230, 244, 255)' });
    expect(await filterCount.innerText()).toBe('2 filters applied');

    // Sort by total cost, ascending, then page two.
    await page.locator('.ant-table-thead th', { hasText: 'Total cost' }).click();
    const sort = [{ field: 'total', order: 'asc' as const }];
    const sorted = await records({ filters, sort });
    await expect.poll(() => firstNumbers(page, 3)).toEqual(sorted.list.slice(0, 3).map((record) => String(record.id)));
    await page.locator('.ant-pagination-item-2').click();
    const second = await records({ filters, sort, pageNum: 2 });
    await expect.poll(() => firstNumbers(page, 3)).toEqual(second.list.slice(0, 3).map((record) => String(record.id)));

    // The search is kept: after a reload the filters, sort and count are back.
    await page.getByTestId('save-search').click();
    await page.getByText('Search saved').waitFor();
    await page.reload();
    await expect.poll(() => totalText(page)).toBe(`${filtered.total} records`);
    expect(await page.locator('[data-filter="building"] .ant-select-selection-item').allInnerTexts()).toEqual(expect.arrayContaining(['Northwind Tower']));
    await expect.poll(() => firstNumbers(page, 3)).toEqual(sorted.list.slice(0, 3).map((record) => String(record.id)));

    // Columns: hide "Unit or room", move "Priority" before "Category"; kept after a reload.
    expect(await headers(page)).toEqual(expect.arrayContaining(['Unit or room', 'Category', 'Priority']));
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.locator('[data-column="unit"] .ant-checkbox-input').uncheck();
    await page.getByRole('button', { name: 'Move Priority up' }).click();
    await page.getByTestId('save-columns').click();
    await page.reload();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
    const shown = await headers(page);
    expect(shown).not.toContain('Unit or room');
    expect(shown.indexOf('Priority')).toBeGreaterThan(0);
    expect(shown.indexOf('Priority')).toBeLessThan(shown.indexOf('Category'));
    await shoot(page, 'list-filtered-en');

    // Export the filtered rows, then import the workbook again.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Maintenance request-\d{8}\.xlsx$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'form-list-')), download.suggestedFilename());
    await download.saveAs(file);
    await page.getByRole('button', { name: 'Import' }).click();
    await page.locator('.ant-modal input[type=file]').setInputFiles(file);
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.innerText()).toContain(`Imported ${filtered.total} records`);
    await shoot(page, 'import-report-en');
    expect((await records({})).total).toBe(all.total + filtered.total);

    // The same workbook with a priority no option has on its first record: that row is reported, the rest imported.
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const priority = (sheet.getRow(1).values as unknown[]).indexOf('Priority');
    expect(priority).toBeGreaterThan(0);
    sheet.getRow(2).getCell(priority).value = 'Sometimes';
    const edited = file.replace(/\.xlsx$/, '-edited.xlsx');
    await book.xlsx.writeFile(edited);
    await page.locator('.ant-modal input[type=file]').setInputFiles(edited);
    await expect.poll(() => report.innerText(), { timeout: 60_000 }).toContain(`Imported ${filtered.total - 1} records`);
    const problemRows = await report.locator('.ant-table-tbody tr').allInnerTexts();
    expect(problemRows).toHaveLength(1);
    expect(problemRows[0]).toMatch(/^2\s+priority\s+\S/);
    await shoot(page, 'import-problems-en');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    expect((await records({})).total).toBe(all.total + 2 * filtered.total - 1);

    // Batch delete of two rows, confirmed.
    await page.locator('.form-data-filter-actions').getByRole('button', { name: 'Clear' }).click();
    const before = all.total + 2 * filtered.total - 1;
    await expect.poll(() => totalText(page)).toBe(`${before} records`);
    await page.locator('.ant-table-tbody tr.ant-table-row .ant-checkbox-input').nth(0).check();
    await page.locator('.ant-table-tbody tr.ant-table-row .ant-checkbox-input').nth(1).check();
    await page.getByTestId('batch-delete').click();
    await page.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => totalText(page)).toBe(`${before - 2} records`);
    expect((await records({})).total).toBe(before - 2);

    // The same list in Chinese and Arabic (right to left), and on a phone.
    for (const [locale, name] of looksIn([['zh-CN', 'zh-CN'], ['ar', 'ar']] as const, [['ar', 'ar']] as const)) {
      const other = await users.open('admin', `/table/dataList/${form.id}`, { locale });
      await other.locator('.ant-table-tbody tr.ant-table-row').first().waitFor();
      await shoot(other, `list-${name}`);
      await other.close();
    }
    const phone = await users.open('admin', `/table/dataList/${form.id}`, { viewport: { width: 390, height: 844 } });
    // On a phone the records are cards.
    await phone.locator('.list-card').first().waitFor();
    await shoot(phone, 'list-phone-en');
    expect(problems.flat()).toEqual([]);
  });

  it('lists alice’s pending tasks in My tasks, each opening its record', { timeout: 120_000 }, async () => {
    const aliceToken = await t.signIn('alice', NORTHWIND);
    const pending = await ok<FlowTaskPage>(t, 'POST', 'flow/task/list', aliceToken, { status: 'pending', pageNum: 1, pageSize: 20 });
    expect(pending.total).toBeGreaterThan(0);
    const page = await users.open('alice', '/table/formData?tab=pending');
    await page.getByTestId('tasks-pending').locator('tr.ant-table-row').first().waitFor();
    const numbers = await page.getByTestId('tasks-pending').locator('tr.ant-table-row td:nth-child(2)').allInnerTexts();
    expect(numbers).toEqual(pending.list.map((task) => task.recordNumber ?? `#${task.recordId}`));
    expect(await page.getByTestId('tasks-pending').locator('tr.ant-table-row a').first().getAttribute('href')).toBe(pending.list[0]!.link);
    await shoot(page, 'my-tasks-en');
    await page.getByRole('tab', { name: 'Forms' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.getByTestId('form-catalogue').waitFor();
    await shoot(page, 'catalogue-en');
    expect(problems.flat()).toEqual([]);
  });
});
