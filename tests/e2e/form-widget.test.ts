import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../src/core/contracts/form.ts';
import type { StoredPage } from '../../src/core/pages/page-config.ts';
import { builtWebDir, launchBrowser, pageAtRest, watchPageProblems } from '../helpers/browser.ts';
import { publishedForm } from '../helpers/forms.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/form-widget');
const API = '/proptech_allplan';
const ROUTE = '/visitor-desk';

/**
 * The form widget in real Chromium against the real server: a customer page holding a form to
 * fill in and the list of its records; a record filled in appears in the list; the page in
 * English, Chinese and Arabic, wide and on a phone.
 */
describe('form widget in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let form: FormDetail;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, { onPage: async (page) => problems.push(await watchPageProblems(page)) });
    const admin = await t.signIn('admin', NORTHWIND);
    form = await publishedForm(t, admin, 'Visitor log', {
      version: 1,
      items: [
        { key: 'visitor', type: 'text', label: 'Visitor', required: true, rules: { minLength: 2 } },
        { key: 'company', type: 'text', label: 'Company' },
      ],
    });
    const grid = (y: number) => ({ x: 0, y, w: 24, h: 9 });
    const config = {
      title: 'Visitor desk',
      widgets: [
        { id: 'signIn', type: 'form', title: 'Sign a visitor in', grid: grid(0), props: { form: form.id } },
        { id: 'visitors', type: 'form', title: 'Visitors', grid: grid(9), props: { form: form.id, show: 'records' } },
      ],
    };
    const created = await t.call<StoredPage>('POST', `${API}/page/create`, { token: admin, body: { route: ROUTE, kind: 'page', published: true, config } });
    expect(created.status, created.body.message).toBe(200);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  const cell = (page: Page, id: string) => page.locator(`[data-widget-id="${id}"]`);

  /** The page with both forms drawn: the form to fill in, and the list (or its empty state). */
  const opened = async (locale: string, viewport?: { width: number; height: number }) => {
    const page = await users.open('admin', ROUTE, { locale, viewport });
    await cell(page, 'signIn').locator('form').waitFor();
    // A table when wide, cards on a phone, or the empty state.
    await cell(page, 'visitors').locator('.ant-table, .list-cards, .ant-empty').first().waitFor();
    return page;
  };

  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page);
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  it('fills the form with its own rules and shows the new record in the list beside it', { timeout: 120_000 }, async () => {
    const page = await opened('en-US');
    await expect.poll(() => cell(page, 'visitors').innerText()).toContain('No records yet');
    await shoot(page, 'empty-en-1440');

    // The form's own rule, checked in the browser: too short is refused beside the field.
    const visitor = cell(page, 'signIn').locator('#root_visitor');
    await visitor.fill('J');
    await cell(page, 'signIn').getByRole('button', { name: 'Submit' }).click();
    await cell(page, 'signIn').locator('.ant-form-item-explain-error').first().waitFor();

    // Filled in with the keyboard: Enter in a field does not submit, Ctrl+Enter does.
    await visitor.fill('Jane Doe');
    await cell(page, 'signIn').locator('#root_company').fill('Acme');
    await page.keyboard.press('Control+Enter');
    await cell(page, 'signIn').getByText(/^Submitted as /).waitFor();
    await expect.poll(() => cell(page, 'visitors').locator('.ant-table-row').count()).toBe(1);
    expect(await cell(page, 'visitors').locator('.ant-table-row').innerText()).toContain('Jane Doe');
    await shoot(page, 'filled-en-1440');

    // Another: the form starts empty again, with the focus on its button.
    await cell(page, 'signIn').getByRole('button', { name: 'Fill another' }).click();
    await expect.poll(() => cell(page, 'signIn').locator('#root_visitor').inputValue()).toBe('');
    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('draws in English, Chinese and Arabic, wide and on a phone', { timeout: 180_000 }, async () => {
    for (const locale of looksIn(['en-US', 'zh-CN', 'ar'], ['ar'])) {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const page = await opened(locale, viewport);
        // A row when wide, a card on a phone.
        await cell(page, 'visitors').locator('.ant-table-row, .list-card').first().waitFor();
        if (locale === 'ar') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        await shoot(page, `${locale}-${viewport.width}`);
        await page.close();
      }
    }
    expect(problems.flat()).toEqual([]);
  });
});
