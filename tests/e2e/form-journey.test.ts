import ExcelJS from 'exceljs';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtWebDir, launchBrowser, pageAtRest, pendingTimersRun, signInThroughLoginScreen, watchPageProblems, type Account } from '../helpers/browser.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { PICTURES, picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/form-journey');
/** How long a check waits for the screen to catch up: the machine may be busy. */
const PATIENCE_MS = 20_000;
const poll = <T>(read: () => T | Promise<T>) => expect.poll(read, { timeout: PATIENCE_MS });
const FORM_NAME = 'Fit-out request';

/**
 * The whole life of a custom form in real Chromium against the real server, through the
 * screens as its users meet them: the administrator designs a fit-out request, numbers it,
 * lets bob approve (a permission group) and gives it a two-step flow (bob, then the
 * administrator); alice is refused a bad value and submits; bob approves, the administrator
 * rejects it back to her with a comment, she edits and resubmits, both approve; the timeline
 * tells every step; the record list exports the record to a workbook that imports again with
 * a new and a bad row.
 */
describe('a form from design to export in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  const problems: string[][] = [];
  /** Every person's page, for a picture when a step fails. */
  const pages: Page[] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    fs.rmSync(SCREENSHOTS, { recursive: true, force: true });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterEach(async (context) => {
    // A failed step leaves a picture of every person's screen.
    if (context.task.result?.state === 'fail') {
      for (const [i, page] of pages.entries()) await page.screenshot({ path: path.join(SCREENSHOTS, `failed-${i}.png`), fullPage: true }).catch(() => undefined);
    }
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  /** A person at their own browser: a context of their own, signed in through the login screen (admin and alice into NW-HQ; bob has only NW-TOWER, so no workspace step). */
  const personAt = async (account: Account): Promise<Page> => {
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'Asia/Shanghai', viewport: { width: 1440, height: 1000 }, acceptDownloads: true });
    const page = await context.newPage();
    problems.push(await watchPageProblems(page));
    await signInThroughLoginScreen(page, t.url, account);
    pages.push(page);
    return page;
  };

  let shots = 0;
  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page); // messages and transitions settle before the picture
    shots += 1;
    await picture(page, { path: path.join(SCREENSHOTS, `${String(shots).padStart(2, '0')}-${name}.png`), fullPage: true });
  };

  /**
   * Drags with the mouse in small steps (the pointer sensor starts after 4 px) onto the lower part of the target, and
   * lets go once the designer announces to screen readers that the drag is over `overId` (the canvas is `container:`).
   */
  const drag = async (page: Page, from: Locator, to: Locator, overId: string) => {
    const a = (await from.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 3 });
    const announced = page.locator('[id^="DndLiveRegion"]');
    await poll(async () => {
      const b = (await to.boundingBox())!;
      await page.mouse.move(b.x + b.width / 2, b.y + b.height - 8, { steps: 6 });
      return announced.innerText();
    }).toBe(`Over ${overId}`);
    await page.mouse.up();
  };

  const canvasKeys = (page: Page) =>
    page.locator('.designer-canvas > [data-testid^="item-"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice(5)));

  /** Selects a canvas item and gives it a key and a label. */
  const name = async (page: Page, key: string, newKey: string, label: string) => {
    await page.getByTestId(`item-${key}`).locator('.designer-item-head').click();
    await page.locator('#designer-key').fill(newKey);
    await page.locator('#designer-label').fill(label);
    await poll(() => page.getByTestId(`item-${newKey}`).count()).toBe(1);
  };

  /** Picks an option of an open antd select's dropdown. */
  const option = (page: Page, text: string | RegExp) => page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: text }).first();

  /** The form item (label, control, message) around a control of the fill screen. */
  const fieldItem = (page: Page, key: string) => page.locator('.ant-form-item', { has: page.locator(`#root_${key}`) }).last();

  /** Adds a sub-table row: a button named "Add row" (or, drawn by rjsf's own array template, an icon button titled so). */
  const addRow = (page: Page) => page.getByRole('button', { name: 'Add row' }).or(page.getByTitle('Add row')).first().click();

  /** The approval card of the record screen. */
  const flowCard = (page: Page) => page.locator('.form-fill-flow');
  const timeline = (page: Page) => flowCard(page).locator('.ant-timeline-item').allInnerTexts();

  /** Opens the first pending task on the record from "My tasks", as the approver would. */
  const openTaskFromMyTasks = async (page: Page, number: string) => {
    await page.goto(`${t.url}/table/formData?tab=pending`);
    const row = page.getByTestId('tasks-pending').locator('tr.ant-table-row', { hasText: number });
    await row.waitFor();
    await row.getByRole('link', { name: number }).click();
    await page.waitForURL(/\/table\/edit\/\d+$/);
  };

  /** The unread count the bell shows (no badge: none). */
  const bellCount = async (page: Page) => {
    const badge = page.getByTestId('notification-bell').locator('sup.ant-badge-count');
    return (await badge.count()) ? Number(await badge.getAttribute('title')) : 0;
  };

  /** Time passes on the server between one person's action and the next. */
  const hoursLater = (hours: number) => t.clock.advance(hours * 3_600_000);

  /** Approves (or rejects, with a comment) the viewer's task on the open record screen. */
  const decide = async (page: Page, node: string, action: 'approve' | 'reject', comment: string) => {
    const card = flowCard(page);
    await card.getByText(`Your task: ${node}`).waitFor();
    if (action === 'reject') {
      await card.getByLabel('Action').click();
      await option(page, 'Reject').click();
      // A rejection goes back to the submitter unless another step is chosen.
      await poll(() => card.locator('.ant-select', { has: page.getByLabel('Send back to') }).innerText()).toBe('The submitter');
    }
    await card.getByLabel('Comment').fill(comment);
    await card.getByRole('button', { name: action === 'approve' ? 'Approve' : 'Reject', exact: true }).click();
    // The screen reads the record again: the task is gone from it.
    await poll(() => card.getByText(`Your task: ${node}`).count()).toBe(0);
  };

  it('is designed, given a two-step flow, filled, rejected, resubmitted, approved, exported and imported again', { timeout: 600_000 }, async () => {
    // ── 1. The administrator designs the form ────────────────────────────────────────────
    const admin = await personAt('admin');
    await admin.goto(`${t.url}/table/customerForm/form`);
    await admin.locator('.ant-table-row').first().waitFor();
    await admin.getByTestId('create-form').click();
    await admin.locator('#create-form_name').fill(FORM_NAME);
    await admin.getByRole('button', { name: 'Create' }).click();
    await admin.waitForURL(/\/table\/customerForm\/form\?id=\d+$/);
    const formId = Number(new URL(admin.url()).searchParams.get('id'));
    await admin.getByText('Drag fields here').waitFor();

    // Fields by mouse drag from the palette: the sub-table onto the empty canvas, the others each dropped onto it (before it).
    await drag(admin, admin.getByTestId('palette-subtable'), admin.locator('.designer-canvas'), 'container:');
    await poll(() => canvasKeys(admin)).toEqual(['subtable1']);
    for (const type of ['text', 'number', 'select', 'date']) {
      await drag(admin, admin.getByTestId(`palette-${type}`), admin.getByTestId('item-subtable1'), 'subtable1');
      await poll(() => canvasKeys(admin)).toContain(`${type}1`);
    }
    expect(await canvasKeys(admin)).toEqual(['text1', 'number1', 'select1', 'date1', 'subtable1']);
    // Money with Enter on its palette entry (added at the end), then moved up one place by keyboard drag.
    await admin.getByTestId('palette-money').focus();
    await admin.keyboard.press('Enter');
    await poll(() => canvasKeys(admin)).toEqual(['text1', 'number1', 'select1', 'date1', 'subtable1', 'money1']);
    await admin.getByTestId('item-money1').locator('.designer-item-head').focus();
    // Each key waits for what the designer announces to screen readers.
    for (const [key, announced] of [['Space', 'Over money1'], ['ArrowUp', 'Over subtable1'], ['Space', 'Dropped at subtable1']]) {
      await admin.keyboard.press(key!);
      await poll(() => admin.locator('[id^="DndLiveRegion"]').innerText()).toBe(announced);
      await pendingTimersRun(admin);
    }
    await poll(() => canvasKeys(admin)).toEqual(['text1', 'number1', 'select1', 'date1', 'money1', 'subtable1']);

    // Properties: keys, labels, required, limits, options, currency, sub-table column.
    await name(admin, 'text1', 'tenantName', 'Tenant name');
    await admin.getByTestId('required').click();
    await admin.locator('#rule-minLength').fill('2');
    await name(admin, 'number1', 'area', 'Area (m²)');
    await admin.locator('#rule-min').fill('1');
    await admin.locator('#rule-max').fill('500');
    await admin.locator('#designer-precision').fill('0');
    await name(admin, 'select1', 'works', 'Kind of works');
    for (const [i, [value, label]] of [['paint', 'Painting'], ['floor', 'Flooring'], ['hvac', 'Air conditioning']].entries()) {
      await admin.getByLabel(`Value of option ${i + 1}`).fill(value!);
      await admin.getByLabel(`Label of option ${i + 1}`).fill(label!);
    }
    await name(admin, 'date1', 'startDate', 'Start date');
    await name(admin, 'money1', 'budget', 'Budget');
    await admin.locator('#designer-currency').fill('CNY');
    await admin.locator('#designer-precision').fill('2');
    await admin.getByTestId('required').click();
    await name(admin, 'subtable1', 'contractors', 'Contractors');
    await admin.getByTestId('add-column').click();
    await admin.getByLabel('Key of column 1').fill('company');
    await admin.getByLabel('Label of column 1').fill('Company');
    await poll(() => admin.getByTestId('design-problems').count()).toBe(0);
    await shoot(admin, 'designer');

    await admin.getByTestId('save-form').click();
    await admin.getByText('Design saved').waitFor();
    await admin.getByTestId('publish-form').click();
    await admin.getByText('Published version 1').waitFor();

    // Numbering and title field in the advanced settings (they go live with the next version).
    await admin.getByRole('button', { name: 'Advanced settings' }).click();
    await admin.waitForURL(`${t.url}/table/customerForm/advance?id=${formId}`);
    await admin.locator('#advance-numbering').fill('FIT-{####}');
    await poll(() => admin.getByTestId('numbering-example').innerText()).toContain('FIT-0001');
    await admin.locator('#advance-title').click();
    await option(admin, 'Tenant name').click();
    await admin.getByTestId('save-settings').click();
    await admin.getByText('Settings saved').waitFor();

    // ── Bob, a viewer, may not approve yet: a permission group gives him the "Approve" point ──
    await admin.goto(`${t.url}/authorize/pmsGroup`);
    await admin.getByRole('button', { name: 'New group' }).first().click();
    const groupForm = admin.locator('.ant-modal');
    await groupForm.getByLabel('Name').fill('Fit-out approvers');
    await groupForm.getByRole('searchbox', { name: 'Search function points' }).fill('Approve');
    await groupForm.getByRole('checkbox', { name: /Approve/ }).last().check();
    await shoot(admin, 'approvers-group');
    await groupForm.getByRole('button', { name: 'Save' }).click();
    await groupForm.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: 'Assign Fit-out approvers' }).click();
    const assign = admin.locator('.ant-modal');
    await assign.locator('.ant-transfer-section').first().locator('.ant-transfer-list-content-item', { hasText: 'Bob Li' }).click();
    await assign.locator('.ant-transfer-actions button').first().click();
    await assign.getByRole('button', { name: 'Save' }).click();
    await assign.waitFor({ state: 'detached' });
    await poll(() => admin.locator('.ant-table-row', { hasText: 'Fit-out approvers' }).innerText()).toMatch(/\b1\b/);

    // ── 2. The flow: bob checks on site, then the administrator approves the budget ──────────
    await admin.goto(`${t.url}/table/customerForm/flow?formId=${formId}`);
    await admin.getByTestId('flow-canvas').waitFor();
    await admin.getByTestId('add-node-root-0').click();
    await admin.locator('.ant-dropdown:visible [data-testid=add-approval]').click();
    await admin.locator('#node-approval1-name').fill('Site check');
    await admin.locator('#node-approval1-assignees-users').click();
    await admin.keyboard.type('Bob');
    await option(admin, 'Bob Li').click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('add-node-root-1').click();
    await admin.locator('.ant-dropdown:visible [data-testid=add-approval]').click();
    await admin.locator('#node-approval2-name').fill('Budget approval');
    await admin.locator('#node-approval2-assignees-users').click();
    await admin.keyboard.type('Ada');
    await option(admin, 'Ada Admin').click();
    await admin.keyboard.press('Escape');
    await poll(() => admin.getByTestId('flow-problem-count').count()).toBe(0);
    await poll(() => admin.getByTestId('flow-node-approval1').innerText()).toContain('Bob Li');
    await poll(() => admin.getByTestId('flow-node-approval2').innerText()).toContain('Ada Admin');
    await shoot(admin, 'flow');
    await admin.getByTestId('flow-save').click();
    await admin.getByText('Flow saved').waitFor();

    // The flow and settings go live with version 2, published from the designer the flow screen links to.
    await admin.getByRole('link', { name: 'Publish in the form designer' }).click();
    await admin.waitForURL(`${t.url}/table/customerForm/form?id=${formId}`);
    await admin.getByTestId('publish-form').click();
    await admin.getByText('Published version 2').waitFor();

    // ── 3. Alice fills it: a bad value is refused in the browser, then she submits ──────────
    const alice = await personAt('alice');
    const creates: string[] = [];
    alice.on('request', (request) => {
      if (request.url().includes('/record/create')) creates.push(request.url());
    });
    await alice.goto(`${t.url}/table/formData`);
    await alice.locator(`[data-form="${formId}"]`).getByRole('button', { name: `Fill ${FORM_NAME}` }).click();
    await alice.waitForURL(`${t.url}/table/fill/${formId}`);
    await alice.locator('#root_tenantName').waitFor();

    // Too short a name and no budget: each message stands under its field's label, and nothing is sent.
    await alice.locator('#root_tenantName').fill('B');
    await alice.getByRole('button', { name: 'Submit' }).click();
    await poll(() => fieldItem(alice, 'tenantName').locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['At least 2 characters']);
    expect(await fieldItem(alice, 'tenantName').locator('.ant-form-item-label').innerText()).toContain('Tenant name');
    expect(await fieldItem(alice, 'budget').locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['Required']);
    expect(await fieldItem(alice, 'budget').locator('.ant-form-item-label').innerText()).toContain('Budget');
    expect(await alice.locator('.ant-form-item-explain-error').count()).toBe(2);
    await shoot(alice, 'fill-refused');
    expect(creates).toEqual([]);

    await alice.locator('#root_tenantName').fill('Blue Harbor Café');
    await alice.locator('#root_area').fill('120');
    await alice.locator('#root_works').click();
    await option(alice, 'Air conditioning').click();
    await alice.locator('#root_startDate').click();
    await alice.locator('#root_startDate').fill('2026-12-01');
    await alice.keyboard.press('Enter');
    await alice.locator('#root_budget').fill('30000');
    await addRow(alice);
    await alice.locator('#root_contractors_0_company').fill('Coolair Services');
    await alice.locator('#root_tenantName').click();
    await poll(() => alice.locator('.ant-form-item-explain-error').count()).toBe(0);
    await shoot(alice, 'fill-good');
    await alice.getByRole('button', { name: 'Submit' }).click();
    await alice.getByText('Submitted as FIT-0001').waitFor();
    expect(creates).toHaveLength(1);
    await alice.getByRole('link', { name: 'Open the record' }).click();
    await alice.waitForURL(/\/table\/edit\/\d+$/);
    const recordPath = new URL(alice.url()).pathname;
    await poll(() => flowCard(alice).innerText()).toMatch(/In approval · Site check · waiting for Bob Li/);

    // ── 4. Bob approves from his tasks; the administrator rejects it back to alice ───────────
    const bob = await personAt('bob');
    hoursLater(2);
    await openTaskFromMyTasks(bob, 'FIT-0001');
    expect(new URL(bob.url()).pathname).toBe(recordPath);
    await poll(() => bob.locator('#root_tenantName').inputValue()).toBe('Blue Harbor Café');
    await shoot(bob, 'bob-task');
    await poll(() => bellCount(bob)).toBeGreaterThan(0);
    const bobUnread = await bellCount(bob);
    await decide(bob, 'Site check', 'approve', 'Visited the unit: ducts can go through the ceiling.');
    // His task's notification is resolved with the task: the bell counts one fewer, without a reload.
    await poll(() => bellCount(bob)).toBe(bobUnread - 1);

    hoursLater(1);
    await openTaskFromMyTasks(admin, 'FIT-0001');
    await decide(admin, 'Budget approval', 'reject', 'Budget too low for air conditioning: please add the ducting.');
    await shoot(admin, 'rejected');

    // Alice, back at her home page, reads the rejection (the bell links to the record), raises the budget and resubmits.
    await alice.locator('.app-sider').getByRole('menuitem', { name: 'Home' }).click();
    await alice.waitForURL(`${t.url}/home`);
    await alice.getByTestId('notification-bell').click();
    await alice.locator('.app-notify-panel li', { hasText: 'Rejected: Fit-out request FIT-0001' }).click();
    await alice.waitForURL(`${t.url}${recordPath}`);
    await poll(() => flowCard(alice).innerText()).toContain('Rejected');
    await poll(async () => (await timeline(alice)).at(-1) ?? '').toMatch(/Rejected · Budget approval[\s\S]*Ada Admin[\s\S]*Budget too low for air conditioning/);
    await shoot(alice, 'alice-sees-rejection');
    hoursLater(1);
    await alice.locator('#root_budget').fill('42000');
    await addRow(alice);
    await alice.locator('#root_contractors_1_company').fill('Ductworks Ltd');
    await alice.getByRole('button', { name: 'Resubmit' }).click();
    await poll(() => flowCard(alice).innerText()).toMatch(/In approval · Site check/);

    // Both approve again.
    hoursLater(1);
    await openTaskFromMyTasks(bob, 'FIT-0001');
    await decide(bob, 'Site check', 'approve', 'Ducting plan checked.');
    hoursLater(1);
    await openTaskFromMyTasks(admin, 'FIT-0001');
    await poll(() => admin.locator('#root_budget').inputValue()).toBe('42000.00');
    await decide(admin, 'Budget approval', 'approve', 'Approved within the fit-out allowance.');

    // The record ends approved; its timeline tells every step, who and why.
    await alice.reload();
    await poll(() => flowCard(alice).innerText()).toMatch(/^Approval\s+Approved/);
    // Server times in UTC+8: submitted at 16:00, then one step each hour or two.
    await poll(async () => (await timeline(alice)).at(-1) ?? '').toMatch(/^Finished/);
    const steps = await timeline(alice);
    const expected: RegExp[] = [
      /^Submitted\nAlice Chen · Nov 22, 2026 16:00:00$/,
      /^Approved · Site check\nBob Li · Nov 22, 2026 18:00:00\nVisited the unit: ducts can go through the ceiling\.$/,
      /^Rejected · Budget approval\nAda Admin · Nov 22, 2026 19:00:00\nBudget too low for air conditioning: please add the ducting\.$/,
      /^Resubmitted\nAlice Chen · Nov 22, 2026 20:00:00$/,
      /^Approved · Site check\nBob Li · Nov 22, 2026 21:00:00\nDucting plan checked\.$/,
      /^Approved · Budget approval\nAda Admin · Nov 22, 2026 22:00:00\nApproved within the fit-out allowance\.$/,
      /^Finished\nSystem · Nov 22, 2026 22:00:00$/,
    ];
    expect(steps, JSON.stringify(steps)).toHaveLength(expected.length);
    for (const [i, pattern] of expected.entries()) expect(steps[i], `timeline entry ${i + 1}`).toMatch(pattern);
    await shoot(alice, 'approved-timeline');

    // The same record in Arabic, switched in the shell: right to left.
    await alice.getByLabel('Language').selectOption('ar');
    await poll(() => alice.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await flowCard(alice).locator('.ant-timeline-item').first().waitFor();
    await shoot(alice, 'approved-timeline-ar');

    // ── 5. The record list: number and status, export, and import of an edited workbook ──────
    await admin.goto(`${t.url}/table/dataList/${formId}`);
    const rows = admin.locator('.ant-table-tbody tr.ant-table-row');
    await poll(() => rows.allInnerTexts()).toEqual([expect.stringMatching(/FIT-0001[\s\S]*Blue Harbor Café[\s\S]*Approved/)]);
    expect(await admin.locator('.ant-pagination-total-text').innerText()).toBe('1 record');
    await shoot(admin, 'list');

    const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${FORM_NAME}-\\d{8}\\.xlsx$`));
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'form-journey-')), download.suggestedFilename());
    await download.saveAs(file);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    const sheet = book.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).map(String);
    const column = (label: string) => {
      const at = headers.indexOf(label);
      expect(at, `column ${label} in ${JSON.stringify(headers)}`).toBeGreaterThan(0);
      return at;
    };
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(column('Tenant name')).value).toBe('Blue Harbor Café');
    expect(sheet.getRow(2).getCell(column('Area (m²)')).value).toBe(120);
    expect(sheet.getRow(2).getCell(column('Kind of works')).value).toBe('Air conditioning');
    expect(sheet.getRow(2).getCell(column('Budget')).value).toBe(42000);
    expect(sheet.getRow(2).getCell(1).value).toBe('FIT-0001');
    const lines = book.worksheets[1]!;
    expect(lines.getSheetValues().slice(2).map((row) => (row as unknown[]).filter((cell) => cell !== undefined && cell !== null).map(String))).toEqual([
      expect.arrayContaining(['Coolair Services']),
      expect.arrayContaining(['Ductworks Ltd']),
    ]);

    // The same workbook with a new tenant's row, and one whose area is too large.
    const copyRow = (from: number, to: number, changes: Record<string, unknown>) => {
      const source = sheet.getRow(from);
      const target = sheet.getRow(to);
      source.eachCell({ includeEmpty: true }, (cell, at) => {
        target.getCell(at).value = cell.value;
      });
      for (const [label, value] of Object.entries(changes)) target.getCell(column(label)).value = value as ExcelJS.CellValue;
      target.commit();
    };
    copyRow(2, 3, { 'Tenant name': 'Green Leaf Books', 'Area (m²)': 80, 'Kind of works': 'Flooring', Budget: 12500 });
    copyRow(2, 4, { 'Tenant name': 'Sunrise Gym', 'Area (m²)': 900, 'Kind of works': 'Painting', Budget: 8000 });
    const edited = file.replace(/\.xlsx$/, '-edited.xlsx');
    await book.xlsx.writeFile(edited);

    await admin.getByRole('button', { name: 'Import' }).click();
    await admin.locator('.ant-modal input[type=file]').setInputFiles(edited);
    const report = admin.getByTestId('import-report');
    await report.waitFor({ timeout: 60_000 });
    expect(await report.innerText()).toContain('Imported 2 records');
    const problemRows = await report.locator('.ant-table-tbody tr').allInnerTexts();
    expect(problemRows).toHaveLength(1);
    expect(problemRows[0]).toMatch(/^4\s+area\s+Area \(m²\) \(area\): must be at most 500$/);
    await shoot(admin, 'import-report');
    await admin.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    await poll(() => admin.locator('.ant-pagination-total-text').innerText()).toBe('3 records');
    const texts = await rows.allInnerTexts();
    expect(texts.some((row) => /FIT-0001[\s\S]*Blue Harbor Café[\s\S]*Approved/.test(row))).toBe(true);
    // Imported rows are numbered on, start no flow, and the re-imported one keeps its two contractors.
    expect(texts.some((row) => /FIT-000[23][\s\S]*Blue Harbor Café[\s\S]*Rows: 2[\s\S]*Saved/.test(row))).toBe(true);
    expect(texts.some((row) => /FIT-000[23][\s\S]*Green Leaf Books[\s\S]*Flooring[\s\S]*Saved/.test(row))).toBe(true);
    expect(texts.some((row) => row.includes('Sunrise Gym'))).toBe(false);
    await shoot(admin, 'list-after-import');

    // Nothing went wrong in any browser along the way.
    expect(problems.flat()).toEqual([]);
  });
});
