import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_PATHS, type FollowPerson } from '../../src/core/contracts/follows.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { rgbPng } from '../helpers/png.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/follows');
const WORKSPACE = 'NW-TOWER';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/** A small orange photo, as a phone's camera would hand one over. */
const photoPng = () => rgbPng(16, 16, zlib.deflateSync(Buffer.concat(Array.from({ length: 16 }, () => Buffer.from([0, ...Array.from({ length: 16 }, () => [230, 120, 20]).flat()])))));

/*
 * The follow-up screens in Chromium, where only a browser shows it: a follow-up made, assigned,
 * commented on and closed by two people in two windows, each window's bell and page following
 * the other's changes live; the phone's three taps from a photo to a saved follow-up at 390×844;
 * and the list right to left in Arabic. Filters, moves, numbering and rights are tested in the
 * API and unit tests.
 */
describe('follow-up screens in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let admin: string;
  let alice: string;
  let people: FollowPerson[];

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp('sqlite', { webDir: builtWebDir() }), launchBrowser()]);
    [admin, alice] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND)]);
    people = (await t.call<FollowPerson[]>('GET', FOLLOW_PATHS.people, { token: admin, query: { workspaceCode: WORKSPACE } })).body.data;
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (token: string, route: string, { locale = 'en-US', viewport = DESKTOP } = {}): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport, acceptDownloads: true, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', route)}&token=${encodeURIComponent(token)}`);
    const choice = page.getByTestId(`workspace-${WORKSPACE}`);
    // Alice belongs to two workspaces and picks one; an account of one goes straight in.
    await Promise.race([choice.click().catch(() => undefined), page.waitForURL(`${t.url}${route}`)]);
    await page.waitForURL(`${t.url}${route}`);
    return { page, problems };
  };
  const unread = async (page: Page) => Number((await page.getByTestId('notification-bell').locator('.ant-badge-count').getAttribute('title').catch(() => '0')) ?? 0);

  it('is made, assigned, commented on and closed by two people, each window following live', async () => {
    const aliceName = people.find((person) => person.name.toLowerCase().includes('alice'))?.name ?? people[1]!.name;
    const adminName = people.find((person) => person.name !== aliceName)!.name;
    const [{ page: byAdmin, problems: adminProblems }, { page: byAlice, problems: aliceProblems }] = await Promise.all([
      open(admin, '/follows/edit/new'),
      open(alice, '/follows'),
    ]);
    await byAlice.getByTestId('follow-list').locator('[data-row-key]').first().waitFor();
    const aliceBell = await unread(byAlice);

    // The admin writes it and assigns Alice.
    const title = 'Loose handrail at stair 2';
    await byAdmin.getByTestId('follow-edit-title').fill(title);
    await byAdmin.getByTestId('follow-edit-assignees').click();
    await byAdmin.locator('.ant-select-item-option', { hasText: aliceName }).click();
    await byAdmin.keyboard.press('Escape');
    await byAdmin.getByTestId('follow-edit-save').click();
    await byAdmin.waitForURL(/\/follows\/detail\/\d+$/);
    const route = new URL(byAdmin.url()).pathname;
    await expect.poll(() => byAdmin.getByTestId('follow-assignees').textContent()).toContain(aliceName);

    // Alice's list shows it and her bell counts the assignment, without a reload.
    await expect.poll(() => byAlice.getByTestId('follow-list').textContent(), { timeout: 10_000 }).toContain(title);
    await expect.poll(() => unread(byAlice), { timeout: 10_000 }).toBeGreaterThan(aliceBell);

    // Alice opens it, starts work, mentions the admin and sends it for review.
    await byAlice.getByTestId('follow-list').locator('[data-row-key]', { hasText: title }).getByRole('link').first().click();
    await byAlice.waitForURL(`${t.url}${route}`);
    await byAlice.getByTestId('follow-move-start').click();
    await expect.poll(() => byAlice.getByTestId('follow-moves').textContent()).toContain('Ready for review');
    const adminBell = await unread(byAdmin);
    await byAlice.getByPlaceholder('Write a comment; @ mentions someone').fill(`Fixed the bracket, @${adminName} please check`);
    await byAlice.getByTestId('follow-comment-send').click();
    await byAlice.getByTestId('follow-comment').filter({ hasText: 'Fixed the bracket' }).waitFor();
    await byAlice.locator('.follow-mention', { hasText: `@${adminName}` }).waitFor();
    await byAlice.getByTestId('follow-move-submit').click();

    // The admin's page follows: the comment, the status, and the bell for the mention.
    await byAdmin.getByTestId('follow-comment').filter({ hasText: 'Fixed the bracket' }).waitFor({ timeout: 10_000 });
    await expect.poll(() => byAdmin.getByTestId('follow-title').locator('..').textContent(), { timeout: 10_000 }).toContain('Ready for review');
    await expect.poll(() => unread(byAdmin), { timeout: 10_000 }).toBeGreaterThan(adminBell);
    await byAdmin.getByTestId('follow-move-close').click();

    // Alice sees it closed, and its history tells each step.
    await expect.poll(() => byAlice.getByTestId('follow-title').locator('..').textContent(), { timeout: 10_000 }).toContain('Closed');
    await expect.poll(() => byAlice.getByTestId('follow-history').textContent(), { timeout: 10_000 }).toContain('changed the status');
    await picture(byAlice, { path: path.join(SCREENSHOTS, 'detail-en-1440.png'), fullPage: true });
    expect([...adminProblems, ...aliceProblems]).toEqual([]);
    await Promise.all([byAdmin.context().close(), byAlice.context().close()]);
  }, 60_000);

  it('goes from a photo to a saved follow-up in three taps on a phone', async () => {
    const { page, problems } = await open(alice, '/follows', { viewport: PHONE });
    await page.getByTestId('follow-list').locator('.list-card').first().waitFor();
    await picture(page, { path: path.join(SCREENSHOTS, 'list-en-390.png') });
    // Tap 1 opens the camera; taking the photo (tap 2) hands it over; tap 3 saves.
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('follow-new-photo').click();
    await (await chooser).setFiles({ name: 'site.png', mimeType: 'image/png', buffer: photoPng() });
    await page.waitForURL(/\/follows\/edit\/new/);
    await page.getByTestId('follow-edit-photo').first().waitFor();
    await expect.poll(() => page.getByTestId('follow-edit-photo').first().getAttribute('data-state')).toBe('done');
    await page.getByTestId('follow-edit-save').click();
    await page.waitForURL(/\/follows\/detail\/\d+$/);
    await page.getByTestId('follow-photos').locator('img').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await picture(page, { path: path.join(SCREENSHOTS, 'detail-en-390.png'), fullPage: true });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 30_000);

  it('opens the list filtered by an overview figure: an age or a week shows as a removable chip with its dates', async () => {
    const { page, problems } = await open(alice, '/follows/details');
    const age = page.getByTestId('follow-bars-age').locator('.follow-bar').filter({ hasText: '8–30 days' });
    const count = Number(await age.locator('span').first().textContent());
    await age.getByRole('link').click();
    await page.waitForURL(/createdFrom=\d{4}-\d{2}-\d{2}&createdTo=\d{4}-\d{2}-\d{2}/);
    const chip = page.locator('[data-chip="created"]');
    await expect.poll(() => chip.textContent()).toMatch(/^Created: [A-Z][a-z]{2} \d{1,2}, \d{4} – [A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    await expect.poll(async () => (await page.getByTestId('follow-list').locator('tbody tr.ant-table-row').count())).toBe(Math.min(count, 50));
    await page.getByTestId('follow-chip-remove-created').click();
    await page.waitForURL((url) => !url.search.includes('created') && url.search.includes('status='));
    await expect.poll(() => chip.count()).toBe(0);

    await page.goto(`${t.url}/follows/details`);
    const week = page.locator('.follow-week-links a').last();
    await week.click();
    await page.waitForURL(/createdFrom=/);
    const url = new URL(page.url());
    const from = url.searchParams.get('createdFrom')!;
    expect(url.searchParams.get('createdTo')).toBe(new Date(Date.parse(`${from}T00:00:00Z`) + 6 * 86_400_000).toISOString().slice(0, 10));
    await expect.poll(() => chip.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 60_000);

  it('reads right to left in Arabic', async () => {
    const { page, problems } = await open(alice, '/follows', { locale: 'ar', viewport: PHONE });
    await page.getByTestId('follow-list').locator('.list-card').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.getByTestId('follow-new-photo').textContent()).toBe('جديدة من صورة');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await picture(page, { path: path.join(SCREENSHOTS, 'list-ar-390.png') });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 30_000);
});
