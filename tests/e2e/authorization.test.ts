import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Role } from '../../src/core/contracts/role.ts';
import type { WorkspaceTemplate } from '../../src/core/contracts/workspace-template.ts';
import { isChecked, treeCheckbox } from '../helpers/antd-tree.ts';
import { builtWebDir, launchBrowser, openInApp, pageAtRest, requestsOf } from '../helpers/browser.ts';
import { signedInBrowsers, type SignedInBrowsers } from '../helpers/signed-in-browsers.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { looksIn, picture, PICTURES } from '../helpers/pictures.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots/authorization');
const API = '/proptech_allplan';

/**
 * The administration screens in real Chromium against the real server: an administrator
 * grants a new role a menu entry and its function point and gives it to bob; bob's next
 * session shows the entry and the server lets him act; once the role is taken back, bob's
 * next request is refused and his shell drops the entry.
 */
describe('authorization screens in Chromium', () => {
  let t: TestApp;
  let browser: Browser;
  let users: SignedInBrowsers;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await startTestApp('sqlite', { webDir: builtWebDir() });
    browser = await launchBrowser();
    users = signedInBrowsers(browser, t.url, {
      contextOptions: { viewport: { width: 1366, height: 860 } },
      onPage: (page, { locale }) => {
        page.on('pageerror', (error) => errors.push(`${locale}: ${error.message}`));
        page.on('console', (message) => {
          if (message.type() === 'error' && !/status of 40[34]/.test(message.text())) errors.push(`${locale}: ${message.text()}`);
        });
      },
    });
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
  });
  afterAll(async () => {
    await users?.close();
    await browser?.close();
    await t?.close();
  });

  /** Moves users by name from one side of a transfer to the other. */
  const transfer = async (scope: Locator, name: string, to: 'right' | 'left') => {
    const section = scope.locator('.ant-transfer-section').nth(to === 'right' ? 0 : 1);
    await section.locator('.ant-transfer-list-content-item', { hasText: name }).click();
    await scope.locator('.ant-transfer-actions button').nth(to === 'right' ? 0 : 1).click();
  };

  const shoot = async (page: Page, name: string) => {
    if (!PICTURES) return;
    await pageAtRest(page); // checkbox, button and dialog transitions settle
    await picture(page, { path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  };

  it('admin grants a role a menu entry and a function point; bob sees the entry, may act, and is refused once it is taken back', { timeout: 120_000 }, async () => {
    // Bob's workspace does not offer the administration menu yet: the admin adds "Roles" to it.
    const admin = await users.open('admin', '/management?tab=workspaces');
    await admin.getByTestId('workspace-menu-NW-TOWER').click();
    const drawer = admin.locator('.ant-drawer');
    await drawer.getByRole('searchbox').fill('Roles');
    await treeCheckbox(drawer, 'Roles').click();
    await shoot(admin, 'workspace-menu-en');
    await drawer.getByTestId('save-workspace-menu').click();
    await drawer.waitFor({ state: 'detached' });

    // A new role with the Roles menu entry and its function point "Manage roles".
    await admin.goto(`${t.url}/authorize/roleManage`);
    await admin.getByRole('button', { name: 'New role' }).first().click();
    const form = admin.locator('.ant-modal');
    await form.getByLabel('Code').fill('roleAuditor');
    await form.getByLabel('Name').fill('Role auditors');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });
    await expect.poll(() => admin.getByTestId('role-roleAuditor').getAttribute('aria-current')).toBe('true');

    const tree = admin.locator('.admin-tree');
    await tree.getByRole('searchbox').fill('Roles');
    await treeCheckbox(tree, 'Roles').click();
    expect(await isChecked(treeCheckbox(tree, 'Manage roles'))).toBe(true); // the point under the menu came along
    expect(await isChecked(treeCheckbox(tree, 'Roles'))).toBe(true);
    await shoot(admin, 'role-grant-en');
    const granted = admin.waitForResponse((response) => response.url().endsWith(`${API}/role/grant`));
    await admin.getByTestId('save-resources').click();
    expect((await granted).status()).toBe(200);

    await admin.getByRole('tab', { name: 'Holders' }).click();
    const holders = admin.locator('.admin-transfer');
    await transfer(holders, 'Bob Li', 'right');
    await shoot(admin, 'role-holders-en');
    const assigned = admin.waitForResponse((response) => response.url().endsWith(`${API}/role/users`));
    await admin.getByTestId('save-users').click();
    expect((await assigned).status()).toBe(200);
    await expect.poll(() => admin.getByTestId('role-roleAuditor').innerText()).toContain('1');

    // Bob, in a new session, finds the entry in his menu and the server answers him.
    const bob = await users.open('bob');
    await bob.getByRole('menuitem', { name: 'Administration' }).click();
    await bob.getByRole('menuitem', { name: 'Roles' }).click();
    await bob.waitForURL(`${t.url}/authorize/roleManage`);
    await bob.getByTestId('role-roleAuditor').waitFor();
    await shoot(bob, 'bob-granted-en');
    const bobToken = await t.signIn('bob', NORTHWIND);
    expect((await t.call('GET', `${API}/role/list`, { token: bobToken })).status).toBe(200);

    // The admin takes the role back; bob's very next request is refused.
    await transfer(holders, 'Bob Li', 'left');
    const removed = admin.waitForResponse((response) => response.url().endsWith(`${API}/role/users`));
    await admin.getByTestId('save-users').click();
    expect((await removed).status()).toBe(200);

    const refused = bob.waitForResponse((response) => response.url().endsWith(`${API}/role/list`));
    await bob.reload();
    expect((await refused).status()).toBe(403);
    // The refusal makes the shell read bob's menu again: the screen's entry is gone, so he lands home.
    await bob.waitForURL(`${t.url}/home`);
    await bob.getByText('This page is no longer available to you').waitFor();
    expect(await bob.locator('.app-sider').getByRole('menuitem', { name: 'Administration' }).count()).toBe(0);
    await shoot(bob, 'bob-refused-en');
    expect((await t.call('GET', `${API}/role/list`, { token: bobToken })).status).toBe(403);
    await admin.close();
    await bob.close();
  });

  it('shows every administration screen in English, Chinese and Arabic (screenshots)', { timeout: 240_000 }, async () => {
    const token = await t.signIn('admin', NORTHWIND);
    const templates = await t.call<WorkspaceTemplate[]>('GET', `${API}/workspaceTemplate/list`, { token });
    const template = templates.body.data[0]!;
    const roles = await t.call<Role[]>('GET', `${API}/role/list`, { token });
    const member = roles.body.data.find((role) => role.code === 'member')!;
    // A permission group, so its screen shows a list rather than its empty state.
    const group = await t.call('POST', `${API}/pmsGroup/create`, {
      token,
      body: { name: 'Document controllers', description: 'Upload and manage documents and drawings', points: ['doc:upload', 'doc:manage', 'drawing:upload', 'drawing:release', 'record:export'] },
    });
    expect(group.status).toBe(200);
    const assigned = await t.call('POST', `${API}/pmsGroup/assign`, { token, body: { id: (group.body.data as { id: number }).id, roleIds: [member.id], userIds: [] } });
    expect(assigned.status).toBe(200);

    // The shell keeps the screens of its open tabs in the page, hidden: each waits for what is shown.
    const screens: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
      { name: 'role-manage', path: '/authorize/roleManage', ready: (page) => page.locator('.admin-tree .ant-tree-treenode:not([aria-hidden])').first().waitFor() },
      { name: 'pms-group', path: '/authorize/pmsGroup', ready: (page) => page.locator('.ant-table:visible, .ant-empty:visible').first().waitFor() },
      { name: 'management-users', path: '/management?tab=users', ready: (page) => page.locator('.ant-table-row:visible').first().waitFor() },
      { name: 'management-workspaces', path: '/management?tab=workspaces', ready: (page) => page.locator('.ant-table-row:visible').first().waitFor() },
      { name: 'template-list', path: '/workSpace/templateList', ready: (page) => page.locator('.ant-card:visible').first().waitFor() },
      {
        name: 'template-edit',
        path: `/workSpace/templateCreate/${template.id}`,
        ready: (page) => page.locator('.admin-tree .ant-tree-treenode:not([aria-hidden])').first().waitFor(),
      },
    ];

    const languages = [
      ['en-US', 'en', 'ltr'],
      ['zh-CN', 'zh-CN', 'ltr'],
      ['ar', 'ar', 'rtl'],
    ] as const;
    for (const [locale, suffix, dir] of looksIn(languages, languages.filter(([each]) => each !== 'zh-CN'))) {
      const page = await users.open('admin', '/home', { locale });
      const requests = requestsOf(page);
      expect(await page.evaluate(() => document.documentElement.dir)).toBe(dir);
      for (const screen of screens) {
        await openInApp(page, screen.path);
        await screen.ready(page).catch(async (error: unknown) => {
          await shoot(page, `failed-${screen.name}-${suffix}`);
          throw error;
        });
        await requests.settled();
        await shoot(page, `${screen.name}-${suffix}`);
      }
      // The role, permission group and invitation forms, as dialogs.
      await page.goto(`${t.url}/authorize/pmsGroup`);
      await page.locator('.ant-table-row').first().waitFor();
      await page.locator('.ant-table-row').first().locator('button').first().click();
      await page.locator('.ant-modal .admin-point-group').first().waitFor();
      await shoot(page, `group-form-${suffix}`);
      await page.keyboard.press('Escape');
      await page.goto(`${t.url}/authorize/roleManage`);
      await page.locator('.admin-pick').first().waitFor();
      await page.locator('.ant-card-extra button').first().click();
      await page.locator('.ant-modal').waitFor();
      await shoot(page, `role-form-${suffix}`);
      await page.keyboard.press('Escape');
      await page.goto(`${t.url}/management?tab=users`);
      await page.locator('.ant-table-row').first().waitFor();
      await page.locator('.admin-page-header .ant-btn-primary').click();
      await page.locator('.ant-modal').waitFor();
      await shoot(page, `user-invite-${suffix}`);
      await page.keyboard.press('Escape');
      // A phone-sized screen: the columns stack and tables scroll sideways.
      // The sidebar folds away on its own at this width.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.locator('.app-sider').waitFor({ state: 'detached' });
      for (const screen of [screens[0]!, screens[2]!]) {
        await openInApp(page, screen.path);
        await screen.ready(page);
        await shoot(page, `${screen.name}-${suffix}-phone`);
      }
      await page.close();
    }
  });

  it('edits a role with the keyboard alone: pick it, tick a menu, discard', async () => {
    const page = await users.open('admin', '/authorize/roleManage');
    await page.locator('.admin-tree .ant-tree-treenode:not([aria-hidden])').first().waitFor();

    const focusedInside = (selector: string) => page.evaluate((inside) => !!document.activeElement?.closest(inside), selector);
    const tabUntil = async (selector: string) => {
      for (let i = 0; i < 15 && !(await focusedInside(selector)); i++) await page.keyboard.press('Tab');
      expect(await focusedInside(selector)).toBe(true);
    };

    // The second role of the list, chosen with Enter.
    await page.locator('.admin-pick').first().focus();
    await page.keyboard.press('Tab'); // the first role's edit button
    await page.keyboard.press('Tab'); // its delete button
    await page.keyboard.press('Tab'); // the second role
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('role-viewer');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.getByTestId('role-viewer').getAttribute('aria-current')).toBe('true');
    await page.locator('.admin-tree .ant-tree-treenode:not([aria-hidden])').first().waitFor();

    // Into the tree; arrows move, Space ticks. The viewer role lacks "Form designer".
    const formDesigner = treeCheckbox(page.locator('.admin-tree'), 'Form designer');
    expect(await isChecked(formDesigner)).toBe(false);
    await tabUntil('.admin-tree .ant-tree');
    await page.keyboard.press('Home'); // the first entry, Home
    await page.keyboard.press('ArrowDown'); // Forms & tables
    await page.keyboard.press('ArrowDown'); // Form designer
    await page.keyboard.press(' ');
    await expect.poll(() => isChecked(formDesigner)).toBe(true);
    await expect.poll(() => page.getByTestId('save-resources').isEnabled()).toBe(true);

    await tabUntil('.admin-footer');
    await page.keyboard.press('Tab'); // from Save to Discard
    await page.keyboard.press('Enter');
    await expect.poll(() => isChecked(formDesigner)).toBe(false);
    expect(await page.getByTestId('save-resources').isEnabled()).toBe(false);
    await page.close();
  });

  it('raised no page or console errors', () => {
    expect(errors).toEqual([]);
  });
});
