import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULE_PATHS, type ScheduleListResult } from '../../src/core/contracts/schedules.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { startGanttHarness } from '../helpers/gantt-harness.ts';
import { looksIn, picture } from '../helpers/pictures.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * The gantt chart in Chromium, on the demo building schedule (tests/helpers/gantt-demo.ts)
 * served by the chart's harness: bars drawn where the geometry says, the zoom, the keyboard,
 * and the Arabic chart mirrored.
 */

const SCREENSHOTS = path.resolve('test-results/screenshots/gantt');
/** Task ids of the demo schedule. */
const HOARDING = 3;
const EXCAVATION = 6;
const SITE_SET_UP = 2;
/** The critical bar's colour and its progress' (timeline-painter.ts). */
const CRITICAL = [0xe0, 0x47, 0x3c];
const CRITICAL_DONE = [0xa8, 0x23, 0x1a];

let harness: Awaited<ReturnType<typeof startGanttHarness>>;
let browser: Browser;

beforeAll(async () => {
  harness = await startGanttHarness();
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close();
  await harness?.stop();
});

async function open(lang: string, viewport = { width: 1440, height: 900 }): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport });
  const problems = await watchPageProblems(page);
  await page.goto(`${harness.url}?lang=${lang}`);
  await page.waitForFunction(() => window.gantt?.handle !== null && Number(document.querySelector<HTMLCanvasElement>('.gantt-canvas')?.dataset.bars) > 0);
  return { page, problems: problems.filter((problem) => !problem.includes('favicon') && !problem.includes('404')) };
}

const frames = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** The bar of a task in page coordinates, and the canvas pixel at its middle. */
async function barOnPage(page: Page, taskId: number) {
  return page.evaluate((id) => {
    const bar = window.gantt.handle!.barOf(id);
    if (!bar) return null;
    const canvas = document.querySelector<HTMLCanvasElement>('.gantt-canvas')!;
    const box = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const x = bar.bar.x + bar.bar.width / 2;
    const at = (y: number) => [...canvas.getContext('2d')!.getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data.slice(0, 3)];
    // Near the bar's top edge, and in its middle third, where progress is drawn.
    return { ...bar, left: box.left + bar.bar.x, right: box.left + bar.bar.x + bar.bar.width, pixel: at(bar.bar.y + 2), middle: at(bar.bar.y + bar.bar.height / 2) };
  }, taskId);
}

describe('the gantt chart', () => {
  it('draws the bars where the dates are, critical ones red, with the dates in the grid', async () => {
    const { page, problems } = await open('en');
    const header = page.locator('.gantt-scale');
    await expect.poll(() => header.textContent()).toContain('Week of Mar 1, 2027');
    const hoarding = await barOnPage(page, HOARDING);
    expect(hoarding).not.toBeNull();
    // Three working days, Mar 1 08:00 to Mar 3 17:00, at 36 px a day.
    expect(hoarding!.bar.width).toBeCloseTo((2 * 1440 + 9 * 60) * (36 / 1440), 5);
    expect(hoarding!.pixel).toEqual(CRITICAL);
    // Hoarding is done: its progress runs through.
    expect(hoarding!.middle).toEqual(CRITICAL_DONE);
    const row = page.locator('#gantt-row-3');
    await expect.poll(() => row.textContent()).toContain('Hoarding and access');
    expect(await row.textContent()).toContain('Mar 3, 2027');
    expect(await page.locator('#gantt-row-4 .gantt-cell-predecessors').textContent()).toBe('3');
    expect(await page.locator('#gantt-row-7 .gantt-cell-predecessors').textContent()).toBe('6SS+2d');
    await picture(page, { path: path.join(SCREENSHOTS, 'en-1440.png') });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('zooms with the keyboard and the toolbar, keeping the bars to the new scale', async () => {
    const { page } = await open('en');
    const before = await barOnPage(page, EXCAVATION);
    await page.locator('.gantt-grid-scroll').focus();
    await page.keyboard.press('-');
    await frames(page);
    expect(await page.locator('.gantt-scroller').getAttribute('data-zoom')).toBe('weeks');
    const after = await barOnPage(page, EXCAVATION);
    expect(after!.bar.width / before!.bar.width).toBeCloseTo(10 / 36, 5);
    await expect.poll(() => page.locator('.gantt-scale').textContent()).toContain('March 2027');
    // Two steps out again with the toolbar's button: quarters over months.
    await page.getByRole('button', { name: 'Zoom out' }).click();
    await frames(page);
    expect(await page.locator('.gantt-scroller').getAttribute('data-zoom')).toBe('months');
    await expect.poll(() => page.locator('.gantt-scale').textContent()).toContain('Q1 2027');
    await page.locator('.gantt-grid-scroll').focus();
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await page.keyboard.press('+');
    await frames(page);
    expect(await page.locator('.gantt-scroller').getAttribute('data-zoom')).toBe('hours');
    await page.close();
  });

  it('keeps every grid row level with its bar while the timeline scrolls', async () => {
    const { page, problems } = await open('en');
    for (const top of [20 * 28 + 5, 47 * 28 + 13]) {
      await page.locator('.gantt-scroller').evaluate((element, to) => (element.scrollTop = to), top);
      await frames(page);
      await frames(page);
      const rows = await page.evaluate(() => {
        const canvas = document.querySelector<HTMLCanvasElement>('.gantt-canvas')!.getBoundingClientRect();
        return [...document.querySelectorAll<HTMLElement>('.gantt-row')].flatMap((row) => {
          const box = row.getBoundingClientRect();
          const bar = window.gantt.handle!.barOf(Number(row.id.replace('gantt-row-', '')));
          if (!bar || box.top < canvas.top || box.bottom > canvas.bottom) return [];
          return [{ rowTop: box.top, rowBottom: box.bottom, barTop: canvas.top + bar.bar.y, barBottom: canvas.top + bar.bar.y + bar.bar.height }];
        });
      });
      expect(rows.length).toBeGreaterThan(10);
      for (const row of rows) {
        expect(row.barTop).toBeGreaterThanOrEqual(row.rowTop - 1);
        expect(row.barBottom).toBeLessThanOrEqual(row.rowBottom + 1);
      }
    }
    expect(problems).toEqual([]);
    await page.close();
  });

  it('moves the selection with the arrows, collapses a summary with Space, and asks to edit on Enter', async () => {
    const { page } = await open('en');
    const grid = page.locator('.gantt-grid-scroll');
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    expect(await grid.getAttribute('aria-activedescendant')).toBe(`gantt-row-${SITE_SET_UP}`);
    await page.keyboard.press(' ');
    await frames(page);
    await expect.poll(() => page.locator('#gantt-row-3').count()).toBe(0);
    expect(await page.locator(`#gantt-row-${SITE_SET_UP}`).getAttribute('aria-expanded')).toBe('false');
    // The row under the collapsed summary is the next summary, Foundations.
    await page.keyboard.press('ArrowDown');
    expect(await grid.getAttribute('aria-activedescendant')).toBe('gantt-row-5');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => window.gantt.edited)).toEqual([5]);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => page.locator('#gantt-row-3').count()).toBe(1);
    await page.close();
  });

  it('in Arabic runs time right to left with the grid on the right', async () => {
    const { page, problems } = await open('ar');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const grid = await page.locator('.gantt-grid').boundingBox();
    const timeline = await page.locator('.gantt-timeline').boundingBox();
    expect(grid!.x).toBeGreaterThan(timeline!.x);
    const hoarding = await barOnPage(page, HOARDING);
    const cabins = await barOnPage(page, 4);
    // Its start on the right, and the task after it further left.
    expect(hoarding!.startX).toBeGreaterThan(hoarding!.finishX);
    expect(cabins!.right).toBeLessThan(hoarding!.left);
    expect(hoarding!.pixel).toEqual(CRITICAL);
    // The left arrow goes forward in time: it expands a collapsed summary.
    await page.locator('.gantt-grid-scroll').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press(' ');
    await expect.poll(() => page.locator('#gantt-row-3').count()).toBe(0);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => page.locator('#gantt-row-3').count()).toBe(1);
    expect(await page.locator('#gantt-row-7 .gantt-cell-predecessors').textContent()).toBe('6SS+2d');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('looks right in English, Chinese and Arabic on a desktop and a phone, never scrolling the page sideways', async () => {
    for (const lang of looksIn(['en', 'zh-CN', 'ar'], ['ar'])) {
      for (const viewport of [
        { width: 1440, height: 900 },
        { width: 390, height: 844 },
      ]) {
        const { page, problems } = await open(lang, viewport);
        await page.evaluate(() => window.gantt.store.setBaseline(0));
        await frames(page);
        await picture(page, { path: path.join(SCREENSHOTS, `${lang}-${viewport.width}.png`) });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        if (viewport.width < 600) {
          // On a phone the grid keeps the name column only.
          expect(await page.locator('.gantt-grid-head [role=columnheader]').count()).toBe(1);
        }
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });
});

describe('the schedule editor (/gantt/:id) on a real server', () => {
  let app: TestApp;
  let users: SignedInBrowsers;
  beforeAll(async () => {
    app = await startTestApp('sqlite', { webDir: builtWebDir() });
    users = signedInBrowsers(browser, app.url);
  });
  afterAll(async () => {
    // The pages' event streams are closed first: the server waits for open streams.
    await users?.close();
    await app?.close();
  });

  it('takes a typed duration, moves the finish at once, saves it and keeps it after a reload', async () => {
    const token = await app.signIn('admin', NORTHWIND);
    const list = await app.call<ScheduleListResult>('POST', SCHEDULE_PATHS.list, { token, body: { workspaceCode: 'NW-HQ' } });
    const page = await users.open('admin', `/gantt/${list.body.data.rows[0]!.id}`);
    const state = page.locator('.schedule-editor-state');
    const problems = await watchPageProblems(page);
    const row = page.locator('.gantt-row', { hasText: 'Site cabins and welfare' });
    const finish = row.locator('.gantt-cell-finish');
    await row.waitFor();
    const before = await finish.textContent();

    await row.locator('.gantt-cell-duration').dblclick();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('4w');
    await page.keyboard.press('Enter');
    await expect.poll(() => finish.textContent()).not.toBe(before);
    const after = await finish.textContent();
    await expect.poll(() => state.textContent()).toBe('Unsaved changes');

    await page.keyboard.press('ControlOrMeta+S');
    await expect.poll(() => state.textContent()).toBe('Saved');
    await page.reload();
    await row.waitFor();
    expect(await row.locator('.gantt-cell-duration').textContent()).toBe('4 wk');
    expect(await finish.textContent()).toBe(after);
    expect(problems).toEqual([]);
    await page.close();
  }, 60_000);

  it('builds a schedule with the keyboard and the mouse, shows the critical path move, keeps a baseline and shares it read-only', async () => {
    const token = await app.signIn('admin', NORTHWIND);
    // Monday 1 March 2027.
    const made = await app.call<{ id: number }>('POST', SCHEDULE_PATHS.create, { token, body: { workspaceCode: 'NW-HQ', name: 'Fit-out level 3', start: Date.UTC(2027, 2, 1) / 60000 } });
    const route = `/gantt/${made.body.data.id}`;
    const page = await users.open('admin', route);
    const problems = await watchPageProblems(page);
    const state = page.locator('.schedule-editor-state');
    await page.getByText('This schedule has no tasks yet.').waitFor();

    // Three tasks typed in: Insert opens the new row's name; Tab takes it and opens its duration.
    for (const [name, duration] of [
      ['Strip out', '3d'],
      ['First fix', '5d'],
      ['Ceilings', '4d'],
    ]) {
      await page.locator('.gantt-grid-scroll').focus();
      await page.keyboard.press('Insert');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(name!);
      await page.keyboard.press('Tab');
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.type(duration!);
      await page.keyboard.press('Enter');
    }
    const rows = page.locator('.gantt-row');
    await expect.poll(() => rows.count()).toBe(3);
    const critical = () => page.locator('.gantt-row.gantt-critical .gantt-cell-name').allTextContents();
    // Unlinked, the longest task alone is critical.
    await expect.poll(critical).toEqual(['First fix']);

    // A link drawn with the mouse from Strip out's finish handle to First fix: both critical now, Ceilings has float.
    const strip = await barInRow(page, 0);
    const firstFix = await barInRow(page, 1);
    await page.mouse.move(strip.right + 11, strip.y);
    await page.mouse.down();
    await page.mouse.move(firstFix.left + 4, firstFix.y, { steps: 6 });
    await expect.poll(() => page.locator('.gantt-drag-tip').textContent()).toBe('Link FS to “First fix”');
    await page.mouse.up();
    await expect.poll(() => rows.nth(1).locator('.gantt-cell-predecessors').textContent()).toBe('1');
    await expect.poll(critical).toEqual(['Strip out', 'First fix']);

    // Ceilings' finish dragged six days on (36 px a day), a weekend among them: four working days
    // longer, as long as the linked pair, so it joins the critical path.
    const ceilings = await barInRow(page, 2);
    await page.mouse.move(ceilings.right - 1, ceilings.y);
    await page.mouse.down();
    await page.mouse.move(ceilings.right - 1 + 6 * 36, ceilings.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => rows.nth(2).locator('.gantt-cell-duration').textContent()).toBe('8 d');
    await expect.poll(critical).toEqual(['Strip out', 'First fix', 'Ceilings']);
    await page.keyboard.press('ControlOrMeta+S');
    await expect.poll(() => state.textContent()).toBe('Saved');

    // Baseline 1 saved and drawn; a start variance column shows the slip after First fix is dragged two days on.
    await page.getByRole('button', { name: 'Baselines' }).click();
    await page.getByTestId('baseline-1').getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => page.getByTestId('baseline-1').textContent()).toContain('Saved');
    await page.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.locator('.gantt-toolbar .ant-select').nth(1).textContent()).toBe('Baseline 1');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Start variance' }).check();
    await page.keyboard.press('Escape');
    await expect.poll(() => rows.nth(1).locator('.gantt-cell-startVariance').textContent()).toBe('0 d');
    const moved = await barInRow(page, 1);
    await page.mouse.move(moved.left + (moved.right - moved.left) / 2, moved.y);
    await page.mouse.down();
    await page.mouse.move(moved.left + (moved.right - moved.left) / 2 + 2 * 36, moved.y, { steps: 6 });
    await page.mouse.up();
    await expect.poll(() => rows.nth(1).locator('.gantt-cell-startVariance').textContent()).toBe('2 d');
    await page.keyboard.press('ControlOrMeta+S');
    await expect.poll(() => state.textContent()).toBe('Saved');
    // Each save is in the history with who made it and what it changed.
    await page.getByRole('button', { name: 'History' }).click();
    const entries = page.getByTestId('schedule-history-entry');
    await expect.poll(() => entries.count()).toBe(3);
    expect(await entries.first().textContent()).toContain('Ada Admin saved changes');
    expect(await entries.nth(1).textContent()).toContain('Links added: 1');
    expect(await entries.last().textContent()).toContain('created the schedule');
    await page.keyboard.press('Escape');
    await picture(page, { path: path.join(SCREENSHOTS, 'editor-built-en-1440.png') });

    // A public link made in the Share dialog, its whole address shown once.
    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByRole('checkbox', { name: 'Assignees' }).check();
    await page.getByRole('button', { name: 'Create a link' }).click();
    const link = await page.getByTestId('schedule-share-link').inputValue();
    expect(link).toMatch(/\/publicSchedule\?token=/);
    await expect.poll(() => page.locator('.ant-modal .ant-table-row').count()).toBe(1);
    await picture(page, { path: path.join(SCREENSHOTS, 'share-en-1440.png') });
    expect(problems).toEqual([]);
    await page.close();

    // The columns chosen are kept for this person: the editor opened again shows them.
    const again = await users.open('admin', route);
    await again.locator('.gantt-row').first().waitFor();
    expect(await again.locator('.gantt-grid-head').textContent()).toContain('Start variance');
    await again.close();

    // The link opened signed out: the same bars, nothing to edit, the assignees left out.
    const visitor = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await visitor.goto(link);
    await visitor.locator('.gantt-row', { hasText: 'Ceilings' }).waitFor();
    // First fix, held back two days, is now alone on the critical path.
    expect(await visitor.locator('.gantt-row.gantt-critical .gantt-cell-name').allTextContents()).toEqual(['First fix']);
    expect(await visitor.getByRole('button', { name: 'Save' }).count()).toBe(0);
    expect(await visitor.locator('.gantt-grid-head').textContent()).not.toContain('Assigned to');
    await visitor.close();

    // In Arabic the editor reads right to left: the grid on the right, the tools in Arabic.
    const arabic = await users.open('admin', route, { locale: 'ar' });
    await arabic.locator('.gantt-row').first().waitFor();
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const grid = (await arabic.locator('.gantt-grid').boundingBox())!;
    const timeline = (await arabic.locator('.gantt-timeline').boundingBox())!;
    expect(grid.x).toBeGreaterThan(timeline.x);
    await arabic.getByRole('button', { name: 'خطوط الأساس' }).waitFor();
    await picture(arabic, { path: path.join(SCREENSHOTS, 'editor-built-ar-1440.png') });
    await arabic.close();
  }, 90_000);
});

/** The bar drawn in a grid row (page coordinates), found by its colour on the timeline's canvas. */
async function barInRow(page: Page, index: number): Promise<{ left: number; right: number; y: number }> {
  const row = (await page.locator('.gantt-row').nth(index).boundingBox())!;
  const y = row.y + row.height / 2;
  const found = await page.evaluate((at) => {
    const canvas = document.querySelector<HTMLCanvasElement>('.gantt-canvas')!;
    const box = canvas.getBoundingClientRect();
    const dpr = window.devicePixelRatio || 1;
    const line = canvas.getContext('2d')!.getImageData(0, Math.round((at - box.top) * dpr), canvas.width, 1).data;
    // The bar's colours (timeline-painter.ts): a task, and a critical one.
    const bar = (i: number) => (line[i * 4] === 0x5b && line[i * 4 + 1] === 0x8b) || (line[i * 4] === 0xe0 && line[i * 4 + 1] === 0x47);
    let first = -1;
    let last = -1;
    for (let i = 0; i < canvas.width; i++) {
      if (!bar(i)) continue;
      if (first < 0) first = i;
      last = i;
    }
    return first < 0 ? null : { left: box.left + first / dpr, right: box.left + (last + 1) / dpr };
  }, y);
  if (!found) throw new Error(`no bar drawn in row ${index + 1}`);
  return { ...found, y };
}
