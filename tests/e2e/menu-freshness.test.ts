import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { RoleDetail } from '../../src/core/contracts/role.ts';
import { flattenTree, type MenuItem } from '../../src/core/menu-tree.ts';
import { ok, roleByCode, tenantNodes } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, openMenuEntry, pageAtRest } from '../helpers/browser.ts';
import { signedInBrowsers, type OpenOptions, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/menu-freshness');
// Room for a busy machine: a check, a pop-up's closing motion or a toast may take a few seconds.
const SETTLE = { timeout: 10_000 };

/**
 * The shell follows permission changes without a new sign-in: an administrator changes
 * alice's role through the API and alice's open window shows it when it regains focus, at
 * the server's interval, right after a refused call, and after she saves her own role.
 * Also the layout on a 390 px screen and the folded sidebar's pop-ups.
 */
describe('the shell follows permission changes in Chromium', () => {
  // Without the timer, so that only focus, a 403 or a save can be what refreshed the menu.
  let quiet: TestApp;
  // Checks every second, the way the 60-second default does in production.
  let ticking: TestApp;
  let browser: Browser;
  /** Alice's browsers, one set per server. */
  const users = new Map<TestApp, SignedInBrowsers>();
  const errors: string[] = [];

  beforeAll(async () => {
    [quiet, ticking] = await Promise.all([
      startTestApp('sqlite', { webDir: builtWebDir(), menuRefreshSeconds: 0 }),
      startTestApp('sqlite', { webDir: builtWebDir(), menuRefreshSeconds: 1 }),
    ]);
    browser = await launchBrowser();
    const onPage = (page: Page, { locale }: { locale: string }) => {
      page.on('pageerror', (error) => errors.push(`${locale}: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error' && !/status of 403/.test(message.text())) errors.push(`${locale}: ${message.text()}`);
      });
    };
    for (const t of [quiet, ticking]) users.set(t, signedInBrowsers(browser, t.url, { contextOptions: { viewport: { width: 1280, height: 800 } }, onPage }));
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    for (const signedIn of users.values()) await signedIn.close();
    await browser?.close();
    await quiet?.close();
    await ticking?.close();
  });

  /** Alice's home page on the server; her first page there comes through the login screen. */
  const aliceHome = (t: TestApp, options?: OpenOptions) => users.get(t)!.open('alice', '/home', options);

  /**
   * Changes what the member role (alice's) grants, by seed keys of menu entries or by
   * function point codes, through the API as an administrator would.
   */
  const changeMemberRole = async (t: TestApp, change: { revoke?: string[]; grant?: string[] }) => {
    const token = await t.signIn('admin', NORTHWIND);
    const nodes = await tenantNodes(t, token);
    const idOf = (name: string) => {
      const node = nodes.find((n) => n.seedKey === name || n.code === name);
      if (!node) throw new Error(`no resource ${name}`);
      return node.id;
    };
    const member = await roleByCode(t, token, 'member');
    const detail = await ok<RoleDetail>(t, 'GET', 'role/detail', token, undefined, { id: member.id });
    const revoked = new Set((change.revoke ?? []).map(idOf));
    const resourceIds = [...detail.resourceIds.filter((id) => !revoked.has(id)), ...(change.grant ?? []).map(idOf)];
    await ok(t, 'POST', 'role/grant', token, { id: member.id, resourceIds });
  };

  const tabTitles = (page: Page) => page.locator('.app-tabs .ant-tabs-tab').allInnerTexts();
  const sideMenu = (page: Page) => page.locator('.app-sider .ant-menu').first();
  const menuEntries = async (scope: Locator) => (await scope.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
  /** The routes of the menu the shell holds, as PT_STATE keeps them. */
  const menuRoutes = async (page: Page) => {
    const state = JSON.parse((await page.evaluate(() => sessionStorage.getItem('PT_STATE'))) ?? '{}') as { menuList?: MenuItem[] };
    return flattenTree(state.menuList ?? []).map((item) => item.route);
  };

  /** The window loses focus to another one and gets it back, as when the user switches windows. */
  const leaveAndReturn = async (page: Page) => {
    // Real focus and blur events instead of the automation's every-page-is-focused emulation.
    await (await page.context().newCDPSession(page)).send('Emulation.setFocusEmulationEnabled', { enabled: false });
    const other = await page.context().newPage();
    await other.bringToFront();
    await page.bringToFront();
    await other.close();
  };

  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page); // drawer and menu transitions settle
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`) });
  };

  it('shows a revoked and a granted entry when the window regains focus, keeping the tab on screen', async () => {
    const page = await aliceHome(quiet);
    await openMenuEntry(page, 'Documents', 'Document library');
    await openMenuEntry(page, 'Forms & tables', 'Form data');
    await expect.poll(() => tabTitles(page), SETTLE).toEqual(['Switch workspace', 'Home', 'Document library', 'Form data']);
    expect(await menuEntries(sideMenu(page))).not.toContain('Administration');

    await changeMemberRole(quiet, { revoke: ['docManage'], grant: ['pmsGroup'] });
    await leaveAndReturn(page);

    await expect.poll(() => tabTitles(page), SETTLE).toEqual(['Switch workspace', 'Home', 'Form data']);
    expect(page.url()).toBe(`${quiet.url}/table/formData`);
    expect(await page.locator('.app-tabs .ant-tabs-tab-active').innerText()).toBe('Form data');
    await page.locator('.app-sider').getByRole('menuitem', { name: 'Administration' }).click();
    await page.locator('.app-sider').getByRole('menuitem', { name: 'Permission groups' }).waitFor();
    await page.locator('.app-sider').getByRole('menuitem', { name: 'Documents' }).click();
    await page.locator('.app-sider').getByRole('menuitem', { name: 'Attachments' }).waitFor();
    expect(await page.locator('.app-sider').getByRole('menuitem', { name: 'Document library' }).count()).toBe(0);
    const state = JSON.parse((await page.evaluate(() => sessionStorage.getItem('PT_STATE')))!) as { tabList: { route: string }[] };
    expect(state.tabList.map((tab) => tab.route)).toEqual(['/workSpace/select', '/home', '/table/formData']);
    await shoot(page, 'focus-after-en');
    await page.close();
  });

  it('after a refused call, closes the page on screen and goes home saying why', async () => {
    const page = await aliceHome(quiet);
    await openMenuEntry(page, 'Project dashboards', 'Roche campus');
    await page.waitForURL(`${quiet.url}/roche`);
    await page.locator('[data-widget-state]').first().waitFor();
    expect(await page.locator('.app-sider').getByRole('menuitem', { name: 'Roles' }).count()).toBe(0);

    // The role also loses page:edit, whose holders may open any stored page.
    await changeMemberRole(quiet, { revoke: ['roche', 'page:edit'], grant: ['roleManage'] });
    // Reloading the tab asks the server for the page again, which now refuses (403).
    const refused = page.waitForResponse((response) => response.url().includes('/serverLoader'));
    await page.getByRole('button', { name: 'Tab actions' }).click();
    await page.getByRole('menuitem', { name: 'Refresh' }).click();
    expect((await refused).status()).toBe(403);

    await page.waitForURL(`${quiet.url}/home`);
    await page.getByText('This page is no longer available to you').waitFor();
    await shoot(page, 'forbidden-after-en');
    expect(await tabTitles(page)).not.toContain('Roche campus');
    await page.locator('.app-sider').getByRole('menuitem', { name: 'Administration' }).click();
    await page.locator('.app-sider').getByRole('menuitem', { name: 'Roles' }).waitFor();
    await page.close();
  });

  it('a user who manages roles sees their own menu change as soon as they save their role', async () => {
    await changeMemberRole(quiet, { grant: ['role:manage'] });
    const page = await aliceHome(quiet);
    await openMenuEntry(page, 'Administration', 'Roles');
    await page.getByTestId('role-member').click();
    await expect.poll(() => page.getByTestId('role-member').getAttribute('aria-current'), SETTLE).toBe('true');
    const tree = page.locator('.admin-tree');
    await tree.getByRole('searchbox').fill('Attachments');
    await tree
      .locator('.ant-tree-treenode:not([aria-hidden])', { has: page.locator('.admin-node-title', { hasText: /^Attachments$/ }) })
      .locator('.ant-tree-checkbox')
      .click();
    expect(await menuRoutes(page)).toContain('/docManage/attachManager');

    const saved = page.waitForResponse((response) => response.url().endsWith('/role/grant'));
    await page.getByTestId('save-resources').click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => menuRoutes(page), SETTLE).not.toContain('/docManage/attachManager');
    expect(await menuRoutes(page)).toContain('/authorize/roleManage');
    // Attachments was the last entry of Documents (the library went in the first test): the section goes too.
    await expect.poll(() => menuEntries(sideMenu(page)), SETTLE).not.toContain('Documents');
    await page.close();
  });

  it('checks at the server interval while visible, leaving an unchanged menu as it is', async () => {
    const page = await aliceHome(ticking);
    const checks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/workingSpace/user/function/tree')) checks.push(request.url());
    });
    await openMenuEntry(page, 'Documents', 'Document library');
    await openMenuEntry(page, 'Forms & tables', 'Form data');
    // Mark the menu element: a check that finds nothing new must not redraw it.
    await sideMenu(page).evaluate((menu) => menu.setAttribute('data-probe', 'kept'));
    const before = checks.length;
    await expect.poll(() => checks.length, SETTLE).toBeGreaterThanOrEqual(before + 2);
    expect(await sideMenu(page).getAttribute('data-probe')).toBe('kept');

    await changeMemberRole(ticking, { revoke: ['docManage'] });
    await expect.poll(() => tabTitles(page), SETTLE).toEqual(['Switch workspace', 'Home', 'Form data']);
    expect(page.url()).toBe(`${ticking.url}/table/formData`);
    await page.close();
  });

  it('closes a pop-up of the folded sidebar once an entry is chosen, by mouse or keyboard', async () => {
    const page = await aliceHome(quiet);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    // The sidebar folds with an animation: the pointer goes to it once it has settled.
    await pageAtRest(page);
    const openPopups = page.locator('.ant-menu-submenu-popup:not(.ant-menu-submenu-hidden)');

    await page.locator('.app-sider').getByRole('menuitem', { name: 'Forms & tables' }).hover();
    // The pop-up opens with an animation: its entry is clicked once it has settled.
    await pageAtRest(page);
    await page.getByRole('menuitem', { name: 'Form data' }).click();
    await page.waitForURL(`${quiet.url}/table/formData`);
    await expect.poll(() => openPopups.count(), SETTLE).toBe(0);

    await page.mouse.move(640, 700);
    await page.locator('.app-sider').getByRole('menuitem', { name: 'Project dashboards' }).focus();
    await page.keyboard.press('Enter');
    await openPopups.first().waitFor();
    // The pop-up takes the focus once it has opened.
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('.ant-menu-submenu-popup')), SETTLE).toBe(true);
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname !== '/table/formData');
    await expect.poll(() => openPopups.count(), SETTLE).toBe(0);
    await page.close();
  });

  const NARROW_CASES = [
    { locale: 'en-US', suffix: 'en', section: 'Forms & tables', entry: 'Form data', home: 'Home', menu: 'Menu' },
    { locale: 'zh-CN', suffix: 'zh-CN', section: '表单与表格', entry: '表单数据', home: '首页', menu: '菜单' },
    { locale: 'ar', suffix: 'ar', section: 'النماذج والجداول', entry: 'بيانات النماذج', home: 'الرئيسية', menu: 'القائمة' },
  ] as const;
  for (const { locale, suffix, section, entry, home, menu } of looksIn(NARROW_CASES, NARROW_CASES.filter((each) => each.locale !== 'zh-CN'))) {
    it(`folds the sidebar below the lg breakpoint and opens it as a drawer (${suffix})`, async () => {
      const page = await aliceHome(quiet, { locale });
      await openMenuEntry(page, section, entry);
      await page.waitForURL(`${quiet.url}/table/formData`);
      await shoot(page, `wide-${suffix}`);

      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('.app-sider').waitFor({ state: 'detached' });
      await shoot(page, `390-folded-${suffix}`);
      // Nothing covers the content and nothing spills out sideways.
      const content = (await page.locator('.app-content').boundingBox())!;
      expect(content.x).toBe(0);
      expect(content.width).toBe(390);
      for (const selector of ['.app-header', '.app-tabs']) {
        const fits = await page.locator(selector).evaluate((el) => el.scrollWidth <= el.clientWidth);
        expect(fits, selector).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      const toggle = page.locator('.app-header button[aria-expanded]').first();
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      const drawer = page.getByRole('dialog', { name: menu });
      await drawer.getByRole('menuitem').first().waitFor();
      // Escape closes it, as any dialog.
      await page.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      await toggle.click();
      await drawer.getByRole('menuitem').first().waitFor();
      await shoot(page, `390-drawer-${suffix}`);
      const box = (await drawer.boundingBox())!;
      // The drawer comes from the side the sidebar sits on: the right in Arabic.
      expect(suffix === 'ar' ? 390 - (box.x + box.width) : box.x).toBeLessThanOrEqual(1);
      await drawer.getByRole('menuitem', { name: home }).click();
      await page.waitForURL(`${quiet.url}/home`);
      await drawer.waitFor({ state: 'hidden' });

      // Wider again: the sidebar is back, unfolded, as the user left it.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.locator('.app-sider').waitFor();
      expect(await page.locator('.app-sider').evaluate((el) => el.classList.contains('ant-layout-sider-collapsed'))).toBe(false);
      // A sidebar the user folded stays folded after a trip through the narrow layout.
      await toggle.click();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('.app-sider').waitFor({ state: 'detached' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(() => page.locator('.app-sider').evaluate((el) => el.classList.contains('ant-layout-sider-collapsed')), SETTLE).toBe(true);
      await page.close();
    });
  }

  it('raised no page or console errors', () => {
    expect(errors).toEqual([]);
  });
});
