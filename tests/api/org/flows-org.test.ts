import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Department, OrgMember, OrgRole } from '../../../src/core/contracts/org.ts';
import { TenantScope } from '../../../src/server/db/tenant-scope.ts';
import { managerOf } from '../../../src/server/modules/org/service.ts';
import { API, ok, userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('organisation directory on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let carol: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob, carol] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
      t.signIn('carol', HARBOR),
    ]);
  });
  afterAll(() => t.close());

  it('gives the department tree with managers and member counts', async () => {
    const tree = await ok<Department[]>(t, 'GET', 'org/departments', bob);
    expect(tree.map((d) => [d.name, d.managerName, d.memberCount])).toEqual([
      ['Operations', 'Ada Admin', 1],
      ['Finance', 'Ada Admin', 0],
    ]);
    expect(tree[0]!.children.map((d) => [d.name, d.managerName, d.memberCount, d.parentId])).toEqual([
      ['Maintenance', 'Alice Chen', 1, tree[0]!.id],
      ['Leasing', 'Alice Chen', 1, tree[0]!.id],
    ]);
  });

  it('lists members with their department, by keyword and by department (with sub-departments on request)', async () => {
    const all = await ok<OrgMember[]>(t, 'GET', 'org/members', bob);
    expect(all.map((m) => [m.username, m.departmentName])).toEqual([
      ['admin', 'Operations'],
      ['alice', 'Maintenance'],
      ['bob', 'Leasing'],
    ]);
    expect((await ok<OrgMember[]>(t, 'GET', 'org/members', bob, undefined, { keyword: 'CHEN' })).map((m) => m.username)).toEqual(['alice']);
    expect(await ok<OrgMember[]>(t, 'GET', 'org/members', bob, undefined, { keyword: '%' })).toEqual([]);
    const operations = (await ok<Department[]>(t, 'GET', 'org/departments', bob))[0]!;
    expect((await ok<OrgMember[]>(t, 'GET', 'org/members', bob, undefined, { departmentId: operations.id })).map((m) => m.username)).toEqual(['admin']);
    const withSubs = await ok<OrgMember[]>(t, 'GET', 'org/members', bob, undefined, { departmentId: operations.id, includeSubDepartments: 'true' });
    expect(withSubs.map((m) => m.username)).toEqual(['admin', 'alice', 'bob']);
  });

  it('answers another tenant\'s department as not found and a bad query as 400', async () => {
    const harborDept = (await ok<Department[]>(t, 'GET', 'org/departments', carol))[0]!;
    const foreign = await t.call('GET', `${API}/org/members`, { token: bob, query: { departmentId: harborDept.id } });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe('Department not found');
    const bad = await t.call('GET', `${API}/org/members`, { token: bob, query: { limit: 1000 } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('limit: must be <= 200');
  });

  it('lists roles for flow designers only', async () => {
    const roles = await ok<OrgRole[]>(t, 'GET', 'org/roles', alice);
    expect(roles.map((r) => [r.code, r.memberCount])).toEqual([
      ['viewer', 1],
      ['member', 1],
    ]);
    const refused = await t.call('GET', `${API}/org/roles`, { token: bob });
    expect(refused.status).toBe(403);
  });

  it('finds a member\'s manager: their department\'s, the one above when they manage it, their own when set', async () => {
    const northwind = new TenantScope(t.app.services.db, (await t.app.services.db.selectFrom('tenant').select('id').where('code', '=', 'northwind').executeTakeFirstOrThrow()).id);
    const [adminId, aliceId, bobId] = await Promise.all(['admin', 'alice', 'bob'].map((u) => userIdOf(t, admin, u)));
    expect(await managerOf(northwind, bobId!)).toBe(aliceId);
    expect(await managerOf(northwind, aliceId!)).toBe(adminId); // manages Maintenance: Operations' manager
    expect(await managerOf(northwind, adminId!)).toBeNull(); // manages the top department
    await northwind.updateTable('tenant_member').set({ manager_user_id: adminId! }).where('user_id', '=', bobId!).execute();
    expect(await managerOf(northwind, bobId!)).toBe(adminId);
    await northwind.updateTable('tenant_member').set({ manager_user_id: null }).where('user_id', '=', bobId!).execute();
  });
});
