import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowTaskPage } from '../../src/core/contracts/flows.ts';
import type { FormRecord } from '../../src/core/contracts/record.ts';
import type { FormDesign } from '../../src/core/forms/form-design.ts';
import { textIn } from '../../src/core/local-text.ts';
import { builtWebDir, launchBrowser, pageAtRest, watchPageProblems } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { call, publishedForm } from '../helpers/forms.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/form-fill');

/** Several field types: required text, a phone number (format), numbers feeding a formula, a conditional field. */
const DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true, rules: { maxLength: 60 } },
    { key: 'phone', type: 'mobile', label: 'Contact phone' },
    {
      key: 'costs',
      type: 'section',
      title: 'Costs',
      fields: [
        { key: 'qty', type: 'number', label: 'Quantity', span: 12, rules: { min: 1 } },
        { key: 'price', type: 'money', label: 'Unit price', span: 12 },
        { key: 'total', type: 'computed', label: 'Total', formula: 'ROUND(qty * price, 2)', precision: 2 },
      ],
    },
    { key: 'urgent', type: 'switch', label: 'Urgent' },
    { key: 'reason', type: 'textarea', label: 'Why urgent', required: true, visibleIf: { all: [{ field: 'urgent', op: 'eq', value: true }] } },
  ],
};

/**
 * Filling records in Chromium against the real server: bad values are refused in the browser
 * (no request leaves), a draft autosaves and resumes, the record is submitted, an edit meets a
 * save made meanwhile by someone else, and alice approves a pending demo task from its record.
 */
describe('form fill screens in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let adminToken: string;
  let formId: number;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, {
      contextOptions: { viewport: { width: 1280, height: 900 } },
      onPage: async (page) => problems.push(await watchPageProblems(page)),
    });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    adminToken = await t.signIn('admin', NORTHWIND);
    formId = (await publishedForm(t, adminToken, 'Plant room repair', DESIGN)).id;
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

  it('refuses bad values in the browser, autosaves and resumes a draft, submits, and meets a conflicting save', { timeout: 180_000 }, async () => {
    const page = await users.open('admin', `/table/fill/${formId}`);
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/record/create')) creates.push(request.url());
    });
    await page.locator('#root_summary').waitFor();

    // Bad values first: the errors show beside their fields and nothing is sent.
    await page.fill('#root_phone', '12345');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['Required', 'Not a mobile number (11 digits starting with 1)']);
    expect(creates).toEqual([]);

    // The conditional field shows only when its condition holds, and is then required.
    expect(await page.locator('#root_reason').count()).toBe(0);
    await page.locator('#root_urgent').click();
    await page.locator('#root_reason').waitFor();
    await page.locator('#root_urgent').click();
    await expect.poll(() => page.locator('#root_reason').count()).toBe(0);

    await page.fill('#root_summary', 'Chiller 2 leaks');
    await page.fill('#root_phone', '13800138000');
    await page.fill('#root_qty', '3');
    await page.fill('#root_price', '2.5');
    await page.locator('#root_summary').click();
    await expect.poll(() => page.locator('#root_total').innerText()).toBe('7.50');
    await page.locator('[data-draft-state="saved"]').waitFor({ timeout: 15_000 });
    await shoot(page, 'fill-en');

    // The draft is listed and resumes with what was typed.
    await page.goto(`${t.url}/table/staging`);
    const row = page.locator('.ant-table-row', { hasText: 'Plant room repair' });
    await row.waitFor();
    await shoot(page, 'drafts-en');
    await row.getByRole('link').click();
    await page.waitForURL(/\/table\/staging\/\d+$/);
    await expect.poll(() => page.locator('#root_summary').inputValue()).toBe('Chiller 2 leaks');
    expect(await page.locator('#root_total').innerText()).toBe('7.50');

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(/^Submitted as /).waitFor();
    expect(creates).toHaveLength(1);
    await page.getByRole('link', { name: 'Open the record' }).click();
    await page.waitForURL(/\/table\/edit\/\d+$/);
    const recordId = Number(/\/table\/edit\/(\d+)$/.exec(page.url())![1]);
    await expect.poll(() => page.locator('#root_summary').inputValue()).toBe('Chiller 2 leaks');

    // The submitted draft is gone.
    const drafts = await call<{ list: unknown[] }>(t, 'GET', 'staging/list', adminToken, undefined, { pageNum: 1, pageSize: 50 });
    expect(drafts.body.data?.list).toEqual([]);

    // Someone else saves first: this save gets the conflict, and "keep mine" saves over theirs.
    const detail = await call<{ record: FormRecord }>(t, 'GET', 'record/detail', adminToken, undefined, { id: recordId });
    const theirs = await call(t, 'POST', 'record/update', adminToken, { id: recordId, revision: detail.body.data.record.revision, data: { ...detail.body.data.record.data, summary: 'Chiller 2 leaks (theirs)' } });
    expect(theirs.status).toBe(200);
    await page.fill('#root_summary', 'Chiller 2 leaks badly');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Someone else saved this record while you were editing').waitFor();
    await shoot(page, 'edit-conflict-en');
    await page.getByRole('button', { name: 'Keep mine and retry' }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    const after = await call<{ record: FormRecord }>(t, 'GET', 'record/detail', adminToken, undefined, { id: recordId });
    expect(after.body.data.record.data.summary).toBe('Chiller 2 leaks badly');
    // The browser reports the refused save itself; it is the conflict this test asked for.
    expect(problems.flat().filter((problem) => !problem.includes('status of 409'))).toEqual([]);
    problems.length = 0;
  });

  it('takes Enter in a date or text field as confirming that field, and submits with Ctrl+Enter', { timeout: 120_000 }, async () => {
    const visitForm = await publishedForm(t, adminToken, 'Site visit', {
      version: 1,
      items: [
        { key: 'site', type: 'text', label: 'Site', required: true },
        { key: 'visitDate', type: 'date', label: 'Visit date' },
        { key: 'visitor', type: 'text', label: 'Visitor' },
      ],
    });
    const page = await users.open('admin', `/table/fill/${visitForm.id}`);
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/record/create')) creates.push(request.url());
    });
    await page.locator('#root_site').fill('Plant room B');

    // Enter in the date picker confirms the typed date and closes it; the form stays.
    await page.locator('#root_visitDate').click();
    await page.locator('.ant-picker-dropdown:visible').waitFor();
    await page.locator('#root_visitDate').fill('2026-12-01');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
    expect(await page.locator('#root_visitDate').inputValue()).toBe('2026-12-01');
    // Enter in a text field does nothing further.
    await page.locator('#root_visitor').fill('Jane Doe');
    await page.locator('#root_visitor').press('Enter');
    await page.waitForTimeout(500);
    expect(creates).toEqual([]);
    expect(await page.getByText(/^Submitted as /).count()).toBe(0);
    expect(await page.locator('#root_visitor').inputValue()).toBe('Jane Doe');
    expect(await page.locator('#root_visitDate').inputValue()).toBe('2026-12-01');

    // Ctrl+Enter anywhere in the form submits it, once.
    await page.keyboard.press('Control+Enter');
    await page.getByText(/^Submitted as /).waitFor();
    expect(creates).toHaveLength(1);
    const href = await page.getByRole('link', { name: 'Open the record' }).getAttribute('href');
    const made = await call<{ record: FormRecord }>(t, 'GET', 'record/detail', adminToken, undefined, { id: Number(/(\d+)$/.exec(href!)![1]) });
    expect(made.body.data.record.data).toMatchObject({ site: 'Plant room B', visitDate: '2026-12-01', visitor: 'Jane Doe' });
    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('draws the fill screen in Chinese, in Arabic right to left, and on a phone', { timeout: 120_000 }, async () => {
    for (const [locale, name] of looksIn([['zh-CN', 'fill-zh-CN'], ['ar', 'fill-ar']] as const, [['ar', 'fill-ar']] as const)) {
      const page = await users.open('admin', `/table/fill/${formId}`, { locale });
      await page.locator('#root_summary').waitFor();
      if (locale === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      // antd spaces out a two-character Chinese label.
      await page.getByRole('button', { name: locale === 'ar' ? 'إرسال' : /^提\s?交$/ }).waitFor();
      await shoot(page, name);
    }
    // From the menu the phone screen first lists the forms to fill.
    const phone = await users.open('admin', '/table/mobileFill', { viewport: { width: 390, height: 844 } });
    await phone.getByRole('link', { name: 'Plant room repair' }).click();
    await phone.waitForURL(`${t.url}/table/mobileFill?formId=${formId}`);
    await phone.locator('#root_summary').waitFor();
    // No sidebar or header on the phone screen.
    expect(await phone.locator('.ant-layout-sider').count()).toBe(0);
    await shoot(phone, 'mobile-fill');
    expect(problems.flat()).toEqual([]);
  });

  it('alice approves a pending task from its record', { timeout: 120_000 }, async () => {
    const aliceToken = await t.signIn('alice');
    const pending = await call<FlowTaskPage>(t, 'POST', 'flow/task/list', aliceToken, { status: 'pending', pageNum: 1, pageSize: 20 });
    const task = pending.body.data.list.find((item) => item.kind === 'approval')!;
    expect(task).toBeTruthy();
    const page = await users.open('alice', task.link);
    await page.getByText(`Your task: ${textIn(task.nodeName, 'en')}`).waitFor();
    await page.getByLabel('Comment').fill('Checked on site');
    await shoot(page, 'approve-en');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Approved').first().waitFor();
    await expect
      .poll(async () => (await call<FlowTaskPage>(t, 'POST', 'flow/task/list', aliceToken, { status: 'pending', pageNum: 1, pageSize: 100 })).body.data.list.some((item) => item.id === task.id))
      .toBe(false);
    expect(problems.flat()).toEqual([]);
  });
});
