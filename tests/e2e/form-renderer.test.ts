import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../src/core/contracts/form.ts';
import type { FormRecord } from '../../src/core/contracts/record.ts';
import type { FieldError, FormDesign } from '../../src/core/forms/form-design.ts';
import { ok } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, watchPageProblems } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { call, createRecord, publishedForm } from '../helpers/forms.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/form-renderer');
/** DRAFT_COMMIT_DELAY_MS of field-draft.tsx: how long typing pauses before the form takes a field's draft. */
const DRAFT_COMMIT_DELAY_MS = 150;

/** A parts order: a reference and a sub-table of lines (a required part, a count up to 500, a cost). */
const PARTS_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'ref', type: 'text', label: 'Reference', required: true },
    {
      key: 'lines',
      type: 'subtable',
      label: 'Lines',
      fields: [
        { key: 'part', type: 'text', label: 'Part', required: true },
        { key: 'qty', type: 'number', label: 'Quantity', precision: 0, rules: { min: 1, max: 500 } },
        { key: 'cost', type: 'money', label: 'Unit cost', precision: 2 },
      ],
    },
  ],
};
const ROWS = 1000;
const bigRecordData = () => ({
  ref: 'PO-1000',
  lines: Array.from({ length: ROWS }, (_, i) => ({ part: `Part ${i + 1}`, qty: (i % 50) + 1, cost: 2.5 })),
});

/** Typing fields, a formula over two numbers, a condition on a number and a switch revealing a required field. */
const ORDER_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'details', type: 'textarea', label: 'Details' },
    { key: 'qty', type: 'number', label: 'Quantity', span: 12, rules: { min: 1, max: 500 } },
    { key: 'price', type: 'money', label: 'Unit price', span: 12 },
    { key: 'total', type: 'computed', label: 'Total', formula: 'ROUND(qty * price, 2)', precision: 2 },
    { key: 'bulkNote', type: 'text', label: 'Bulk delivery note', visibleIf: { all: [{ field: 'qty', op: 'gt', value: 100 }] } },
    { key: 'urgent', type: 'switch', label: 'Urgent' },
    { key: 'reason', type: 'textarea', label: 'Why urgent', required: true, visibleIf: { all: [{ field: 'urgent', op: 'eq', value: true }] } },
  ],
};

/** A supplier return; version 2 (published while a browser still fills version 1) takes shorter codes and part names. */
const RETURN_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'code', type: 'text', label: 'Return code', required: true },
    { key: 'items', type: 'subtable', label: 'Returned items', fields: [{ key: 'name', type: 'text', label: 'Item', required: true }] },
  ],
};
const STRICTER_RETURN_DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'code', type: 'text', label: 'Return code', required: true, rules: { maxLength: 3 } },
    { key: 'items', type: 'subtable', label: 'Returned items', fields: [{ key: 'name', type: 'text', label: 'Item', required: true, rules: { maxLength: 4 } }] },
  ],
};

/** Waits for the next two frames in the page: React has drawn what the last event scheduled. */
const frames = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/**
 * Scrolls a sub-table's scroller until row `index` (0-based) is mounted and in the middle of
 * it. Rows are virtual, so the row's place is worked out from the rows mounted each time.
 */
async function scrollToRow(page: Page, scroller: Locator, index: number): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    const done = await scroller.evaluate((element, target) => {
      const slots = [...element.querySelectorAll<HTMLElement>('.form-view-subtable-slot')];
      const slot = slots.find((s) => Number(s.dataset.index) === target);
      const box = element.getBoundingClientRect();
      if (slot) {
        const offset = slot.getBoundingClientRect().top - box.top - element.clientHeight / 2;
        if (Math.abs(offset) < slot.offsetHeight) return true;
        element.scrollTop += offset;
        return false;
      }
      const indexes = slots.map((s) => Number(s.dataset.index));
      const middle = indexes.length ? (Math.min(...indexes) + Math.max(...indexes)) / 2 : 0;
      element.scrollTop += (target - middle) * (slots[0]?.offsetHeight || 48);
      return false;
    }, index);
    if (done) return;
    await frames(page);
  }
  throw new Error(`row ${index + 1} never came into view`);
}

/** The errors shown under a field: those of the nearest form item around its control. */
const errorsBeside = (control: Locator) => control.locator('xpath=ancestor::div[contains(concat(" ", @class, " "), " ant-form-item ")][1]').locator('.ant-form-item-explain-error');

/** True when the element shows inside its sub-table's scroller (if any) and the window. */
const inView = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const inside = (outer: DOMRect | { top: number; bottom: number; left: number; right: number }) =>
      box.top >= outer.top - 1 && box.bottom <= outer.bottom + 1 && box.left >= outer.left - 1 && box.right <= outer.right + 1;
    const scroller = element.closest('.form-view-subtable-scroll');
    const header = scroller?.querySelector('.form-view-subtable-header')?.getBoundingClientRect();
    // Under the sticky header, not behind it.
    if (header && box.top < header.bottom - 1) return false;
    return (!scroller || inside(scroller.getBoundingClientRect())) && inside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth });
  });

/** Where each header label and each cell of the first mounted row start and end: header and cells must line up. */
const columnEdges = (page: Page) =>
  page.locator('.form-view-subtable').first().evaluate((table) => {
    const edges = (elements: Element[]) => elements.map((e) => e.getBoundingClientRect()).map((r): [number, number] => [Math.round(r.left), Math.round(r.right)]);
    const row = table.querySelector('.form-view-subtable-row')!;
    const header = table.querySelector('.form-view-subtable-header')!;
    return {
      header: edges([...header.querySelectorAll('.form-view-subtable-column')]),
      cells: edges([...row.querySelectorAll('.form-view-subtable-cell')]),
      headerNumber: edges([header.querySelector('.form-view-subtable-number')!])[0]!,
      rowNumber: edges([row.querySelector('.form-view-subtable-number')!])[0]!,
      rowButtons: edges([...row.querySelectorAll('.form-view-subtable-actions button')]),
    };
  });

/**
 * The form renderer in Chromium against the real server: a sub-table of 1,000 rows (virtual
 * rows, adding, saving an edit far down, focusing a bad cell that is not mounted), typing fast
 * (nothing lost on submit or on leaving a field), formulas and conditions following typing,
 * numbers out of range, and the server's refusal shown beside its fields.
 */
describe('form renderer in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  let adminToken: string;
  let partsForm: FormDetail;
  let bigRecordId: number;
  let orderFormId: number;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, {
      contextOptions: { viewport: { width: 1280, height: 900 } },
      onPage: async (page) => {
        pages.add(page);
        problems.push(await watchPageProblems(page));
      },
    });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    adminToken = await t.signIn('admin', NORTHWIND);
    partsForm = await publishedForm(t, adminToken, 'Parts order', PARTS_DESIGN);
    bigRecordId = (await createRecord(t, adminToken, partsForm.id, bigRecordData())).id;
    orderFormId = (await publishedForm(t, adminToken, 'Site order', ORDER_DESIGN)).id;
  });
  const pages = new Set<Page>();
  // Each test answers for the problems of its own pages.
  beforeEach(() => {
    problems.length = 0;
  });
  // A failed test leaves a picture of each page it had open, and what went wrong in them.
  afterEach(async (context) => {
    if (context.task.result?.state === 'fail') {
      let n = 0;
      for (const page of pages) await page.screenshot({ path: path.join(SCREENSHOTS, `failed-${context.task.name.slice(0, 40).replace(/\W+/g, '-')}-${++n}.png`), fullPage: true }).catch(() => undefined);
      if (problems.flat().length) console.error(problems.flat().join('\n'));
    }
    for (const page of pages) await page.close();
    pages.clear();
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  /** The administrator's tab at `path`. */
  const adminAt = (path: string, locale = 'en-US') => users.open('admin', path, { locale });

  const shoot = async (page: Page, name: string, target?: Locator) => {
    if (!PICTURES) return;
    // Fonts and antd's transitions settle before the picture.
    await page.evaluate(() => document.fonts.ready);
    await (target ?? page).screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), animations: 'disabled' });
  };

  const recordData = async (id: number) => (await call<{ record: FormRecord }>(t, 'GET', 'record/detail', adminToken, undefined, { id })).body.data.record.data;

  /** A page signed in as admin on the big record's edit screen, the sub-table drawn. */
  const openBigRecord = async (locale = 'en-US') => {
    const page = await adminAt(`/table/edit/${bigRecordId}`, locale);
    await page.locator('#root_lines_0_part').waitFor();
    return { page, scroller: page.locator('.form-view-subtable-scroll') };
  };

  it('opens a sub-table of 1,000 rows with virtual rows, scrolls to its end, adds a row and saves an edit of row 500', { timeout: 90_000 }, async () => {
    const { page, scroller } = await openBigRecord();
    const table = page.locator('.form-view-subtable');
    // The header names the columns (required ones marked) and counts the rows.
    expect(await table.locator('.form-view-subtable-header .form-view-subtable-column').allInnerTexts()).toEqual(['* Part', 'Quantity', 'Unit cost']);
    await table.getByText('1000 rows', { exact: true }).waitFor();
    // Only the rows in view and a few around them are in the page.
    const mounted = await table.locator('.form-view-subtable-row').count();
    expect(mounted).toBeGreaterThan(5);
    expect(mounted).toBeLessThan(60);
    expect(await page.getByRole('group', { name: 'Row 1', exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Remove row 1', exact: true }).isVisible()).toBe(true);
    const edges = await columnEdges(page);
    expect(edges.cells).toEqual(edges.header);
    expect(edges.rowNumber).toEqual(edges.headerNumber);
    await shoot(page, 'subtable-en', table);

    // The end of the scroller shows row 1,000, still with few rows mounted.
    await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
    const last = page.getByRole('group', { name: `Row ${ROWS}`, exact: true });
    await last.waitFor();
    await expect.poll(() => inView(last.locator('.form-view-subtable-number'))).toBe(true);
    expect(await page.locator(`#root_lines_${ROWS - 1}_part`).inputValue()).toBe(`Part ${ROWS}`);
    expect(await table.locator('.form-view-subtable-row').count()).toBeLessThan(60);
    await shoot(page, 'subtable-end-en', table);

    // A new row comes last and into view.
    await page.locator('.form-view-subtable-add').click();
    await table.getByText(`${ROWS + 1} rows`, { exact: true }).waitFor();
    const added = page.locator(`#root_lines_${ROWS}_part`);
    await added.waitFor();
    await expect.poll(() => inView(added)).toBe(true);
    expect(await page.getByRole('group', { name: `Row ${ROWS + 1}`, exact: true }).isVisible()).toBe(true);
    await added.fill('Gasket');

    // Row 500, far from both ends, takes an edit that is saved.
    await scrollToRow(page, scroller, 499);
    const cell = page.locator('#root_lines_499_part');
    expect(await cell.inputValue()).toBe('Part 500');
    await cell.fill('Part 500 (spare)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    const stored = (await recordData(bigRecordId)).lines as Record<string, unknown>[];
    expect(stored).toHaveLength(ROWS + 1);
    expect(stored[499]!.part).toBe('Part 500 (spare)');
    expect(stored[ROWS]!.part).toBe('Gasket');
    expect(stored[498]!.part).toBe('Part 499');
    expect(problems.flat()).toEqual([]);
  });

  it('refuses a save with a required cell cleared in row 800 and focuses that cell, scrolling it back into view', { timeout: 90_000 }, async () => {
    const { page, scroller } = await openBigRecord();
    const updates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/record/update')) updates.push(request.url());
    });
    await scrollToRow(page, scroller, 799);
    const cell = page.locator('#root_lines_799_part');
    expect(await cell.inputValue()).toBe('Part 800');
    // The user empties the cell and flicks the sub-table back to the top in the very next frame,
    // long before the field's draft would reach the form by itself: row 800 goes, focus and all.
    await scroller.evaluate((element) => {
      element.addEventListener('input', () => requestAnimationFrame(() => element.scrollTo({ top: 0 })), { once: true });
    });
    await cell.fill('');
    await expect.poll(() => cell.count()).toBe(0);

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_lines_799_part');
    await expect.poll(() => inView(cell)).toBe(true);
    expect(await cell.inputValue()).toBe('');
    expect(await page.locator('#root_lines_799_part__error').innerText()).toBe('Required');
    await shoot(page, 'subtable-focus-row-800-en', page.locator('.form-view-subtable'));
    expect(updates).toEqual([]);
    // Nothing left the browser: the stored row is untouched.
    expect(((await recordData(bigRecordId)).lines as Record<string, unknown>[])[799]!.part).toBe('Part 800');
    expect(problems.flat()).toEqual([]);
  });

  it('keeps every key typed fast: Ctrl+Enter and a click on Submit straight after typing store the whole text; leaving a typed field at once shows no error', { timeout: 60_000 }, async () => {
    const page = await adminAt(`/table/fill/${orderFormId}`);
    const summary = page.locator('#root_summary');
    const submitted = async () => {
      await page.getByText(/^Submitted as /).waitFor();
      await page.getByRole('link', { name: 'Open the record' }).click();
      await page.waitForURL(/\/table\/edit\/\d+$/);
      return recordData(Number(/\/table\/edit\/(\d+)$/.exec(page.url())![1]));
    };

    // Typed with no delay between keys, then Ctrl+Enter (the keyboard's submit) at once.
    const long = 'Replace the worn drive belt on air handler 3, check the bearings, and log the motor current before and after';
    await summary.pressSequentially(long);
    await summary.press('Control+Enter');
    expect((await submitted()).summary).toBe(long);

    // Typed, then Submit clicked at once; the textarea's draft goes too.
    await page.goto(`${t.url}/table/fill/${orderFormId}`);
    await summary.pressSequentially(`${long}, twice`);
    await page.locator('#root_details').pressSequentially('Belt B-42 in store room 2');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const second = await submitted();
    expect(second.summary).toBe(`${long}, twice`);
    expect(second.details).toBe('Belt B-42 in store room 2');

    // Typed, then Tab at once: leaving validates the field with what was typed.
    await page.goto(`${t.url}/table/fill/${orderFormId}`);
    await summary.pressSequentially('Belt');
    await summary.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_details');
    // Past the draft's delay, when a late value would have reached the form.
    await page.waitForTimeout(DRAFT_COMMIT_DELAY_MS * 3);
    expect(await page.locator('.ant-form-item-explain-error').count()).toBe(0);
    expect(await summary.inputValue()).toBe('Belt');
    // A field emptied and left is still required.
    await summary.fill('');
    await summary.press('Tab');
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['Required']);
    expect(problems.flat()).toEqual([]);
  });

  it('works out formulas and conditions once typing pauses, and a switch still reveals its field', { timeout: 60_000 }, async () => {
    const page = await adminAt(`/table/fill/${orderFormId}`);
    await page.locator('#root_summary').fill('Filters for the west wing');
    const total = page.locator('#root_total');
    await page.locator('#root_qty').pressSequentially('12');
    await page.locator('#root_price').pressSequentially('2.5');
    // No blur: the pause after typing is enough.
    await expect.poll(() => total.innerText()).toBe('30.00');
    expect(await page.locator('#root_bulkNote').count()).toBe(0);
    await page.locator('#root_qty').press('End');
    await page.locator('#root_qty').pressSequentially('0');
    await expect.poll(() => total.innerText()).toBe('300.00');
    // Quantity 120 is over 100: the bulk note shows.
    await page.locator('#root_bulkNote').waitFor();
    await page.locator('#root_qty').press('Backspace');
    await expect.poll(() => total.innerText()).toBe('30.00');
    await expect.poll(() => page.locator('#root_bulkNote').count()).toBe(0);

    await page.locator('#root_urgent').click();
    const reason = page.locator('#root_reason');
    await reason.waitFor();
    await reason.pressSequentially('Tenants have no air');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await page.getByText(/^Submitted as /).waitFor();
    await page.getByRole('link', { name: 'Open the record' }).click();
    await page.waitForURL(/\/table\/edit\/\d+$/);
    const stored = await recordData(Number(/\/table\/edit\/(\d+)$/.exec(page.url())![1]));
    expect(stored).toMatchObject({ summary: 'Filters for the west wing', qty: 12, price: 2.5, total: 30, urgent: true, reason: 'Tenants have no air' });
    expect(problems.flat()).toEqual([]);
  });

  it('keeps a number out of range as typed, names the limit beside it and refuses the submit', { timeout: 60_000 }, async () => {
    const page = await adminAt(`/table/fill/${orderFormId}`);
    const creates: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/record/create')) creates.push(request.url());
    });
    await page.locator('#root_summary').fill('Too many filters');
    const qty = page.locator('#root_qty');
    await qty.pressSequentially('900');
    await qty.press('Tab');
    await expect.poll(() => errorsBeside(qty).allInnerTexts()).toEqual(['At most 500']);
    expect(await qty.inputValue()).toBe('900');
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_qty');
    expect(await qty.inputValue()).toBe('900');
    expect(await page.locator('.ant-form-item-explain-error').allInnerTexts()).toEqual(['At most 500']);
    await shoot(page, 'number-out-of-range-en', page.locator('.form-view'));
    // In a sub-table cell as well.
    await page.goto(`${t.url}/table/edit/${bigRecordId}`);
    const cellQty = page.locator('#root_lines_0_qty');
    await cellQty.fill('900');
    await cellQty.press('Tab');
    await expect.poll(() => page.locator('#root_lines_0_qty__error').innerText()).toBe('At most 500');
    expect(await cellQty.inputValue()).toBe('900');
    expect(creates).toEqual([]);
    expect(problems.flat()).toEqual([]);
  });

  it("shows the server's refusal beside each field it names, focuses the first, and drops each message once its field changes", { timeout: 60_000 }, async () => {
    const form = await publishedForm(t, adminToken, 'Supplier return', RETURN_DESIGN);
    const page = await adminAt(`/table/fill/${form.id}`);
    const code = page.locator('#root_code');
    await code.fill('RTN-7');
    const add = page.locator('.form-view-subtable-add');
    await add.click();
    await page.locator('#root_items_0_name').fill('Nut');
    await add.click();
    await page.locator('#root_items_1_name').fill('Hinge bracket');

    // Meanwhile the form is published again with shorter codes and names: the server, which
    // checks against the newest version, refuses what the browser (on version 1) accepts.
    const detail = await ok<FormDetail>(t, 'GET', 'form/detail', adminToken, undefined, { id: form.id });
    await ok(t, 'POST', 'form/update', adminToken, { id: form.id, revision: detail.revision, design: STRICTER_RETURN_DESIGN });
    await ok(t, 'POST', 'form/publish', adminToken, { id: form.id });

    const refusal = page.waitForResponse((response) => response.url().includes('/record/create'));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const response = await refusal;
    expect(response.status()).toBe(400);
    const errors = ((await response.json()) as { data: { errors: FieldError[] } }).data.errors;
    expect(errors.map((e) => e.field)).toEqual(['code', 'items[1].name']);

    // How many fields to look at on top, and each field's message beside it.
    await page.locator('.form-fill-alert').getByText('2 fields need attention: see the messages beside them').waitFor();
    const codeError = errorsBeside(code);
    await expect.poll(() => codeError.allInnerTexts()).toEqual(['At most 3 characters']);
    const itemError = page.locator('#root_items_1_name__error');
    await expect.poll(() => itemError.allInnerTexts()).toEqual(['At most 4 characters']);
    expect(await page.locator('#root_items_0_name__error').count()).toBe(0);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('root_code');
    await shoot(page, 'server-errors-en', page.locator('.form-fill-card'));

    // Changing a field drops its message; the other stays until its own field changes.
    await code.fill('R7');
    await expect.poll(() => codeError.count()).toBe(0);
    expect(await itemError.allInnerTexts()).toEqual(['At most 4 characters']);
    await page.locator('#root_items_1_name').fill('Pin');
    await expect.poll(() => itemError.count()).toBe(0);

    // The browser still validates with version 1; the server now takes the record. (The form's
    // own submit button, found by its place: looked up by role and name it was at times not
    // found in a whole-file run, though present.)
    await page.locator('.form-view-actions button[type=submit]').click();
    await page.getByText(/^Submitted as /).waitFor();
    // The browser reports the refused create itself; it is the refusal this test asked for.
    expect(problems.flat().filter((problem) => !problem.includes('status of 400'))).toEqual([]);
    problems.length = 0;
  });

  it('uploads files chosen together with their progress beside the field, and the record keeps every one', { timeout: 60_000 }, async () => {
    const form = await publishedForm(t, adminToken, 'Site photos', {
      version: 1,
      items: [{ key: 'photos', type: 'attachment', label: 'Photos', accept: ['png'] }],
    });
    const page = await adminAt(`/table/fill/${form.id}`);
    const input = page.locator('input[type=file]');
    await input.waitFor({ state: 'attached' });

    // A slow line: the bigger file is still travelling when the smaller is done.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    const png = (size: number) => Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'), Buffer.alloc(size)]);
    await input.setInputFiles([
      { name: 'crack.png', mimeType: 'image/png', buffer: png(2_000) },
      { name: 'facade.png', mimeType: 'image/png', buffer: png(1_200_000) },
    ]);
    await page.locator('.ant-upload-list-item-progress').first().waitFor();
    await shoot(page, 'upload-progress-en', page.locator('.form-fill-card'));
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect.poll(() => page.locator('.ant-upload-list-item-name').allInnerTexts(), { timeout: 30_000 }).toEqual(['crack.png', 'facade.png']);
    await expect.poll(() => page.locator('.ant-upload-list-item-progress').count()).toBe(0);

    const created = page.waitForResponse((response) => response.url().includes('/record/create'));
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    const record = ((await (await created).json()) as { data: FormRecord }).data;
    expect((record.data.photos as { name: string }[]).map((f) => f.name)).toEqual(['crack.png', 'facade.png']);
    expect(problems.flat()).toEqual([]);
  });

  it('draws the sub-table in Arabic right to left and in Chinese with header and cells lined up', { timeout: 60_000 }, async () => {
    for (const locale of ['ar', 'zh-CN']) {
      const { page } = await openBigRecord(locale);
      const table = page.locator('.form-view-subtable');
      const edges = await columnEdges(page);
      expect(edges.cells).toEqual(edges.header);
      expect(edges.rowNumber).toEqual(edges.headerNumber);
      // Up, down and remove.
      expect(edges.rowButtons).toHaveLength(3);
      if (locale === 'ar') {
        expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
        // Mirrored: the row number on the right, the row buttons on the left.
        expect(edges.rowNumber[1]).toBeGreaterThan(edges.cells[0]![1]);
        expect(edges.rowButtons.every(([, right]) => right < edges.cells.at(-1)![0])).toBe(true);
        expect(edges.header[0]![0]).toBeGreaterThan(edges.header[1]![0]);
      } else {
        expect(edges.rowNumber[1]).toBeLessThan(edges.cells[0]![0]);
      }
      await shoot(page, `subtable-${locale}`, table);
    }
    expect(problems.flat()).toEqual([]);
  });
});
