import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedUser, ManagedWorkspace, ManagedWorkspaceDetail, UserOption, UserPage } from '../../../src/core/contracts/management.ts';
import type { PermissionGroup } from '../../../src/core/contracts/permission-groups.ts';
import type { LoginResult, TenantOption, WorkspaceInfo } from '../../../src/core/entities.ts';
import { ResultCode } from '../../../src/core/result-codes.ts';
import { API, ok, roleByCode, tenantNodes, userIdOf, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { lastCodeSentTo } from '../../helpers/outbox.ts';
import { startSmtpServer } from '../../helpers/smtp.ts';
import { DEMO_PASSWORD, HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const MINUTE = 61_000;

describe.each(testDialects())('user management on %s', (dialect) => {
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

  const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) =>
    t.call<T>(method, `${API}/${path}`, { token, body });
  const page = (token: string, body: object) => ok<UserPage>(t, 'POST', 'management/user/page', token, body);
  const outbox = (recipient: string) =>
    t.app.services.db.selectFrom('outbox').selectAll().where('recipient', '=', recipient).orderBy('id', 'desc').execute();
  const passwordLogin = (account: string, password = DEMO_PASSWORD) =>
    t.call<LoginResult>('POST', `${API}/login/passwordLogin`, { body: { account, password } });
  const enterTenant = async (token: string, tenantName: string) => {
    const tenants = await ok<TenantOption[]>(t, 'GET', 'login/list/tenant', token);
    const tenant = tenants.find((x) => x.tenantName === tenantName);
    return { listed: tenant !== undefined, result: await call<LoginResult>('POST', 'login/login/byToken', token, { tenantId: tenant?.tenantId ?? 999999, loginType: 'WEB' }) };
  };

  it('pages the members of the tenant with type, status, roles, groups and workspaces', async () => {
    const all = await page(admin, {});
    expect(all.total).toBe(3);
    expect(all.list.map((u) => u.username)).toEqual(['admin', 'alice', 'bob']);
    const member = await roleByCode(t, admin, 'member');
    const tower = await workspaceByCode(t, admin, 'NW-TOWER');
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    expect(all.list[1]).toEqual({
      id: expect.any(Number),
      username: 'alice',
      name: 'Alice Chen',
      mobilePhone: '13800000002',
      email: 'alice@northwind.example',
      type: 'USER',
      status: 'ACTIVE',
      roleIds: [member.id],
      groupIds: [],
      workspaceIds: [hq.id, tower.id].sort((a, b) => a - b),
      createTime: expect.any(String),
    });
    expect(all.list[0]).toMatchObject({ username: 'admin', type: 'ADMIN', roleIds: [] });
    // The same account is a USER in Harbor: each tenant sees its own membership.
    expect((await page(harbor, { keyword: 'admin' })).list).toEqual([expect.objectContaining({ username: 'admin', type: 'USER' })]);
  });

  it('filters by keyword (name, username, e-mail, mobile; wildcards taken literally) and pages', async () => {
    expect((await page(admin, { keyword: 'CHEN' })).list.map((u) => u.username)).toEqual(['alice']);
    expect((await page(admin, { keyword: '13800000003' })).list.map((u) => u.username)).toEqual(['bob']);
    expect((await page(admin, { keyword: 'northwind.example' })).total).toBe(3);
    expect((await page(admin, { keyword: '%' })).total).toBe(0);
    expect((await page(admin, { keyword: '_' })).total).toBe(0);
    const second = await page(admin, { pageNum: 2, pageSize: 2 });
    expect(second).toMatchObject({ total: 3, pageNum: 2, pageSize: 2 });
    expect(second.list.map((u) => u.username)).toEqual(['bob']);
    const bad = await call('POST', 'management/user/page', admin, { status: 'GONE' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^status: must be equal to one of/);
  });

  it('invites a new person: account with a random password, reset code by mail, then they sign in', async () => {
    const member = await roleByCode(t, admin, 'member');
    const tower = await workspaceByCode(t, admin, 'NW-TOWER');
    const invited = await ok<ManagedUser>(t, 'POST', 'management/user/invite', admin, {
      username: 'erin',
      name: 'Erin Wu',
      email: 'Erin@Northwind.example',
      mobilePhone: '+8613800000099',
      type: 'USER',
      roleIds: [member.id],
      workspaceIds: [tower.id],
    });
    expect(invited).toMatchObject({
      username: 'erin',
      email: 'erin@northwind.example',
      mobilePhone: '13800000099',
      type: 'USER',
      status: 'ACTIVE',
      roleIds: [member.id],
      workspaceIds: [tower.id],
    });
    const [mail] = await outbox('erin@northwind.example');
    expect(mail).toMatchObject({ channel: 'EMAIL', subject: 'You are invited to Northwind Properties on Plinth' });
    expect(mail!.body).toMatch(/Ada Admin invited you/);
    expect(mail!.body).toMatch(/sign-in name is erin/);
    // Nobody knows the password the account was made with.
    expect((await passwordLogin('erin', DEMO_PASSWORD)).status).toBe(400);

    const reset = await t.call('POST', `${API}/login/resetPsw/email`, {
      body: { email: 'erin@northwind.example', verificationCode: await lastCodeSentTo(t, 'erin@northwind.example'), newPassword: 'Erin#2026!' },
    });
    expect(reset.body.success).toBe(true);
    const token = await t.signIn('erin', NORTHWIND, 'Erin#2026!');
    expect(await ok<WorkspaceInfo[]>(t, 'GET', 'workingSpace/list', token)).toEqual([{ code: 'NW-TOWER', name: tower.name }]);
  });

  it('adds an existing account with that e-mail to the tenant, keeping its name and password, and tells it by mail', async () => {
    const added = await ok<ManagedUser>(t, 'POST', 'management/user/invite', admin, {
      username: 'ignored',
      name: 'Ignored',
      email: 'carol@harbor.example',
      type: 'USER',
      roleIds: [],
      workspaceIds: [],
    });
    expect(added).toMatchObject({ username: 'carol', name: 'Carol Wang', type: 'USER' });
    expect((await outbox('carol@harbor.example'))[0]).toMatchObject({ subject: 'You were added to Northwind Properties on Plinth' });
    const login = await passwordLogin('carol');
    expect(login.body.success).toBe(true);
    expect((await ok<TenantOption[]>(t, 'GET', 'login/list/tenant', login.body.data.token)).map((x) => x.tenantName)).toEqual([
      HARBOR,
      NORTHWIND,
    ]);
    const again = await call('POST', 'management/user/invite', admin, {
      username: 'carol',
      name: 'Carol Wang',
      email: 'carol@harbor.example',
      type: 'USER',
      roleIds: [],
      workspaceIds: [],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^email: this person is already a member/);
  });

  it('refuses a taken username or mobile number (409), bad input (400) and foreign ids (404), writing nothing', async () => {
    const base = { username: 'frank', name: 'Frank', email: 'frank@northwind.example', type: 'USER', roleIds: [], workspaceIds: [] };
    const taken = await call('POST', 'management/user/invite', admin, { ...base, username: 'bob' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/^username:/);
    const phone = await call('POST', 'management/user/invite', admin, { ...base, mobilePhone: '13800000003' });
    expect(phone.status).toBe(409);
    expect(phone.body.message).toMatch(/^mobilePhone:/);

    const invalid: [object, RegExp][] = [
      [{ ...base, username: 'has space' }, /^username: must match pattern/],
      [{ ...base, username: 'a@b' }, /^username: must match pattern/],
      [{ ...base, email: 'not-mail' }, /^email: must be a valid email/],
      [{ ...base, type: 'OWNER' }, /^type: must be equal to one of/],
      [{ ...base, mobilePhone: '12345' }, /^mobilePhone: must be a valid mobilePhone/],
      [{ ...base, roleIds: undefined }, /^roleIds: is required/],
    ];
    for (const [body, message] of invalid) {
      const result = await call('POST', 'management/user/invite', admin, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toMatch(message);
    }

    const harborRole = await roleByCode(t, harbor, 'member');
    const foreignRole = await call('POST', 'management/user/invite', admin, { ...base, roleIds: [harborRole.id] });
    expect(foreignRole.status).toBe(404);
    expect(foreignRole.body.message).toBe('roleIds[0]: Role not found');
    const harborWorkspace = await workspaceByCode(t, harbor, 'HB-PIER');
    const foreignWorkspace = await call('POST', 'management/user/invite', admin, { ...base, workspaceIds: [harborWorkspace.id] });
    expect(foreignWorkspace.body.message).toBe('workspaceIds[0]: Workspace not found');
    // No account, no membership, no mail was left behind.
    expect(await t.app.services.db.selectFrom('app_user').select('id').where('username', '=', 'frank').executeTakeFirst()).toBeUndefined();
    expect(await outbox('frank@northwind.example')).toEqual([]);
  });

  it('lets only an ADMIN invite, disable or reset an ADMIN', async () => {
    const managers = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name: 'User managers', points: ['user:manage'] });
    const aliceId = await userIdOf(t, admin, 'alice');
    await ok(t, 'POST', 'pmsGroup/assign', admin, { id: managers.id, roleIds: [], userIds: [aliceId] });
    const adminId = await userIdOf(t, admin, 'admin');
    const body = { username: 'boss', name: 'Boss', email: 'boss@northwind.example', type: 'ADMIN', roleIds: [], workspaceIds: [] };
    expect((await call('POST', 'management/user/invite', alice, body)).status).toBe(403);
    expect((await call('POST', 'management/user/status', alice, { userId: adminId, status: 'DISABLED' })).status).toBe(403);
    expect((await call('POST', 'management/user/resetPassword', alice, { userId: adminId })).status).toBe(403);
    // Ordinary members are hers to manage.
    expect((await call('POST', 'management/user/page', alice, {})).status).toBe(200);
    expect((await ok<ManagedUser>(t, 'POST', 'management/user/invite', admin, body)).type).toBe('ADMIN');
    await ok(t, 'POST', 'pmsGroup/delete', admin, { id: managers.id });
  });

  it('disables a member: their tokens of the tenant end, the tenant refuses them, their other tenants do not', async () => {
    const bobId = await userIdOf(t, admin, 'bob');
    const disabled = await ok<ManagedUser>(t, 'POST', 'management/user/status', admin, { userId: bobId, status: 'DISABLED' });
    expect(disabled.status).toBe('DISABLED');
    const old = await call('GET', 'workingSpace/list', bob);
    expect(old.status).toBe(401);
    expect(old.body.code).toBe(ResultCode.TOKEN_ENDED);

    // The password still opens the account; the tenant is still listed, so the refusal can say why.
    const login = await passwordLogin('bob');
    expect(login.body.success).toBe(true);
    const entry = await enterTenant(login.body.data.token, NORTHWIND);
    expect(entry.listed).toBe(true);
    expect(entry.result.status).toBe(403);
    expect(entry.result.body.message).toMatch(/^Account disabled/);
    expect((await page(admin, { status: 'DISABLED' })).list.map((u) => u.username)).toEqual(['bob']);

    await ok(t, 'POST', 'management/user/status', admin, { userId: bobId, status: 'ACTIVE' });
    bob = await t.signIn('bob', NORTHWIND);
    expect((await call('GET', 'workingSpace/list', bob)).status).toBe(200);

    // admin is an ADMIN of Northwind and a USER of Harbor: Harbor disables only its own membership.
    const adminInHarbor = await t.signIn('admin', HARBOR);
    const adminId = await userIdOf(t, harbor, 'admin');
    await ok(t, 'POST', 'management/user/status', harbor, { userId: adminId, status: 'DISABLED' });
    expect((await call('GET', 'workingSpace/list', adminInHarbor)).status).toBe(401);
    expect((await call('GET', 'workingSpace/list', admin)).status).toBe(200);
    const harborEntry = await enterTenant((await passwordLogin('admin')).body.data.token, HARBOR);
    expect(harborEntry.result.status).toBe(403);
    await ok(t, 'POST', 'management/user/status', harbor, { userId: adminId, status: 'ACTIVE' });
  });

  it('refuses to let a user disable themselves', async () => {
    const adminId = await userIdOf(t, admin, 'admin');
    const result = await call('POST', 'management/user/status', admin, { userId: adminId, status: 'DISABLED' });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe('userId: you cannot disable yourself');
    expect((await call('GET', 'workingSpace/list', admin)).status).toBe(200);
  });

  it("resets a member's password by mail: a reset code, and their tokens of the tenant end", async () => {
    t.clock.advance(MINUTE);
    const aliceId = await userIdOf(t, admin, 'alice');
    const before = await call('GET', 'workingSpace/list', alice);
    expect(before.status).toBe(200);
    expect(await ok(t, 'POST', 'management/user/resetPassword', admin, { userId: aliceId })).toBeNull();
    const [mail] = await outbox('alice@northwind.example');
    expect(mail!.subject).toBe('Plinth password reset code');
    expect(mail!.body).toMatch(/administrator of Northwind Properties/);
    expect((await call('GET', 'workingSpace/list', alice)).body.code).toBe(ResultCode.TOKEN_ENDED);

    const reset = await t.call('POST', `${API}/login/resetPsw/email`, {
      body: { email: 'alice@northwind.example', verificationCode: await lastCodeSentTo(t, 'alice@northwind.example'), newPassword: 'Alice#2027!' },
    });
    expect(reset.body.success).toBe(true);
    alice = await t.signIn('alice', NORTHWIND, 'Alice#2027!');
    // A second reset within the minute is refused, as for the sign-in screen's own reset.
    expect((await call('POST', 'management/user/resetPassword', admin, { userId: aliceId })).status).toBe(429);
  });

  it("replaces a member's roles and workspaces; another tenant's ids answer 404", async () => {
    const bobId = await userIdOf(t, admin, 'bob');
    const member = await roleByCode(t, admin, 'member');
    const viewer = await roleByCode(t, admin, 'viewer');
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    const tower = await workspaceByCode(t, admin, 'NW-TOWER');
    expect(await ok<ManagedUser>(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [member.id, viewer.id] })).toMatchObject({
      roleIds: [member.id, viewer.id].sort((a, b) => a - b),
    });
    const moved = await ok<ManagedUser>(t, 'POST', 'management/user/workspaces', admin, { userId: bobId, workspaceIds: [hq.id] });
    expect(moved.workspaceIds).toEqual([hq.id]);
    expect((await ok<WorkspaceInfo[]>(t, 'GET', 'workingSpace/list', bob)).map((w) => w.code)).toEqual(['NW-HQ']);

    const carolInHarbor = await userIdOf(t, harbor, 'dave');
    const harborWorkspace = await workspaceByCode(t, harbor, 'HB-DEPOT');
    expect((await call('POST', 'management/user/roles', admin, { userId: carolInHarbor, roleIds: [] })).body.message).toBe(
      'userId: User not found',
    );
    const foreign = await call('POST', 'management/user/workspaces', admin, { userId: bobId, workspaceIds: [tower.id, harborWorkspace.id] });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('workspaceIds[1]: Workspace not found');
    for (const [path, body] of [
      ['management/user/status', { userId: carolInHarbor, status: 'DISABLED' }],
      ['management/user/resetPassword', { userId: carolInHarbor }],
      ['management/user/workspaces', { userId: carolInHarbor, workspaceIds: [] }],
    ] as const) {
      expect((await call('POST', path, admin, body)).status, path).toBe(404);
    }
    // Nothing half-written.
    expect((await page(admin, { keyword: 'bob' })).list[0]).toMatchObject({ workspaceIds: [hq.id] });
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [viewer.id] });
    await ok(t, 'POST', 'management/user/workspaces', admin, { userId: bobId, workspaceIds: [tower.id] });
  });

  it('refuses every user endpoint to a USER without user:manage (403 envelope)', async () => {
    const adminId = await userIdOf(t, admin, 'admin');
    const requests: [string, string, unknown?][] = [
      ['POST', 'management/user/page', {}],
      ['GET', 'management/user/options'],
      ['POST', 'management/user/invite', { username: 'mole', name: 'Mole', email: 'mole@x.example', type: 'ADMIN', roleIds: [], workspaceIds: [] }],
      ['POST', 'management/user/status', { userId: adminId, status: 'DISABLED' }],
      ['POST', 'management/user/resetPassword', { userId: adminId }],
      ['POST', 'management/user/roles', { userId: adminId, roleIds: [] }],
      ['POST', 'management/user/workspaces', { userId: adminId, workspaceIds: [] }],
    ];
    for (const token of [alice, bob]) {
      for (const [method, path, body] of requests) {
        const result = await call(method, path, token, body);
        expect(result.status, path).toBe(403);
        expect(result.body).toMatchObject({ success: false, code: 403 });
      }
    }
  });

  it('gives the pickers the members of the tenant to any holder of a management point', async () => {
    const options = await ok<UserOption[]>(t, 'GET', 'management/user/options', admin);
    expect(options.map((o) => o.username)).toEqual(expect.arrayContaining(['admin', 'alice', 'bob']));
    expect(options.map((o) => o.username)).not.toContain('dave');
    const group = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name: 'Workspace keepers', points: ['workspace:manage'] });
    await ok(t, 'POST', 'pmsGroup/assign', admin, { id: group.id, roleIds: [], userIds: [await userIdOf(t, admin, 'bob')] });
    expect((await call('GET', 'management/user/options', bob)).status).toBe(200);
    expect((await call('GET', 'role/list', bob)).status).toBe(200);
    expect((await call('POST', 'management/user/page', bob, {})).status).toBe(403);
    await ok(t, 'POST', 'pmsGroup/delete', admin, { id: group.id });
  });
});

describe.each(testDialects())('workspace management on %s', (dialect) => {
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

  const call = <T = unknown>(method: string, path: string, token: string, body?: unknown, query?: Record<string, number>) =>
    t.call<T>(method, `${API}/${path}`, { token, body, query });

  it('lists the workspaces with member and resource counts', async () => {
    const list = await ok<ManagedWorkspace[]>(t, 'GET', 'management/workspace/list', admin);
    expect(list.map((w) => w.code)).toEqual(['NW-HQ', 'NW-TOWER']);
    const nodes = await tenantNodes(t, admin);
    expect(list[0]).toEqual({ id: expect.any(Number), code: 'NW-HQ', name: 'Headquarters portfolio', memberCount: 2, resourceCount: nodes.length, templateId: null });
    expect(list[1]!.memberCount).toBe(3);
  });

  it('creates a workspace, names its members and menu, renames and deletes it', async () => {
    const created = await ok<ManagedWorkspace>(t, 'POST', 'management/workspace/create', admin, { code: 'NW-ANNEX', name: 'Annex' });
    expect(created).toMatchObject({ code: 'NW-ANNEX', name: 'Annex', memberCount: 0, resourceCount: 0, templateId: null });
    const dup = await call('POST', 'management/workspace/create', admin, { code: 'NW-ANNEX', name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^code:/);

    const bobId = await userIdOf(t, admin, 'bob');
    const home = (await tenantNodes(t, admin)).find((n) => n.route === '/home')!;
    await ok(t, 'POST', 'management/workspace/members', admin, { id: created.id, userIds: [bobId] });
    const withMenu = await ok<ManagedWorkspace>(t, 'POST', 'management/workspace/resources', admin, { id: created.id, resourceIds: [home.id] });
    expect(withMenu).toMatchObject({ memberCount: 1, resourceCount: 1 });
    expect(await ok<ManagedWorkspaceDetail>(t, 'GET', 'management/workspace/detail', admin, undefined, { id: created.id })).toEqual({
      workspace: withMenu,
      userIds: [bobId],
      resourceIds: [home.id],
    });
    expect((await ok<WorkspaceInfo[]>(t, 'GET', 'workingSpace/list', bob)).map((w) => w.code)).toContain('NW-ANNEX');
    const bobsMenu = await ok<{ route: string }[]>(t, 'GET', 'workingSpace/user/function/tree', bob, undefined, { workingSpaceCode: 'NW-ANNEX' });
    expect(bobsMenu.map((n) => n.route)).toEqual(['/home']);

    expect((await ok<ManagedWorkspace>(t, 'POST', 'management/workspace/update', admin, { id: created.id, name: 'East annex' })).name).toBe('East annex');

    // Deleting is allowed even where it is a member's only workspace; members lose it at once.
    await ok(t, 'POST', 'management/workspace/delete', admin, { id: created.id });
    expect((await ok<WorkspaceInfo[]>(t, 'GET', 'workingSpace/list', bob)).map((w) => w.code)).not.toContain('NW-ANNEX');
    expect((await call('GET', 'workingSpace/user/function/tree', bob, undefined, { workingSpaceCode: 'NW-ANNEX' } as never)).status).toBe(404);
    expect((await call('GET', 'management/workspace/detail', admin, undefined, { id: created.id })).status).toBe(404);
  });

  it('answers 400 naming the field for a bad code or name', async () => {
    for (const [body, message] of [
      [{ code: 'lower', name: 'X' }, /^code: must match pattern/],
      [{ code: 'A', name: 'X' }, /^code: must match pattern/],
      [{ code: 'NW-NEW' }, /^name: is required/],
      [{ code: 'NW-NEW', name: '<b>' }, /^name: must match pattern/],
      [{ code: 'NW-NEW', name: 'X', templateId: 'x' }, /^templateId: must be integer/],
    ] as const) {
      const result = await call('POST', 'management/workspace/create', admin, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    expect((await ok<ManagedWorkspace[]>(t, 'GET', 'management/workspace/list', admin)).map((w) => w.code)).toEqual(['NW-HQ', 'NW-TOWER']);
  });

  it("answers 404 for another tenant's workspaces, users and resources", async () => {
    const pier = await workspaceByCode(t, harbor, 'HB-PIER');
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    const carolId = await userIdOf(t, harbor, 'carol');
    const harborNode = (await tenantNodes(t, harbor))[0]!;
    expect((await call('GET', 'management/workspace/detail', admin, undefined, { id: pier.id })).status).toBe(404);
    expect((await call('POST', 'management/workspace/update', admin, { id: pier.id, name: 'Mine' })).status).toBe(404);
    expect((await call('POST', 'management/workspace/delete', admin, { id: pier.id })).status).toBe(404);
    expect((await call('POST', 'management/workspace/members', admin, { id: pier.id, userIds: [] })).status).toBe(404);
    const member = await call('POST', 'management/workspace/members', admin, { id: hq.id, userIds: [carolId] });
    expect(member.body.message).toBe('userIds[0]: User not found');
    const resource = await call('POST', 'management/workspace/resources', admin, { id: hq.id, resourceIds: [harborNode.id] });
    expect(resource.status).toBe(404);
    expect(resource.body.message).toBe('resourceIds[0]: Resource not found');
    expect((await workspaceByCode(t, harbor, 'HB-PIER')).name).toBe('Pier 7 redevelopment');
    expect((await workspaceByCode(t, admin, 'NW-HQ')).memberCount).toBe(2);
  });

  it('refuses every workspace endpoint to a USER without workspace:manage (403 envelope)', async () => {
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    const requests: [string, string, unknown?, Record<string, number>?][] = [
      ['GET', 'management/workspace/list'],
      ['GET', 'management/workspace/detail', undefined, { id: hq.id }],
      ['POST', 'management/workspace/create', { code: 'NW-MOLE', name: 'Mole' }],
      ['POST', 'management/workspace/update', { id: hq.id, name: 'Mole' }],
      ['POST', 'management/workspace/delete', { id: hq.id }],
      ['POST', 'management/workspace/members', { id: hq.id, userIds: [] }],
      ['POST', 'management/workspace/resources', { id: hq.id, resourceIds: [] }],
    ];
    for (const token of [alice, bob]) {
      for (const [method, path, body, query] of requests) {
        const result = await call(method, path, token, body, query);
        expect(result.status, path).toBe(403);
        expect(result.body).toMatchObject({ success: false, code: 403 });
      }
    }
    expect((await workspaceByCode(t, admin, 'NW-HQ')).name).toBe('Headquarters portfolio');
  });
});

describe('invitation mail over SMTP', () => {
  it('reaches the invited person through the configured SMTP server', async () => {
    const smtp = await startSmtpServer();
    const t = await startTestApp('sqlite', { smtpUrl: smtp.url });
    try {
      const admin = await t.signIn('admin', NORTHWIND);
      await ok(t, 'POST', 'management/user/invite', admin, {
        username: 'gina',
        name: 'Gina Ho',
        email: 'gina@northwind.example',
        type: 'USER',
        roleIds: [],
        workspaceIds: [],
      });
      const mail = smtp.mails.find((m) => m.to.includes('gina@northwind.example'));
      expect(mail?.raw).toMatch(/Subject: You are invited to Northwind Properties on Plinth/);
      const code = /code (\d{6})/.exec(mail!.raw)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const reset = await t.call('POST', `${API}/login/resetPsw/email`, {
        body: { email: 'gina@northwind.example', verificationCode: code, newPassword: 'Gina#2026!' },
      });
      expect(reset.body.success).toBe(true);
      expect(await t.signIn('gina', NORTHWIND, 'Gina#2026!')).toEqual(expect.any(String));
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
