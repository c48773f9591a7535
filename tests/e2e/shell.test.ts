import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { builtWebDir, launchBrowser } from '../helpers/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots');

async function signIn(page: Page, account: string) {
  await page.fill('#password-login_account', account);
  await page.fill('#password-login_password', DEMO_PASSWORD);
  await page.locator('form#password-login button[type=submit]').click();
}

describe('workspace shell in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const newPage = async (locale = 'en-US') => {
    const context = await browser.newContext({ locale, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    return page;
  };

  it('login -> tenant -> workspace -> menu, landing on the path first asked for', async () => {
    const page = await newPage();
    await page.goto(`${t.url}/table/formData?tab=2`);
    await page.waitForURL(/\/login\?path=/);
    expect(new URL(page.url()).search).toBe(`?path=${encodeURIComponent(encodeURIComponent('/table/formData?tab=2'))}`);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'login.png') });

    await signIn(page, 'admin'); // admin belongs to two tenants
    await page.getByRole('button', { name: 'Northwind Properties' }).click();
    await page.getByTestId('workspace-NW-HQ').click();
    await page.waitForURL(`${t.url}/table/formData?tab=2`);
    await expect.poll(() => page.getByRole('menu').first().isVisible()).toBe(true);
    await page.context().close();
  });

  it('opens screens as tabs, keeps them across a reload (PT_STATE), and closes one', async () => {
    const page = await newPage();
    await page.goto(`${t.url}/login`);
    await signIn(page, 'alice');
    await page.getByTestId('workspace-NW-HQ').click();
    await page.waitForURL(`${t.url}/home`);
    await page.getByRole('heading', { level: 3 }).first().waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home.png') });

    for (const [section, entry] of [
      ['Forms & tables', 'Form data'],
      ['Documents', 'Document library'],
    ]) {
      await page.getByRole('menuitem', { name: section }).click();
      await page.getByRole('menuitem', { name: entry }).click();
    }
    const tabs = page.locator('.app-tabs .ant-tabs-tab');
    // The workspace step of the sign-in was a page too, and stays open as a tab.
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Switch workspace', 'Home', 'Form data', 'Document library']);
    await page.locator('.app-tabs .ant-tabs-tab', { hasText: 'Switch workspace' }).getByRole('button', { name: /remove|close/i }).click();
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Home', 'Form data', 'Document library']);
    const state = await page.evaluate(() => sessionStorage.getItem('PT_STATE'));
    expect((JSON.parse(state!) as { tabList: unknown[] }).tabList).toHaveLength(3);

    await page.reload();
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Home', 'Form data', 'Document library']);
    expect(page.url()).toBe(`${t.url}/docManage`);

    await page.locator('.app-tabs .ant-tabs-tab', { hasText: 'Form data' }).getByRole('button', { name: /remove|close/i }).click();
    await expect.poll(() => tabs.allInnerTexts()).toEqual(['Home', 'Document library']);
    await page.context().close();
  });

  it('an expired token sends the user to /login?path=… and signing in returns there', async () => {
    const page = await newPage();
    await page.goto(`${t.url}/login`);
    await signIn(page, 'bob');
    await page.waitForURL(`${t.url}/home`); // bob has one workspace: chosen for him
    t.clock.advance(12 * 3600 * 1000 + 1000);
    await page.goto(`${t.url}/table/formData?q=%E6%B5%8B`);
    await page.waitForURL(/\/login\?path=/, { timeout: 15_000 });
    const expected = `?path=${encodeURIComponent(encodeURIComponent('/table/formData?q=%E6%B5%8B'))}`;
    expect(new URL(page.url()).search).toBe(expected);
    await signIn(page, 'bob');
    await page.waitForURL(`${t.url}/table/formData?q=%E6%B5%8B`);
    await page.context().close();
  });

  it('mirrors the whole layout in Arabic', async () => {
    const page = await newPage('ar');
    await page.goto(`${t.url}/login`);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.screenshot({ path: path.join(SCREENSHOTS, 'login-ar.png') });
    await signIn(page, 'carol');
    await page.getByTestId('workspace-HB-PIER').click();
    await page.waitForURL(`${t.url}/home`);
    const sider = await page.locator('.app-sider').boundingBox();
    expect(sider!.x).toBeGreaterThan(600); // the sidebar sits on the right
    await page.screenshot({ path: path.join(SCREENSHOTS, 'home-ar.png') });
    await page.context().close();
  });

  it('reaches every control of the login screen with the keyboard', async () => {
    const page = await newPage();
    await page.goto(`${t.url}/login`);
    await page.locator('#password-login_account').waitFor();
    const reached = new Set<string>();
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      reached.add(
        await page.evaluate(() => {
          const el = document.activeElement as HTMLElement | null;
          if (!el) return '';
          const role = el.getAttribute('role');
          return `${role ?? el.tagName}:${el.id || el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 20)}`;
        }),
      );
    }
    const list = [...reached].join('\n');
    expect(list).toContain('INPUT:password-login_account');
    expect(list).toContain('INPUT:password-login_password');
    expect(list).toMatch(/BUTTON:Sign in/);
    expect(list).toMatch(/tab:/);
    expect(list).toMatch(/SELECT:Language/); // the language switch
    // The tab list is one stop; arrow keys move between its tabs, as WAI-ARIA tabs do.
    await page.getByRole('tab', { name: 'Password sign-in' }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await page.locator('#register_mobilePhone').waitFor();
    await page.keyboard.press('Tab');
    await page.context().close();
  });

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
