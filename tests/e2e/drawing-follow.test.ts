import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SheetListResult } from '../../src/core/contracts/drawings.ts';
import { FOLLOW_PATHS, type FollowDetail, type FollowPerson, type FollowType } from '../../src/core/contracts/follows.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { PIN, STATUS_COLORS } from '../../src/web/pages/drawings/follow/pin-paint.ts';
import { drawingClient } from '../api/drawing/drawing-client.ts';
import { builtWebDir, launchBrowser, pickOption, watchPageProblems } from '../helpers/browser.ts';
import { rgbPng } from '../helpers/png.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/drawing-follow');
const WORKSPACE = 'NW-TOWER';
/** A small grey photo. */
const photoPng = () => rgbPng(8, 8, zlib.deflateSync(Buffer.concat(Array.from({ length: 8 }, () => Buffer.from([0, ...Array.from({ length: 8 }, () => [120, 120, 120]).flat()])))));
const hex = (color: string): [number, number, number] => [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16)) as [number, number, number];

/*
 * The follow-up canvas in Chromium: a pin dropped on a sheet makes a follow-up there, its pin
 * drawn in its status's colour, a filter hides it, a click on it opens it; Arabic mirrors the
 * panel. The rules (hit tests, the request, moves) are tested in tests/unit/web/drawing-follow.
 */
describe('follow-ups on a sheet in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let alice: string;
  let sheetId: number;
  let size: { width: number; height: number };
  let revisionId: number;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp('sqlite', { webDir: builtWebDir() }), launchBrowser()]);
    alice = await t.signIn('alice', NORTHWIND);
    // The demo's ventilation layout: a published sheet with no follow-ups on it.
    const sheets = await drawingClient(t).ok<SheetListResult>('POST', 'sheet/list', alice, { workspaceCode: WORKSPACE, keyword: 'M-501', page: 1, size: 10 });
    const sheet = sheets.rows.find((row) => row.number === 'M-501')!;
    sheetId = sheet.id;
    size = { width: sheet.current!.width, height: sheet.current!.height };
    revisionId = sheet.current!.id;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (locale: string, query: string, viewport = { width: 1440, height: 900 }): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    const route = `/drawing/follow?${query}`;
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', route)}&token=${encodeURIComponent(alice)}`);
    await page.getByTestId(`workspace-${WORKSPACE}`).click();
    await page.locator('.sheet-view[data-status="ready"]').waitFor({ timeout: 20_000 });
    await page.getByTestId('follow-pin-canvas').waitFor();
    return { page, problems };
  };

  /** The colour the pin canvas shows at a point of the page. */
  const pixel = (page: Page, [x, y]: [number, number]) =>
    page.getByTestId('follow-pin-canvas').evaluate(
      (canvas: HTMLCanvasElement, [px, py]) => {
        const box = canvas.getBoundingClientRect();
        const dpr = canvas.width / box.width;
        return Array.from(canvas.getContext('2d')!.getImageData(Math.round((px - box.left) * dpr), Math.round((py - box.top) * dpr), 1, 1).data);
      },
      [x, y] as [number, number],
    );
  const pins = (page: Page) => page.getByTestId('follow-pin-canvas').evaluate((canvas: HTMLCanvasElement) => Number(canvas.dataset.pins));

  it('drops a pin, makes the follow-up, colours it by status, filters it out and opens it from the pin', { timeout: 60_000 }, async () => {
    const { page, problems } = await open('en-US', `sheetId=${sheetId}`);
    await expect.poll(() => pins(page)).toBe(0);
    await page.getByTestId('follow-drop').click();
    // Where the pin goes, in the window as it is now (the uploads panel may scroll the page).
    const place = async (): Promise<[number, number]> => {
      const box = (await page.getByTestId('follow-pin-canvas').boundingBox())!;
      return [box.x + box.width * 0.4, box.y + box.height * 0.55];
    };
    await page.mouse.click(...(await place()));

    const form = page.getByTestId('follow-create-form');
    await form.waitFor();
    await page.getByTestId('follow-create-title').fill('Loose flashing at the roof edge');
    await page.getByTestId('follow-create-photo-input').setInputFiles({ name: 'flashing.png', mimeType: 'image/png', buffer: photoPng() });
    await page.getByText('flashing.png').waitFor();
    await page.getByTestId('follow-create-save').click();
    const summary = page.getByTestId('follow-summary');
    await summary.waitFor();
    await expect.poll(() => summary.textContent()).toContain('Loose flashing at the roof edge');
    const id = Number(await summary.getAttribute('data-follow-id'));
    const stored = await t.call<FollowDetail>('GET', FOLLOW_PATHS.get, { token: alice, query: { id } });
    expect(stored.body.data).toMatchObject({ status: 'open', pin: { sheetId }, photos: [{ fileName: 'flashing.png' }] });
    expect(stored.body.data.pin!.x / size.width).toBeGreaterThan(0.1);
    expect(stored.body.data.pin!.x / size.width).toBeLessThan(0.9);
    await expect.poll(() => pins(page)).toBe(1);
    expect(page.url()).toContain(`followId=${id}`);

    // The pin's stem, just above its tip where it was dropped, is the colour of "open".
    await page.getByTestId('follow-summary-close').click();
    const at = await place();
    const stem: [number, number] = [at[0], at[1] - 6];
    const openColour = hex(STATUS_COLORS.open);
    await expect.poll(async () => (await pixel(page, stem)).slice(0, 3)).toEqual(openColour);

    // Filtered to closed follow-ups by the list's filter bar, the pin goes; its chip removed, it comes back.
    await page.getByTestId('follow-filter').click();
    await page.getByTestId('follow-filter-status').click();
    const picked = page.getByTestId('follow-filters').locator('.ant-select-selection-item');
    await pickOption(page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="Closed"]'), async () => (await picked.allTextContents()).includes('Closed'));
    await page.getByTestId('follow-filter-apply').click();
    await expect.poll(() => pins(page)).toBe(0);
    expect((await pixel(page, stem))[3]).toBe(0);
    await page.getByText('No follow-up on this sheet matches the filters.').waitFor();
    expect(await page.getByTestId('follow-filter').getAttribute('aria-label')).toBe('Filters (1)');
    await page.getByTestId('follow-chip-remove-statuses').click();
    await expect.poll(() => pins(page)).toBe(1);

    // A click on the pin's head opens it in the panel.
    const head = await place();
    await page.mouse.click(head[0], head[1] - 22);
    await summary.waitFor();
    expect(Number(await summary.getAttribute('data-follow-id'))).toBe(id);
    expect(await summary.getByTestId('follow-summary-open').getAttribute('href')).toBe(`/follows/detail/${id}`);
    // The keyboard reaches the pin too: it is a button over the sheet.
    expect(await page.locator(`.follow-pin-button[data-follow-id="${id}"]`).getAttribute('aria-label')).toMatch(/Loose flashing at the roof edge, Open/);
    await picture(page, { path: path.join(SCREENSHOTS, 'en-1440.png') });

    // Its creator drags the opened pin 80 px to the right: the server keeps it there.
    const from = await place();
    await page.mouse.move(from[0], from[1] - 28);
    await page.mouse.down();
    await page.mouse.move(from[0] + 40, from[1] - 28, { steps: 4 });
    await page.mouse.move(from[0] + 80, from[1] - 28, { steps: 4 });
    await page.mouse.up();
    await page.getByText('Pin moved.').waitFor();
    const moved = await t.call<FollowDetail>('GET', FOLLOW_PATHS.get, { token: alice, query: { id } });
    expect(moved.body.data.pin!.x).toBeGreaterThan(stored.body.data.pin!.x);
    expect(moved.body.data.pin!.y).toBeCloseTo(stored.body.data.pin!.y, 0);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('mirrors the panel in Arabic, and opens a follow-up from the address', { timeout: 40_000 }, async () => {
    const listed = await t.call<{ id: number }[]>('POST', FOLLOW_PATHS.pinList, { token: alice, body: { workspaceCode: WORKSPACE, sheetId } });
    const id = listed.body.data[0]!.id;
    const { page, problems } = await open('ar', `followId=${id}`);
    const summary = page.getByTestId('follow-summary');
    await summary.waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    const canvas = (await page.getByTestId('follow-canvas').boundingBox())!;
    const panel = (await page.getByTestId('follow-panel').boundingBox())!;
    expect(panel.x + panel.width).toBeLessThanOrEqual(canvas.x + 1);
    await expect.poll(() => summary.textContent()).toContain('مفتوح');
    await picture(page, { path: path.join(SCREENSHOTS, 'ar-1440.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('follows a status change made in another window: the pin takes its colour and the panel its status', { timeout: 90_000 }, async () => {
    const people = (await t.call<FollowPerson[]>('GET', FOLLOW_PATHS.people, { token: alice, query: { workspaceCode: WORKSPACE } })).body.data;
    const types = (await t.call<FollowType[]>('GET', FOLLOW_PATHS.typeList, { token: alice, query: { workspaceCode: WORKSPACE } })).body.data;
    const me = people.find((person) => person.name.startsWith('Alice'))!;
    const made = await t.call<FollowDetail>('POST', FOLLOW_PATHS.create, {
      token: alice,
      body: {
        workspaceCode: WORKSPACE,
        typeId: types.find((type) => !type.retired)!.id,
        title: 'Duct hanger missing',
        assigneeIds: [me.id],
        pin: { sheetId, revisionId, x: size.width * 0.7, y: size.height * 0.3 },
      },
    });
    expect(made.status).toBe(200);
    const id = made.body.data.id;
    const [first, second] = [await open('en-US', `followId=${id}`), await open('en-US', `followId=${id}`)];
    const watching = second.page;
    await watching.getByTestId('follow-summary').waitFor();
    const pinButton = watching.locator(`.follow-pin-button[data-follow-id="${id}"]`);
    await expect.poll(() => pinButton.getAttribute('aria-label')).toMatch(/Duct hanger missing, Open/);
    const box = (await pinButton.boundingBox())!;
    // Just above the pin's tip: the stem, drawn in the status's colour.
    const stem: [number, number] = [box.x + PIN.radius, box.y + PIN.radius - PIN.cy + PIN.tip - 6];
    await expect.poll(async () => (await pixel(watching, stem)).slice(0, 3)).toEqual(hex(STATUS_COLORS.open));

    await first.page.getByTestId('follow-summary').waitFor();
    await first.page.getByTestId('follow-move-start').click();
    await first.page.getByTestId('follow-summary').locator('[data-status="inProgress"]').waitFor();

    await watching.getByTestId('follow-summary').locator('[data-status="inProgress"]').waitFor({ timeout: 15_000 });
    await expect.poll(() => pinButton.getAttribute('aria-label')).toMatch(/Duct hanger missing, In progress/);
    await expect.poll(async () => (await pixel(watching, stem)).slice(0, 3)).toEqual(hex(STATUS_COLORS.inProgress));
    expect(first.problems).toEqual([]);
    expect(second.problems).toEqual([]);
    await first.page.context().close();
    await watching.context().close();
  });
});
