import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedWorkspace } from '../../src/core/contracts/management.ts';
import { ok, userIdOf, workspaceByCode } from '../helpers/authorization.ts';
import { builtWebDir, CHROMIUM_PATH } from '../helpers/browser.ts';
import { DEMO_PASSWORD, NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { PICTURES, pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/returning-session');
const LANGUAGES = ['en', 'zh-CN', 'ar'] as const;
const SIZES = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
];

/**
 * Spec §4 "sync" and §9: a user who closes the browser and opens it again keeps the cookie's
 * token. Their user, workspace and open pages come back; when the workspace context cannot
 * (its key or storage lost, or the workspace no longer theirs) they are taken to the workspace
 * choice, never to a screen that half works. A real browser profile, closed and opened again.
 */
describe('a returning user in Chromium', () => {
  let t: TestApp;
  let profile: string;
  let context: BrowserContext | null = null;
  const problems: string[] = [];

  beforeAll(async () => {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    profile = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-profile-'));
  });
  afterAll(async () => {
    await context?.close();
    await t?.close();
    fs.rmSync(profile, { recursive: true, force: true });
  });

  /** Opens the browser on the same profile, as a user starts it again; the API's refusals and page errors are noted. */
  async function openBrowser(): Promise<Page> {
    await context?.close();
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
      locale: 'en-US',
      viewport: SIZES[0],
    });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    });
    return page;
  }

  const userMenu = (page: Page) => page.getByTestId('user-menu');
  const tabTitles = (page: Page) => page.locator('.app-tabs .ant-tabs-tab').allInnerTexts();
  const errorToasts = (page: Page) => page.locator('.ant-message-error').count();

  /** The screen in each language and size, saved for a person to look at. */
  async function photograph(page: Page, name: string): Promise<void> {
    if (!PICTURES) return;
    for (const language of LANGUAGES) {
      await page.evaluate((lng) => localStorage.setItem('PT_LANG', lng), language);
      await page.reload();
      await page.locator(`html[lang="${language}"]`).waitFor({ state: 'attached' });
      await page.locator('#root > :not(.boot-splash)').first().waitFor({ state: 'attached' });
      for (const size of SIZES) {
        await page.setViewportSize(size);
        await pictureAtRest(page, { path: path.join(SCREENSHOTS, `${name}-${language}-${size.width}.png`) });
      }
    }
    await page.evaluate(() => localStorage.setItem('PT_LANG', 'en'));
    await page.setViewportSize(SIZES[0]!);
    await page.reload();
  }

  it('comes back to their workspace, name, menu and pages; a lost or stale workspace leads to the workspace choice, a missing tenant to the tenant choice', async () => {
    // alice signs in, enters NW-TOWER and opens two pages.
    let page = await openBrowser();
    await page.goto(`${t.url}/login`);
    await page.fill('#password-login_account', 'alice');
    await page.fill('#password-login_password', DEMO_PASSWORD);
    await page.locator('form#password-login button[type=submit]').click();
    await page.getByTestId('workspace-NW-TOWER').click();
    await page.waitForURL(`${t.url}/home`);
    await page.goto(`${t.url}/docManage`);
    await expect.poll(() => tabTitles(page)).toContain('Document library');
    await page.goto(`${t.url}/table/formData?tab=1`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('PT_NAV') ?? '')).toContain('/table/formData');

    // The browser is closed and opened again at the bare site: she goes on where she was.
    page = await openBrowser();
    await page.goto(`${t.url}/`);
    await page.waitForURL(`${t.url}/table/formData?tab=1`);
    await expect.poll(() => userMenu(page).innerText()).toContain('Alice Chen');
    await expect.poll(() => page.locator('.app-workspace-switch').innerText()).toContain('NW-TOWER');
    await expect.poll(() => page.locator('.app-sider [role=menu] [role=menuitem]').count()).toBeGreaterThan(1);
    await expect.poll(() => tabTitles(page)).toEqual(expect.arrayContaining(['Document library', 'Form data']));
    expect(await page.locator('.app-tabs .ant-tabs-tab-active').innerText()).toBe('Form data');
    await page.goto(`${t.url}/home`);
    await expect.poll(() => page.getByRole('heading', { level: 3 }).innerText()).toContain('Alice Chen');
    expect(await errorToasts(page)).toBe(0);
    await photograph(page, 'restored');

    // The key of the encrypted storage is lost (site data cleared but the cookie kept): the
    // workspace cannot come back, so she chooses it, and her pages of that workspace return.
    await page.evaluate(async () => {
      sessionStorage.clear();
      await new Promise((resolve) => {
        const request = indexedDB.deleteDatabase('plinth-secure-storage');
        request.onsuccess = request.onerror = request.onblocked = resolve;
      });
    });
    page = await openBrowser();
    await page.goto(`${t.url}/docManage`);
    await page.waitForURL(/\/workSpace\/select\?path=/);
    await expect.poll(() => userMenu(page).innerText()).toContain('Alice Chen');
    await page.getByTestId('workspace-NW-HQ').waitFor();
    // Her menu is a workspace's: the sidebar says so and leads to the choice, never stays empty.
    expect(await page.locator('.app-sider .app-sider-hint').innerText()).toContain('Choose a workspace to see its menu');
    expect(await errorToasts(page)).toBe(0);
    await photograph(page, 'workspace-choice');
    await page.getByTestId('workspace-NW-TOWER').click();
    await page.waitForURL(`${t.url}/docManage`);
    await expect.poll(() => tabTitles(page)).toEqual(expect.arrayContaining(['Document library', 'Form data']));

    // An administrator takes NW-TOWER away from her (she keeps NW-HQ and gets an annex): the
    // stored workspace is no longer allowed, so she chooses again, and NW-TOWER is not offered.
    const admin = await t.signIn('admin', NORTHWIND);
    const annex = await ok<ManagedWorkspace>(t, 'POST', 'management/workspace/create', admin, { code: 'NW-ANNEX', name: 'Annex' });
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    await ok(t, 'POST', 'management/user/workspaces', admin, { userId: await userIdOf(t, admin, 'alice'), workspaceIds: [hq.id, annex.id] });
    page = await openBrowser();
    await page.goto(`${t.url}/table/formData`);
    await page.waitForURL(/\/workSpace\/select\?path=/);
    await page.getByTestId('workspace-NW-ANNEX').waitFor();
    expect(await page.getByTestId('workspace-NW-TOWER').count()).toBe(0);
    await page.getByTestId('workspace-NW-HQ').click();
    await page.waitForURL(`${t.url}/table/formData`);
    await expect.poll(() => page.locator('.app-workspace-switch').innerText()).toContain('NW-HQ');
    await expect.poll(() => page.locator('.app-tabs .ant-tabs-tab-active').innerText()).toBe('Form data');
    expect(await errorToasts(page)).toBe(0);

    // admin belongs to two tenants and closes the browser before choosing one: the cookie holds a
    // token with no tenant. Coming back, he is at the tenant choice, then the workspace choice.
    await context!.clearCookies();
    await page.goto(`${t.url}/login`);
    await page.fill('#password-login_account', 'admin');
    await page.fill('#password-login_password', DEMO_PASSWORD);
    await page.locator('form#password-login button[type=submit]').click();
    await page.getByRole('button', { name: NORTHWIND }).waitFor();
    page = await openBrowser();
    await page.goto(`${t.url}/docManage`);
    await page.waitForURL(/\/login\?path=/);
    await page.getByRole('button', { name: NORTHWIND }).click();
    await page.waitForURL(/\/workSpace\/select\?path=/);
    await page.getByTestId('workspace-NW-HQ').click();
    await page.waitForURL(`${t.url}/docManage`);
    const adminName = (await t.call<{ user: { name: string } }>('GET', '/proptech_allplan/account/current', { token: admin })).body.data.user.name;
    await expect.poll(() => userMenu(page).innerText()).toContain(adminName);

    expect(problems).toEqual([]);
  });
});
