import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionPointOption } from '../../../src/core/contracts/permission-groups.ts';
import type { Role, RoleDetail } from '../../../src/core/contracts/role.ts';
import type { MenuNode } from '../../../src/core/entities.ts';
import { flattenTree } from '../../../src/core/menu-tree.ts';
import { TenantScope } from '../../../src/server/db/tenant-scope.ts';
import { effectiveDataScope } from '../../../src/server/access/rights.ts';
import {
  API,
  inviteAndSignIn,
  ok,
  roleByCode,
  tenantNodes,
  userIdOf,
  workspaceByCode,
} from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('roles on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let harbor: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob, harbor] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
      t.signIn('harbor', HARBOR),
    ]);
  });
  afterAll(() => t.close());

  const call = <T = unknown>(method: string, path: string, token: string, body?: unknown, query?: Record<string, number | string>) =>
    t.call<T>(method, `${API}/${path}`, { token, body, query });
  const menuOf = async (token: string, workingSpaceCode: string) =>
    flattenTree(await ok<MenuNode[]>(t, 'GET', 'workingSpace/user/function/tree', token, undefined, { workingSpaceCode }));

  it('lists the seed roles with description, data scope, built-in flag and holder count', async () => {
    const roles = await ok<Role[]>(t, 'GET', 'role/list', admin);
    expect(roles.find((r) => r.code === 'member')).toMatchObject({
      // The seed names and describes its roles in every language.
      name: { en: 'Workspace member', 'zh-CN': '工作空间成员', ar: 'عضو مساحة العمل' },
      dataScope: 'workspace',
      builtIn: true,
      userCount: 1,
      description: expect.objectContaining({ en: expect.stringMatching(/\S/), ar: expect.stringMatching(/\S/) }),
    });
    expect(roles.find((r) => r.code === 'viewer')).toMatchObject({ dataScope: 'own', builtIn: true, userCount: 1 });
  });

  it('creates, updates and deletes a role; a code already used in the tenant answers 409', async () => {
    const created = await ok<Role>(t, 'POST', 'role/create', admin, {
      code: 'surveyor',
      name: 'Surveyor',
      description: 'Measures sites',
      dataScope: 'workspace',
    });
    expect(created).toMatchObject({ code: 'surveyor', name: 'Surveyor', dataScope: 'workspace', builtIn: false, userCount: 0 });
    const again = await call('POST', 'role/create', admin, { code: 'surveyor', name: 'Other', dataScope: 'own' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^code:/);
    // The same code in another tenant is that tenant's business.
    expect((await call('POST', 'role/create', harbor, { code: 'surveyor', name: 'Surveyor', dataScope: 'own' })).status).toBe(200);

    const updated = await ok<Role>(t, 'POST', 'role/update', admin, { id: created.id, name: 'Site surveyor', dataScope: 'tenant' });
    expect(updated).toMatchObject({ id: created.id, code: 'surveyor', name: 'Site surveyor', description: '', dataScope: 'tenant' });
    await ok(t, 'POST', 'role/delete', admin, { id: created.id });
    expect((await call('GET', 'role/detail', admin, undefined, { id: created.id })).status).toBe(404);
  });

  it('refuses to delete a role its holders still hold, naming how many; a built-in role nobody holds may go', async () => {
    const member = await roleByCode(t, admin, 'member');
    const refused = await call('POST', 'role/delete', admin, { id: member.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/^1 user holds this role/);
    expect((await roleByCode(t, admin, 'member')).id).toBe(member.id);

    // Harbor's viewer is held by dave and admin: take it from both, then it can go.
    const viewer = await roleByCode(t, harbor, 'viewer');
    expect((await call('POST', 'role/delete', harbor, { id: viewer.id })).body.message).toMatch(/^2 users hold this role/);
    await ok(t, 'POST', 'role/users', harbor, { id: viewer.id, userIds: [] });
    await ok(t, 'POST', 'role/delete', harbor, { id: viewer.id });
    expect((await ok<Role[]>(t, 'GET', 'role/list', harbor)).map((r) => r.code)).not.toContain('viewer');
  });

  it('answers 400 naming the field for bad role input, and writes nothing', async () => {
    const cases: [string, unknown, RegExp][] = [
      ['role/create', { code: 'bad code', name: 'X', dataScope: 'own' }, /^code: must match pattern/],
      ['role/create', { code: 'ok', name: 'X', dataScope: 'everything' }, /^dataScope: must be equal to one of/],
      ['role/create', { code: 'ok', name: 'X' }, /^dataScope: is required/],
      ['role/create', { code: 'ok', name: '   ', dataScope: 'own' }, /^name: must match pattern/],
      ['role/create', { code: 'ok', name: 'X', dataScope: 'own', builtIn: true }, /^builtIn: is not an allowed field/],
      ['role/update', { id: 'one', name: 'X', dataScope: 'own' }, /^id: must be integer/],
      ['role/grant', { id: 1, resourceIds: [3, 3] }, /^resourceIds: must NOT have duplicate items/],
      ['role/grant', { id: 1, resourceIds: [0] }, /^resourceIds\[0\]: must be >= 1/],
      ['role/users', { id: 1 }, /^userIds: is required/],
    ];
    for (const [path, body, message] of cases) {
      const result = await call('POST', path, admin, body);
      expect(result.status, path).toBe(400);
      expect(result.body.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await ok<Role[]>(t, 'GET', 'role/list', admin)).map((r) => r.code)).not.toContain('ok');
  });

  it('grants resources, holders and groups, each replacing the whole list', async () => {
    const nodes = await tenantNodes(t, admin);
    const docs = nodes.find((n) => n.route === '/docManage')!;
    const upload = docs.children.find((n) => n.code === 'doc:upload')!;
    expect(upload.type).toBe('BUTTON');
    const role = await ok<Role>(t, 'POST', 'role/create', admin, { code: 'archivist', name: 'Archivist', dataScope: 'own' });
    const group = await ok<{ id: number }>(t, 'POST', 'pmsGroup/create', admin, { name: 'Archive extras', points: ['doc:manage'] });
    const bobId = await userIdOf(t, admin, 'bob');

    await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [docs.id, upload.id] });
    await ok(t, 'POST', 'role/users', admin, { id: role.id, userIds: [bobId] });
    let detail = await ok<RoleDetail>(t, 'POST', 'role/groups', admin, { id: role.id, groupIds: [group.id] });
    expect(detail).toEqual({
      role: expect.objectContaining({ id: role.id, userCount: 1 }),
      resourceIds: [docs.id, upload.id].sort((a, b) => a - b),
      groupIds: [group.id],
      userIds: [bobId],
    });
    await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [docs.id] });
    await ok(t, 'POST', 'role/users', admin, { id: role.id, userIds: [] });
    detail = await ok<RoleDetail>(t, 'POST', 'role/groups', admin, { id: role.id, groupIds: [] });
    expect(detail).toMatchObject({ resourceIds: [docs.id], groupIds: [], userIds: [], role: { userCount: 0 } });
  });

  it('gives the whole resource tree with function point codes for the grant checkboxes', async () => {
    const nodes = await tenantNodes(t, admin);
    const codes = nodes.filter((n) => n.type === 'BUTTON').map((n) => n.code);
    expect(codes).toEqual(expect.arrayContaining(['role:manage', 'user:manage', 'workspace:manage', 'form:create', 'page:edit']));
    expect(nodes.some((n) => n.type === 'PAGE')).toBe(true);
  });

  it("answers 404 for another tenant's roles, resources, users and groups", async () => {
    const harborRole = await roleByCode(t, harbor, 'member');
    const harborNode = (await tenantNodes(t, harbor))[0]!;
    const carolId = await userIdOf(t, harbor, 'carol');
    const harborGroup = await ok<{ id: number }>(t, 'POST', 'pmsGroup/create', harbor, { name: 'Harbor group', points: [] });
    const mine = await roleByCode(t, admin, 'viewer');

    expect((await call('GET', 'role/detail', admin, undefined, { id: harborRole.id })).status).toBe(404);
    expect((await call('POST', 'role/update', admin, { id: harborRole.id, name: 'Mine', dataScope: 'own' })).status).toBe(404);
    expect((await call('POST', 'role/delete', admin, { id: harborRole.id })).status).toBe(404);
    expect((await call('POST', 'role/grant', admin, { id: harborRole.id, resourceIds: [] })).status).toBe(404);

    const foreignResource = await call('POST', 'role/grant', admin, { id: mine.id, resourceIds: [harborNode.id] });
    expect(foreignResource.status).toBe(404);
    expect(foreignResource.body.message).toBe('resourceIds[0]: Resource not found');
    const bobId = await userIdOf(t, admin, 'bob');
    const foreignUser = await call('POST', 'role/users', admin, { id: mine.id, userIds: [bobId, carolId] });
    expect(foreignUser.status).toBe(404);
    expect(foreignUser.body.message).toBe('userIds[1]: User not found');
    const foreignGroup = await call('POST', 'role/groups', admin, { id: mine.id, groupIds: [harborGroup.id] });
    expect(foreignGroup.body.message).toBe('groupIds[0]: Permission group not found');
    // Nothing was half-written: bob still holds viewer.
    expect((await ok<RoleDetail>(t, 'GET', 'role/detail', admin, undefined, { id: mine.id })).userIds).toEqual([bobId]);
    expect((await ok<Role[]>(t, 'GET', 'role/list', harbor)).map((r) => r.id)).not.toContain(mine.id);
  });

  it('refuses every role endpoint to a USER without role:manage (403 envelope)', async () => {
    const viewer = await roleByCode(t, admin, 'viewer');
    const requests: [string, string, unknown?, Record<string, number>?][] = [
      ['GET', 'role/list'],
      ['GET', 'role/detail', undefined, { id: viewer.id }],
      ['POST', 'role/create', { code: 'sneaky', name: 'Sneaky', dataScope: 'tenant' }],
      ['POST', 'role/update', { id: viewer.id, name: 'Sneaky', dataScope: 'tenant' }],
      ['POST', 'role/delete', { id: viewer.id }],
      ['POST', 'role/grant', { id: viewer.id, resourceIds: [] }],
      ['POST', 'role/users', { id: viewer.id, userIds: [] }],
      ['POST', 'role/groups', { id: viewer.id, groupIds: [] }],
      ['GET', 'role/resourceTree'],
    ];
    for (const token of [alice, bob]) {
      for (const [method, path, body, query] of requests) {
        const result = await call(method, path, token, body, query);
        expect(result.status, path).toBe(403);
        expect(result.body).toMatchObject({ success: false, code: 403 });
      }
    }
    expect((await roleByCode(t, admin, 'viewer')).name).toMatchObject({ en: 'Viewer' });
  });

  it("follows role grants and the workspace's resources in a USER's menu on the next request", async () => {
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    const probe = await inviteAndSignIn(t, admin, { username: 'menuprobe', workspaceIds: [hq.id] });
    expect(await menuOf(probe.token, 'NW-HQ')).toEqual([]);

    const nodes = await tenantNodes(t, admin);
    const docs = nodes.find((n) => n.route === '/docManage')!;
    const follows = nodes.find((n) => n.route === '/follows')!;
    const role = await ok<Role>(t, 'POST', 'role/create', admin, { code: 'menuprobe', name: 'Menu probe', dataScope: 'own' });
    await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [docs.id, follows.id] });
    await ok(t, 'POST', 'management/user/roles', admin, { userId: probe.user.id, roleIds: [role.id] });
    let routes = (await menuOf(probe.token, 'NW-HQ')).map((n) => n.route);
    expect(routes).toEqual(expect.arrayContaining(['/docManage', '/follows']));
    expect(routes).not.toContain('/drawing/pictureList');

    // The workspace stops offering the document library: gone from the menu at once.
    const offered = (await ok<{ resourceIds: number[] }>(t, 'GET', 'management/workspace/detail', admin, undefined, { id: hq.id }))
      .resourceIds;
    await ok(t, 'POST', 'management/workspace/resources', admin, { id: hq.id, resourceIds: offered.filter((id) => id !== docs.id) });
    routes = (await menuOf(probe.token, 'NW-HQ')).map((n) => n.route);
    expect(routes).not.toContain('/docManage');
    expect(routes).toContain('/follows');
    await ok(t, 'POST', 'management/workspace/resources', admin, { id: hq.id, resourceIds: offered });

    await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [docs.id] });
    routes = (await menuOf(probe.token, 'NW-HQ')).map((n) => n.route);
    expect(routes).toContain('/docManage');
    expect(routes).not.toContain('/follows');
  });

  it("computes the effective data scope: the widest of the user's roles, tenant for an ADMIN, own without roles", async () => {
    const db = t.app.services.db;
    const northwind = await db.selectFrom('tenant').select('id').where('code', '=', 'northwind').executeTakeFirstOrThrow();
    const scope = new TenantScope(db, northwind.id);
    const session = async (username: string) => {
      const userId = await userIdOf(t, admin, username);
      const member = await db
        .selectFrom('tenant_member')
        .select('type')
        .where('tenant_id', '=', northwind.id)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return { tokenId: 0, userId, tenantId: northwind.id, memberType: member.type };
    };
    expect(await effectiveDataScope(scope, await session('admin'))).toBe('tenant');
    expect(await effectiveDataScope(scope, await session('alice'))).toBe('workspace');
    expect(await effectiveDataScope(scope, await session('bob'))).toBe('own');

    const bobId = await userIdOf(t, admin, 'bob');
    const wide = await ok<Role>(t, 'POST', 'role/create', admin, { code: 'auditor', name: 'Auditor', dataScope: 'tenant' });
    const viewer = await roleByCode(t, admin, 'viewer');
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [viewer.id, wide.id] });
    expect(await effectiveDataScope(scope, await session('bob'))).toBe('tenant');
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [] });
    expect(await effectiveDataScope(scope, await session('bob'))).toBe('own');
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [viewer.id] });
  });
});

/**
 * Every function point of the tenant, one at a time: a fresh role gets the point (and the menu
 * above it), a fresh user gets the role, and on the very next request the point is held — the
 * guarded endpoint answers instead of 403 where one exists, and the point lists and the menu
 * show it. Taking the role away closes it again.
 */
describe.each(testDialects())('each function point follows a role grant on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let probe: Awaited<ReturnType<typeof inviteAndSignIn>>;
  let memberRoleId: number;
  let pageId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    probe = await inviteAndSignIn(t, admin, { username: 'pointprobe', workspaceIds: [hq.id] });
    memberRoleId = (await roleByCode(t, admin, 'member')).id;
    pageId = (await ok<{ id: number }[]>(t, 'GET', 'page/list', admin))[0]!.id;
  });
  afterAll(() => t.close());

  /** The endpoint each point guards, where the endpoint exists. */
  const guarded = (): Record<string, { method: string; path: string; body?: unknown; query?: Record<string, number> }> => ({
    'role:manage': { method: 'GET', path: `${API}/role/detail`, query: { id: memberRoleId } },
    'user:manage': { method: 'POST', path: `${API}/management/user/page`, body: {} },
    'workspace:manage': { method: 'GET', path: `${API}/workspaceTemplate/list` },
    // page/list also serves workspace managers (without configs); a page's detail is page:edit alone.
    'page:edit': { method: 'GET', path: `${API}/page/detail`, query: { id: pageId } },
    'notify:send': {
      method: 'POST',
      path: '/proptech_notify/notify/send',
      body: { notifyType: 'ANNOUNCEMENT', title: 'Probe', userIds: [probe.user.id] },
    },
  });
  const statusOf = async (code: string) => {
    const endpoint = guarded()[code]!;
    return (await t.call(endpoint.method, endpoint.path, { token: probe.token, body: endpoint.body, query: endpoint.query })).status;
  };
  const held = async (code: string, menuId: number) => {
    const moduleName = code.split(':')[0]!;
    const [byModule, byMenu] = await Promise.all([
      ok<string[]>(t, 'POST', 'resource/OrdinaryUser/functionPoints', probe.token, { module: moduleName }),
      ok<string[]>(t, 'GET', 'resource/module/functionPoints', probe.token, undefined, { menuId }),
    ]);
    return { byModule: byModule.includes(code), byMenu: byMenu.includes(code) };
  };
  const menuIds = async () =>
    flattenTree(
      await ok<MenuNode[]>(t, 'GET', 'workingSpace/user/function/tree', probe.token, undefined, { workingSpaceCode: 'NW-HQ' }),
    ).map((n) => n.id);

  it('covers every point of the seed, including the ones this part guards', async () => {
    const points = (await ok<FunctionPointOption[]>(t, 'GET', 'pmsGroup/points', admin)).map((p) => p.code);
    expect(points).toEqual(expect.arrayContaining([...Object.keys(guarded()), 'form:create', 'record:export', 'flow:approve']));
  });

  it('opens each point on the next request after the grant, and closes it after the role is taken away', async () => {
    const nodes = await tenantNodes(t, admin);
    const buttons = nodes.filter((n) => n.type === 'BUTTON');
    expect(buttons.length).toBeGreaterThan(20);
    const guardedCodes = Object.keys(guarded());
    for (const [i, button] of buttons.entries()) {
      const code = button.code!;
      const menu = nodes.find((n) => n.children.some((c) => c.id === button.id))!;
      const isGuarded = guardedCodes.includes(code);

      if (isGuarded) expect(await statusOf(code), `${code} before`).toBe(403);
      expect(await held(code, menu.id), `${code} before`).toEqual({ byModule: false, byMenu: false });
      expect(await menuIds(), `${code} before`).not.toContain(menu.id);

      const role = await ok<Role>(t, 'POST', 'role/create', admin, { code: `probe${i}`, name: `Probe ${code}`, dataScope: 'own' });
      await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [menu.id, button.id] });
      await ok(t, 'POST', 'role/users', admin, { id: role.id, userIds: [probe.user.id] });

      if (isGuarded) expect(await statusOf(code), `${code} granted`).toBe(200);
      // Exactly this point: every other guarded endpoint stays closed.
      for (const other of guardedCodes.filter((c) => c !== code)) expect(await statusOf(other), `${other} with ${code}`).toBe(403);
      expect(await held(code, menu.id), `${code} granted`).toEqual({ byModule: true, byMenu: true });
      expect(await menuIds(), `${code} granted`).toContain(menu.id);

      await ok(t, 'POST', 'role/users', admin, { id: role.id, userIds: [] });
      if (isGuarded) expect(await statusOf(code), `${code} revoked`).toBe(403);
      expect(await held(code, menu.id), `${code} revoked`).toEqual({ byModule: false, byMenu: false });
      await ok(t, 'POST', 'role/delete', admin, { id: role.id });
    }
  });
});
