import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageConfig, StoredPage, WidgetConfig } from '../../src/core/pages/page-config.ts';
import type { DatasetQuery } from '../../src/core/query/query-spec.ts';
import type { ChartProps } from '../../widgets/chart/chart-props.ts';
import { builtWebDir, launchBrowser } from '../helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/chart-widget');

/** One chart of each kind (and the bar and pie variants) over the demo datasets. */
const CHARTS: { id: string; title: string; props: ChartProps; data: DatasetQuery; w?: number }[] = [
  {
    id: 'barPlain',
    title: 'Work orders by building',
    props: { kind: 'bar', x: 'building', series: [{ field: 'count', name: 'Orders' }], labels: true },
    data: { dataset: 'work_orders', dimensions: ['building'], measures: [{ agg: 'count' }], sort: [{ field: 'building' }] },
  },
  {
    id: 'barStacked',
    title: 'Energy cost by month and meter',
    props: {
      kind: 'bar',
      x: 'date:month',
      splitBy: 'meter',
      series: [{ field: 'cost' }],
      stack: true,
      format: { currency: 'CNY', compact: true },
      valueLabels: { electricity: 'Electricity', water: 'Water', gas: 'Gas', heating: 'Heating' },
    },
    data: { dataset: 'energy_readings', dimensions: ['date:month', 'meter'], measures: [{ field: 'cost', agg: 'sum', as: 'cost' }], sort: [{ field: 'date:month' }] },
  },
  {
    id: 'barHorizontal',
    title: 'Occupancy by city',
    props: { kind: 'bar', horizontal: true, x: 'city', series: [{ field: 'rate', name: 'Occupancy' }], format: { unit: '%', decimals: 1 }, yAxes: [{ min: 0, max: 100 }] },
    data: { dataset: 'occupancy', dimensions: ['city'], measures: [{ field: 'occupancy_rate', agg: 'avg', as: 'rate' }], sort: [{ field: 'rate', order: 'desc' }], limit: 8 },
  },
  {
    id: 'line',
    title: 'Project progress',
    props: { kind: 'line', x: 'week', series: [{ field: 'planned', name: 'Planned' }, { field: 'actual', name: 'Actual' }], format: { unit: '%', decimals: 0 }, smooth: true },
    data: {
      dataset: 'project_progress',
      dimensions: ['week'],
      measures: [
        { field: 'planned_pct', agg: 'avg', as: 'planned' },
        { field: 'actual_pct', agg: 'avg', as: 'actual' },
      ],
      sort: [{ field: 'week' }],
    },
  },
  {
    id: 'area',
    title: 'Energy use by meter',
    props: { kind: 'area', x: 'date:month', splitBy: 'meter', series: [{ field: 'used' }], stack: true, format: { compact: true } },
    data: { dataset: 'energy_readings', dimensions: ['date:month', 'meter'], measures: [{ field: 'value', agg: 'sum', as: 'used' }], sort: [{ field: 'date:month' }] },
  },
  {
    id: 'pie',
    title: 'Work orders by category',
    props: { kind: 'pie', x: 'category', series: [{ field: 'count', name: 'Orders' }], labels: true },
    data: { dataset: 'work_orders', dimensions: ['category'], measures: [{ agg: 'count' }] },
  },
  {
    id: 'donut',
    title: 'Work orders by priority',
    props: { kind: 'pie', donut: true, x: 'priority', series: [{ field: 'count', name: 'Orders' }], legend: { position: 'end' } },
    data: { dataset: 'work_orders', dimensions: ['priority'], measures: [{ agg: 'count' }], sort: [{ field: 'priority' }] },
  },
  {
    id: 'scatter',
    title: 'Rent against area',
    props: { kind: 'scatter', x: 'area', series: [{ field: 'rent', name: 'Properties', size: 'leased' }], format: { currency: 'CNY', compact: true }, xAxisName: 'm²' },
    data: {
      dataset: 'occupancy',
      dimensions: ['property'],
      measures: [
        { field: 'area_sqm', agg: 'avg', as: 'area' },
        { field: 'rent', agg: 'avg', as: 'rent' },
        { field: 'leased_sqm', agg: 'avg', as: 'leased' },
      ],
    },
  },
  {
    id: 'gauge',
    title: 'Portfolio occupancy',
    props: {
      kind: 'gauge',
      series: [{ field: 'rate', name: 'Occupancy' }],
      format: { unit: '%', decimals: 1 },
      bands: [
        { to: 70, color: '#ff4d4f' },
        { to: 90, color: '#faad14' },
        { to: 100, color: '#52c41a' },
      ],
    },
    data: { dataset: 'occupancy', measures: [{ field: 'occupancy_rate', agg: 'avg', as: 'rate' }] },
  },
  {
    id: 'funnel',
    title: 'Work orders by status',
    props: { kind: 'funnel', x: 'status', series: [{ field: 'count', name: 'Orders' }], labels: true },
    data: { dataset: 'work_orders', dimensions: ['status'], measures: [{ agg: 'count' }] },
  },
  {
    id: 'radar',
    title: 'Orders by category and priority',
    props: { kind: 'radar', x: 'category', splitBy: 'priority', series: [{ field: 'count' }] },
    data: { dataset: 'work_orders', dimensions: ['category', 'priority'], measures: [{ agg: 'count' }], filters: [{ field: 'priority', op: 'in', value: ['P1', 'P2'] }] },
  },
  {
    id: 'heatmap',
    title: 'Orders by month and category',
    props: { kind: 'heatmap', x: 'created:month', y: 'category', series: [{ field: 'count', name: 'Orders' }] },
    data: { dataset: 'work_orders', dimensions: ['created:month', 'category'], measures: [{ agg: 'count' }], sort: [{ field: 'created:month' }] },
    w: 16,
  },
  {
    id: 'map',
    title: 'Leased area by province',
    props: { kind: 'map', x: 'province', series: [{ field: 'leased', name: 'Leased area' }], format: { unit: 'm²', compact: true } },
    data: { dataset: 'occupancy', dimensions: ['province'], measures: [{ field: 'leased_sqm', agg: 'avg', as: 'leased' }] },
  },
];

function chartPage(): PageConfig {
  const widgets: WidgetConfig[] = [];
  let x = 0;
  let y = 0;
  for (const chart of CHARTS) {
    const w = chart.w ?? 8;
    if (x + w > 24) {
      x = 0;
      y += 10;
    }
    widgets.push({ id: chart.id, type: 'chart', title: chart.title, grid: { x, y, w, h: 10 }, props: chart.props as unknown as Record<string, unknown>, data: chart.data });
    x += w;
  }
  return { title: 'Every chart', widgets };
}

describe('chart widget in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let site: StoredPage;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    // A public website page: rendered by the real renderer, its data through the website query API.
    const admin = await t.signIn('admin', NORTHWIND);
    const created = await t.call<StoredPage>('POST', '/proptech_allplan/page/create', {
      token: admin,
      body: { route: null, kind: 'website', published: true, config: chartPage() },
    });
    expect(created.status, created.body.message).toBe(200);
    site = created.body.data;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (locale: string): Promise<{ page: Page; errors: string[] }> => {
    const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1100 }, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') errors.push(`${message.type()}: ${message.text()}`);
    });
    await page.goto(`${t.url}/website/${site.id}`);
    // Every chart has drawn (ECharts may add a second canvas for hover effects).
    const drawn = () => page.locator('.chart-widget').evaluateAll((nodes) => nodes.filter((node) => node.querySelector('canvas')).length);
    await expect.poll(drawn, { timeout: 30_000 }).toBe(CHARTS.length);
    await expect.poll(() => page.locator('.widget-cell[aria-busy="true"], .widget-loading').count()).toBe(0);
    return { page, errors };
  };

  const languages = [
    ['en-US', 'en'],
    ['zh-CN', 'zh-CN'],
    ['ar', 'ar'],
  ] as const;
  for (const [locale, language] of looksIn(languages, languages.filter(([each]) => each !== 'zh-CN'))) {
    it(`draws every kind without a console error or problem panel (${language})`, async () => {
      const { page, errors } = await open(locale);
      expect(await page.locator('.widget-problem').allInnerTexts()).toEqual([]);
      expect(await page.locator('.chart-widget-empty').count()).toBe(0);
      // Each chart names itself to screen readers: kind, title, values.
      const labels = await page.locator('.chart-widget [role="img"]').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''));
      expect(labels).toHaveLength(CHARTS.length);
      for (const label of labels) expect(label.length).toBeGreaterThan(10);
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `charts-${language}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.context().close();
    });
  }

  it('summarises a chart in the reader’s language', async () => {
    const { page } = await open('en-US');
    const pie = page.locator('[data-widget-id="pie"] [role="img"]');
    await expect.poll(() => pie.getAttribute('aria-label')).toMatch(/^Pie chart: Work orders by category\. Shows Orders\. 7 values\. Highest: .+, [\d,]+\. Lowest: .+, [\d,]+\.$/);
    await page.context().close();
    const { page: arabic } = await open('ar');
    await expect.poll(() => arabic.locator('[data-widget-id="map"] [role="img"]').getAttribute('aria-label')).toMatch(/^خريطة الصين: /);
    await arabic.context().close();
  });

  it('shows a tooltip with the hovered values and follows the size of its cell', async () => {
    const { page } = await open('en-US');
    const cell = page.locator('[data-widget-id="barPlain"] .chart-widget');
    const box = (await cell.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await expect.poll(() => page.locator('[data-widget-id="barPlain"]').innerText()).toMatch(/Orders\s+[\d,]+/);
    // A narrower window re-lays the grid; the canvas follows its cell.
    const canvas = page.locator('[data-widget-id="barPlain"] canvas').first();
    const before = (await canvas.boundingBox())!.width;
    await page.setViewportSize({ width: 900, height: 1100 });
    await expect.poll(async () => (await canvas.boundingBox())!.width).not.toBe(before);
    const after = await page.locator('[data-widget-id="barPlain"]').evaluate((node) => {
      const canvas = node.querySelector('canvas')!.getBoundingClientRect();
      const chart = node.querySelector('.chart-widget')!.getBoundingClientRect();
      return { canvas: Math.round(canvas.width), chart: Math.round(chart.width) };
    });
    expect(after.canvas).toBe(after.chart);
    await page.context().close();
  });
});
