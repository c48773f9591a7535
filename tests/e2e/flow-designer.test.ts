import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinitionEnvelope } from '../../src/core/contracts/flows.ts';
import type { FormDetail, FormListItem } from '../../src/core/contracts/form.ts';
import { textIn } from '../../src/core/local-text.ts';
import type { PageResult } from '../../src/core/envelope.ts';
import type { BranchNode } from '../../src/core/flows/flow-definition.ts';
import { ok } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, pageAtRest, signInThroughLoginScreen, watchPageProblems } from '../helpers/browser.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/flow-designer');

/**
 * The flow designer in real Chromium against the real server: an administrator opens the demo
 * lease application's flow, adds a branch on the monthly rent with an approval by a role and a
 * CC to the submitter's manager, sees the problem of an approval node nobody approves, saves,
 * and finds the flow again after a reload; then the screen in Chinese and Arabic.
 */
describe('flow designer in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let token: string;
  let formId: number;
  const problems: string[][] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    token = await t.signIn('admin', NORTHWIND);
    const forms = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', token, undefined, { pageNum: 1, pageSize: 100 });
    formId = forms.list.find((f) => textIn(f.name, 'en') === 'Lease application')!.id;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signedIn = async (locale: string) => {
    const context = await browser.newContext({ locale, viewport: { width: 1440, height: 1000 } });
    const page = await context.newPage();
    problems.push(await watchPageProblems(page));
    await signInThroughLoginScreen(page, t.url, 'admin');
    return page;
  };

  const openFlow = async (page: Page) => {
    await page.goto(`${t.url}/table/customerForm/flow?formId=${formId}`);
    await page.getByTestId('flow-canvas').waitFor();
  };

  /** Picks the option of an antd select, opened by its input; a searchable one is narrowed first (its list draws only what fits). */
  const choose = async (page: Page, inputId: string, option: string, search = true) => {
    await page.locator(`#${inputId}`).click();
    if (search) await page.keyboard.type(option);
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
  };

  /** Opens the "+" menu between two steps and picks the node type (menus closed before stay in the page, hidden). */
  const addStep = async (page: Page, plus: string, type: 'approval' | 'cc' | 'branch') => {
    await page.getByTestId(plus).click();
    await page.locator(`.ant-dropdown:visible [data-testid=add-${type}]`).click();
  };

  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page);
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  it('adds a rent branch with a role approval and a CC, shows the unassigned approval as a problem, saves and reloads it', { timeout: 180_000 }, async () => {
    const page = await signedIn('en-US');
    await openFlow(page);
    // The demo flow: leasing review, committee, CC to the agent; each a focusable card.
    for (const id of ['leasing', 'committee', 'agentCc']) await expect.poll(() => page.getByTestId(`flow-node-${id}`).count()).toBe(1);
    await expect.poll(() => page.getByTestId('flow-save').isDisabled()).toBe(true);

    // A condition branch after the last step.
    await addStep(page, 'add-node-root-3', 'branch');
    await page.getByTestId('flow-branch-condition1').press('Enter');
    await page.locator('#branch-condition1-name').fill('Rent over 20,000');
    await page.getByRole('button', { name: 'Add a condition' }).click();
    await choose(page, 'branch-condition1-0-field', 'Monthly rent');
    await choose(page, 'branch-condition1-0-op', 'is greater than', false);
    await page.locator('#branch-condition1-0-value').fill('20000');

    // An approval inside the branch: nobody approves yet, which the card says.
    await addStep(page, 'add-node-condition1-0', 'approval');
    const approval = page.getByTestId('flow-node-approval1');
    await expect.poll(() => approval.getAttribute('class')).toContain('has-problem');
    expect(await approval.innerText()).toMatch(/Choose who approves[\s\S]*Choose at least one person, role or the submitter's manager/);
    await expect.poll(() => page.getByTestId('flow-save').isDisabled()).toBe(true);
    await shoot(page, 'problem-en');

    await choose(page, 'node-approval1-assignees-roles', 'Workspace member');
    await page.locator('#node-approval1-name').fill('Finance director');
    await page.getByTestId('flow-properties').getByText('Everyone must approve').click();
    await expect.poll(() => approval.getAttribute('class')).not.toContain('has-problem');

    // A CC after it, to the submitter's manager.
    await addStep(page, 'add-node-condition1-1', 'cc');
    await page.locator('#node-cc1-recipients-manager').check();
    await expect.poll(() => page.getByTestId('flow-problem-count').count()).toBe(0);
    await shoot(page, 'edited-en');

    await page.getByTestId('flow-save').click();
    await page.getByText('Flow saved').waitFor();
    const saved = await ok<FlowDefinitionEnvelope>(t, 'GET', 'flow/definition', token, undefined, { formId });
    const branch = saved.flow!.nodes[3] as BranchNode;
    expect(branch.branches[0]).toMatchObject({
      name: 'Rent over 20,000',
      condition: { all: [{ field: 'monthlyRent', op: 'gt', value: 20000 }] },
      nodes: [
        { id: 'approval1', type: 'approval', name: 'Finance director', mode: 'all', assignees: [{ kind: 'role' }] },
        { id: 'cc1', type: 'cc', recipients: [{ kind: 'manager' }] },
      ],
    });
    expect(branch.branches[1]).toMatchObject({ condition: null, nodes: [] });

    await page.reload();
    await page.getByTestId('flow-canvas').waitFor();
    await expect.poll(() => page.getByTestId('flow-node-approval1').innerText()).toMatch(/Finance director[\s\S]*Workspace member \(role\)/);
    expect(await page.getByTestId('flow-branch-condition1').innerText()).toMatch(/Rent over 20,000[\s\S]*Conditions: 1/);
    expect(await page.getByTestId('flow-node-cc1').innerText()).toContain("The submitter's manager");

    // Keyboard: Delete on a focused card asks first, and removes on confirmation.
    await page.getByTestId('flow-node-cc1').focus();
    await page.keyboard.press('Delete');
    await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect.poll(() => page.getByTestId('flow-node-cc1').count()).toBe(0);
    await expect.poll(() => page.getByTestId('flow-save').isDisabled()).toBe(false);
    await shoot(page, 'saved-en');
    expect(problems.flat()).toEqual([]);
  });

  it('opens a form without a flow with no problems, and shows them once something is drawn', { timeout: 120_000 }, async () => {
    const design = { version: 1, items: [{ key: 'visitor', type: 'text', label: 'Visitor' }] };
    const form = await ok<FormDetail>(t, 'POST', 'form/create', token, { name: 'Visitor log', design });
    const page = await signedIn('en-US');
    await page.goto(`${t.url}/table/customerForm/flow?formId=${form.id}`);
    await page.getByTestId('flow-canvas').waitFor();
    await pageAtRest(page);
    // Nothing done yet: no count, no warning, though an empty flow has no approval step.
    expect(await page.getByTestId('flow-problem-count').count()).toBe(0);
    expect(await page.locator('.ant-alert-warning').count()).toBe(0);
    await shoot(page, 'new-flow-en');

    // A CC is drawn: now the flow says what it lacks, in sentences: its recipients, then an approval step.
    await addStep(page, 'add-node-root-0', 'cc');
    await expect.poll(() => page.getByTestId('flow-problem-count').count()).toBe(1);
    await expect.poll(() => page.getByTestId('flow-node-cc1').innerText()).toContain("Choose at least one person, role or the submitter's manager");
    await page.locator('#node-cc1-recipients-manager').check();
    await page.getByText('The flow needs at least one approval step.').waitFor();
    await shoot(page, 'new-flow-problem-en');
    expect(await page.getByTestId('flow-save').isDisabled()).toBe(true);
    expect(problems.flat()).toEqual([]);
    await page.close();
  });

  it('draws the flow in Chinese and, mirrored, in Arabic', { timeout: 120_000 }, async () => {
    for (const [locale, name] of looksIn([['zh-CN', 'zh'], ['ar', 'ar']] as const, [['ar', 'ar']] as const)) {
      const page = await signedIn(locale);
      await openFlow(page);
      await page.getByTestId('flow-node-approval1').click();
      await page.getByTestId('flow-properties').waitFor();
      expect(await page.locator('html').getAttribute('dir')).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await shoot(page, `saved-${name}`);
    }
    expect(problems.flat()).toEqual([]);
  });
});
