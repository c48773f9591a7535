import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { builtWebDir, launchBrowser, openMenuEntry, watchPageProblems } from '../helpers/browser.ts';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { picture, pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots');
/** An avatar to upload: a teal disc with initials. */
const FACE = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><circle cx="48" cy="48" r="48" fill="#13a8a8"/><text x="48" y="60" font-size="36" text-anchor="middle" fill="#fff" font-family="sans-serif">AC</text></svg>',
);

/** What has the keyboard focus: its tag and id, name or text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el) return '';
    return `${el.tagName}:${el.id || el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 30)}`;
  });

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
    await picture(page, { path: path.join(SCREENSHOTS, 'login.png') });

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
    await picture(page, { path: path.join(SCREENSHOTS, 'home.png') });

    await openMenuEntry(page, 'Forms & tables', 'Form data');
    await openMenuEntry(page, 'Documents', 'Document library');
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
    await picture(page, { path: path.join(SCREENSHOTS, 'login-ar.png') });
    await signIn(page, 'carol');
    await page.getByTestId('workspace-HB-PIER').click();
    await page.waitForURL(`${t.url}/home`);
    const sider = await page.locator('.app-sider').boundingBox();
    expect(sider!.x).toBeGreaterThan(600); // the sidebar sits on the right
    await picture(page, { path: path.join(SCREENSHOTS, 'home-ar.png') });
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

  for (const [locale, lang] of [
    ['en-US', 'en'],
    ['ar', 'ar'],
  ] as const) {
    it(`keyboard order, skip link, focus on the opened screen, menu links and the avatar (${lang})`, { timeout: 120_000 }, async () => {
      const text = {
        en: { skip: 'Skip to content', section: 'Forms & tables', entry: 'Form data', remove: 'Remove avatar' },
        ar: { skip: 'انتقل إلى المحتوى', section: 'النماذج والجداول', entry: 'بيانات النماذج', remove: 'إزالة الصورة الشخصية' },
      }[lang];
      const page = await newPage(locale);
      const problems = await watchPageProblems(page);
      await page.goto(`${t.url}/login`);
      await page.locator('#password-login_account').waitFor();
      // Sign-in: the language comes first, then the tabs, the fields and the button.
      const order: string[] = [];
      for (let i = 0; i < 6; i++) {
        await page.keyboard.press('Tab');
        order.push(await focused(page));
      }
      expect(order.slice(0, 4).map((entry) => entry.split(':')[0] + (entry.includes('password-login_') ? `:${entry.split(':')[1]}` : ''))).toEqual([
        'SELECT',
        'BUTTON', // the tabs: one stop
        'INPUT:password-login_account',
        'INPUT:password-login_password',
      ]);
      expect(await page.evaluate(() => (document.activeElement as HTMLButtonElement).type)).toBe('submit'); // after the show-password toggle

      await signIn(page, 'alice');
      await page.getByTestId('workspace-NW-HQ').click();
      await page.waitForURL(`${t.url}/home`);
      await page.getByRole('heading', { level: 3 }).first().waitFor();

      // The first tab stop skips the menu and the header.
      await page.reload();
      await page.getByRole('heading', { level: 3 }).first().waitFor();
      await page.keyboard.press('Tab');
      expect(await focused(page)).toBe(`A:${text.skip}`);
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `skip-link-${lang}.png`) });
      await page.keyboard.press('Enter');
      expect(await focused(page)).toBe('MAIN:main-content');

      // Menu entries are links: another tab on Ctrl+click, this one unchanged; a plain click opens the screen here.
      await page.getByRole('menuitem', { name: text.section }).click();
      const link = page.locator('.app-sider a[href="/table/formData"]');
      await link.waitFor();
      expect(await link.innerText()).toBe(text.entry);
      const [other] = await Promise.all([page.context().waitForEvent('page'), link.click({ modifiers: ['Control'] })]);
      await other.waitForLoadState();
      expect(decodeURIComponent(other.url())).toContain('/table/formData');
      await other.close();
      expect(page.url()).toBe(`${t.url}/home`);
      await link.click();
      await page.waitForURL(`${t.url}/table/formData`);
      // Focus left the menu for the opened screen (its heading or the region).
      await expect.poll(() => page.evaluate(() => document.querySelector('#main-content')!.contains(document.activeElement))).toBe(true);
      await expect.poll(() => page.locator('.app-tabs .ant-tabs-tab-active').innerText()).toBe(text.entry);
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `menu-link-focus-${lang}.png`) });

      // The avatar: an uploaded image (through the file store), replaced and removed.
      const menuButton = page.getByTestId('user-menu');
      const openAvatar = async () => {
        await menuButton.click();
        await page.locator('.ant-dropdown-menu-item').first().click();
        await page.locator('.ant-modal').waitFor();
      };
      await openAvatar();
      const uploaded = page.waitForResponse((response) => response.url().endsWith('/api/proptech_allplan/account/update/avatar'));
      await page.locator('.ant-modal input[type=file]').setInputFiles({ name: 'me.svg', mimeType: 'image/svg+xml', buffer: FACE });
      expect((await uploaded).status()).toBe(200);
      const avatarImage = menuButton.locator('img');
      await expect.poll(() => avatarImage.getAttribute('src')).toMatch(/\/api\/proptech_filestore\/file\/[A-Za-z0-9_-]{22}\?inline=1&token=/);
      await expect.poll(() => avatarImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(96);
      await openAvatar();
      await page.getByTestId('avatar-remove').waitFor();
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `avatar-${lang}.png`) });
      await page.getByRole('button', { name: text.remove }).click();
      await expect.poll(() => avatarImage.count()).toBe(0);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }

  it('raised no page errors', () => {
    expect(errors).toEqual([]);
  });
});
