import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_SETTINGS_PATHS, type FollowTemplateDetail } from '../../src/core/contracts/follow-settings.ts';
import { FOLLOW_PATHS, type FollowType } from '../../src/core/contracts/follows.ts';
import { textIn } from '../../src/core/local-text.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/follow-template-designer');
const WORKSPACE = 'NW-TOWER';
const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

/*
 * A type's data template edited in the form designer and back, in Chromium: opened from the
 * data templates screen, the designer names the type and leads back; a field added and
 * published there makes the template's next version through the template's own save and publish
 * (its list binding kept and its bound choice filled from the list), which the data templates
 * screen then lists.
 */
describe('data template and form designer round trip in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let admin: string;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp('sqlite', { webDir: builtWebDir() }), launchBrowser()]);
    admin = await t.signIn('admin', NORTHWIND);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (route: string, locale = 'en-US', viewport = DESKTOP): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport, reducedMotion: 'reduce' });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', route)}&token=${encodeURIComponent(admin)}`);
    await page.getByTestId(`workspace-${WORKSPACE}`).click();
    await page.waitForURL(`${t.url}${route}`);
    return { page, problems };
  };
  const templateOf = async (typeId: number) =>
    (await t.call<FollowTemplateDetail>('GET', FOLLOW_SETTINGS_PATHS.templateGet, { token: admin, query: { typeId } })).body.data;

  it('opens the designer from the templates, publishes a new version through the template and goes back to it', { timeout: 120_000 }, async () => {
    const types = (await t.call<FollowType[]>('GET', FOLLOW_PATHS.typeList, { token: admin, query: { workspaceCode: WORKSPACE } })).body.data;
    // The demo's first type; it may have no template yet (the designer then starts one).
    const typeId = types[0]!.id;
    // The template asks for a trade from the workspace's trade list; its draft holds a stand-in option the list fills at publishing.
    const design = { version: 1, items: [{ key: 'trade', type: 'select', label: 'Trade', options: [{ value: 'placeholder', label: 'Filled from the list' }] }] };
    const save = async () => {
      const current = await templateOf(typeId);
      const body = { typeId, design, bindings: { trade: 'trade' }, ...(current.formId ? { revision: current.revision } : {}) };
      expect((await t.call('POST', FOLLOW_SETTINGS_PATHS.templateSave, { token: admin, body })).status).toBe(200);
    };
    await save();
    expect((await t.call('POST', FOLLOW_SETTINGS_PATHS.templatePublish, { token: admin, body: { typeId } })).status).toBe(200);
    await save();
    const before = await templateOf(typeId);

    const { page, problems } = await open('/drawing/dataTemplateManage');
    const typeName = textIn(types.find((type) => type.id === typeId)!.name, 'en');
    await page.getByTestId(`template-design-${typeId}`).click();
    await page.waitForURL(new RegExp(`/table/customerForm/form\\?id=\\d+&template=${typeId}$`));
    const origin = page.getByTestId('designer-template-origin');
    await origin.waitFor();
    expect(await origin.textContent()).toContain('Data templates');
    expect(await origin.textContent()).toContain(typeName);

    // A text field added from the palette (Enter on it), then published from the designer.
    const items = page.locator('.designer-canvas [data-testid^="item-"]');
    const count = await items.count();
    await page.getByTestId('palette-text').focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => items.count()).toBe(count + 1);
    await page.getByTestId('publish-form').click();
    const next = (before.currentVersion ?? 0) + 1;
    await expect.poll(() => page.getByTestId('form-status').textContent(), { timeout: 20_000 }).toContain(`v${next}`);
    await picture(page, { path: path.join(SCREENSHOTS, 'designer-en-1440.png') });

    // Published through the template: the next version, the bindings kept.
    const after = await templateOf(typeId);
    expect(after.currentVersion).toBe(next);
    expect(after.bindings).toEqual({ trade: 'trade' });
    const trade = after.design.items.find((item) => item.key === 'trade') as { options: { value: string }[] };
    expect(trade.options.length).toBeGreaterThan(0);
    expect(trade.options.map((option) => option.value)).not.toContain('placeholder');
    expect(after.versions.map((v) => v.version)).toContain(next);

    await page.getByTestId('designer-template-back').click();
    await page.waitForURL(`${t.url}/drawing/dataTemplateManage`);
    await expect.poll(() => page.getByTestId(`template-version-${typeId}`).textContent()).toContain(`version ${next}`);
    expect(problems).toEqual([]);
    await page.context().close();

    // The way back reads in Chinese and right to left in Arabic, on a desktop and a phone.
    const route = `/table/customerForm/form?id=${after.formId}&template=${typeId}`;
    const looks = [
      ['zh-CN', DESKTOP, 'zh-1440'],
      ['ar', DESKTOP, 'ar-1440'],
      ['ar', PHONE, 'ar-390'],
      ['en-US', PHONE, 'en-390'],
    ] as const;
    for (const [locale, viewport, name] of looksIn(looks, [looks[1]])) {
      const shown = await open(route, locale, viewport);
      await shown.page.getByTestId('designer-template-origin').waitFor();
      if (locale === 'ar') expect(await shown.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await picture(shown.page, { path: path.join(SCREENSHOTS, `designer-${name}.png`) });
      expect(shown.problems).toEqual([]);
      await shown.page.context().close();
    }
  });
});
