import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { encodeTokenForCookie, TOKEN_COOKIE_MAX_AGE_SECONDS } from '../../src/web/session/token-cookie.ts';
import { builtWebDir, launchBrowser } from '../helpers/browser.ts';
import { DEMO_PASSWORD, NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';


/**
 * Spec §4 start-up: a link from another system opens /securityMiddle with a tenant token in the
 * `token` query parameter. The token replaces any stored session, goes into the cookie (encoded,
 * 12 h) and leaves the address; the middle page loads the account and continues to `path`.
 */
describe('start-up with ?token= in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const newPage = async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  };

  const tokenCookie = async (page: Page) => (await page.context().cookies()).find((cookie) => cookie.name === 'token');
  const ptState = async (page: Page) => {
    const text = await page.evaluate(() => sessionStorage.getItem('PT_STATE'));
    return text === null ? null : (JSON.parse(text) as { menuList: unknown[]; tabList: { route: string; isActive: boolean }[] });
  };
  const userMenu = (page: Page) => page.getByTestId('user-menu');
  const addressCarriesToken = (page: Page) => new URL(page.url()).searchParams.has('token');

  it('signs in with the token and continues to the path asked for, without the token in the address', async () => {
    const token = await t.signIn('bob', NORTHWIND); // bob has one workspace: it is chosen for him
    const account = await t.call<{ user: { name: string } }>('GET', '/proptech_allplan/account/current', { token });
    const page = await newPage();
    const target = '/table/formData?tab=2';
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    const startedAt = Date.now();
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', target)}&token=${encodeURIComponent(token)}`);
    await page.waitForURL(`${t.url}${target}`);
    expect(addressCarriesToken(page)).toBe(false);

    // Signed in: the layout shows bob and his menu, and the API answers with the new token.
    await expect.poll(() => userMenu(page).innerText()).toContain(account.body.data.user.name);
    await expect.poll(() => page.getByRole('menu').first().isVisible()).toBe(true);
    await expect.poll(() => page.locator('.app-tabs .ant-tabs-tab-active').innerText()).toBe('Form data');

    // The cookie holds the token, encoded, for 12 hours, on the whole site.
    const cookie = await tokenCookie(page);
    expect(cookie?.value).toBe(encodeTokenForCookie(token));
    expect(cookie?.value).not.toBe(token);
    expect(cookie?.path).toBe('/');
    expect(cookie!.expires - startedAt / 1000).toBeGreaterThan(TOKEN_COOKIE_MAX_AGE_SECONDS - 120);
    expect(cookie!.expires - Date.now() / 1000).toBeLessThanOrEqual(TOKEN_COOKIE_MAX_AGE_SECONDS + 5);

    // PT_STATE holds the loaded layout with the screen as the active tab.
    await expect.poll(async () => (await ptState(page))?.tabList.find((tab) => tab.isActive)?.route).toBe('/table/formData');
    expect((await ptState(page))!.menuList.length).toBeGreaterThan(0);

    // The token went to the API as a header only; no later request carries it in the address, the event stream's neither.
    const leaked = requested.slice(1).filter((url) => url.includes(encodeURIComponent(token)) || url.includes(token));
    expect(leaked).toEqual([]);
    await expect.poll(() => requested.some((url) => /\/notify\/stream\?ticket=/.test(url))).toBe(true);

    // A reload keeps the session: it now lives in the cookie, not in the address.
    await page.reload();
    await expect.poll(() => userMenu(page).innerText()).toContain(account.body.data.user.name);
    expect(page.url()).toBe(`${t.url}${target}`);
    await page.context().close();
  });

  it('without a path it lands on /home', async () => {
    const token = await t.signIn('bob', NORTHWIND);
    const page = await newPage();
    await page.goto(`${t.url}/securityMiddle?token=${encodeURIComponent(token)}`);
    await page.waitForURL(`${t.url}/home`);
    await userMenu(page).waitFor();
    expect((await tokenCookie(page))?.value).toBe(encodeTokenForCookie(token));
    await page.context().close();
  });

  it('replaces the session already stored in the browser', async () => {
    const page = await newPage();
    // alice signs in by hand and opens a screen: her token, user, workspace and tabs are stored.
    await page.goto(`${t.url}/login`);
    await page.fill('#password-login_account', 'alice');
    await page.fill('#password-login_password', DEMO_PASSWORD);
    await page.locator('form#password-login button[type=submit]').click();
    await page.getByTestId('workspace-NW-TOWER').click();
    await page.waitForURL(`${t.url}/home`);
    await page.goto(`${t.url}/docManage`);
    await expect.poll(async () => (await ptState(page))?.tabList.map((tab) => tab.route)).toContain('/docManage');
    const aliceCookie = (await tokenCookie(page))!.value;

    // A link hands the same browser over to bob.
    const bobToken = await t.signIn('bob', NORTHWIND);
    const bob = await t.call<{ user: { name: string } }>('GET', '/proptech_allplan/account/current', { token: bobToken });
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', '/table/formData')}&token=${encodeURIComponent(bobToken)}`);
    await page.waitForURL(`${t.url}/table/formData`);
    expect(addressCarriesToken(page)).toBe(false);
    await expect.poll(() => userMenu(page).innerText()).toContain(bob.body.data.user.name);

    const cookie = await tokenCookie(page);
    expect(cookie?.value).toBe(encodeTokenForCookie(bobToken));
    expect(cookie?.value).not.toBe(aliceCookie);
    // Had alice's stored workspace, menu or tabs survived, bob would be shown them: same workspace, menu loaded once.
    await expect.poll(async () => (await ptState(page))?.tabList.map((tab) => tab.route)).toEqual(['/table/formData']);
    await page.context().close();
  });

  it('sends a user with several workspaces to the workspace choice first, then on to the path', async () => {
    const token = await t.signIn('alice', NORTHWIND);
    const page = await newPage();
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', '/table/formData')}&token=${encodeURIComponent(token)}`);
    await page.waitForURL(/\/workSpace\/select\?path=/);
    expect(addressCarriesToken(page)).toBe(false);
    await page.getByTestId('workspace-NW-HQ').click();
    await page.waitForURL(`${t.url}/table/formData`);
    await userMenu(page).waitFor();
    await page.context().close();
  });

  it('works on any route: the user is loaded with their menu, and the token never comes back into the address', async () => {
    // bob is a USER with one workspace: it is his at once.
    const token = await t.signIn('bob', NORTHWIND);
    const bob = await t.call<{ user: { name: string } }>('GET', '/proptech_allplan/account/current', { token });
    const page = await newPage();
    const refused: string[] = [];
    page.on('response', (response) => {
      // The shell's own calls: who the user is, their workspaces and their menu.
      if (/\/api\/proptech_allplan\/(account|workingSpace|workspace|resource)\//.test(response.url()) && response.status() >= 400) {
        refused.push(`${response.status()} ${response.url()}`);
      }
    });
    await page.goto(`${t.url}/table/formData?tab=2&token=${encodeURIComponent(token)}`);
    await page.waitForURL(`${t.url}/table/formData?tab=2`);
    await expect.poll(() => userMenu(page).innerText()).toContain(bob.body.data.user.name);
    await expect.poll(() => page.locator('.app-sider [role=menu] [role=menuitem]').count()).toBeGreaterThan(1);
    await expect.poll(() => page.locator('.app-tabs .ant-tabs-tab-active').innerText()).toBe('Form data');

    // Neither the tab's stored query nor the navigation state keeps the token.
    await expect.poll(async () => (await ptState(page))?.tabList.find((tab) => tab.isActive)?.route).toBe('/table/formData');
    const kept = await page.evaluate(() => [sessionStorage.getItem('PT_STATE'), localStorage.getItem('PT_NAV')].join(' '));
    expect(kept).toContain('?tab=2');
    expect(kept).not.toContain(token);
    // Going back to the page by its tab brings its query, not the token.
    await page.goto(`${t.url}/home`);
    await page.locator('.app-tabs .ant-tabs-tab', { hasText: 'Form data' }).click();
    await page.waitForURL(`${t.url}/table/formData?tab=2`);
    expect(addressCarriesToken(page)).toBe(false);
    expect(await page.locator('.ant-message-error').count()).toBe(0);
    expect(refused).toEqual([]);
    await page.context().close();

    // alice has two workspaces: she chooses one, then is on the page the link named, with her name.
    const aliceToken = await t.signIn('alice', NORTHWIND);
    const second = await newPage();
    await second.goto(`${t.url}/docManage?token=${encodeURIComponent(aliceToken)}`);
    await second.waitForURL(/\/workSpace\/select\?path=/);
    expect(addressCarriesToken(second)).toBe(false);
    await second.getByTestId('workspace-NW-HQ').click();
    await second.waitForURL(`${t.url}/docManage`);
    await expect.poll(() => userMenu(second).innerText()).toContain('Alice Chen');
    await second.context().close();
  });

  it('an unknown token ends at /login, keeps nothing of it, and signing in still leads on to the path', async () => {
    const page = await newPage();
    const middle = withReturnPath('/securityMiddle', '/table/formData');
    await page.goto(`${t.url}${middle}&token=not-a-token`);
    await page.waitForURL(/\/login\?path=/, { timeout: 15_000 });
    // The return path is the middle page's address without the token.
    expect(new URL(page.url()).search).toBe(`?path=${encodeURIComponent(encodeURIComponent(middle))}`);
    await expect.poll(() => tokenCookie(page)).toBeUndefined();

    await page.fill('#password-login_account', 'bob');
    await page.fill('#password-login_password', DEMO_PASSWORD);
    await page.locator('form#password-login button[type=submit]').click();
    await page.waitForURL(`${t.url}/table/formData`);
    await userMenu(page).waitFor();
    await page.context().close();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
