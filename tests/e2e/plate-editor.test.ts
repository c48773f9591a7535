import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { PlateDetail } from '../../src/core/contracts/plates.ts';
import type { DatasetInfo } from '../../src/core/query/query-spec.ts';
import { builtWebDir, launchBrowser, pageAtRest, watchPageProblems } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { textIn } from '../../src/core/local-text.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/plate-editor');
const API = '/proptech_allplan';

/**
 * The plate editor in real Chromium against the real server: a plate of four components over
 * the maintenance requests is built from the palette (dragged, clicked and chosen with the
 * keyboard), each component set up on its settings screen with a live preview, saved, opened,
 * cross-filtered and drilled into; undo, redo, the medium layout and the unsaved-change
 * question; the editor in Chinese and Arabic.
 */
describe('plate editor in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let admin: string;
  let requests: DatasetInfo;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, {
      contextOptions: { viewport: { width: 1500, height: 1000 } },
      onPage: async (page) => problems.push(await watchPageProblems(page)),
    });
    admin = await t.signIn('admin', NORTHWIND);
    const datasets = (await t.call<DatasetInfo[]>('GET', `${API}/dataset/list`, { token: admin })).body.data;
    requests = datasets.find((d) => textIn(d.name, 'en') === 'Maintenance request')!;
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

  /** Picks the option of an antd select that holds `option`, typing it first where the select searches (its list is virtual). */
  const choose = async (page: Page, select: ReturnType<Page['locator']>, option: string) => {
    await select.click();
    if ((await select.getAttribute('class'))?.includes('ant-select-show-search')) await select.locator('input').fill(option);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
  };

  /** Waits until every cell under `scope` has its data (none loading) and none failed. */
  const settled = async (page: Page, scope: string) => {
    await page.waitForFunction((selector) => {
      const cells = [...document.querySelectorAll(`${selector} [data-widget-state]`)];
      return cells.length > 0 && cells.every((cell) => cell.getAttribute('data-widget-state') !== 'loading');
    }, scope);
    const states = await page.locator(`${scope} [data-widget-state]`).evaluateAll((cells) => cells.map((c) => c.getAttribute('data-widget-state')));
    expect(states.filter((s) => s === 'error' || s === 'invalid')).toEqual([]);
    return states;
  };

  const openSettings = async (page: Page, id: string) => {
    await page.getByTestId(`component-settings-${id}`).click();
    await page.waitForURL(`${t.url}/dataAnalysisPlate/ComponentSet`);
    await page.getByTestId('component-set').waitFor();
  };

  const done = async (page: Page) => {
    await page.getByTestId('component-set-done').click();
    await page.getByTestId('plate-editor').waitFor();
  };

  it('builds a plate of four components over a form, saves it, opens it, cross-filters and drills down', { timeout: 180_000 }, async () => {
    const page = await adminAt('/dataAnalysisPlate');
    await page.getByTestId('create-plate').click();
    await page.waitForURL(`${t.url}/dataAnalysisPlate/CreatePlate`);
    await page.getByTestId('plate-name').fill('Requests overview');

    // 1. A bar chart dragged from the palette onto the canvas, then bound to the requests by building.
    await page.getByTestId('palette-bar').dragTo(page.getByTestId('plate-canvas'), { targetPosition: { x: 60, y: 60 } });
    await page.locator('[data-component-id="bar1"]').waitFor();
    await openSettings(page, 'bar1');
    // The sources are named as their forms are, each with its technical name as a hint.
    await page.getByTestId('component-source').click();
    const source = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: 'Maintenance request' }).first();
    expect(await source.innerText()).toContain(requests.code);
    await page.keyboard.press('Escape');
    await choose(page, page.getByTestId('component-source'), 'Maintenance request');
    // A narrow picker opens as wide as its options: none is cut short.
    await page.getByTestId('dimension-0').locator('.ant-select').first().click();
    const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option-content');
    await options.first().waitFor();
    await shoot(page, 'field-picker-en');
    expect(await options.evaluateAll((cells) => cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent))).toEqual([]);
    await page.keyboard.press('Escape');
    await choose(page, page.getByTestId('dimension-0').locator('.ant-select').first(), '(building)');
    await page.getByRole('tab', { name: 'Look' }).click();
    await page.getByTestId('component-title').fill('Requests by building');
    await expect.poll(() => page.getByTestId('component-result').locator('.ant-table-row').count()).toBe(4);
    await settled(page, '[data-testid="component-preview"]');
    await shoot(page, 'component-set-en');
    await done(page);

    // 2. A KPI card by a click: it starts on the source the plate already uses.
    await page.getByTestId('palette-kpi').click();
    await page.locator('[data-component-id="kpi1"]').waitFor();
    await openSettings(page, 'kpi1');
    expect(await page.getByTestId('component-source').innerText()).toContain('Maintenance request');
    await page.getByRole('tab', { name: 'Look' }).click();
    await page.getByTestId('component-title').fill('Requests');
    await done(page);

    // 3. A bar chart by month, chosen with the keyboard.
    await page.getByTestId('palette-bar').focus();
    await page.keyboard.press('Enter');
    await page.locator('[data-component-id="bar2"]').waitFor();
    await openSettings(page, 'bar2');
    await choose(page, page.getByTestId('dimension-0').locator('.ant-select').first(), '(reportedAt)');
    await choose(page, page.getByTestId('dimension-0').locator('.ant-select').nth(1), 'Month');
    // In time order, every month: the sort picker names the grouping by its field's title and step.
    await choose(page, page.getByTestId('sort-0').locator('.ant-select').first(), ' · Month');
    await choose(page, page.getByTestId('sort-0').locator('.ant-select').nth(1), 'Ascending');
    await page.getByTestId('component-limit').fill('');
    await page.getByRole('tab', { name: 'Look' }).click();
    await page.getByTestId('component-title').fill('Requests by month');
    await expect.poll(() => page.getByTestId('component-result').locator('.ant-table-row').count()).toBeGreaterThan(6);
    await done(page);

    // 4. A pie of the priorities, with a sum measure added beside the count.
    await page.getByTestId('palette-pie').click();
    await openSettings(page, 'pie1');
    await choose(page, page.getByTestId('dimension-0').locator('.ant-select').first(), '(priority)');
    await page.getByRole('tab', { name: 'Look' }).click();
    await page.getByTestId('component-title').fill('By priority');
    await done(page);
    expect(await page.locator('.plate-canvas-item').count()).toBe(4);
    await settled(page, '[data-testid="plate-canvas"]');

    // The keyboard moves a component; undo and redo take it back and forth.
    const kpi = page.locator('[data-component-id="kpi1"]');
    const before = await kpi.getAttribute('aria-label');
    await kpi.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => kpi.getAttribute('aria-label')).not.toBe(before);
    await page.getByTestId('plate-undo').click();
    await expect.poll(() => kpi.getAttribute('aria-label')).toBe(before);
    await page.getByTestId('plate-redo').click();
    await expect.poll(() => kpi.getAttribute('aria-label')).not.toBe(before);
    await page.getByTestId('plate-undo').click();
    await shoot(page, 'editor-en');

    await page.getByTestId('plate-save').click();
    await page.waitForURL(/\/dataAnalysisPlate\/EditPlate\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    const saved = (await t.call<PlateDetail>('GET', `${API}/board/plate/detail?id=${id}`, { token: admin })).body.data;
    expect(saved.name).toBe('Requests overview');
    expect(saved.config.widgets.map((w) => [w.id, w.type, w.title, w.data?.dataset])).toEqual([
      ['bar1', 'chart', 'Requests by building', requests.code],
      ['kpi1', 'kpi', 'Requests', requests.code],
      ['bar2', 'chart', 'Requests by month', requests.code],
      ['pie1', 'chart', 'By priority', requests.code],
    ]);
    // Each landed at its kind's size: bars at half the plate, a KPI card small, a pie as wide as high.
    expect(saved.config.widgets.map((w) => `${w.id} ${w.grid.w}×${w.grid.h}`)).toEqual(['bar1 12×8', 'kpi1 6×4', 'bar2 12×8', 'pie1 6×8']);
    expect(saved.config.widgets[0]!.data!.dimensions).toEqual(['building']);
    expect(saved.config.widgets[2]!.data!.dimensions).toEqual(['reportedAt:month']);
    expect(saved.config.widgets[2]!.data!.limit).toBeUndefined();
    expect(saved.config.widgets[2]!.data!.sort).toEqual([{ field: 'reportedAt:month', order: 'asc' }]);

    // Opened as its viewers see it: a click on a bar narrows the others, a month drills into weeks.
    await page.getByRole('button', { name: 'Open plate' }).click();
    await page.waitForURL(`${t.url}/data-analysis-plate/${id}`);
    await settled(page, '[data-testid="plate-view"]');
    // The bars have grown to their place before they are clicked.
    await pageAtRest(page);
    const total = await page.locator('[data-widget-id="kpi1"]').innerText();
    const byBuilding = (await page.locator('[data-widget-id="bar1"] canvas').first().boundingBox())!;
    for (const share of [0.2, 0.4, 0.6, 0.8, 0.3, 0.5]) {
      await page.mouse.click(byBuilding.x + byBuilding.width * share, byBuilding.y + byBuilding.height - 50);
      if (await page.getByTestId('clear-cross-filter').isVisible()) break;
    }
    await page.getByTestId('clear-cross-filter').waitFor();
    await expect.poll(() => page.locator('[data-widget-id="kpi1"]').innerText()).not.toBe(total);
    await page.getByTestId('clear-cross-filter').click();
    await expect.poll(() => page.locator('[data-widget-id="kpi1"]').innerText()).toBe(total);

    const byMonth = (await page.locator('[data-widget-id="bar2"] canvas').first().boundingBox())!;
    for (const share of [0.5, 0.45, 0.55, 0.4, 0.6, 0.7, 0.3]) {
      await page.mouse.click(byMonth.x + byMonth.width * share, byMonth.y + byMonth.height * 0.6);
      if (await page.getByTestId('drill-up-bar2').isVisible()) break;
    }
    await page.getByTestId('drill-up-bar2').waitFor();
    await settled(page, '[data-testid="plate-view"]');
    await shoot(page, 'built-plate-drilled-en');
    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('asks before leaving unsaved changes, keeps the draft over a reload, and arranges the medium layout apart', { timeout: 120_000 }, async () => {
    const backlog = (await t.call<{ list: { id: number; name: string }[] }>('GET', `${API}/board/plate/list`, { token: admin })).body.data.list.find((p) => textIn(p.name, 'en') === 'Maintenance backlog')!;
    const page = await adminAt('/dataAnalysisPlate');
    await page.getByTestId(`edit-${backlog.id}`).click();
    await page.waitForURL(`${t.url}/dataAnalysisPlate/EditPlate?id=${backlog.id}`);
    await settled(page, '[data-testid="plate-canvas"]');

    await page.getByTestId('palette-text').click();
    await page.locator('[data-component-id="text1"]').waitFor();
    // A table lands across the plate, where its columns can be read.
    await page.getByTestId('palette-table').click();
    await page.locator('[data-component-id="table1"]').waitFor();
    // A reload keeps the unsaved component, and says so.
    await page.reload();
    await page.locator('[data-component-id="text1"]').waitFor();
    await page.getByTestId('plate-discard').waitFor();

    // Medium screens: a resize there leaves the wide layout alone.
    await page.locator('.ant-segmented').getByText('Medium screens').click();
    const text = page.locator('[data-component-id="text1"]');
    await text.focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.locator('.ant-segmented').getByText('Wide screens').click();

    // Leaving asks; staying keeps the edits.
    await page.getByRole('button', { name: 'All plates' }).click();
    const question = page.locator('.ant-modal-confirm');
    await question.filter({ hasText: 'Leave without saving?' }).first().waitFor();
    expect(await question.count()).toBe(1);
    await question.getByRole('button', { name: 'Stay' }).click();
    expect(page.url()).toContain('/EditPlate');
    await page.getByTestId('plate-save').click();
    await page.getByText('Plate saved').waitFor();
    const saved = (await t.call<PlateDetail>('GET', `${API}/board/plate/detail?id=${backlog.id}`, { token: admin })).body.data;
    const added = saved.config.widgets.find((w) => w.id === 'text1')!;
    expect(added.type).toBe('markdown');
    expect(added.gridMedium!.w).toBe(added.grid.w + 1);
    expect(saved.config.widgets.find((w) => w.id === 'table1')!.grid).toMatchObject({ x: 0, w: 24, h: 8 });
    // Saved: leaving asks nothing.
    await page.getByRole('button', { name: 'All plates' }).click();
    await page.waitForURL(`${t.url}/dataAnalysisPlate`);
    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('shows the editor and the settings in Chinese and Arabic (screenshots)', { timeout: 120_000 }, async () => {
    for (const locale of looksIn(['zh-CN', 'ar'], ['ar'])) {
      const backlog = (await t.call<{ list: { id: number; name: string }[] }>('GET', `${API}/board/plate/list`, { token: admin })).body.data.list.find((p) => textIn(p.name, 'en') === 'Maintenance backlog')!;
      const page = await adminAt(`/dataAnalysisPlate/EditPlate?id=${backlog.id}`, locale);
      await settled(page, '[data-testid="plate-canvas"]');
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await shoot(page, `editor-${locale}`);
      await page.getByTestId('component-settings-byBuilding').click();
      await page.getByTestId('component-set').waitFor();
      await settled(page, '[data-testid="component-preview"]');
      await shoot(page, `component-set-${locale}`);
      expect(problems.flat()).toEqual([]);
      await page.close();
    }
  });
});
