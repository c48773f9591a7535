import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PageListItem } from '../../src/web/api/admin-endpoints.ts';
import { readSeedPages } from '../../src/server/modules/page/seed.ts';
import { builtWebDir, launchBrowser, pageAtRest } from '../helpers/browser.ts';
import { signedInBrowsers, type OpenOptions, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/customer-pages');
const API = '/proptech_allplan';
const seedPages = readSeedPages();
const customerPages = seedPages.filter((p) => p.file.kind === 'page');

/**
 * The seeded customer pages and the public website in real Chromium against the real server:
 * every page draws all its widgets without a problem panel or a console error, in English,
 * Chinese and Arabic (mirrored); pages stored at new routes open too.
 */
describe('customer pages in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  const errors: string[] = [];

  const watchErrors = (page: Page, locale: string) => {
    page.on('pageerror', (error) => errors.push(`${locale} ${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(`${locale} ${page.url()}: ${message.text()}`);
    });
  };

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, { onPage: (page, { locale }) => watchErrors(page, locale) });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  /** A visitor's browser, not signed in. */
  const newPage = async (locale = 'en-US', viewport = { width: 1440, height: 900 }) => {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    watchErrors(page, locale);
    return page;
  };

  /** The administrator's tab at `path`. */
  const adminAt = (path: string, options?: OpenOptions) => users.open('admin', path, options);

  /** Waits until every cell has drawn: no skeleton, no chunk loading, no cell busy, no row placeholder. */
  const settled = async (page: Page, cells: number) => {
    await page.locator('.page-renderer').waitFor();
    await expect.poll(() => page.locator('.widget-cell').count(), { timeout: 30_000 }).toBe(cells);
    await expect
      .poll(
        () => page.locator('.widget-loading, .widget-cell .chunk-state, .widget-cell[aria-busy="true"], .table-widget-placeholder').count(),
        { timeout: 30_000 },
      )
      .toBe(0);
    // Charts animate in; let them finish before a picture is taken.
    await pageAtRest(page);
  };

  const expectNoProblems = async (page: Page, where: string) => {
    const problems = await page.locator('.widget-problem').allInnerTexts();
    expect(problems, where).toEqual([]);
  };

  // Many pages in one test: its time limit is generous, as speed is measured by the renderer benchmark.
  it('opens every seeded customer page with all its widgets drawn', { timeout: 240_000 }, async () => {
    expect(customerPages.length).toBe(12);
    const page = await adminAt('/home');
    for (const { key, file } of customerPages) {
      await page.goto(`${t.url}${file.route}`);
      await settled(page, file.config.widgets.filter((w) => !w.visibleIf).length);
      await expectNoProblems(page, file.route!);
      await expect.poll(() => page.locator('h1').first().innerText()).toBe(file.config.title);
      await picture(page, { path: path.join(SCREENSHOTS, `${key}-en.png`), fullPage: true });
    }
    await page.close();
  });

  it('pages the work-order table from the server as it scrolls, and moves through it with the keyboard', async () => {
    const page = await adminAt('/bayer');
    const bayer = customerPages.find((p) => p.file.route === '/bayer')!;
    await settled(page, bayer.file.config.widgets.length);
    const grid = page.locator('[data-widget-id="orders"] [role="grid"]');
    const rowCount = Number(await grid.getAttribute('aria-rowcount'));
    expect(rowCount).toBeGreaterThan(500); // more rows than one block of 200
    const requests: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/dataset/query')) requests.push(request.postDataJSON());
    });
    await grid.evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
    const lastRow = grid.locator(`[role="row"][aria-rowindex="${rowCount}"]`);
    await expect.poll(() => lastRow.locator('[role="gridcell"]').first().innerText(), { timeout: 15_000 }).toMatch(/^\d+$/); // the work order's id, written plain (3806, not 3,806)
    expect(requests).toContainEqual(expect.objectContaining({ dataset: 'work_orders', pageNum: Math.ceil((rowCount - 1) / 200), pageSize: 200 }));

    await grid.evaluate((el) => el.scrollTo({ top: 0 }));
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const active = () => grid.evaluate((el) => document.getElementById(el.getAttribute('aria-activedescendant') ?? '')?.getAttribute('aria-rowindex'));
    await expect.poll(active).toBe('4');
    await page.keyboard.press('End');
    await expect.poll(active).toBe(String(rowCount));

    // Sorting by a column asks the server again with that sort.
    await page.locator('[data-widget-id="orders"]').getByRole('button', { name: 'Cost', exact: true }).click();
    await expect.poll(() => requests.some((r) => JSON.stringify(r).includes('"sort":[{"field":"cost","order":"asc"}]'))).toBe(true);
    await page.close();
  });

  it('draws the pages in Chinese and in Arabic, mirrored right to left', { timeout: 240_000 }, async () => {
    const samples = ['weishitong-2', 'monitoring', 'roche', 'project-dashboard2'];
    for (const locale of looksIn(['zh-CN', 'ar'], ['ar'])) {
      const page = await adminAt('/home', { locale });
      for (const key of samples) {
        const { file } = customerPages.find((p) => p.key === key)!;
        await page.goto(`${t.url}${file.route}`);
        await settled(page, file.config.widgets.length);
        await expectNoProblems(page, `${locale} ${file.route}`);
        await picture(page, { path: path.join(SCREENSHOTS, `${key}-${locale}.png`), fullPage: true });
      }
      // The first KPI of the row (x = 0) reads first: on the left in Chinese, on the right in Arabic.
      await page.goto(`${t.url}/weishitong-2`);
      await settled(page, customerPages.find((p) => p.key === 'weishitong-2')!.file.config.widgets.length);
      const first = (await page.locator('[data-widget-id="occupancy"]').boundingBox())!;
      const last = (await page.locator('[data-widget-id="properties"]').boundingBox())!;
      if (locale === 'ar') expect(first.x).toBeGreaterThan(last.x);
      else expect(first.x).toBeLessThan(last.x);
      await page.close();
    }
  });

  it('stacks the cells in one column on a phone', async () => {
    const page = await adminAt('/home', { viewport: { width: 390, height: 844 } });
    // The sidebar folds away on its own at this width.
    expect(await page.locator('.app-sider').count()).toBe(0);
    const { file } = customerPages.find((p) => p.key === 'monitoring')!;
    await page.goto(`${t.url}/monitoring`);
    await settled(page, file.config.widgets.length);
    const boxes = await page.locator('.widget-cell').evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
    const x = boxes[0]!.x;
    for (const box of boxes) expect(Math.abs(box.x - x)).toBeLessThan(2);
    await picture(page, { path: path.join(SCREENSHOTS, 'monitoring-phone.png'), fullPage: true });
    await page.close();
  });

  it('opens a page an administrator stores at a new route, sanitising its Markdown; other addresses are not found', async () => {
    const token = await t.signIn('admin', NORTHWIND);
    const created = await t.call('POST', `${API}/page/create`, {
      token,
      body: {
        route: '/site-notes',
        kind: 'page',
        published: true,
        config: {
          title: 'Site notes',
          widgets: [
            {
              id: 'notes',
              type: 'markdown',
              grid: { x: 0, y: 0, w: 12, h: 6 },
              props: { content: '## Gate rules\nHard hats **always**. [Weather](https://example.com/weather)\n\n<script>window.injected = 1</script><img src="/x.png" onerror="window.injected = 2">' },
            },
          ],
        },
      },
    });
    expect(created.status).toBe(200);
    const page = await adminAt('/site-notes');
    await settled(page, 1);
    const notes = page.locator('[data-widget-id="notes"]');
    await expect.poll(() => notes.getByRole('heading', { name: 'Gate rules' }).count()).toBe(1);
    expect(await notes.locator('script, [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { injected?: number }).injected)).toBeUndefined();
    const link = notes.getByRole('link', { name: 'Weather' });
    expect([await link.getAttribute('target'), await link.getAttribute('rel')]).toEqual(['_blank', 'noopener noreferrer']);

    await page.goto(`${t.url}/no-such-page`);
    await expect.poll(() => page.getByText('404').count()).toBeGreaterThan(0);
    await page.close();
    // Expected here: Chromium reports the inline handler the policy blocked while the sanitiser
    // parsed the dirty Markdown (it never ran: see `injected`), and the server loader's 404.
    const expected = (e: string) => (e.includes('/site-notes') && e.includes('inline event handler')) || (e.includes('/no-such-page') && /status of 404/.test(e));
    errors.splice(0, errors.length, ...errors.filter((e) => !expected(e)));
  });

  it('shows the published website without signing in', async () => {
    const token = await t.signIn('admin', NORTHWIND);
    const pages = await t.call<PageListItem[]>('GET', `${API}/page/list`, { token });
    const site = pages.body.data.find((p) => p.kind === 'website')!;
    const { file } = seedPages.find((p) => p.file.kind === 'website')!;
    for (const locale of ['en-US', 'ar']) {
      const page = await newPage(locale);
      await page.goto(`${t.url}/website/${site.id}`);
      await settled(page, file.config.widgets.length);
      await expectNoProblems(page, `website ${locale}`);
      expect(new URL(page.url()).pathname).toBe(`/website/${site.id}`);
      expect(await page.locator('.app-layout').count()).toBe(0); // no workspace frame
      await picture(page, { path: path.join(SCREENSHOTS, `website-${locale}.png`), fullPage: true });
      if (locale === 'en-US') {
        // The visitor's filter narrows the stored queries through website/{id}/query.
        const rows = page.locator('[data-widget-id="list"] [role="grid"]');
        const all = Number(await rows.getAttribute('aria-rowcount'));
        const asked = page.waitForRequest((r) => r.url().endsWith(`/website/${site.id}/query`) && (r.postData() ?? '').includes('"value":"office"'));
        await page.locator('[data-widget-id="filters"] .ant-select').click();
        await page.locator('.ant-select-item-option', { hasText: 'Office' }).click();
        await asked;
        await expect.poll(async () => Number(await rows.getAttribute('aria-rowcount'))).toBeLessThan(all);
        expect(new Set(await page.locator('[data-widget-id="list"] [role="gridcell"] .ant-tag').allInnerTexts())).toEqual(new Set(['Office']));
      }
      await page.context().close();
    }
  });

  it('raised no console errors', () => {
    expect(errors).toEqual([]);
  });
});
