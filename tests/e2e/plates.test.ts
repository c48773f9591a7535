import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { BiRelation } from '../../src/core/contracts/bi.ts';
import type { PlateListItem } from '../../src/core/contracts/plates.ts';
import type { PageResult } from '../../src/core/envelope.ts';
import { builtWebDir, launchBrowser, pageAtRest, signInThroughLoginScreen, watchPageProblems } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { textIn } from '../../src/core/local-text.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/plates');
const API = '/proptech_allplan';
const VIEWPORT = { width: 1440, height: 1000 };

/**
 * Analysis plates in real Chromium against the real server: a demo plate opened from the
 * menu draws its components from the form's records, refreshes on demand and on a timer; the
 * plate list searches, creates (through the editor), renames, copies, adds to the menu and
 * deletes with confirmation; the screens in Chinese and Arabic (right to left).
 */
/**
 * Clicks low on the chart's plot, at a few places across it, until a click lands on a bar and
 * the cross-filter banner shows. Each click is given time to take effect first: a second click
 * on a chart that has just drilled in would land on something else.
 */
async function clickABar(page: Page, box: { x: number; y: number; width: number; height: number }): Promise<void> {
  for (const share of [0.5, 0.45, 0.55, 0.4, 0.6]) {
    await page.mouse.click(box.x + box.width * share, box.y + box.height - 60);
    const shown = await page
      .getByTestId('clear-cross-filter')
      .waitFor({ timeout: 3_000 })
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
  }
  throw new Error('no click on the chart landed on a bar');
}

describe('analysis plates in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let admin: string;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, { contextOptions: { viewport: VIEWPORT }, onPage: async (page) => problems.push(await watchPageProblems(page)) });
    admin = await t.signIn('admin', NORTHWIND);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  /** The administrator's tab at `path`. */
  const adminAt = (path: string, locale = 'en-US') => users.open('admin', path, { locale });

  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page);
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  const plates = async () => (await t.call<PageResult<PlateListItem>>('GET', `${API}/board/plate/list`, { token: admin })).body.data.list;

  /** Waits until every component of the plate has drawn (no loading cell left) and none failed. */
  const drawn = async (page: Page) => {
    await page.getByTestId('plate-view').waitFor();
    await page.waitForFunction(() => {
      const cells = [...document.querySelectorAll('[data-widget-state]')];
      return cells.length > 0 && cells.every((cell) => cell.getAttribute('data-widget-state') !== 'loading');
    });
    const states = await page.locator('[data-widget-state]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-widget-state')));
    expect(states.filter((s) => s === 'error' || s === 'invalid')).toEqual([]);
    return states.length;
  };

  it('opens a demo plate from the menu; its components draw, refresh now and on a timer', { timeout: 120_000 }, async () => {
    // A browser of its own whose clock the test moves on, so the 30-second timer is not waited for.
    const context = await browser.newContext({ locale: 'en-US', viewport: VIEWPORT });
    await context.clock.install();
    const page = await context.newPage();
    problems.push(await watchPageProblems(page));
    await signInThroughLoginScreen(page, t.url, 'admin');
    const backlog = (await plates()).find((p) => textIn(p.name, 'en') === 'Maintenance backlog')!;
    await page.getByRole('menuitem', { name: 'Data analysis' }).click();
    const entry = page.getByRole('menuitem', { name: 'Maintenance backlog' });
    await entry.waitFor({ state: 'visible' });
    // The group opens with an animation: let it settle before the click.
    await pageAtRest(page);
    await entry.click();
    await page.waitForURL(`${t.url}/data-analysis-plate/${backlog.id}`);
    expect(await drawn(page)).toBe(backlog.componentCount);
    await expect.poll(() => page.locator('canvas').count()).toBeGreaterThanOrEqual(2);
    await shoot(page, 'view-en');

    const queries: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/dataset/query')) queries.push(request.url());
    });
    await page.getByTestId('plate-refresh').click();
    await expect.poll(() => queries.length).toBeGreaterThanOrEqual(backlog.componentCount - 1);

    const before = queries.length;
    await page.getByTestId('plate-refresh-interval').click();
    await page.locator('.ant-select-item-option[title="Every 30 seconds"]').click();
    // Every query of the refresh has come back before the clock jumps past their time limits.
    await drawn(page);
    await page.clock.fastForward('00:30');
    await expect.poll(() => queries.length, { timeout: 10_000 }).toBeGreaterThan(before);
    await drawn(page);
    expect(problems.flat()).toEqual([]);
    await context.close();
  });

  it('cross-filters the other components from a bar, drills the chart into the month and back up', { timeout: 120_000 }, async () => {
    const backlog = (await plates()).find((p) => textIn(p.name, 'en') === 'Maintenance backlog')!;
    const page = await adminAt(`/data-analysis-plate/${backlog.id}`);
    await drawn(page);
    // The bars have grown to their place before they are clicked.
    await pageAtRest(page);
    const requests = page.locator('[data-widget-id="requests"]');
    const before = await requests.innerText();
    const bodies: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/dataset/query')) bodies.push(request.postData() ?? '');
    });

    // A click low on the plot lands on a stacked bar of some month.
    const canvas = page.locator('[data-widget-id="byMonth"] canvas').first();
    const box = (await canvas.boundingBox())!;
    await clickABar(page, box);
    await page.getByTestId('drill-up-byMonth').waitFor();
    await expect.poll(() => bodies.some((b) => b.includes('"between"') && b.includes('"reportedAt"'))).toBe(true);
    await drawn(page);
    await expect.poll(() => requests.innerText()).not.toBe(before);
    await shoot(page, 'cross-filter-en');

    await page.getByTestId('drill-up-byMonth').click();
    await expect.poll(() => page.getByTestId('drill-up-byMonth').count()).toBe(0);
    await expect.poll(() => page.getByTestId('clear-cross-filter').count()).toBe(0);
    await expect.poll(() => requests.innerText()).toBe(before);

    // "Clear" in the banner also takes the chart back up.
    await clickABar(page, box);
    await page.getByTestId('drill-up-byMonth').waitFor();
    await page.getByTestId('clear-cross-filter').click();
    await expect.poll(() => page.getByTestId('drill-up-byMonth').count()).toBe(0);
    await expect.poll(() => requests.innerText()).toBe(before);
    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('shows values as the form shows them: labels, names, statuses and dates in the reader\'s language; the picked bar stands out', { timeout: 180_000 }, async () => {
    const datasets = (await t.call<{ code: string; name: string }[]>('GET', `${API}/dataset/list`, { token: admin })).body.data;
    const requests = datasets.find((d) => textIn(d.name, 'en') === 'Maintenance request')!.code;
    const config = {
      version: 1,
      title: 'Who reports what',
      widgets: [
        { id: 'records', type: 'table', title: 'Requests', grid: { x: 0, y: 0, w: 24, h: 8 }, props: {}, data: { dataset: requests, pageSize: 50 } },
        { id: 'byPerson', type: 'chart', title: 'By reporter', grid: { x: 0, y: 8, w: 12, h: 8 }, props: { kind: 'bar' }, data: { dataset: requests, dimensions: ['createdBy'], measures: [{ agg: 'count', as: 'requests' }] } },
        { id: 'byBuilding', type: 'chart', title: 'By building', grid: { x: 12, y: 8, w: 12, h: 8 }, props: { kind: 'pie' }, data: { dataset: requests, dimensions: ['building'], measures: [{ agg: 'count' }] } },
      ],
    };
    const created = await t.call<{ id: number }>('POST', `${API}/board/plate/create`, { token: admin, body: { name: 'Who reports what', config } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const plate = `/data-analysis-plate/${created.body.data.id}`;
    const ISO_INSTANT = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

    // The demo plate's table names its buildings as the form does, as the chart beside it does.
    const backlog = (await plates()).find((p) => textIn(p.name, 'en') === 'Maintenance backlog')!;
    const demo = await adminAt(`/data-analysis-plate/${backlog.id}`);
    await drawn(demo);
    const byBuilding = await demo.locator('[data-widget-id="byBuilding"]').innerText();
    expect(byBuilding).toContain('Eastgate Mall');
    expect(byBuilding).not.toMatch(/\beastgate\b|\bharbourview\b/);
    await demo.close();

    const chartSummary = (page: Page, id: string) => page.locator(`[data-widget-id="${id}"] .chart-widget-canvas`).getAttribute('aria-label');
    // The demo's buildings are choices labelled in every language: each reader sees theirs.
    const buildings = {
      en: /Eastgate Mall|Harbourview Plaza|Northwind Tower|Riverside Apartments/,
      'zh-CN': /东门商场|港景广场|北风大厦|河畔公寓/,
      ar: /مول البوابة الشرقية|بلازا إطلالة الميناء|برج نورثويند|شقق ضفة النهر/,
    };
    for (const [locale, suffix, created_, createdBy, approved, names] of [
      ['en-US', 'en', 'Created', 'Created by', 'Approved', /Alice Chen|Bob Li/],
      ['zh-CN', 'zh-CN', '创建时间', '创建人', '已通过', /Alice Chen|Bob Li/],
      ['ar', 'ar', null, null, null, /Alice Chen|Bob Li/],
    ] as const) {
      const page = await users.open('admin', plate, { locale, viewport: { width: 1440, height: 900 } });
      await drawn(page);
      const table = page.locator('[data-widget-id="records"]');
      const head = await table.locator('[role="columnheader"]').allInnerTexts();
      const body = await table.locator('[role="rowgroup"]').innerText();
      // Field labels, never keys; names, never ids; statuses in words; dates, never ISO instants.
      expect(head.join('|')).not.toMatch(/createTime|createdBy|updateTime|reportedAt\b/);
      if (created_) expect(head).toEqual(expect.arrayContaining([created_, createdBy]));
      expect(body).toMatch(names);
      expect(body).not.toMatch(ISO_INSTANT);
      expect(body).not.toMatch(/\b(approved|harbourview|eastgate)\b/);
      if (approved) expect(body).toContain(approved);
      if (suffix === 'en') expect(body).toMatch(/[A-Z][a-z]{2} \d{1,2}, 20\d\d \d\d:\d\d/);
      else expect(body).toMatch(/20\d\d-\d{2}-\d{2} \d{2}:\d{2}/);
      expect(await chartSummary(page, 'byPerson')).toMatch(names);
      expect(await chartSummary(page, 'byBuilding')).toMatch(buildings[suffix]);
      await shoot(page, `values-${suffix}`);
      await page.close();
    }

    // The picked bar stands out among the others, and the banner names it as the chart does.
    const page = await adminAt(plate);
    await drawn(page);
    await pageAtRest(page);
    const box = (await page.locator('[data-widget-id="byPerson"] canvas').first().boundingBox())!;
    for (const share of [0.5, 0.3, 0.7, 0.2, 0.8, 0.4, 0.6]) {
      await page.mouse.click(box.x + box.width * share, box.y + box.height - 60);
      if (await page.getByTestId('clear-cross-filter').isVisible()) break;
    }
    await page.getByTestId('clear-cross-filter').waitFor();
    const picked = await page.locator('[data-widget-id="byPerson"] .chart-widget').getAttribute('data-picked');
    expect(picked).toMatch(/Alice Chen|Bob Li|Ada Admin/);
    await drawn(page);
    await shoot(page, 'values-picked-en');
    await page.getByTestId('clear-cross-filter').click();
    await expect.poll(() => page.locator('[data-widget-id="byPerson"] .chart-widget').getAttribute('data-picked')).toBeNull();
    await page.close();

    // The table on a phone.
    const phone = await users.open('admin', plate, { viewport: { width: 390, height: 844 } });
    await drawn(phone);
    expect(await phone.locator('[data-widget-id="records"] [role="rowgroup"]').innerText()).not.toMatch(ISO_INSTANT);
    await shoot(phone, 'values-phone-en');
    await phone.close();
    // The plate list the next test counts is the demo's again.
    expect((await t.call('POST', `${API}/board/plate/delete`, { token: admin, body: { id: created.body.data.id } })).status).toBe(200);
    expect(problems.flat()).toEqual([]);
  });

  it('downloads a component\'s data as CSV and a chart as PNG', { timeout: 120_000 }, async () => {
    const backlog = (await plates()).find((p) => textIn(p.name, 'en') === 'Maintenance backlog')!;
    const page = await adminAt(`/data-analysis-plate/${backlog.id}`);
    await drawn(page);

    await page.getByTestId('export-byBuilding').click();
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Data as CSV' }).click()]);
    expect(csv.suggestedFilename()).toBe('Backlog by building.csv');
    const text = fs.readFileSync(await csv.path(), 'utf8');
    const lines = text.replace(/^\ufeff/, '').trim().split('\r\n');
    expect(lines[0]).toBe('building,requests,spent,average');
    expect(lines.length).toBe(5);

    await page.getByTestId('export-byCategory').click();
    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Chart as PNG' }).click()]);
    expect(png.suggestedFilename()).toBe('By category.png');
    const bytes = fs.readFileSync(await png.path());
    expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(bytes.length).toBeGreaterThan(5_000);
    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('searches, creates, renames, copies, adds to the menu and deletes with confirmation', { timeout: 120_000 }, async () => {
    const page = await adminAt('/dataAnalysisPlate');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(2);
    await shoot(page, 'list-en');

    await page.getByTestId('plate-search').locator('input').fill('scores');
    await page.getByTestId('plate-search').locator('input').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await expect.poll(() => page.locator('.ant-table-row').first().textContent()).toContain('Fire safety inspections');
    await page.getByTestId('plate-search').locator('input').fill('');
    await page.getByTestId('plate-search').locator('input').press('Enter');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(2);

    // "New plate" opens the editor; its first save stores the plate.
    await page.getByTestId('create-plate').click();
    await page.waitForURL(`${t.url}/dataAnalysisPlate/CreatePlate`);
    await page.getByTestId('plate-name').fill('Weekly review');
    await page.getByTestId('plate-save').click();
    await page.waitForURL(/\/dataAnalysisPlate\/EditPlate\?id=\d+$/);
    await page.getByRole('button', { name: 'All plates' }).click();
    await page.waitForURL(`${t.url}/dataAnalysisPlate`);
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(3);
    const created = (await plates()).find((p) => textIn(p.name, 'en') === 'Weekly review')!;
    expect(created.componentCount).toBe(0);

    await page.getByTestId(`rename-${created.id}`).click();
    await page.getByTestId('plate-name').fill('Weekly maintenance review');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await plates()).find((p) => p.id === created.id)?.name).toBe('Weekly maintenance review');
    // The list's one dialog closes once the answer is in; the next is opened after that, as a user would.
    await page.getByTestId('plate-name').waitFor({ state: 'detached' });

    const backlog = (await plates()).find((p) => textIn(p.name, 'en') === 'Maintenance backlog')!;
    await page.getByTestId(`copy-${backlog.id}`).click();
    expect(await page.getByTestId('plate-name').inputValue()).toBe('Maintenance backlog (copy)');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await plates()).some((p) => textIn(p.name, 'en') === 'Maintenance backlog (copy)')).toBe(true);
    await page.getByTestId('plate-name').waitFor({ state: 'detached' });
    const copy = (await plates()).find((p) => textIn(p.name, 'en') === 'Maintenance backlog (copy)')!;
    expect(copy.componentCount).toBe(backlog.componentCount);

    await page.getByTestId(`publish-${created.id}`).click();
    await page.getByTestId('plate-menu-parent').click();
    // The tree's dropdown opens with an animation: a click before it settles can miss the node.
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree').waitFor();
    await pageAtRest(page);
    await page.locator('.ant-select-tree-node-content-wrapper', { hasText: 'Data analysis' }).first().click();
    await expect.poll(() => page.getByRole('dialog').locator('.ant-select').first().innerText()).toContain('Data analysis');
    await shoot(page, 'publish-en');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await plates()).find((p) => p.id === created.id)?.resourceId ?? null).not.toBeNull();
    // The menu follows at once, without a reload: the entry shows in the open "Data analysis" group.
    const entry = page.getByRole('menuitem', { name: 'Weekly maintenance review' });
    await entry.waitFor({ state: 'visible' });
    await pageAtRest(page);
    await entry.click();
    await page.waitForURL(`${t.url}/data-analysis-plate/${created.id}`);
    await page.locator('.page-renderer-empty').waitFor();

    await page.goto(`${t.url}/dataAnalysisPlate`);
    await page.getByTestId(`delete-${copy.id}`).click();
    await page.locator('.ant-modal-confirm-title', { hasText: 'Delete "Maintenance backlog (copy)"?' }).waitFor();
    await shoot(page, 'delete-en');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(async () => (await plates()).some((p) => p.id === copy.id)).toBe(false);
    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('shows the list and a plate in Chinese and Arabic (screenshots)', { timeout: 120_000 }, async () => {
    const fire = (await plates()).find((p) => textIn(p.name, 'en') === 'Fire safety inspections')!;
    // A plate not in the menu yet, for the publish dialog.
    const detail = await t.call<{ config: Record<string, unknown> }>('GET', `${API}/board/plate/detail?id=${fire.id}`, { token: admin });
    const unlisted = await t.call<{ id: number }>('POST', `${API}/board/plate/create`, { token: admin, body: { name: 'Unlisted inspections', config: detail.body.data.config } });
    expect(unlisted.status).toBe(200);
    for (const [locale, suffix, dir, dataAnalysis] of looksIn([['zh-CN', 'zh-CN', 'ltr', '数据分析'], ['ar', 'ar', 'rtl', 'تحليل البيانات']] as const, [['ar', 'ar', 'rtl', 'تحليل البيانات']] as const)) {
      const page = await adminAt('/dataAnalysisPlate', locale);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
      await page.locator('.ant-table-row').first().waitFor();
      await shoot(page, `list-${suffix}`);
      // The publish dialog with its menu tree open, branches expanded.
      await page.getByTestId(`publish-${unlisted.body.data.id}`).click();
      await page.getByTestId('plate-menu-parent').click();
      await page.locator('.ant-select-tree-node-content-wrapper').nth(1).waitFor();
      // Seeded menu entries are named in the page's language, as in the side menu.
      await page.locator('.ant-select-tree-node-content-wrapper', { hasText: dataAnalysis }).first().waitFor();
      await shoot(page, `publish-${suffix}`);
      await page.goto(`${t.url}/data-analysis-plate/${fire.id}`);
      await drawn(page);
      await shoot(page, `view-${suffix}`);
      await page.close();
    }
    expect(problems.flat()).toEqual([]);
  });

  it('answers an unknown plate with its own screen', async () => {
    const page = await adminAt('/data-analysis-plate/999999');
    await page.getByText('This plate does not exist, or it was deleted.').waitFor();
    await page.close();
  });

  it('follows the BI settings: an administrator picks the dark theme, a palette and an auto-refresh; plates open with them', { timeout: 120_000 }, async () => {
    const page = await adminAt('/appSetting/bi');
    const pageProblems = problems.at(-1)!;
    await page.getByTestId('bi-theme').getByText('Dark').click();
    await page.getByTestId('bi-add-color').click();
    await page.getByTestId('bi-refresh').click();
    await page.locator('.ant-select-item-option[title="Every 5 minutes"]').click();
    await page.getByTestId('bi-save').click();
    await page.getByText('BI settings saved').waitFor();
    await shoot(page, 'bi-settings-en');
    const stored = (await t.call<{ theme: string; palette: string[]; defaultRefresh: number; revision: number }>('GET', `${API}/bi/setting`, { token: admin })).body.data;
    expect(stored).toMatchObject({ theme: 'dark', defaultRefresh: 300 });
    expect(stored.palette.length).toBe(6);

    const backlog = (await plates()).find((p) => textIn(p.name, 'en') === 'Maintenance backlog')!;
    await page.goto(`${t.url}/data-analysis-plate/${backlog.id}`);
    await drawn(page);
    expect(await page.locator('.plate-theme-dark').count()).toBe(1);
    expect(await page.getByTestId('plate-refresh-interval').innerText()).toBe('Every 5 minutes');
    await shoot(page, 'view-dark-en');

    // Back to the defaults for whatever runs next.
    await t.call('POST', `${API}/bi/setting/update`, { token: admin, body: { theme: 'light', palette: [], defaultRefresh: 0, revision: stored.revision } });
    expect(pageProblems).toEqual([]);
    await page.close();
  });

  it('registers a SQL view in the BI settings: a refused one says why, a good one previews its rows, is saved and lists as a dataset', { timeout: 120_000 }, async () => {
    const page = await adminAt('/appSetting/bi');
    const pageProblems = problems.at(-1)!;
    const relations = (await t.call<BiRelation[]>('GET', `${API}/bi/view/relations`, { token: admin })).body.data;
    const maintenance = relations.find((r) => textIn(r.title, 'en') === 'Maintenance request')!.name;
    await page.getByTestId('bi-views').waitFor();
    await page.getByTestId('bi-view-add').click();
    await page.getByTestId('bi-view-name').fill('Requests per building');
    const editor = page.getByTestId('bi-view-sql').locator('.cm-content');
    const typeSql = async (text: string) => {
      await editor.click();
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText(text);
    };
    await typeSql('select username, count(*) as n from app_user group by username');
    await page.getByTestId('bi-view-check').click();
    await expect.poll(() => page.getByTestId('bi-view-problem').innerText()).toContain('app_user is not a relation');

    await typeSql(`select building, count(*) as requests, min("reportedAt") as first_reported\nfrom ${maintenance}\ngroup by building\norder by requests desc`);
    await page.getByTestId('bi-view-check').click();
    const preview = page.getByTestId('bi-view-preview');
    await preview.waitFor();
    expect(await preview.locator('thead th').allInnerTexts()).toEqual(['building text', 'requests whole number', 'first_reported date and time']);
    expect(await preview.locator('tbody tr').count()).toBeGreaterThan(1);
    await page.locator('.bi-view-relation summary').first().click();
    await shoot(page, 'bi-view-editor-en');
    await page.getByTestId('bi-view-save').click();
    await page.getByText('View “Requests per building” saved').waitFor();
    const row = page.getByTestId('bi-views').locator('tbody tr', { hasText: 'Requests per building' });
    await row.waitFor();
    expect(await row.innerText()).toContain(maintenance);
    await shoot(page, 'bi-views-en');

    const datasets = (await t.call<{ code: string; name: string; rowCount: number | null }[]>('GET', `${API}/dataset/list`, { token: admin })).body.data;
    const view = datasets.find((d) => d.name === 'Requests per building')!;
    expect(view.rowCount).toBeNull();
    const total = await t.call<{ rows: { sum_requests: number }[] }>('POST', `${API}/dataset/query`, { token: admin, body: { dataset: view.code, measures: [{ agg: 'sum', field: 'requests' }] } });
    const records = await t.call<{ rows: { count: number }[] }>('POST', `${API}/dataset/query`, { token: admin, body: { dataset: maintenance, measures: [{ agg: 'count' }] } });
    expect(total.body.data.rows[0]!.sum_requests).toBe(records.body.data.rows[0]!.count);

    // The refused check is the one failed request the console shows.
    expect(pageProblems.filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    await page.close();

    // The same screen in Arabic, right to left, the SQL still left to right.
    const arabic = await adminAt('/appSetting/bi', 'ar');
    await arabic.getByTestId('bi-views').locator('tbody tr').first().waitFor();
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await shoot(arabic, 'bi-views-ar');
    await arabic.getByTestId('bi-views').locator('tbody tr').first().getByRole('button').first().click();
    await arabic.getByTestId('bi-view-preview').or(arabic.getByTestId('bi-view-sql').locator('.cm-content')).first().waitFor();
    expect(await arabic.getByTestId('bi-view-sql').locator('.code-editor').getAttribute('dir')).toBe('ltr');
    await shoot(arabic, 'bi-view-editor-ar');
    expect(problems.at(-1)).toEqual([]);
    await arabic.close();
  });
});
