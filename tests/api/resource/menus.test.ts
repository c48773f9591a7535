import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/entities.ts';
import { flattenTree } from '../../../src/core/menu-tree.ts';
import { ROUTES } from '../../../src/core/routes.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { textIn } from '../../../src/core/local-text.ts';
import { inviteWithPoints } from '../../helpers/authorization.ts';

describe.each(testDialects())('menus and function points on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
    ]);
  });
  afterAll(() => t.close());

  const tree = async (token: string) =>
    (await t.call<MenuNode[]>('GET', '/proptech_allplan/resource/current/tree', { token })).body.data;
  const userTree = (token: string, workingSpaceCode?: string) =>
    t.call<MenuNode[]>('GET', '/proptech_allplan/workingSpace/user/function/tree', { token, query: { workingSpaceCode } });
  const routesOf = (nodes: MenuNode[]) => new Set(flattenTree(nodes).map((n) => n.route).filter(Boolean));

  it('resource/current/tree gives an ADMIN the tree that reaches every signed-in route of the spec', async () => {
    const nodes = await tree(admin);
    const routes = routesOf(nodes);
    for (const route of ROUTES.filter((r) => !r.public)) expect(routes, route.path).toContain(route.path);
    const home = nodes[0]!;
    expect(home).toMatchObject({ title: { en: 'Home', 'zh-CN': '首页', ar: 'الرئيسية' }, route: '/home', type: 'MENU', icon: 'HomeOutlined', isLeaf: true, children: [] });
    expect(home.resourceId).toBe(home.id);
    // A section without a route is named for translation by its seed key only.
    const tables = nodes.find((n) => textIn(n.title, 'en') === 'Forms & tables')!;
    expect(tables).toMatchObject({ seedKey: 'tables', route: null, type: 'MENU', isLeaf: false });
    expect(home.seedKey).toBe('home');
    expect(tables.children.find((n) => n.route === '/table/formData')?.seedKey).toBe('formData');
    for (const node of flattenTree(nodes)) expect(node.seedKey, JSON.stringify(node.title)).toEqual(expect.any(String));
    // Function points are not menu entries.
    expect(flattenTree(nodes).some((n) => n.type === 'BUTTON')).toBe(false);
  });

  it('refuses resource/current/tree to a USER who manages no roles, users or workspaces', async () => {
    const result = await t.call('GET', '/proptech_allplan/resource/current/tree', { token: alice });
    expect(result.status).toBe(403);
    expect(result.body.success).toBe(false);
  });

  it('workingSpace/user/function/tree without a code: success, code 200, empty data', async () => {
    const result = await userTree(alice);
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ success: true, code: 200, message: 'success', data: [] });
  });

  it('gives a USER the workspace menus their roles grant', async () => {
    const hq = routesOf((await userTree(alice, 'NW-HQ')).body.data);
    expect(hq).toContain('/table/customerForm/form');
    expect(hq).toContain('/roche');
    expect(hq).not.toContain('/authorize/roleManage');
    const tower = routesOf((await userTree(alice, 'NW-TOWER')).body.data);
    expect(tower).not.toContain('/roche'); // NW-TOWER offers no customer pages
    const viewer = routesOf((await userTree(bob, 'NW-TOWER')).body.data);
    expect(viewer).toContain('/table/formData');
    expect(viewer).not.toContain('/table/customerForm/form');
    const sections = (await userTree(alice, 'NW-HQ')).body.data.filter((n) => n.route === null);
    expect(sections.length).toBeGreaterThan(0);
    // The seed titles its menu in every language.
    expect(sections.find((n) => textIn(n.title, 'en') === 'Forms & tables')?.title).toMatchObject({ 'zh-CN': '表单与表格' });
    expect(sections.find((n) => textIn(n.title, 'en') === 'Forms & tables')?.seedKey).toBe('tables');
    for (const section of sections) expect(section.seedKey, JSON.stringify(section.title)).toEqual(expect.any(String));
  });

  it('answers not found for a workspace the user is not in, or of another tenant', async () => {
    expect((await userTree(bob, 'NW-HQ')).status).toBe(404);
    expect((await userTree(alice, 'HB-PIER')).status).toBe(404);
  });

  it('resource/menu/full gives one menu with its function points, to an ADMIN or a manager of roles, users or workspaces', async () => {
    const forms = flattenTree(await tree(admin)).find((n) => n.route === '/table/formData')!;
    const full = await t.call<MenuNode>('GET', '/proptech_allplan/resource/menu/full', { token: admin, query: { menuId: forms.id } });
    expect(full.body.data.id).toBe(forms.id);
    expect(full.body.data.seedKey).toBe('formData');
    expect(flattenTree([full.body.data]).find((n) => n.code === 'record:export')?.seedKey).toBe('formData.export');
    const codes = flattenTree([full.body.data]).map((n) => n.code).filter(Boolean);
    expect(codes).toEqual(expect.arrayContaining(['record:create', 'record:export', 'flow:approve']));
    const refused = await t.call('GET', '/proptech_allplan/resource/menu/full', { token: alice, query: { menuId: forms.id } });
    expect(refused.status).toBe(403);
    const missing = await t.call('GET', '/proptech_allplan/resource/menu/full', { token: admin, query: { menuId: 999999 } });
    expect(missing.status).toBe(404);
    const anonymous = await t.call('GET', '/proptech_allplan/resource/menu/full', { query: { menuId: forms.id } });
    expect(anonymous.status).toBe(401);
    // The role editor reads the tenant's modules and each in full: a USER who manages roles may too.
    const manager = (await inviteWithPoints(t, admin, `menus_${dialect}`, ['role:manage'])).token;
    expect((await t.call<MenuNode>('GET', '/proptech_allplan/resource/menu/full', { token: manager, query: { menuId: forms.id } })).body.data).toEqual(full.body.data);
    expect((await t.call<MenuNode[]>('GET', '/proptech_allplan/resource/current/tree', { token: manager })).body.data).toEqual(await tree(admin));
  });

  it('resource/module/functionPoints gives the points under a menu that the user holds', async () => {
    const formData = flattenTree(await tree(admin)).find((n) => n.route === '/table/formData')!;
    const points = (token: string, nodeId?: number) =>
      t.call<string[]>('GET', '/proptech_allplan/resource/module/functionPoints', {
        token,
        query: { menuId: formData.id, nodeId },
      });
    expect((await points(admin)).body.data).toEqual(
      expect.arrayContaining(['record:create', 'record:edit', 'record:delete', 'record:export', 'record:import', 'flow:approve']),
    );
    expect((await points(alice)).body.data).toContain('record:export');
    expect((await points(bob)).body.data).toEqual([]);
    const dataList = formData.children.find((n) => n.route === '/table/dataList/:id')!;
    expect((await points(admin, dataList.id)).body.data).toEqual([]);
    expect((await points(admin, 999999)).status).toBe(404);
  });

  it('resource/OrdinaryUser/functionPoints gives the points of a module', async () => {
    const call = (token: string, body: unknown) =>
      t.call<string[]>('POST', '/proptech_allplan/resource/OrdinaryUser/functionPoints', { token, body });
    expect((await call(alice, { module: 'record' })).body.data).toEqual([
      'record:create',
      'record:delete',
      'record:edit',
      'record:export',
      'record:import',
    ]);
    expect((await call(bob, { module: 'record' })).body.data).toEqual([]);
    const bad = await call(alice, { module: 'rec ord' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^module/);
  });

  it('keeps each tenant\'s menu its own', async () => {
    const harborAdmin = await t.signIn('harbor', HARBOR);
    const mine = flattenTree(await tree(admin)).map((n) => n.id);
    const theirs = flattenTree(await tree(harborAdmin)).map((n) => n.id);
    expect(mine.filter((id) => theirs.includes(id))).toEqual([]);
    const foreign = await t.call('GET', '/proptech_allplan/resource/menu/full', { token: admin, query: { menuId: theirs[0]! } });
    expect(foreign.status).toBe(404);
  });
});
