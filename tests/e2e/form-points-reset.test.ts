import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FormOption } from '../../src/core/contracts/form.ts';
import { textIn } from '../../src/core/local-text.ts';
import type { SearchConfigEntry } from '../../src/core/contracts/record.ts';
import { ok } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, pageAtRest, watchPageProblems } from '../helpers/browser.ts';
import { publishedForm, SIMPLE_DESIGN } from '../helpers/forms.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { PICTURES, picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/form-points-reset');

/**
 * A form's own buttons follow the function points the server answers for that form (spec §6),
 * and "Reset to default" in a list's column settings forgets the reader's columns and saved
 * search (preference/config/formDefaultSetting/reset, spec §7).
 */
describe('a form list’s buttons and its reset in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let admin: string;
  let alice: string;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, { onPage: async (page) => problems.push(await watchPageProblems(page)) });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    [admin, alice] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND)]);
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
  const toolbar = (page: Page) => page.locator('.admin-page-header');

  it('hides a button whose form point the reader lacks, and resets the list’s columns and search', { timeout: 240_000 }, async () => {
    // alice (member) holds every record point but not role:manage, which this form asks for creating and exporting.
    const open = await publishedForm(t, admin, 'Open visits', SIMPLE_DESIGN);
    const guarded = await publishedForm(t, admin, 'Guarded visits', SIMPLE_DESIGN, { buttonPoints: { create: 'role:manage', export: 'role:manage' } });

    const page = await users.open('alice', `/table/dataList/${open.id}`);
    await expect.poll(() => toolbar(page).getByRole('button', { name: 'Import' }).count()).toBe(1);
    expect(await toolbar(page).getByRole('button', { name: 'New record' }).count()).toBe(1);
    expect(await toolbar(page).getByRole('button', { name: 'Export' }).count()).toBe(1);

    await page.goto(`${t.url}/table/dataList/${guarded.id}`);
    await expect.poll(() => toolbar(page).getByRole('button', { name: 'Import' }).count()).toBe(1);
    expect(await toolbar(page).getByRole('button', { name: 'New record' }).count()).toBe(0);
    expect(await toolbar(page).getByRole('button', { name: 'Export' }).count()).toBe(0);
    await shoot(page, 'guarded-form-alice');
    // An administrator may do everything: the same form shows both.
    const adminPage = await users.open('admin', `/table/dataList/${guarded.id}`);
    await expect.poll(() => toolbar(adminPage).getByRole('button', { name: 'New record' }).count()).toBe(1);
    expect(await toolbar(adminPage).getByRole('button', { name: 'Export' }).count()).toBe(1);

    // alice's own list of the maintenance requests: a hidden column and a saved search.
    const forms = await ok<FormOption[]>(t, 'GET', 'form/options', alice);
    const form = forms.find((each) => textIn(each.name, 'en') === 'Maintenance request')!;
    await ok(t, 'POST', 'dataBoard/formList/updateSearchConfig', alice, { formId: form.id, config: { shownFilters: [], filters: [], sort: [], keyword: 'leak', pageSize: 50 } });
    await page.goto(`${t.url}/table/dataList/${form.id}`);
    const headers = () => page.locator('.ant-table-thead th').allInnerTexts();
    await expect.poll(async () => (await headers()).length).toBeGreaterThan(2);
    const defaultHeaders = await headers();
    const keyword = page.getByLabel('Keyword', { exact: true });
    await expect.poll(() => keyword.inputValue()).toBe('leak');

    await toolbar(page).getByRole('button', { name: 'Columns' }).click();
    const drawer = page.locator('.ant-drawer:visible');
    const firstColumn = drawer.locator('[data-column]').first();
    const hidden = (await firstColumn.innerText()).trim();
    await firstColumn.locator('.ant-checkbox-input').uncheck();
    await page.getByTestId('save-columns').click();
    await expect.poll(async () => (await headers()).some((text) => text.trim() === hidden)).toBe(false);

    await toolbar(page).getByRole('button', { name: 'Columns' }).click();
    await page.getByTestId('reset-list-settings').click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await expect.poll(() => confirm.innerText()).toContain("go back to the form's defaults");
    await shoot(page, 'reset-confirm-en');
    await confirm.getByRole('button', { name: 'Reset to default' }).click();

    await expect.poll(() => keyword.inputValue()).toBe('');
    await expect.poll(headers).toEqual(defaultHeaders);
    await shoot(page, 'after-reset-en');
    // Kept so: the server holds neither the columns nor the search any more.
    expect((await ok<SearchConfigEntry>(t, 'GET', 'dataBoard/formList/config/list', alice, undefined, { formId: form.id })).config).toBeNull();
    expect(await ok<unknown[]>(t, 'GET', 'preference/config/list', alice, undefined, { configType: 'formListColumns', bizId: String(form.id) })).toEqual([]);
    await page.reload();
    await expect.poll(headers).toEqual(defaultHeaders);

    expect(problems.flat()).toEqual([]);
  });
});
