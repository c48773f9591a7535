import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots');

describe('the built SPA in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('loads under the strict Content-Security-Policy with no violation', async () => {
    const page = await browser.newPage();
    const problems = await watchPageProblems(page);
    const response = await page.goto(`${t.url}/home`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Signed out, /home leads to the login screen: scripts, styles, locales and fonts all loaded.
    await page.locator('#password-login_account').waitFor();
    await picture(page, { path: path.join(SCREENSHOTS, 'spa-served.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('serves index.html for client routes and the 404 envelope for unknown API paths', async () => {
    const root = await fetch(`${t.url}/`);
    expect(root.status).toBe(200);
    expect(await root.text()).toContain('<div id="root">');
    const deep = await fetch(`${t.url}/table/dataList/42?tab=1`);
    expect(deep.status).toBe(200);
    expect(deep.headers.get('cache-control')).toBe('no-cache');
    expect(await deep.text()).toContain('<div id="root">');
    const api = await fetch(`${t.url}/api/unknown`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ success: false, code: 404 });
    const asset = fs.readdirSync(path.join(builtWebDir(), 'assets'))[0]!;
    const cached = await fetch(`${t.url}/assets/${asset}`);
    expect(cached.headers.get('cache-control')).toContain('immutable');
  });
});
