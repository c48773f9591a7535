import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DRAWING_PATHS, type SheetListResult } from '../../src/core/contracts/drawings.ts';
import { FLOW_TASK_LISTS } from '../../src/core/contracts/flows.ts';
import type { FormOption } from '../../src/core/contracts/form.ts';
import { textIn } from '../../src/core/local-text.ts';
import { PAGE_PATHS, type PageListItem } from '../../src/core/contracts/page.ts';
import { PLATE_PATHS } from '../../src/core/contracts/plates.ts';
import type { RecordPage } from '../../src/core/contracts/record.ts';
import { STAGING_PATHS } from '../../src/core/contracts/staging.ts';
import { WORKSPACE_TEMPLATE_PATHS } from '../../src/core/contracts/workspace-template.ts';
import { ROUTES, routePath } from '../../src/core/routes.ts';
import { ok } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, openInApp, pageAtRest, requestsOf } from '../helpers/browser.ts';
import { publishedForm, SIMPLE_DESIGN, createRecord } from '../helpers/forms.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/phone-widths');
const PHONE = { width: 390, height: 844 };
const LOCALES = [
  ['en-US', 'en'],
  ['zh-CN', 'zh-CN'],
  ['ar', 'ar'],
] as const;
/** English and Arabic, whose checks differ; Chinese adds a picture. */
const WITHOUT_CHINESE = LOCALES.filter(([locale]) => locale !== 'zh-CN');

/**
 * What sticks out sideways on the page as it is drawn: the document scrolling sideways, and each
 * element whose visible part (cut by the ancestors that clip it) reaches past the window's
 * edges. An element wholly outside the window is hidden on purpose (an off-screen label) and
 * counts only if it makes the page scroll, which the first check sees.
 */
function sideways(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const found: string[] = [];
    if (root.scrollWidth > width) found.push(`the page is ${root.scrollWidth} px wide`);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${[...element.classList].slice(0, 3).map((each) => `.${each}`).join('')}`;
    const out = new Set<Element>();
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || (box.left >= -1 && box.right <= width + 1)) continue;
      if (box.right <= 0 || box.left >= width || getComputedStyle(element).visibility === 'hidden') continue;
      let left = box.left;
      let right = box.right;
      for (let parent = element.parentElement; parent && parent !== root; parent = parent.parentElement) {
        const style = getComputedStyle(parent);
        if (style.overflowX !== 'visible') {
          const clip = parent.getBoundingClientRect();
          left = Math.max(left, clip.left);
          right = Math.min(right, clip.right);
        }
        if (style.position === 'fixed') break;
      }
      if (right - left < 1 || (left >= -1 && right <= width + 1)) continue;
      out.add(element);
      // The outermost element that sticks out names the problem; its children follow it out.
      if (element.parentElement && out.has(element.parentElement)) continue;
      found.push(`${name(element)} spans ${Math.round(left)}..${Math.round(right)}`);
    }
    return found;
  });
}

/**
 * Every route of the app at 390×844, in English and Arabic: nothing scrolls sideways and
 * nothing sticks out of the window. The routes come from the route table, so a new route is
 * checked too; routes with an id open the demo data's records, forms, plates and pages. Then
 * the record list: cards on a phone, blank system columns left out, every column within reach
 * beside the Actions column at 1440 px; and the phone fill screen's way back.
 */
describe('every screen fits a phone', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let token: string;
  let form: FormOption;
  const urls: string[] = [];
  const publicUrls: string[] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url);
    // Only this run's pictures: one of a screen that sticks out is taken only when it does.
    fs.rmSync(SCREENSHOTS, { recursive: true, force: true });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });

    token = await t.signIn('admin', NORTHWIND);
    form = (await ok<FormOption[]>(t, 'GET', 'form/options', token)).find((each) => textIn(each.name, 'en') === 'Maintenance request')!;
    const record = (await ok<RecordPage>(t, 'POST', 'record/list', token, { formId: form.id, pageNum: 1, pageSize: 1 })).list[0]!;
    const plate = (await t.call<{ list: { id: number }[] }>('GET', PLATE_PATHS.list, { token })).body.data.list[0]!;
    const pages = (await t.call<PageListItem[]>('GET', PAGE_PATHS.list, { token })).body.data;
    const website = pages.find((each) => each.kind === 'website')!;
    const template = (await t.call<{ id: number }[]>('GET', WORKSPACE_TEMPLATE_PATHS.list, { token })).body.data[0]!;
    const draft = (await t.call<{ id: number }>('POST', STAGING_PATHS.save, { token, body: { formId: form.id, data: {} } })).body.data;
    // A demo sheet with its current revision, for the drawing screens.
    const sheets = await t.call<SheetListResult>('POST', DRAWING_PATHS.sheetList, { token, body: { workspaceCode: 'NW-HQ', page: 1, size: 1 } });
    const sheet = sheets.body.data.rows[0]!;
    const revisionId = sheet.current!.id;
    // The id each route with one opens; the construction screens not built yet take any.
    const ids: Record<string, number> = {
      '/drawing/markPicture/:id': revisionId,
      '/dataAnalysisPlate/ShowPlate/:id': plate.id,
      '/data-analysis-plate/:id': plate.id,
      '/table/dataList/:id': form.id,
      '/table/fill/:id': form.id,
      '/table/create/:id': form.id,
      '/table/edit/:id': record.id,
      '/table/copy/:id': record.id,
      '/table/staging/:id': draft.id,
      '/workSpace/templateCreate/:id': template.id,
      '/website/:id': website.id,
      '/pageManage/edit/:id': pages.find((each) => each.kind !== 'website')!.id,
    };
    // Screens that read what they show from the query.
    const queries: Record<string, string[]> = {
      '/dataAnalysisPlate/EditPlate': [`?id=${plate.id}`],
      '/table/customerForm/form': ['', `?id=${form.id}`],
      '/table/customerForm/advance': ['', `?id=${form.id}`],
      '/table/customerForm/flow': ['', `?formId=${form.id}`],
      '/table/mobileFill': ['', `?formId=${form.id}`],
      '/table/formData': ['', ...FLOW_TASK_LISTS.map((list) => `?tab=${list}`)],
      '/management': ['?tab=users', '?tab=workspaces'],
      '/drawing/pictureHistory': ['', `?sheetId=${sheet.id}`],
      '/annotation': [`?revisionId=${revisionId}`],
      '/picture': ['', `?revisionId=${revisionId}`],
    };
    for (const route of ROUTES) {
      const address = route.path.includes(':') ? routePath(route.path, { id: ids[route.path] ?? 1 }) : route.path;
      for (const query of queries[route.path] ?? ['']) (route.public ? publicUrls : urls).push(`${address}${query}`);
    }
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  /**
   * Opens each address in turn and collects what sticks out, with a picture of each screen that
   * fails. A signed-in tour moves inside the app, as its links do; a visitor's loads each page.
   */
  const visit = async (page: Page, addresses: readonly string[], locale: string, { inApp = false } = {}): Promise<string[]> => {
    const requests = requestsOf(page);
    const problems: string[] = [];
    for (const address of addresses) {
      if (inApp) await openInApp(page, address);
      else await page.goto(`${t.url}${address}`);
      await page.locator('#root > :not(.boot-splash)').first().waitFor({ state: 'attached' });
      await requests.settled();
      let found = await sideways(page);
      // A screen still taking the place of the one before may stick out for a moment: looked at
      // again once it has settled, what still sticks out is what a person sees.
      if (found.length > 0 && inApp) {
        await page.waitForTimeout(500);
        await requests.settled();
        found = await sideways(page);
      }
      if (found.length === 0) continue;
      problems.push(`${address} (${locale}): ${found.join('; ')}`);
      await page.screenshot({ path: path.join(SCREENSHOTS, `${address.replace(/[/?=]+/g, '_')}-${locale}.png`) });
    }
    return problems;
  };

  it('fits 390 px on every route, in English and Arabic, signed in and not', { timeout: 900_000 }, async () => {
    const problems: string[] = [];
    for (const locale of ['en-US', 'ar']) {
      const page = await users.open('admin', '/home', { locale, viewport: PHONE });
      problems.push(...(await visit(page, urls, locale, { inApp: true })));
      // The menu, opened as a drawer from the header.
      await page.goto(`${t.url}/home`);
      await page.locator('.app-header button[aria-expanded]').click();
      await page.locator('.app-drawer .ant-menu').waitFor();
      await pageAtRest(page);
      problems.push(...(await sideways(page)).map((each) => `menu drawer (${locale}): ${each}`));
      await picture(page, { path: path.join(SCREENSHOTS, `menu-${locale}.png`) });
      await page.close();

      const visitor = await browser.newPage({ locale, viewport: PHONE });
      problems.push(...(await visit(visitor, publicUrls, locale)));
      await visitor.close();
    }
    // bob's workspace has a longer code than admin's: the header still keeps to the screen.
    for (const [locale] of looksIn(LOCALES, WITHOUT_CHINESE)) {
      const page = await users.open('bob', '/home', { locale, viewport: PHONE });
      await page.locator('.app-workspace-switch').waitFor();
      await pageAtRest(page);
      problems.push(...(await sideways(page)).map((each) => `bob's home (${locale}): ${each}`));
      await page.close();
    }
    expect(problems).toEqual([]);
  });

  it('lists records as cards on a phone and every column beside the Actions at 1440 px, without blank system columns', { timeout: 300_000 }, async () => {
    const records = await ok<RecordPage>(t, 'POST', 'record/list', token, { formId: form.id, pageNum: 1, pageSize: 20 });
    const first = records.list[0]!;
    // A form with no numbering rule: its records have no number, and the list shows no Number column.
    const notes = await publishedForm(t, token, 'Site notes', SIMPLE_DESIGN, { numbering: null });
    for (const summary of ['Scaffold tag missing on level 3', 'Hoarding panel loose']) await createRecord(t, token, notes.id, { summary, amount: 1 });

    const wide = await users.open('admin', `/table/dataList/${notes.id}`);
    const headers = () => wide.locator('.ant-table-thead th').allInnerTexts();
    await wide.locator('.ant-table-row').first().waitFor();
    expect(await headers()).toEqual(expect.arrayContaining(['Summary', 'Status', 'Created by']));
    expect(await headers()).not.toContain('Number');

    // Maintenance requests with Updated shown too: each column can be brought into view and is not under the Actions.
    await wide.goto(`${t.url}/table/dataList/${form.id}`);
    await wide.locator('.ant-table-row').first().waitFor();
    await wide.getByRole('button', { name: 'Columns' }).click();
    await wide.locator('[data-column="updateTime"] .ant-checkbox-input').check();
    await wide.getByTestId('save-columns').click();
    await expect.poll(headers).toEqual(expect.arrayContaining(['Number', 'Created by', 'Created', 'Updated', 'Actions']));
    await pageAtRest(wide); // the columns dialog has gone before what covers a heading is looked for
    await picture(wide, { path: path.join(SCREENSHOTS, 'data-list-1440-en.png') });
    const hidden = await wide.locator('.ant-table-thead th').evaluateAll((cells) =>
      cells.flatMap((cell) => {
        const name = (cell as HTMLElement).innerText.trim();
        if (!name || name === 'Actions') return [];
        cell.scrollIntoView({ block: 'nearest', inline: 'nearest' });
        const box = cell.getBoundingClientRect();
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return hit && cell.contains(hit) ? [] : [name];
      }),
    );
    expect(hidden).toEqual([]);
    await picture(wide, { path: path.join(SCREENSHOTS, 'data-list-1440-scrolled-en.png') }); // the last column beside the Actions
    // Each heading stands over its column.
    const misaligned = await wide.locator('.ant-table-thead th').evaluateAll((cells) => {
      const row = document.querySelector('.ant-table-tbody tr.ant-table-row');
      const tds = row ? [...row.children] : [];
      return cells.flatMap((cell, at) => (Math.abs(cell.getBoundingClientRect().left - (tds[at]?.getBoundingClientRect().left ?? -1)) > 1 ? [(cell as HTMLElement).innerText] : []));
    });
    expect(misaligned).toEqual([]);
    await wide.close();

    for (const [locale, suffix] of looksIn(LOCALES, WITHOUT_CHINESE)) {
      const page = await users.open('admin', `/table/dataList/${form.id}`, { locale, viewport: PHONE });
      const card = page.locator('.list-card').first();
      await card.waitFor();
      expect(await page.locator('.ant-table').count()).toBe(0);
      expect(await card.locator('.list-card-title').innerText()).toContain(first.number!);
      expect(await card.locator('.list-card-line').count()).toBeGreaterThan(4);
      await card.locator('.ant-tag').first().waitFor(); // the status
      if (suffix === 'en') expect(await card.locator('.list-card-line dt').allInnerTexts()).toEqual(expect.arrayContaining(['Summary', 'Status', 'Updated']));
      await card.scrollIntoViewIfNeeded();
      await pageAtRest(page);
      expect(await sideways(page)).toEqual([]);
      await picture(page, { path: path.join(SCREENSHOTS, `data-list-phone-${suffix}.png`) });
      // The actions are in reach: the look opens the record.
      const look = card.locator('.list-card-actions button').first();
      const box = (await look.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      await look.click();
      await page.locator('.ant-drawer .ant-descriptions').waitFor();
      await page.close();
    }
  });

  it('leads back from the phone fill screen to the list it came from, by keyboard', { timeout: 120_000 }, async () => {
    for (const [locale, suffix] of [LOCALES[0], LOCALES[2]]) {
      const page = await users.open('admin', `/table/mobileFill?formId=${form.id}`, { locale, viewport: PHONE });
      const back = page.getByTestId('fill-back');
      await back.waitFor();
      await pictureAtRest(page, { path: path.join(SCREENSHOTS, `fill-phone-${suffix}.png`) });
      expect(await sideways(page)).toEqual([]);
      if (suffix === 'en') expect(await back.innerText()).toBe('Back to forms to fill');
      // The first stop of the keyboard, and Enter follows it: to the forms to fill, and from there home.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('fill-back');
      await page.keyboard.press('Enter');
      await page.waitForURL(`${t.url}/table/mobileFill`);
      await page.locator(`a[href="/table/mobileFill?formId=${form.id}"]`).waitFor();
      await page.getByTestId('fill-back').press('Enter');
      await page.waitForURL(`${t.url}/home`);
      await page.close();
    }
    // A new record from the list leads back to that list.
    const page = await users.open('admin', `/table/create/${form.id}`, { viewport: PHONE });
    await page.getByTestId('fill-back').click();
    await page.waitForURL(`${t.url}/table/dataList/${form.id}`);
    await page.close();
  });
});
