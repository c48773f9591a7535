import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_POINTS } from '../../../src/core/contracts/role.ts';
import { ApiError } from '../../../src/web/api/api-error.ts';
import { adminApi, type AdminApi } from '../../../src/web/api/admin-endpoints.ts';
import { flattenTree } from '../../../src/core/menu-tree.ts';
import { Loadable } from '../../../src/web/ui/loadable.ts';
import { authorizeMenuApi, type AuthorizeMenuApi } from '../../../src/web/pages/authorize/menu-api.ts';
import { RoleManageStore } from '../../../src/web/pages/authorize/role-manage-store.ts';
import { UsersStore } from '../../../src/web/pages/management/users-store.ts';
import { TemplateEditStore } from '../../../src/web/pages/workspace-template/template-edit-store.ts';
import { inviteWithPoints } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { webRequest } from '../../helpers/web-request.ts';

/** The administration screens' stores over the browser's request layer, against the real server. */
describe.each(testDialects())('administration screen stores on %s', (dialect) => {
  let t: TestApp;
  let api: AdminApi;
  let menus: AuthorizeMenuApi;
  const toasts: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const token = await t.signIn('admin', NORTHWIND);
    const http = webRequest(t, token, '/authorize/roleManage', toasts);
    api = adminApi(http);
    menus = authorizeMenuApi(http);
  });
  afterAll(() => t?.close());

  it('opens on the first role and tracks unsaved edits per tab until saved', async () => {
    const store = new RoleManageStore(api, menus);
    await store.start();
    expect(store.selected?.code).toBe('member');
    await expect.poll(() => store.detail?.status).toBe('ready');
    await store.tree.load();

    const detail = store.detail!.data!;
    const extra = store.tree.data!.find((node) => !detail.resourceIds.includes(node.id))!;
    expect(extra).toBeDefined();
    store.setResources([...store.resources, extra.id]);
    store.setDataScope('tenant');
    expect(store.changed('resources')).toBe(true);
    expect(store.changed('dataScope')).toBe(true);
    expect(store.changed('users')).toBe(false);

    await store.save('resources');
    expect(store.changed('resources')).toBe(false);
    expect(store.changed('dataScope')).toBe(true); // the other tab keeps its edit
    expect((await api.roleDetail(store.selectedId!)).resourceIds).toContain(extra.id);

    store.resetDrafts();
    expect(store.changed('dataScope')).toBe(false);
  });

  it('selects a new role, and refuses to delete a role members hold, naming how many', async () => {
    const store = new RoleManageStore(api, menus);
    await store.start();
    const created = await store.createRole({ code: 'siteLead', name: 'Site leads', dataScope: 'workspace' });
    expect(store.selectedId).toBe(created.id);
    expect(store.roles.data!.map((role) => role.code)).toContain('siteLead');

    const viewer = store.roles.data!.find((role) => role.code === 'viewer')!;
    const refused = await store.deleteRole(viewer.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(409);
    expect(toasts.at(-1)).toMatch(/1/);

    await store.deleteRole(created.id);
    expect(store.roles.data!.map((role) => role.code)).not.toContain('siteLead');
  });

  it('searches users from the first page and saves only what changed of their access', async () => {
    const store = new UsersStore(api);
    store.start();
    await expect.poll(() => store.page.status).toBe('ready');
    expect(store.page.data!.total).toBe(3);

    store.search({ keyword: 'bob' });
    await expect.poll(() => store.page.data?.list.map((user) => user.username)).toEqual(['bob']);
    expect(store.query.pageNum).toBe(1);

    await expect.poll(() => store.workspaces.status).toBe('ready');
    const bob = store.page.data!.list[0]!;
    const everyWorkspace = store.workspaces.data!.map((workspace) => workspace.id);
    await store.setAccess(bob, { roleIds: bob.roleIds, groupIds: bob.groupIds, workspaceIds: everyWorkspace });
    expect(store.page.data!.list[0]!.workspaceIds.sort()).toEqual(everyWorkspace.sort());
  });

  it('drops an answer that arrives after a newer load began', async () => {
    const answers: ((value: string) => void)[] = [];
    const source = new Loadable(() => new Promise<string>((resolve) => answers.push(resolve)));
    const first = source.load();
    const second = source.load();
    answers[1]!('newer');
    await second;
    answers[0]!('older');
    await first;
    expect(source.data).toBe('newer');
    expect(source.status).toBe('ready');
  });

  it('gives a workspace manager without page:edit the pages to pick for a template', async () => {
    const admin = await t.signIn('admin', NORTHWIND);
    const keeper = await inviteWithPoints(t, admin, `keeper_${dialect}`, [AUTHORIZATION_POINTS.workspaces]);
    const store = new TemplateEditStore(adminApi(webRequest(t, keeper.token, '/workSpace/templateCreate/new', toasts)), null);
    await store.start();
    await expect.poll(() => store.pages.status).toBe('ready');
    expect(store.pages.data!.map((page) => page.route)).toContain('/roche');
  });

  it('grants from the tenant\'s whole menu, read module by module with resource/menu/full, for a role manager too', async () => {
    const admin = await t.signIn('admin', NORTHWIND);
    const whole = await api.resourceTree();
    const adminStore = new RoleManageStore(api, menus);
    await adminStore.tree.load();
    expect(adminStore.tree.data).toEqual(whole);
    expect(flattenTree(adminStore.tree.data!).map((node) => node.code)).toEqual(expect.arrayContaining(['role:manage', 'record:export']));

    // A USER who manages roles grants any point of the tenant, beyond the menu of their own workspace.
    const manager = await inviteWithPoints(t, admin, `granter_${dialect}`, [AUTHORIZATION_POINTS.roles]);
    const http = webRequest(t, manager.token, '/authorize/roleManage', toasts);
    const managerStore = new RoleManageStore(adminApi(http), authorizeMenuApi(http));
    await managerStore.tree.load();
    expect(managerStore.tree.status).toBe('ready');
    expect(managerStore.tree.data).toEqual(whole);

    // What the screens' buttons follow: the points held under one menu entry.
    const authorize = whole.find((node) => node.seedKey === 'authorize')!;
    const roles = authorize.children.find((node) => node.seedKey === 'roleManage')!;
    expect(await authorizeMenuApi(http).heldUnder(authorize.id, roles.id)).toEqual([AUTHORIZATION_POINTS.roles]);
    expect(await authorizeMenuApi(http).heldUnder(authorize.id)).toEqual([AUTHORIZATION_POINTS.roles]);
    expect(await menus.heldUnder(authorize.id)).toEqual(expect.arrayContaining([AUTHORIZATION_POINTS.roles, AUTHORIZATION_POINTS.users]));
  });
});
