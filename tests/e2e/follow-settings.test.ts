import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FOLLOW_SETTINGS_PATHS, type DataSourceOption } from '../../src/core/contracts/follow-settings.ts';
import { FOLLOW_PATHS, type FollowType } from '../../src/core/contracts/follows.ts';
import { withReturnPath } from '../../src/web/shell/login/login-path.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { pictureAtRest } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/follow-settings');
const WORKSPACE = 'NW-TOWER';

/** An option sheet of trades as the export writes it: the header row, then one option a row. */
async function tradeSheet(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('trade');
  sheet.addRow(['code', 'parentCode', 'label', 'label.en', 'label.zh-CN', 'label.ar', 'sort', 'retired']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/*
 * The follow-up settings screens in Chromium: an administrator adds a list of zones as a tree
 * (an option and one below it), retires the lower one, and lets assignees reopen follow-ups of
 * a type in its status rule; a member without the right sees the settings read-only; in Arabic
 * the screen reads right to left.
 */
describe('follow-up settings in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let admin: string;
  let alice: string;

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp('sqlite', { webDir: builtWebDir() }), launchBrowser()]);
    [admin, alice] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND)]);
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const open = async (token: string, route: string, locale = 'en-US', viewport = { width: 1440, height: 900 }): Promise<{ page: Page; problems: string[] }> => {
    const context = await browser.newContext({ locale, viewport });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    await page.goto(`${t.url}${withReturnPath('/securityMiddle', route)}&token=${encodeURIComponent(token)}`);
    await page.getByTestId(`workspace-${WORKSPACE}`).click();
    await page.waitForURL(`${t.url}${route}`);
    return { page, problems };
  };

  it('adds a list of zones as a tree and retires an option of it', { timeout: 60_000 }, async () => {
    const { page, problems } = await open(admin, '/drawing/dataSourceSettings');
    await page.getByTestId('source-list').waitFor();
    await page.getByTestId('source-add').click();
    await page.getByTestId('source-name').fill('Zones');
    await page.getByTestId('source-key').fill('zone');
    await page.getByLabel('Options form a tree').check();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('source-zone').waitFor();
    await expect.poll(() => page.getByTestId('source-zone').getAttribute('aria-current')).toBe('true');
    await page.getByText('This list has no options yet.').waitFor();

    await page.getByTestId('option-add').click();
    await page.getByTestId('option-label').fill('Tower 1');
    await page.getByTestId('option-code').fill('T1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('option-T1').waitFor();

    // One below it, through the option's own menu (a keyboard reaches it as well as a mouse).
    await page.getByTestId('option-actions-T1').focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Add option below' }).click();
    await page.getByTestId('option-label').fill('Level 2');
    await page.getByTestId('option-code').fill('T1-L2');
    await page.getByRole('button', { name: 'Save' }).click();
    const level = page.getByTestId('option-T1-L2');
    await level.waitFor();
    expect(await level.getAttribute('aria-level')).toBe('2');
    expect(await page.getByTestId('option-T1').getAttribute('aria-level')).toBe('1');

    await page.getByTestId('option-actions-T1-L2').click();
    await page.getByRole('menuitem', { name: 'Retire' }).click();
    await page.getByText('“Level 2” is retired: pickers no longer offer it.').waitFor();
    await expect.poll(() => level.textContent()).toContain('Retired');
    const options = await t.call<DataSourceOption[]>('GET', `${FOLLOW_SETTINGS_PATHS.optionList}?workspaceCode=${WORKSPACE}&source=zone&retired=true`, { token: admin });
    const stored = options.body.data.find((o) => o.code === 'T1-L2');
    expect(stored).toMatchObject({ retired: true, parentId: options.body.data.find((o) => o.code === 'T1')!.id });

    // Retired options leave the tree when the switch hides them.
    await page.getByTestId('option-show-retired').click();
    await expect.poll(() => level.count()).toBe(0);
    await page.getByTestId('option-T1').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('imports an option sheet (a bad row refused by its number, then stored) and keeps a trade in use from being deleted', { timeout: 60_000 }, async () => {
    const [bad, good] = await Promise.all([
      tradeSheet([
        ['ELEC', '', '', 'Electrical', '电气', 'كهرباء', 10, 'no'],
        ['MECH', '', '', 'Mechanical', '暖通', 'ميكانيك', 'soon', 'no'],
      ]),
      tradeSheet([
        ['ELEC', '', '', 'Electrical', '电气', 'كهرباء', 10, 'no'],
        ['MECH', '', '', 'Mechanical', '暖通', 'ميكانيك', 20, 'no'],
      ]),
    ]);
    const { page, problems } = await open(admin, '/drawing/dataSourceSettings');
    await page.getByTestId('source-trade').click();
    await page.getByTestId('option-import-file').setInputFiles({ name: 'trades.xlsx', mimeType: 'application/octet-stream', buffer: bad });
    const refused = page.getByTestId('import-refused');
    await refused.waitFor();
    await page.getByText('1 row was refused, so nothing was stored.').waitFor();
    const cells = await refused.locator('tbody tr').first().locator('td').allTextContents();
    expect(cells.slice(0, 2)).toEqual(['3', 'sort']);
    expect(await page.getByTestId('option-ELEC').count()).toBe(0);

    await page.getByTestId('option-import-file').setInputFiles({ name: 'trades.xlsx', mimeType: 'application/octet-stream', buffer: good });
    await page.getByText('Imported: 2 added, 0 changed, 0 unchanged.').waitFor();
    await page.getByTestId('option-MECH').waitFor();
    expect(await refused.count()).toBe(0);
    // The sheet goes out again as the list's xlsx.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('option-export').click()]);
    expect(download.suggestedFilename()).toMatch(/^trade-\d{8}\.xlsx$/);

    // A trade a follow-up holds is not deleted: the screen says why and offers retiring it.
    const types = await t.call<FollowType[]>('GET', `${FOLLOW_PATHS.typeList}?workspaceCode=${WORKSPACE}`, { token: admin });
    const made = await t.call('POST', FOLLOW_PATHS.create, {
      token: admin,
      body: { workspaceCode: WORKSPACE, typeId: types.body.data.find((each) => !each.retired)!.id, title: 'Cable tray clash', trade: 'ELEC' },
    });
    expect(made.status).toBe(200);
    await page.getByTestId('option-actions-ELEC').click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await page.getByTestId('option-in-use').getByText('1 follow-up has it.').waitFor();
    await page.getByRole('button', { name: 'Retire' }).click();
    await expect.poll(() => page.getByTestId('option-ELEC').textContent()).toContain('Retired');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('lets assignees reopen follow-ups of a type through its status rule', { timeout: 60_000 }, async () => {
    const types = await t.call<FollowType[]>('GET', `${FOLLOW_PATHS.typeList}?workspaceCode=${WORKSPACE}`, { token: admin });
    const type = types.body.data.find((each) => !each.retired && !each.statusRule.reopen.includes('assignee'));
    expect(type).toBeDefined();
    const { page, problems } = await open(admin, '/drawing/projectSettings?tab=types');
    await page.getByTestId('type-list').waitFor();
    await page.getByTestId(`type-edit-${type!.id}`).click();
    const box = page.getByTestId('rule-reopen-assignee');
    await box.waitFor();
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await page.getByTestId('type-dialog').getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('type-dialog').waitFor({ state: 'detached' });
    const after = await t.call<FollowType[]>('GET', `${FOLLOW_PATHS.typeList}?workspaceCode=${WORKSPACE}`, { token: admin });
    expect(after.body.data.find((each) => each.id === type!.id)!.statusRule.reopen).toContain('assignee');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows a member without the right the settings read-only, and reads right to left in Arabic', { timeout: 60_000 }, async () => {
    const { page, problems } = await open(alice, '/drawing/dataSourceSettings', 'ar');
    await page.getByTestId('settings-read-only').waitFor();
    await page.getByTestId('option-tree').or(page.getByTestId('data-source-page').locator('.ant-empty')).first().waitFor();
    expect(await page.getByTestId('option-add').count()).toBe(0);
    expect(await page.getByTestId('source-add').count()).toBe(0);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await page.getByText('مصادر البيانات').first().waitFor();
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'data-sources-ar.png') });

    await page.goto(`${t.url}/drawing/projectSettings?tab=types`);
    await page.getByTestId('type-list').waitFor();
    await pictureAtRest(page, { path: path.join(SCREENSHOTS, 'types-ar.png') });
    // Members' rights are the settings holders' to see: the tab says so rather than failing.
    await page.getByRole('tab', { name: 'الأعضاء' }).click();
    await page.getByTestId('members-need-right').waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
