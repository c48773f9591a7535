import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { FormDetail, FormListItem, FormVersionDetail, FormVersionItem } from '../../src/core/contracts/form.ts';
import type { PageResult } from '../../src/core/envelope.ts';
import { builtWebDir, launchBrowser, pageAtRest, pendingTimersRun, watchPageProblems } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/form-designer');
const API = '/proptech_allplan';

/**
 * The form designer in real Chromium against the real server: an administrator builds a form
 * by dragging and by keyboard, sees and fixes design problems, saves, publishes version 1,
 * adds a field and renames a label for version 2, and sets a numbering rule.
 */
describe('form designer in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, {
      contextOptions: { viewport: { width: 1440, height: 1000 } },
      onPage: async (page) => problems.push(await watchPageProblems(page)),
    });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  /** The administrator's tab at `path`. */
  const adminAt = (path: string, locale = 'en-US') => users.open('admin', path, { locale });

  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page);
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  /** Drags with the mouse in small steps, as the pointer sensor needs to start a drag. */
  const drag = async (page: Page, from: Locator, to: Locator) => {
    const a = (await from.boundingBox())!;
    const b = (await to.boundingBox())!;
    await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
    await page.mouse.down();
    await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2, { steps: 3 });
    await page.mouse.move(b.x + b.width / 2, b.y + b.height - 8, { steps: 12 });
    await page.mouse.up();
  };

  const canvasKeys = (page: Page) =>
    page.locator('.designer-canvas > [data-testid^="item-"]').evaluateAll((items) => items.map((item) => item.getAttribute('data-testid')!.slice(5)));
  const select = (page: Page, key: string) => page.getByTestId(`item-${key}`).locator('.designer-item-head').click();

  it('builds a form by drag and keyboard, fixes its problems, publishes two versions and sets a numbering rule', { timeout: 180_000 }, async () => {
    const page = await adminAt('/table/customerForm/form');
    await page.locator('.ant-table-row').first().waitFor();
    await shoot(page, 'list-en');

    await page.getByTestId('create-form').click();
    await page.locator('#create-form_name').fill('Boiler inspection');
    await page.getByRole('button', { name: 'Create' }).click();
    await page.waitForURL(/\/table\/customerForm\/form\?id=\d+$/);
    const id = Number(new URL(page.url()).searchParams.get('id'));
    await page.getByText('Drag fields here').waitFor();

    // By drag: text, then date before it; by keyboard (Enter on the palette): number, select, sub-table, computed.
    await drag(page, page.getByTestId('palette-text'), page.locator('.designer-canvas'));
    await expect.poll(() => canvasKeys(page)).toEqual(['text1']);
    await drag(page, page.getByTestId('palette-date'), page.getByTestId('item-text1'));
    await expect.poll(() => canvasKeys(page)).toEqual(['date1', 'text1']);
    for (const type of ['number', 'select', 'subtable', 'computed']) {
      await page.getByTestId(`palette-${type}`).focus();
      await page.keyboard.press('Enter');
    }
    await expect.poll(() => canvasKeys(page)).toEqual(['date1', 'text1', 'number1', 'select1', 'subtable1', 'computed1']);

    // Reorder by keyboard: lift date1 with Space, move it down one place, drop it. The sensor
    // moves on animation frames: each key waits for what the designer announces to screen readers.
    await page.getByTestId('item-date1').locator('.designer-item-head').focus();
    for (const [key, announced] of [['Space', 'Over date1'], ['ArrowDown', 'Over text1'], ['Space', 'Dropped at text1']]) {
      await page.keyboard.press(key!);
      await expect.poll(() => page.locator('[id^="DndLiveRegion"]').innerText()).toBe(announced);
      await pendingTimersRun(page);
    }
    await expect.poll(() => canvasKeys(page)).toEqual(['text1', 'date1', 'number1', 'select1', 'subtable1', 'computed1']);

    // Two problems: the sub-table has no columns, the computed field no formula; publishing waits.
    const problemList = page.getByTestId('design-problems');
    await problemList.getByText('Problems to fix before publishing: 2').waitFor();
    expect(await page.getByTestId('publish-form').isDisabled()).toBe(true);
    await shoot(page, 'problems-en');
    // Each problem is a sentence naming its field; chosen, it is said again at the property it is about.
    await problemList.getByRole('button', { name: 'Sub-table — Columns: add at least 1.' }).click();
    await expect.poll(() => page.getByTestId('problem-fields').innerText()).toBe('Columns: add at least 1.');
    expect(await page.getByTestId('card-problem-subtable1').innerText()).toBe('Columns: add at least 1.');
    expect(await problemList.innerText()).not.toMatch(/items\[|must NOT/);
    await shoot(page, 'problem-at-field-en');
    await page.getByTestId('add-column').click();
    await page.getByLabel('Label of column 1').fill('Part');
    await problemList.getByRole('button', { name: 'Computed — Formula is required.' }).click();
    const formula = page.getByTestId('formula');
    await formula.fill('number1 * ');
    await page.getByText(/Unexpected|Expected/).first().waitFor();
    await formula.fill('number1 * 2');
    await expect.poll(() => problemList.count()).toBe(0);

    // A rule: the number is at least 0; a condition: the date shows only when the select is option 1.
    await select(page, 'number1');
    await page.getByLabel('Minimum').fill('0');
    await page.getByTestId('required').click();
    await select(page, 'date1');
    await page.getByTestId('visible-if').getByRole('button', { name: 'Add a condition' }).click();
    await page.getByTestId('visible-if').getByLabel('Field').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Select' }).click();
    await page.getByTestId('visible-if').getByLabel('Value').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Select 1' }).click();
    await shoot(page, 'designer-en');

    await page.getByTestId('save-form').click();
    await page.getByText('Design saved').waitFor();
    // The new form numbers its records, and the server proposed its first text field as their title.
    await expect.poll(() => page.getByTestId('record-identity').innerText()).toMatch(/^Records are numbered like \u2066\d{8}-0001\u2069 and titled by “Text”\. Change$/);
    await page.getByTestId('publish-form').click();
    await page.getByText('Published version 1').waitFor();
    await expect.poll(() => page.getByTestId('form-status').innerText()).toContain('v1');

    const token = await t.signIn('admin', NORTHWIND);
    const v1 = (await t.call<FormVersionDetail>('GET', `${API}/form/version`, { token, query: { id, version: 1 } })).body.data;
    expect(v1.design.items.map((i) => i.key)).toEqual(['text1', 'date1', 'number1', 'select1', 'subtable1', 'computed1']);
    expect(v1.design.items[2]).toMatchObject({ required: true, rules: { min: 0 } });
    expect(v1.design.items[1]).toMatchObject({ visibleIf: { all: [{ field: 'select1', op: 'eq', value: 'option1' }] } });
    expect(v1.design.items[5]).toMatchObject({ formula: 'number1 * 2' });

    // Version 2: a new e-mail field and a renamed label; a published key cannot change.
    await page.getByTestId('palette-email').focus();
    await page.keyboard.press('Enter');
    await select(page, 'text1');
    expect(await page.locator('#designer-key').isDisabled()).toBe(true);
    await page.locator('#designer-label').fill('Boiler name');
    await page.getByTestId('publish-form').click();
    await page.getByText('Published version 2').waitFor();
    await page.getByTestId('versions').click();
    await expect.poll(() => page.getByTestId('version-list').locator('.ant-list-item').count()).toBe(2);
    await shoot(page, 'versions-en');
    await page.keyboard.press('Escape');
    const versions = (await t.call<FormVersionItem[]>('GET', `${API}/form/versions`, { token, query: { id } })).body.data;
    expect(versions.map((v) => v.version).sort()).toEqual([1, 2]);
    const v2 = (await t.call<FormVersionDetail>('GET', `${API}/form/version`, { token, query: { id, version: 2 } })).body.data;
    expect(v2.design.items.map((i) => i.key)).toEqual([...v1.design.items.map((i) => i.key), 'email1']);
    expect(v2.design.items[0]).toMatchObject({ key: 'text1', label: 'Boiler name' });

    // Advance settings: a numbering rule with its live example, saved.
    await page.getByRole('button', { name: 'Advanced settings' }).click();
    await page.waitForURL(`${t.url}/table/customerForm/advance?id=${id}`);
    await page.locator('#advance-numbering').fill('QC-{YYYYMMDD}-{##');
    await page.getByTestId('numbering-error').waitFor();
    await page.locator('#advance-numbering').fill('QC-{YYYYMMDD}-{####}');
    await expect.poll(() => page.getByTestId('numbering-example').innerText()).toMatch(/QC-\d{8}-0001/);
    await page.getByTestId('save-settings').click();
    await page.getByText('Settings saved').waitFor();
    await shoot(page, 'advance-en');
    const detail = (await t.call<FormDetail>('GET', `${API}/form/detail`, { token, query: { id } })).body.data;
    expect(detail.settings.numbering).toEqual({ rule: 'QC-{YYYYMMDD}-{####}' });

    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('says a design problem at its field, and lists a new form’s records by number, in English, Chinese and Arabic', { timeout: 180_000 }, async () => {
    const token = await t.signIn('admin', NORTHWIND);
    const design = { version: 1, items: [{ key: 'arrival', type: 'date', label: 'Arrival' }, { key: 'visitor', type: 'text', label: 'Visitor' }] };
    const form = (await t.call<FormDetail>('POST', `${API}/form/create`, { token, body: { name: 'Visitor log', design } })).body.data;
    await t.call('POST', `${API}/form/publish`, { token, body: { id: form.id } });
    for (const visitor of ['Mei Lin', 'Omar Haddad', 'Ana Souza']) {
      await t.call('POST', `${API}/record/create`, { token, body: { formId: form.id, data: { visitor, arrival: '2026-11-27' } } });
    }
    const texts = {
      'en-US': { problem: 'Columns: add at least 1.', search: 'Number or Visitor' },
      'zh-CN': { problem: '列：至少添加 1 项。', search: '编号或Visitor' },
      ar: { problem: 'الأعمدة: أضف 1 على الأقل.', search: 'الرقم أو Visitor' },
    } as const;
    const languages = Object.entries(texts);
    for (const [locale, expected] of looksIn(languages, languages.filter(([each]) => each !== 'zh-CN'))) {
      const name = locale.slice(0, 2);
      const list = await adminAt(`/table/dataList/${form.id}`, locale);
      await list.locator('.ant-table-row').first().waitFor();
      const numbers = await list.locator('.ant-table-row').evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
      expect(numbers).toHaveLength(3);
      for (const row of numbers) expect(row).toMatch(/\d{8}-000[1-3]/);
      expect(await list.getByPlaceholder(expected.search).count()).toBe(1);
      await shoot(list, `new-form-list-${name}`);
      await list.close();

      const page = await adminAt(`/table/customerForm/form?id=${form.id}`, locale);
      await page.getByTestId('palette-subtable').click();
      await expect.poll(() => page.getByTestId('problem-fields').innerText()).toBe(expected.problem);
      expect(await page.getByTestId('card-problem-subtable1').innerText()).toBe(expected.problem);
      await shoot(page, `problem-at-field-${name}`);
      await page.close();
    }
    expect(problems.flat()).toEqual([]);
  });

  it('a stale save is refused with a conflict message', { timeout: 60_000 }, async () => {
    const token = await t.signIn('admin', NORTHWIND);
    const form = (await t.call<FormDetail>('POST', `${API}/form/create`, { token, body: { name: 'Chiller log', design: { version: 1, items: [] } } })).body.data;
    const page = await adminAt(`/table/customerForm/form?id=${form.id}`);
    await page.getByTestId('palette-switch').click();
    // Someone else saves meanwhile.
    await t.call('POST', `${API}/form/update`, { token, body: { id: form.id, revision: form.revision, name: 'Chiller log (2)' } });
    await page.getByTestId('save-form').click();
    await page.getByTestId('designer-failure').getByText(/Someone else saved this form meanwhile/).waitFor();
    await page.close();
    // The refused save is the only thing the console reported.
    const seen = problems.at(-1)!;
    expect(seen.every((line) => line.includes('409'))).toBe(true);
    seen.length = 0;
  });

  it('previews the working design live: edits show at once, values are checked as typed, a trial submit shows what would be stored', { timeout: 120_000 }, async () => {
    const token = await t.signIn('admin', NORTHWIND);
    const design = {
      version: 1,
      items: [
        { key: 'unit', type: 'text', label: 'Unit', required: true, span: 12 },
        { key: 'floor', type: 'number', label: 'Floor', precision: 0, span: 12, rules: { min: -3, max: 80 } },
        { key: 'email', type: 'email', label: 'Contact e-mail' },
      ],
    };
    const form = (await t.call<FormDetail>('POST', `${API}/form/create`, { token, body: { name: 'Fit-out request', design } })).body.data;
    const page = await adminAt(`/table/customerForm/form?id=${form.id}`);
    const writes: string[] = [];
    page.on('request', (request) => {
      if (/\/(record|staging)\//.test(request.url())) writes.push(request.url());
    });
    await page.locator('.designer-canvas-pane').getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByTestId('designer-preview');
    await preview.locator('#root_unit').waitFor();

    // Two fields share a row on a desktop-wide form; the phone width stacks them.
    const top = (selector: string) => preview.locator(selector).evaluate((element) => Math.round(element.closest('.form-view-grid-cell')!.getBoundingClientRect().top));
    expect(await top('#root_floor')).toBe(await top('#root_unit'));
    await shoot(page, 'preview-en');

    // Checked as typed, by the same rules as the fill screens (a floor above 80, a bad e-mail).
    await preview.locator('#root_floor').fill('120');
    await preview.locator('#root_email').fill('not-an-address');
    await preview.locator('#root_unit').focus();
    await preview.getByText('At most 80').waitFor();
    await preview.getByRole('button', { name: 'Try submitting' }).click();
    await preview.locator('#root_email__error').waitFor();

    // Focusing a field in the preview selects it for the properties panel; a new label shows at once.
    await preview.locator('#root_floor').focus();
    const label = page.getByLabel('Label', { exact: true });
    await expect.poll(() => label.inputValue()).toBe('Floor');
    await label.fill('Storey');
    await preview.locator('label[for="root_floor"]').getByText('Storey').waitFor();

    // A field added from the palette appears; what was typed survives the edit.
    await page.getByTestId('palette-switch').click();
    await preview.locator('#root_switch1').waitFor();
    expect(await preview.locator('#root_floor').inputValue()).toBe('120');

    // Valid values: the trial submit shows the data a record would hold, and nothing is stored.
    await preview.locator('#root_floor').fill('12');
    await preview.locator('#root_email').fill('fitout@northwind.test');
    await preview.locator('#root_unit').fill('B-1204');
    await preview.getByRole('button', { name: 'Try submitting' }).click();
    const accepted = preview.locator('.designer-preview-data');
    await accepted.waitFor();
    expect(JSON.parse(await accepted.innerText())).toEqual({ unit: 'B-1204', floor: 12, email: 'fitout@northwind.test' });
    expect(writes).toEqual([]);

    await page.getByText('Phone', { exact: true }).click();
    await expect.poll(async () => (await top('#root_floor')) > (await top('#root_unit'))).toBe(true);
    await shoot(page, 'preview-phone-en');

    // A design problem (a computed field without a formula) keeps the last good preview, marked stale.
    await page.getByTestId('palette-computed').click();
    await preview.getByText(/The design has problems/).waitFor();
    expect(await preview.locator('#root_unit').count()).toBe(1);

    // The preview's module answers its own tenant only.
    const previewed = await t.call<{ validatorKey: string }>('POST', `${API}/form/preview`, { token, body: { design } });
    expect(previewed.status).toBe(200);
    const otherToken = await t.signIn('harbor', HARBOR);
    const elsewhere = await t.call('GET', `${API}/form/preview/validator`, { token: otherToken, query: { key: previewed.body.data.validatorKey } });
    expect(elsewhere.body.code).not.toBe(200);

    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('shows the designer and advance settings in Chinese and Arabic (screenshots)', { timeout: 120_000 }, async () => {
    const token = await t.signIn('admin', NORTHWIND);
    const form = (await t.call<PageResult<FormListItem>>('GET', `${API}/form/list`, { token, query: { pageNum: 1, pageSize: 50 } })).body.data.list.find((f) => f.currentVersion !== null)!;
    for (const [locale, suffix, dir] of looksIn([['zh-CN', 'zh-CN', 'ltr'], ['ar', 'ar', 'rtl']] as const, [['ar', 'ar', 'rtl']] as const)) {
      const page = await adminAt('/table/customerForm/form', locale);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
      await page.locator('.ant-table-row').first().waitFor();
      await shoot(page, `list-${suffix}`);
      await page.goto(`${t.url}/table/customerForm/form?id=${form.id}`);
      await page.locator('.designer-item').first().waitFor();
      await page.locator('.designer-item-head').first().click();
      await shoot(page, `designer-${suffix}`);
      await page.locator('.designer-canvas-pane').getByRole('tab').nth(1).click();
      await page.getByTestId('designer-preview').locator('.form-view').waitFor();
      await shoot(page, `preview-${suffix}`);
      await page.goto(`${t.url}/table/customerForm/advance?id=${form.id}`);
      await page.locator('#advance-numbering').waitFor();
      await shoot(page, `advance-${suffix}`);
      await page.close();
    }
    expect(problems.flat()).toEqual([]);
  });
});
