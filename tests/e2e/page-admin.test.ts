import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PageListItem } from '../../src/core/contracts/page.ts';
import type { MenuNode } from '../../src/core/entities.ts';
import { flattenTree } from '../../src/core/menu-tree.ts';
import { treeCheckbox } from '../helpers/antd-tree.ts';
import { builtWebDir, launchBrowser, pageAtRest, watchPageProblems } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/page-admin');
const API = '/proptech_allplan';

/** The page the administrator writes: a text, a KPI, a chart and a table over the demo work orders. */
const plantRoom = (kpiProps: Record<string, unknown> = { format: { compact: true } }) => ({
  title: 'Plant room',
  widgets: [
    { id: 'intro', type: 'markdown', grid: { x: 0, y: 0, w: 24, h: 2 }, props: { content: 'Open work orders of the plant rooms.' } },
    {
      id: 'open',
      type: 'kpi',
      title: 'Open work orders',
      grid: { x: 0, y: 2, w: 8, h: 4 },
      props: kpiProps,
      data: { dataset: 'work_orders', measures: [{ agg: 'count' }], filters: [{ field: 'status', op: 'ne', value: 'closed' }] },
    },
    {
      id: 'byCategory',
      type: 'chart',
      title: 'By category',
      grid: { x: 8, y: 2, w: 16, h: 8 },
      props: { kind: 'bar', x: 'category', series: [{ field: 'count' }] },
      data: { dataset: 'work_orders', dimensions: ['category'], measures: [{ agg: 'count' }] },
    },
    {
      id: 'latest',
      type: 'table',
      title: 'Latest work orders',
      grid: { x: 0, y: 10, w: 24, h: 8 },
      props: { columns: [{ field: 'no' }, { field: 'building' }, { field: 'status', type: 'tag' }] },
      data: { dataset: 'work_orders', sort: [{ field: 'no', order: 'desc' }], pageSize: 20 },
    },
  ],
});
const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Page administration in real Chromium against the real server: an administrator writes a
 * page as JSON (the problem list reacting to a bad property first), routes it into the menu,
 * grants the entry to alice's role; alice finds it in her menu and its widgets draw with
 * data; the page is edited from itself, then deleted, and its address is gone.
 */
describe('page administration in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  /** Console errors, uncaught errors and policy violations of every page opened. */
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, { onPage: async (page) => problems.push(await watchPageProblems(page)) });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  /** Replaces the editor's text, as a paste does. */
  const pasteConfig = async (page: Page, text: string) => {
    await page.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(text);
  };

  const problemButtons = (page: Page) => page.getByTestId('page-problems').locator('button');

  /** Waits until every cell of the page has drawn its data. */
  const settled = async (scope: Page, root: string, cells: number) => {
    await expect.poll(() => scope.locator(`${root} .widget-cell`).count(), { timeout: 30_000 }).toBe(cells);
    await expect
      .poll(() => scope.locator(`${root} .widget-loading, ${root} .widget-cell[aria-busy="true"], ${root} .table-widget-placeholder`).count(), { timeout: 30_000 })
      .toBe(0);
    expect(await scope.locator(`${root} .widget-problem`).allInnerTexts()).toEqual([]);
  };

  /** A picture of the window, or of the whole page (`fullPage`), whose resize the grid would still be following. */
  const shoot = async (page: Page, name: string, fullPage = false) => {
    if (!PICTURES) return;
    await pageAtRest(page); // charts animate in, dialogs settle
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage });
  };

  it('admin writes a page as JSON and routes it into a role’s menu; alice opens it; once deleted its address is gone', { timeout: 180_000 }, async () => {
    const admin = await users.open('admin');
    // The editor runs under the app's script and style policy; a violation would be a console error.
    const listed = await admin.goto(`${t.url}/pageManage`);
    expect(listed?.headers()['content-security-policy']).toContain("script-src 'self'");
    await admin.locator('.ant-table-row').first().waitFor();
    await admin.getByTestId('create-page').click();
    await admin.waitForURL(`${t.url}/pageManage/edit/new`);
    await admin.locator('.cm-content').waitFor();

    // A property the KPI does not have: the problem list names it and its line, and takes the cursor there.
    const bad = json(plantRoom({ colour: 'red' }));
    await pasteConfig(admin, bad);
    const badLine = bad.split('\n').findIndex((line) => line.includes('"colour"')) + 1;
    await expect.poll(() => problemButtons(admin).count()).toBe(1);
    // A sentence naming the part, not the schema's words: `widgets[1].props.colour: is not an allowed field`.
    expect(await problemButtons(admin).innerText()).toMatch(new RegExp(`^Line ${badLine}\\s*colour is not a setting here\\.$`));
    await admin.locator('.cm-lint-marker-error').first().waitFor();
    await problemButtons(admin).first().click();
    await expect.poll(() => admin.locator('.cm-activeLine').innerText()).toContain('"colour": "red"');

    // The good config: no problems, and the preview draws every widget with data.
    await pasteConfig(admin, json(plantRoom()));
    await admin.getByText('No problems found').waitFor();
    await settled(admin, '[data-testid="page-preview"]', 4);
    await shoot(admin, 'editor-new-en');

    // A route another page has: the server's refusal shows under the route field.
    await admin.getByLabel('Address').fill('/roche');
    await admin.getByLabel('Published').click();
    await admin.getByLabel('Menu entry').click();
    await admin.getByTestId('menu-parent').click();
    await admin.keyboard.type('Administration');
    await admin.locator('.ant-select-tree-title', { hasText: /^Administration$/ }).click();
    const refused = admin.waitForResponse((response) => response.url().endsWith(`${API}/page/create`));
    await admin.getByTestId('save-page').click();
    expect((await refused).status()).toBe(409);
    await admin.getByText('Another page already answers at /roche').waitFor();

    await admin.getByLabel('Address').fill('/plant-room');
    const created = admin.waitForResponse((response) => response.url().endsWith(`${API}/page/create`));
    await admin.getByTestId('save-page').click();
    expect((await created).status()).toBe(200);
    await admin.waitForURL(/\/pageManage\/edit\/\d+$/);
    const pageId = Number(admin.url().split('/').pop());
    const token = await t.signIn('admin', NORTHWIND);
    const entry = flattenTree((await t.call<MenuNode[]>('GET', `${API}/resource/current/tree`, { token })).body.data).find((n) => n.route === '/plant-room');
    expect(entry).toMatchObject({ title: 'Plant room', type: 'MENU' });

    // alice's role does not grant the Administration menu: the administrator ticks the new entry for it.
    await admin.goto(`${t.url}/authorize/roleManage`);
    await admin.getByTestId('role-member').click();
    await expect.poll(() => admin.getByTestId('role-member').getAttribute('aria-current')).toBe('true');
    const tree = admin.locator('.admin-tree');
    await tree.getByRole('searchbox').fill('Plant room');
    await treeCheckbox(tree, 'Plant room').click();
    const granted = admin.waitForResponse((response) => response.url().endsWith(`${API}/role/grant`));
    await admin.getByTestId('save-resources').click();
    expect((await granted).status()).toBe(200);

    // alice, in a new session, finds the entry in her menu and the page draws with data.
    const alice = await users.open('alice');
    await alice.getByRole('menuitem', { name: 'Administration' }).click();
    await alice.getByRole('menuitem', { name: 'Plant room' }).click();
    await alice.waitForURL(`${t.url}/plant-room`);
    await settled(alice, '.page-renderer', 4);
    expect(await alice.locator('[data-widget-id="open"]').innerText()).toMatch(/\d/);
    expect(await alice.locator('[data-widget-id="latest"] [role="row"]').count()).toBeGreaterThan(3);
    await shoot(alice, 'alice-page-en', true);

    // The administrator edits the page from itself; leaving with unsaved text asks first.
    await admin.goto(`${t.url}/plant-room`);
    await settled(admin, '.page-renderer', 4);
    await admin.getByTestId('edit-page').click();
    await admin.waitForURL(`${t.url}/pageManage/edit/${pageId}?from=%2Fplant-room`);
    await admin.locator('.cm-content').waitFor();
    await pasteConfig(admin, json({ ...plantRoom(), title: 'Plant room (north)' }));
    await admin.getByRole('link', { name: 'Back to the page' }).click();
    await admin.getByRole('button', { name: 'Stay' }).click();
    expect(admin.url()).toContain(`/pageManage/edit/${pageId}`);
    const updated = admin.waitForResponse((response) => response.url().endsWith(`${API}/page/update`));
    await admin.getByTestId('save-page').click();
    expect((await updated).status()).toBe(200);
    await admin.getByRole('link', { name: 'Back to the page' }).click();
    await admin.waitForURL(`${t.url}/plant-room`);
    await expect.poll(() => admin.locator('h1').innerText()).toBe('Plant room (north)');

    // Deleted from the list: its menu entry goes with it, and alice's address answers not found.
    await admin.goto(`${t.url}/pageManage`);
    await admin.getByRole('button', { name: 'Delete the page Plant room (north)?' }).click();
    const deleted = admin.waitForResponse((response) => response.url().endsWith(`${API}/page/delete`));
    await admin.locator('.ant-modal-confirm').getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await expect.poll(() => admin.locator('.ant-table-row', { hasText: 'Plant room' }).count()).toBe(0);
    const list = await t.call<PageListItem[]>('GET', `${API}/page/list`, { token });
    expect(list.body.data.map((p) => p.id)).not.toContain(pageId);
    const after = flattenTree((await t.call<MenuNode[]>('GET', `${API}/resource/current/tree`, { token })).body.data);
    expect(after.some((n) => n.id === entry!.id)).toBe(false);

    const gone = alice.waitForResponse((response) => response.url().includes(`${API}/serverLoader`));
    await alice.reload();
    expect((await gone).status()).toBe(404);
    await alice.getByText('the page you visited does not exist').waitFor();
    await admin.close();
    await alice.close();
  });

  it('keeps the keyboard free: Tab leaves the JSON editor', async () => {
    const page = await users.open('admin', '/pageManage/edit/new');
    await page.locator('.cm-content').click();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('.cm-editor'))).toBe(false);
    await page.close();
  });

  it('shows the list and the editor in English, Chinese and Arabic (screenshots)', { timeout: 180_000 }, async () => {
    const token = await t.signIn('admin', NORTHWIND);
    const roche = (await t.call<PageListItem[]>('GET', `${API}/page/list`, { token })).body.data.find((p) => p.route === '/roche')!;
    const languages = [
      ['en-US', 'en', 'ltr'],
      ['zh-CN', 'zh-CN', 'ltr'],
      ['ar', 'ar', 'rtl'],
    ] as const;
    for (const [locale, suffix, dir] of looksIn(languages, languages.filter(([each]) => each !== 'zh-CN'))) {
      // Tall enough for the editor, its problems and the preview in one picture.
      const page = await users.open('admin', '/pageManage', { locale, viewport: { width: 1440, height: 1400 } });
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
      await page.locator('.ant-table-row').first().waitFor();
      await shoot(page, `list-${suffix}`, true);

      await page.goto(`${t.url}/pageManage/edit/${roche.id}`);
      await page.locator('.cm-content').waitFor();
      await settled(page, '[data-testid="page-preview"]', await page.locator('[data-testid="page-preview"] .widget-cell').count());
      // One line made wrong, so the problem list and the marks show.
      await page.locator('.cm-content').click();
      await page.keyboard.press('ControlOrMeta+Home');
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('End');
      await page.keyboard.insertText('\n  "colour": "red",');
      await problemButtons(page).first().waitFor();
      // The JSON itself reads left to right in every language.
      expect(await page.locator('.cm-editor').evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
      await page.locator('.page-admin-editor').evaluate((el) => el.scrollIntoView());
      await shoot(page, `editor-${suffix}`);
      await page.close();
    }
  });

  it('raised no page or console errors and broke no script or style policy', () => {
    // Refused saves and the deleted page's address answer 4xx on purpose.
    expect(problems.flat().filter((problem) => !/status of 40[349]/.test(problem))).toEqual([]);
  });
});
