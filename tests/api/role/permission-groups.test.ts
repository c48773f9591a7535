import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FunctionPointOption, PermissionGroup } from '../../../src/core/contracts/permission-groups.ts';
import type { Role } from '../../../src/core/contracts/role.ts';
import type { MenuNode } from '../../../src/core/entities.ts';
import { flattenTree } from '../../../src/core/menu-tree.ts';
import { API, ok, roleByCode, userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('permission groups on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let harbor: string;
  let bobId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob, harbor] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
      t.signIn('harbor', HARBOR),
    ]);
    bobId = await userIdOf(t, admin, 'bob');
  });
  afterAll(() => t.close());

  const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) =>
    t.call<T>(method, `${API}/${path}`, { token, body });
  /** What bob may do, asked fresh each time: the user list needs user:manage, the templates workspace:manage. */
  const bobCan = async () => ({
    users: (await call('POST', 'management/user/page', bob, {})).status === 200,
    templates: (await call('GET', 'workspaceTemplate/list', bob)).status === 200,
  });
  const bobsDocPoints = async () =>
    ok<string[]>(t, 'POST', 'resource/OrdinaryUser/functionPoints', bob, { module: 'doc' });

  it('lists every function point of the tenant once, with the menu it sits under', async () => {
    const points = await ok<FunctionPointOption[]>(t, 'GET', 'pmsGroup/points', admin);
    const codes = points.map((p) => p.code);
    expect(new Set(codes).size).toBe(codes.length);
    expect(points.find((p) => p.code === 'record:export')).toEqual({
      code: 'record:export',
      title: { en: 'Export records', 'zh-CN': '导出记录', ar: 'تصدير السجلات' },
      menuTitle: { en: 'Form data', 'zh-CN': '表单数据', ar: 'بيانات النماذج' },
      menuSeedKey: 'formData',
    });
    expect(codes).toEqual(expect.arrayContaining(['role:manage', 'user:manage', 'workspace:manage', 'notify:send', 'page:edit']));
  });

  it('creates a group of points; a name already used answers 409', async () => {
    const group = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, {
      name: 'Document clerks',
      description: 'Upload and manage documents',
      points: ['doc:upload', 'doc:manage'],
    });
    expect(group).toMatchObject({
      name: 'Document clerks',
      description: 'Upload and manage documents',
      points: ['doc:manage', 'doc:upload'],
      roleIds: [],
      userIds: [],
    });
    const again = await call('POST', 'pmsGroup/create', admin, { name: 'Document clerks', points: [] });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^name:/);
    expect((await ok<PermissionGroup[]>(t, 'GET', 'pmsGroup/list', admin)).map((g) => g.name)).toContain('Document clerks');
    await ok(t, 'POST', 'pmsGroup/delete', admin, { id: group.id });
  });

  it('answers 400 naming points[i] for a code that is not a function point of the tenant, and writes nothing', async () => {
    const unknown = await call('POST', 'pmsGroup/create', admin, { name: 'Bad', points: ['doc:upload', 'nope:never'] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/^points\[1\]: nope:never is not a function point/);
    const malformed = await call('POST', 'pmsGroup/create', admin, { name: 'Bad', points: ['two words'] });
    expect(malformed.body.message).toMatch(/^points\[0\]: must match pattern/);
    const missing = await call('POST', 'pmsGroup/create', admin, { name: 'Bad' });
    expect(missing.body.message).toBe('points: is required');
    const extra = await call('POST', 'pmsGroup/assign', admin, { id: 1, roleIds: [], userIds: [], everyone: true });
    expect(extra.body.message).toBe('everyone: is not an allowed field');
    expect((await ok<PermissionGroup[]>(t, 'GET', 'pmsGroup/list', admin)).map((g) => g.name)).not.toContain('Bad');
  });

  it("adds a group's points to a user given the group directly, on the next request, and takes them away again", async () => {
    expect(await bobCan()).toEqual({ users: false, templates: false });
    const group = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name: 'User admins', points: ['user:manage'] });
    const assigned = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/assign', admin, { id: group.id, roleIds: [], userIds: [bobId] });
    expect(assigned.userIds).toEqual([bobId]);
    expect(await bobCan()).toEqual({ users: true, templates: false });

    // Changing the group's points changes what bob holds at once.
    await ok(t, 'POST', 'pmsGroup/update', admin, { id: group.id, name: 'User admins', points: ['workspace:manage'] });
    expect(await bobCan()).toEqual({ users: false, templates: true });

    await ok(t, 'POST', 'pmsGroup/assign', admin, { id: group.id, roleIds: [], userIds: [] });
    expect(await bobCan()).toEqual({ users: false, templates: false });
    await ok(t, 'POST', 'pmsGroup/delete', admin, { id: group.id });
  });

  it("adds a group's points to every holder of a role given the group, through either endpoint", async () => {
    const viewer = await roleByCode(t, admin, 'viewer');
    const group = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name: 'Doc uploaders', points: ['doc:upload'] });
    expect(await bobsDocPoints()).toEqual([]);

    await ok(t, 'POST', 'pmsGroup/assign', admin, { id: group.id, roleIds: [viewer.id], userIds: [] });
    expect(await bobsDocPoints()).toEqual(['doc:upload']);
    await ok(t, 'POST', 'role/groups', admin, { id: viewer.id, groupIds: [] });
    expect(await bobsDocPoints()).toEqual([]);
    await ok(t, 'POST', 'role/groups', admin, { id: viewer.id, groupIds: [group.id] });
    expect(await bobsDocPoints()).toEqual(['doc:upload']);
    expect((await ok<PermissionGroup[]>(t, 'GET', 'pmsGroup/list', admin)).find((g) => g.id === group.id)?.roleIds).toEqual([viewer.id]);

    // A group gives points, not menus: bob's menu is what his roles grant.
    const menu = flattenTree(
      await ok<MenuNode[]>(t, 'GET', 'workingSpace/user/function/tree', bob, undefined, { workingSpaceCode: 'NW-TOWER' }),
    );
    expect(menu.some((n) => n.type === 'BUTTON')).toBe(false);

    // Deleting the group takes its points from everyone.
    await ok(t, 'POST', 'pmsGroup/delete', admin, { id: group.id });
    expect(await bobsDocPoints()).toEqual([]);
  });

  it('gives groups to a user through management/user/roles too', async () => {
    const viewer = await roleByCode(t, admin, 'viewer');
    const group = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name: 'Direct', points: ['doc:manage'] });
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [viewer.id], groupIds: [group.id] });
    expect(await bobsDocPoints()).toEqual(['doc:manage']);
    expect((await ok<PermissionGroup[]>(t, 'GET', 'pmsGroup/list', admin)).find((g) => g.id === group.id)?.userIds).toEqual([bobId]);
    // Without groupIds the direct groups stay as they are.
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [viewer.id] });
    expect(await bobsDocPoints()).toEqual(['doc:manage']);
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [viewer.id], groupIds: [] });
    expect(await bobsDocPoints()).toEqual([]);
    await ok(t, 'POST', 'pmsGroup/delete', admin, { id: group.id });
  });

  it("answers 404 for another tenant's groups, roles and users", async () => {
    const harborGroup = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', harbor, { name: 'Harbor crew', points: ['doc:upload'] });
    const harborRole = await roleByCode(t, harbor, 'member');
    const carolId = await userIdOf(t, harbor, 'carol');
    const mine = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name: 'Mine', points: [] });

    expect((await call('POST', 'pmsGroup/update', admin, { id: harborGroup.id, name: 'Taken', points: [] })).status).toBe(404);
    expect((await call('POST', 'pmsGroup/delete', admin, { id: harborGroup.id })).status).toBe(404);
    expect((await call('POST', 'pmsGroup/assign', admin, { id: harborGroup.id, roleIds: [], userIds: [] })).status).toBe(404);
    const role = await call('POST', 'pmsGroup/assign', admin, { id: mine.id, roleIds: [harborRole.id], userIds: [] });
    expect(role.status).toBe(404);
    expect(role.body.message).toBe('roleIds[0]: Role not found');
    const user = await call('POST', 'pmsGroup/assign', admin, { id: mine.id, roleIds: [], userIds: [bobId, carolId] });
    expect(user.status).toBe(404);
    expect(user.body.message).toBe('userIds[1]: User not found');
    // Nothing half-written, and each tenant lists only its own.
    expect((await ok<PermissionGroup[]>(t, 'GET', 'pmsGroup/list', admin)).find((g) => g.id === mine.id)?.userIds).toEqual([]);
    expect((await ok<PermissionGroup[]>(t, 'GET', 'pmsGroup/list', admin)).map((g) => g.id)).not.toContain(harborGroup.id);
    expect((await ok<PermissionGroup[]>(t, 'GET', 'pmsGroup/list', harbor)).find((g) => g.id === harborGroup.id)).toMatchObject({
      name: 'Harbor crew',
      points: ['doc:upload'],
    });
  });

  it('refuses every group endpoint to a USER without role:manage (403 envelope)', async () => {
    const requests: [string, string, unknown?][] = [
      ['GET', 'pmsGroup/list'],
      ['GET', 'pmsGroup/points'],
      ['POST', 'pmsGroup/create', { name: 'Sneaky', points: ['role:manage'] }],
      ['POST', 'pmsGroup/update', { id: 1, name: 'Sneaky', points: ['role:manage'] }],
      ['POST', 'pmsGroup/delete', { id: 1 }],
      ['POST', 'pmsGroup/assign', { id: 1, roleIds: [], userIds: [bobId] }],
    ];
    for (const token of [alice, bob]) {
      for (const [method, path, body] of requests) {
        const result = await call(method, path, token, body);
        expect(result.status, path).toBe(403);
        expect(result.body).toMatchObject({ success: false, code: 403 });
      }
    }
    expect((await ok<PermissionGroup[]>(t, 'GET', 'pmsGroup/list', admin)).map((g) => g.name)).not.toContain('Sneaky');
  });

  it('lets a holder of role:manage through a group manage groups and roles', async () => {
    const group = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name: 'Role admins', points: ['role:manage'] });
    await ok(t, 'POST', 'pmsGroup/assign', admin, { id: group.id, roleIds: [], userIds: [bobId] });
    const created = await ok<Role>(t, 'POST', 'role/create', bob, { code: 'bobs', name: "Bob's role", dataScope: 'own' });
    expect(created.code).toBe('bobs');
    expect((await call('GET', 'pmsGroup/points', bob)).status).toBe(200);
    await ok(t, 'POST', 'pmsGroup/delete', admin, { id: group.id });
    expect((await call('POST', 'role/delete', bob, { id: created.id })).status).toBe(403);
  });
});
