import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { largeBcf } from '../helpers/large-bcf.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/follows-bcf');
const WORKSPACE = 'NW-TOWER';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/*
 * The BCF import dialog in Chromium: a generated model check of 150 topics with snapshots (one
 * topic's markup broken) goes through the server's job; the dialog tells the topics read and
 * written of all while it runs, then what was made and the topic left out with why — in
 * English, Chinese and Arabic, on a desktop and a phone. The import's rules are tested in
 * tests/api/follow/bcf.test.ts.
 */
describe('BCF import dialog in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let admin: string;
  let file: string;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp('sqlite', { webDir: builtWebDir() }), launchBrowser()]);
    admin = await t.signIn('admin', NORTHWIND);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    file = path.join(fs.mkdtempSync('/tmp/bcf-e2e-'), 'model-check.bcfzip');
    fs.writeFileSync(file, await largeBcf(150, [149]));
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });

  const open = async (locale: string, viewport: { width: number; height: number }): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', '/follows')}&token=${encodeURIComponent(admin)}`);
    // An account of several workspaces picks one; an account of one goes straight in.
    await Promise.race([page.getByTestId(`workspace-${WORKSPACE}`).click().catch(() => undefined), page.waitForURL(`${t.url}/follows`)]);
    await page.waitForURL(`${t.url}/follows`);
    await page.getByTestId('follow-list').locator('[data-row-key]').first().waitFor();
    return { page, problems };
  };

  const importFile = async (page: Page, name: string) => {
    await page.getByTestId('follow-bcf-import').click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByTestId('follow-bcf-file').click();
    await (await chooser).setFiles(file);
    await page.locator('#follow-bcf-run').click();
    // The job's own steps, told in topics: reading, then writing (a quick import may be done
    // before the dialog hears of a step: then there is no step to picture).
    const progress = page.locator('[data-testid="follow-bcf-progress"][data-status="writing"], [data-testid="follow-bcf-progress"][data-status="reading"]');
    const result = page.getByTestId('follow-bcf-result');
    await progress.or(result).first().waitFor({ timeout: 60_000 });
    if (await progress.isVisible()) await picture(page, { path: path.join(SCREENSHOTS, `${name}-progress.png`) });
    await result.waitFor({ timeout: 120_000 });
    await picture(page, { path: path.join(SCREENSHOTS, `${name}-result.png`) });
    return result;
  };

  it('shows the job’s progress and its result, the topic left out named with why', async () => {
    const { page, problems } = await open('en-US', DESKTOP);
    const result = await importFile(page, 'en-1440');
    expect(await result.textContent()).toContain('BCF 2.1, 150 topics: 149 new, 0 updated, 149 comments, 149 snapshots.');
    expect(await page.getByTestId('follow-bcf-failed-topics').textContent()).toMatch(/Topics not imported: 1.*7b1c9e40-5a3d-4c2b-8e6f-000000000095: its markup cannot be read/);
    await page.getByTestId('follow-bcf-close').click();
    // The list shows the new follow-ups without a reload.
    await page.getByTestId('follow-list').getByText('duct through beam').first().waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  }, 240_000);

  it('reads in Chinese and right to left in Arabic, and fits a phone', async () => {
    const looks = [
      ['zh-CN', DESKTOP, 'zh-1440', '新建 0 项，更新 149 项'],
      ['ar', PHONE, 'ar-390', '149 محدّثة'],
      ['zh-CN', PHONE, 'zh-390', '更新 149 项'],
    ] as const;
    for (const [locale, viewport, name, words] of looksIn(looks, [looks[1]])) {
      const { page, problems } = await open(locale, viewport);
      if (locale === 'ar') expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      // The same file again: every topic is known, so all are updated and nothing is added twice.
      const result = await importFile(page, name);
      expect(await result.textContent()).toContain(words);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(problems).toEqual([]);
      await page.context().close();
    }
  }, 480_000);
});
