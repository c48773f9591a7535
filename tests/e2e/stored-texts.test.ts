import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { FormDetail } from '../../src/core/contracts/form.ts';
import type { PlateListItem } from '../../src/core/contracts/plates.ts';
import type { PageResult } from '../../src/core/envelope.ts';
import { textIn } from '../../src/core/local-text.ts';
import { advancePath, DESIGNER_PATH } from '../../src/web/pages/form-designer/designer-paths.ts';
import { ok } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, pageAtRest } from '../helpers/browser.ts';
import { publishedForm, SIMPLE_DESIGN } from '../helpers/forms.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { picture, pictureAtRest, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/stored-texts');
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** What the seeded texts read in each language: the menu, a plate with its captions and filters, a task's notification. */
const EXPECTED = {
  'zh-CN': { section: '表单与表格', plate: '消防安全检查', caption: '平均得分', filter: '楼宇', notice: '待审批：' },
  ar: { section: 'النماذج والجداول', plate: 'عمليات التفتيش على السلامة من الحرائق', caption: 'متوسط الدرجة', filter: 'المباني', notice: 'مطلوب اعتماد: ' },
} as const;

/** A form named in the three languages from its settings, and a demo form's name, as each reader sees them. */
const BOILER = { en: 'Boiler check', 'zh-CN': '锅炉检查', ar: 'فحص المرجل' };
const DEMO_FORM = { 'zh-CN': '维修申请', ar: 'طلب صيانة' } as const;

/**
 * Stored texts in the reader's language, in Chromium: the seeded menu, a plate's title,
 * component captions and filter labels, and a task's notification in the bell, in Chinese and
 * Arabic; an English-only title in the Arabic menu is cut at its own end.
 */
describe('stored texts in the reader\'s language', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let fireId: number;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url);
    const admin = await t.signIn('admin', NORTHWIND);
    const plates = (await t.call<PageResult<PlateListItem>>('GET', '/proptech_allplan/board/plate/list', { token: admin })).body.data.list;
    fireId = plates.find((p) => textIn(p.name, 'en') === 'Fire safety inspections')!.id;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  const sider = (page: Page) => page.locator('.app-sider');

  it('shows the menu, a plate\'s title, captions and filters, and a notification in Chinese and Arabic, at 1440 and 390 px', async () => {
    // The user a seeded approval waits for.
    const { db } = t.app.services;
    const waiting = await db
      .selectFrom('notify')
      .innerJoin('app_user', 'app_user.id', 'notify.user_id')
      .innerJoin('tenant', 'tenant.id', 'notify.tenant_id')
      .select('app_user.username')
      .where('tenant.code', '=', 'northwind')
      .where('notify.kind', '=', 'approvalNeeded')
      .where('app_user.username', 'in', ['admin', 'alice', 'bob'])
      .executeTakeFirstOrThrow();
    const account = waiting.username as 'admin' | 'alice' | 'bob';

    for (const [locale, expected] of Object.entries(EXPECTED)) {
      const page = await users.open('admin', `/data-analysis-plate/${fireId}`, { locale });
      await page.locator('.page-renderer-title', { hasText: expected.plate }).waitFor();
      await page.locator('.widget-cell-title', { hasText: expected.caption }).first().waitFor();
      await page.locator('.filter-bar-label', { hasText: expected.filter }).first().waitFor();
      await sider(page).getByText(expected.section, { exact: true }).waitFor();
      // The plate's own menu entry and its tab speak the reader's language too.
      await page.locator('.app-tabs').getByText(expected.plate).first().waitFor();
      await page.locator('[data-widget-id="score"][data-widget-state="ready"]').waitFor();
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `plate-${locale}-1440.png`) });

      if (PICTURES) {
        await page.setViewportSize(PHONE);
        await page.locator('.page-renderer-title', { hasText: expected.plate }).waitFor();
        await pictureAtRest(page, { path: path.join(SCREENSHOTS, `plate-${locale}-390.png`) });
        await page.setViewportSize(WIDE);
      }

      const home = await users.open(account, '/home', { locale });
      await home.getByTestId('notification-bell').click();
      const notice = home.locator('.ant-popover .item-list-title', { hasText: expected.notice }).first();
      await notice.waitFor();
      expect(await notice.innerText()).not.toContain('Approval needed');
      await picture(home, { path: path.join(SCREENSHOTS, `bell-${locale}.png`) });
      await home.keyboard.press('Escape');
    }
  });

  it('lets an administrator name a role in every language from its editor', async () => {
    const page = await users.open('admin', '/authorize/roleManage');
    await page.getByRole('button', { name: 'New role' }).first().click();
    const dialog = page.locator('.ant-modal');
    await dialog.getByLabel('Code').fill('inspector');
    await dialog.locator('#role-form_name').fill('Inspector');
    await dialog.getByRole('button', { name: 'Text in other languages' }).first().click();
    const languages = page.locator('.local-text-languages');
    await languages.getByLabel('简体中文').fill('检查员');
    await languages.getByLabel('العربية').fill('مفتش');
    await picture(page, { path: path.join(SCREENSHOTS, 'role-editor-languages.png') });
    await dialog.getByRole('button', { name: 'Text in other languages' }).first().click();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    const admin = await t.signIn('admin', NORTHWIND);
    const roles = (await t.call<{ code: string; name: unknown }[]>('GET', '/proptech_allplan/role/list', { token: admin })).body.data;
    expect(roles.find((role) => role.code === 'inspector')?.name).toEqual({ en: 'Inspector', 'zh-CN': '检查员', ar: 'مفتش' });
  });

  it('cuts an English title in the Arabic menu at its own end', async () => {
    const admin = await t.signIn('admin', NORTHWIND);
    const parent = (await t.call<{ id: number; seedKey: string | null }[]>('GET', '/proptech_allplan/role/resourceTree', { token: admin })).body.data.find((n) => n.seedKey === 'analysis')!;
    const title = 'Quarterly safety inspections across every building of the portfolio';
    await t.call('POST', '/proptech_allplan/board/plate/publish', { token: admin, body: { id: fireId, menu: { parentId: parent.id, title } } });
    const page = await users.open('admin', `/data-analysis-plate/${fireId}`, { locale: 'ar' });
    await page.reload();
    const entry = sider(page).locator('.ant-menu-title-content', { hasText: 'Quarterly safety' });
    await entry.waitFor();
    // Its direction is its own (left to right), so the ellipsis falls after "Quarterly safety …".
    expect(await entry.evaluate((element) => getComputedStyle(element).unicodeBidi)).toBe('plaintext');
    await pageAtRest(page);
    await sider(page).screenshot({ path: path.join(SCREENSHOTS, 'menu-ar-english-title.png') });
  });

  it('lets an administrator name a form in every language from its settings; the forms, the data list and the designer show it in Chinese and Arabic', async () => {
    const admin = await t.signIn('admin', NORTHWIND);
    const form = await publishedForm(t, admin, 'Boiler check', SIMPLE_DESIGN);
    const settings = await users.open('admin', advancePath(form.id));
    const name = settings.getByTestId('form-name');
    await name.waitFor();
    expect(await name.inputValue()).toBe('Boiler check');
    const languagesButton = settings.getByRole('button', { name: 'Text in other languages' }).first();
    await languagesButton.click();
    const languages = settings.locator('.local-text-languages');
    await languages.getByLabel('简体中文').fill(BOILER['zh-CN']);
    await languages.getByLabel('العربية').fill(BOILER.ar);
    await picture(settings, { path: path.join(SCREENSHOTS, 'form-name-languages.png') });
    await languagesButton.click();
    await settings.getByTestId('save-settings').click();
    await expect.poll(async () => (await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id })).name).toEqual(BOILER);

    for (const locale of ['zh-CN', 'ar'] as const) {
      const forms = await users.open('admin', '/table/formData', { locale });
      await forms.locator(`[data-form="${form.id}"] .ant-card-head-title`, { hasText: BOILER[locale] }).waitFor();
      await pictureAtRest(forms, { path: path.join(SCREENSHOTS, `form-names-${locale}-1440.png`) });
      await forms.setViewportSize(PHONE);
      await pictureAtRest(forms, { path: path.join(SCREENSHOTS, `form-names-${locale}-390.png`) });

      const list = await users.open('admin', `/table/dataList/${form.id}`, { locale });
      await list.locator('.admin-page-header h3', { hasText: BOILER[locale] }).waitFor();
      const designer = await users.open('admin', DESIGNER_PATH, { locale });
      await designer.locator('.ant-table-row a', { hasText: DEMO_FORM[locale] }).waitFor();
      await designer.locator('.ant-table-row a', { hasText: BOILER[locale] }).waitFor();
      expect(await designer.locator('.ant-table-row a', { hasText: 'Maintenance request' }).count()).toBe(0);
      await picture(designer, { path: path.join(SCREENSHOTS, `form-designer-list-${locale}.png`) });
    }
  });
});
