import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RecordDetail } from '../../src/core/contracts/record.ts';
import type { FlowDefinition } from '../../src/core/flows/flow-definition.ts';
import { ok, userIdOf } from '../helpers/authorization.ts';
import { builtWebDir, launchBrowser, signInThroughLoginScreen, watchPageProblems } from '../helpers/browser.ts';
import { createRecord, publishFormWithFlow } from '../helpers/flows.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { picture } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/flow-approver-edits');

/** One finance step for alice; REPAIR_SETTINGS make the cost editable and hide the tenant's phone there. */
const financeFlow = (alice: number): FlowDefinition => ({
  version: 1,
  nodes: [{ id: 'finance', type: 'approval', name: 'Finance', assignees: [{ kind: 'user', userId: alice }], mode: 'any' }],
});

/**
 * An approver edits what their step makes editable, in Chromium against the real server: the
 * editable field takes input, the others are read-only, a hidden one is not shown; a bad value
 * is refused in the browser before any approval leaves; a good one is stored with the approval.
 */
describe('approvers edit the fields of their step', () => {
  let t: TestApp;
  let browser: Browser;
  let recordId: number;
  let adminToken: string;

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    adminToken = await t.signIn('admin', NORTHWIND);
    const formId = await publishFormWithFlow(t, adminToken, financeFlow(await userIdOf(t, adminToken, 'alice')), 'Roof repair');
    recordId = (await createRecord(t, adminToken, formId, { summary: 'Roof leak over unit 12', cost: 6000, budgetCode: 'B-77', tenantPhone: '13800000001' })).id;
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('edits the cost, refuses a negative one in the browser, and stores the correction with the approval', { timeout: 180_000 }, async () => {
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = await watchPageProblems(page);
    const approvals: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/flow/task/approve')) approvals.push(request.postData() ?? '');
    });
    await signInThroughLoginScreen(page, t.url, 'alice');
    await page.goto(`${t.url}/table/edit/${recordId}`);

    const cost = page.locator('#root_cost');
    await expect.poll(() => cost.isEnabled()).toBe(true);
    expect(await page.locator('#root_summary').isEnabled()).toBe(false);
    expect(await page.locator('#root_budgetCode').isEnabled()).toBe(false);
    expect(await page.locator('#root_tenantPhone').count()).toBe(0);
    // Edits travel with the approval: the record has no save button of its own here.
    expect(await page.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);

    await cost.fill('-5');
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => page.locator('.ant-form-item-explain-error').allInnerTexts()).toContainEqual(expect.stringMatching(/0/));
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('root_cost');
    expect(approvals).toEqual([]);

    await cost.fill('7500');
    await page.getByRole('textbox', { name: 'Comment' }).fill('Scaffolding added to the estimate');
    await picture(page, { path: path.join(SCREENSHOTS, 'approver-edits.png'), fullPage: true });
    await page.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect.poll(() => approvals.length).toBe(1);
    expect(JSON.parse(approvals[0]!)).toMatchObject({ data: { cost: 7500 }, comment: 'Scaffolding added to the estimate' });

    await expect.poll(async () => (await ok<RecordDetail>(t, 'GET', 'record/detail', adminToken, undefined, { id: recordId })).record.status).toBe('approved');
    const stored = await ok<RecordDetail>(t, 'GET', 'record/detail', adminToken, undefined, { id: recordId });
    expect(stored.record.data).toMatchObject({ summary: 'Roof leak over unit 12', cost: 7500, budgetCode: 'B-77', tenantPhone: '13800000001' });
    expect(problems).toEqual([]);
    await context.close();
  });
});
