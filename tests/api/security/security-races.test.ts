import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BiSettings } from '../../../src/core/contracts/bi.ts';
import type { DocFolder } from '../../../src/core/contracts/documents.ts';
import type { ManagedWorkspace, ManagedWorkspaceDetail } from '../../../src/core/contracts/management.ts';
import type { PermissionGroup } from '../../../src/core/contracts/permission-groups.ts';
import type { Role, RoleDetail } from '../../../src/core/contracts/role.ts';
import type { WorkspaceTemplateDetail } from '../../../src/core/contracts/workspace-template.ts';
import type { PreferenceConfig } from '../../../src/core/entities.ts';
import { API, ok, roleByCode, tenantNodes, userIdOf, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type CallResult, type TestApp } from '../../helpers/test-app.ts';

/**
 * Requests that race for one unique key. Each call is its own HTTP request, so on PostgreSQL
 * they run side by side in separate transactions; SQLite runs write transactions one at a
 * time, so there these mostly prove the answers stay the same.
 */
describe.each(testDialects())('writes racing for one key on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let harbor: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, {
      // A write that meets a unique index with nothing in front of it: what the last line of defence answers.
      prepare: (app) =>
        app.post('/api/race-probe/duplicate-tenant', async () => {
          const row = { code: 'race-probe', name: 'Race probe', create_time: new Date().toISOString() };
          await app.services.db.insertInto('tenant').values(row).onConflict((oc) => oc.doNothing()).execute();
          await app.services.db.insertInto('tenant').values(row).execute();
        }),
    });
    [admin, alice, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('harbor', HARBOR)]);
  });
  afterAll(() => t.close());

  const call = <T = unknown>(method: string, path: string, token: string, body?: unknown) => t.call<T>(method, `${API}/${path}`, { token, body });
  /** `count` requests sent together. */
  const atOnce = <T>(count: number, send: (i: number) => Promise<CallResult<T>>) => Promise.all(Array.from({ length: count }, (_, i) => send(i)));
  const statuses = (answers: CallResult[]) => answers.map((a) => a.status).sort();
  /** One answer 200, every other the 409 whose message matches `message`; never a 500. */
  const expectOneWinner = (answers: CallResult[], message: RegExp) => {
    expect(statuses(answers), answers.map((a) => a.body.message).join(' | ')).toEqual([200, ...Array<number>(answers.length - 1).fill(409)]);
    for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.message).toMatch(message);
  };

  it('five saves of one preference at once all succeed, round after round, and the last save is what is stored', async () => {
    const save = (configValue: unknown, bizId: string) =>
      t.call<PreferenceConfig>('POST', `${API}/preference/config/createOrUpdate`, { token: alice, body: { configType: 'raceColumns', bizId, configValue } });
    for (let round = 0; round < 20; round++) {
      const bizId = `F-${round}`;
      const answers = await atOnce(5, (i) => save({ round, i }, bizId));
      expect(statuses(answers), answers.map((a) => a.body.message).join(' | ')).toEqual([200, 200, 200, 200, 200]);
      // Each answer is the row it wrote: one row per key, whoever came first.
      expect(new Set(answers.map((a) => a.body.data.id)).size).toBe(1);
      const last = await save({ round, last: true }, bizId);
      expect(last.status).toBe(200);
      const stored = await t.call<PreferenceConfig[]>('GET', `${API}/preference/config/list`, { token: alice, query: { configType: 'raceColumns', bizId } });
      expect(stored.body.data.map((p) => p.configValue)).toEqual([{ round, last: true }]);
    }
  });

  it('the first BI settings save sent twice at once: one is saved, the other is told someone else saved (409)', async () => {
    for (const token of [admin, harbor]) {
      const body = { theme: 'dark', palette: ['#112233'], defaultRefresh: 0, revision: 1 };
      const answers = await atOnce(2, () => t.call<BiSettings>('POST', `${API}/bi/setting/update`, { token, body }));
      expectOneWinner(answers, /Someone else saved the BI settings/);
      const stored = await t.call<BiSettings>('GET', `${API}/bi/setting`, { token });
      expect(stored.body.data).toMatchObject({ theme: 'dark', revision: 2 });
    }
  });

  it('a role code, workspace code, permission group name or template name sent five times at once is made once; the rest answer 409', async () => {
    for (let round = 0; round < 3; round++) {
      expectOneWinner(await atOnce(5, () => call('POST', 'role/create', admin, { code: `racer${round}`, name: 'Racer', dataScope: 'own' })), /^code:/);
      expectOneWinner(await atOnce(5, () => call('POST', 'management/workspace/create', admin, { code: `RACE-${round}`, name: 'Race' })), /^code:/);
      expectOneWinner(await atOnce(5, () => call('POST', 'pmsGroup/create', admin, { name: `Racers ${round}`, points: [] })), /^name:/);
      expectOneWinner(
        await atOnce(5, () => call('POST', 'workspaceTemplate/create', admin, { name: `Race room ${round}`, resourceIds: [], pageIds: [] })),
        /^name:/,
      );
    }
    const roles = await ok<Role[]>(t, 'GET', 'role/list', admin);
    expect(roles.filter((r) => r.code.startsWith('racer')).map((r) => r.code).sort()).toEqual(['racer0', 'racer1', 'racer2']);
    const workspaces = await ok<ManagedWorkspace[]>(t, 'GET', 'management/workspace/list', admin);
    expect(workspaces.filter((w) => w.code.startsWith('RACE-'))).toHaveLength(3);
  });

  it('renaming a permission group or a template to a taken name answers 409, also when two renames race', async () => {
    const group = (name: string) => ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name, points: [] });
    const [first, second, third] = [await group('Renamed A'), await group('Renamed B'), await group('Renamed C')];
    const taken = await call('POST', 'pmsGroup/update', admin, { id: second.id, name: 'Renamed A', points: [] });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/^name: a permission group named Renamed A already exists/);
    const groupRenames = await atOnce(2, (i) => call('POST', 'pmsGroup/update', admin, { id: [second, third][i]!.id, name: 'Renamed D', points: [] }));
    expectOneWinner(groupRenames, /^name:/);
    expect(first.name).toBe('Renamed A');

    const template = (name: string) => ok<WorkspaceTemplateDetail>(t, 'POST', 'workspaceTemplate/create', admin, { name, resourceIds: [], pageIds: [] });
    const [one, two, three] = [await template('Room A'), await template('Room B'), await template('Room C')];
    const templateTaken = await call('POST', 'workspaceTemplate/update', admin, { id: two.template.id, name: 'Room A', resourceIds: [], pageIds: [] });
    expect(templateTaken.status).toBe(409);
    expect(templateTaken.body.message).toMatch(/^name: a workspace template named Room A already exists/);
    const templateRenames = await atOnce(2, (i) =>
      call('POST', 'workspaceTemplate/update', admin, { id: [two, three][i]!.template.id, name: 'Room D', resourceIds: [], pageIds: [] }),
    );
    expectOneWinner(templateRenames, /^name:/);
    expect(one.template.name).toBe('Room A');
  });

  it('one person invited five times at once becomes one account and one member; the rest answer 409', async () => {
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    const invite = (username: string, email: string) =>
      call('POST', 'management/user/invite', admin, { username, name: 'Racing Person', email, type: 'USER', roleIds: [], workspaceIds: [hq.id] });
    // The same sign-in name and address each time.
    expectOneWinner(await atOnce(5, () => invite('racer', 'racer@northwind.example')), /^(username|email):/);
    // Another sign-in name each time, one address: the address decides.
    expectOneWinner(await atOnce(5, (i) => invite(`runner${i}`, 'runner@northwind.example')), /^email:/);
    const members = await ok<{ username: string }[]>(t, 'GET', 'management/user/options', admin);
    expect(members.filter((m) => /^(racer|runner\d)$/.test(m.username))).toHaveLength(2);
  });

  it('the same grants, holders or members saved five times at once all succeed and are stored once', async () => {
    const role = await ok<Role>(t, 'POST', 'role/create', admin, { code: 'linker', name: 'Linker', dataScope: 'own' });
    const nodes = await tenantNodes(t, admin);
    const resourceIds = nodes.slice(0, 6).map((n) => n.id).sort((a, b) => a - b);
    const userIds = [await userIdOf(t, admin, 'alice'), await userIdOf(t, admin, 'bob')].sort((a, b) => a - b);
    const workspace = await ok<ManagedWorkspace>(t, 'POST', 'management/workspace/create', admin, { code: 'LINKS', name: 'Links' });
    const group = await ok<PermissionGroup>(t, 'POST', 'pmsGroup/create', admin, { name: 'Linkers', points: [] });
    for (let round = 0; round < 5; round++) {
      const rounds = [
        await atOnce(5, () => call('POST', 'role/grant', admin, { id: role.id, resourceIds })),
        await atOnce(5, () => call('POST', 'role/users', admin, { id: role.id, userIds })),
        await atOnce(5, () => call('POST', 'management/workspace/members', admin, { id: workspace.id, userIds })),
        await atOnce(5, () => call('POST', 'pmsGroup/assign', admin, { id: group.id, roleIds: [role.id], userIds })),
      ];
      for (const answers of rounds) expect(statuses(answers), answers.map((a) => a.body.message).join(' | ')).toEqual([200, 200, 200, 200, 200]);
      // Emptied between rounds, so the next round inserts every row again.
      await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [] });
      await ok(t, 'POST', 'role/users', admin, { id: role.id, userIds: [] });
      await ok(t, 'POST', 'management/workspace/members', admin, { id: workspace.id, userIds: [] });
      await ok(t, 'POST', 'pmsGroup/assign', admin, { id: group.id, roleIds: [], userIds: [] });
    }
    await atOnce(5, () => call('POST', 'role/grant', admin, { id: role.id, resourceIds }));
    expect((await ok<RoleDetail>(t, 'GET', 'role/detail', admin, undefined, { id: role.id })).resourceIds).toEqual(resourceIds);
    await atOnce(5, () => call('POST', 'management/workspace/members', admin, { id: workspace.id, userIds }));
    expect((await ok<ManagedWorkspaceDetail>(t, 'GET', 'management/workspace/detail', admin, undefined, { id: workspace.id })).userIds).toEqual(userIds);
  });

  it("a folder's roles saved five times at once all succeed and are stored once", async () => {
    const doc = <T = unknown>(path: string, body: unknown) => t.call<T>('POST', `${API}/doc/${path}`, { token: alice, body });
    const created = await doc<DocFolder>('folder/create', { workspaceCode: 'NW-TOWER', parentId: null, name: 'Racing room' });
    expect(created.status).toBe(200);
    const member = await roleByCode(t, admin, 'member');
    const viewer = await roleByCode(t, admin, 'viewer');
    const grants = [
      { roleId: member.id, access: 'manage' },
      { roleId: viewer.id, access: 'view' },
    ];
    for (let round = 0; round < 5; round++) {
      const answers = await atOnce(5, () => doc('folder/grants', { id: created.body.data.id, grants }));
      expect(statuses(answers), answers.map((a) => a.body.message).join(' | ')).toEqual([200, 200, 200, 200, 200]);
      const stored = await t.call<typeof grants>('GET', `${API}/doc/folder/grants`, { token: alice, query: { id: created.body.data.id } });
      expect(stored.body.data).toEqual(expect.arrayContaining(grants));
      expect(stored.body.data).toHaveLength(grants.length);
      expect((await doc('folder/grants', { id: created.body.data.id, grants: [] })).status).toBe(200);
    }
  });

  it('a unique index that refuses a write answers 409 asking to reload, naming no table or index', async () => {
    const answer = await t.call('POST', '/race-probe/duplicate-tenant');
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ success: false, data: null });
    expect(answer.body.message).toMatch(/reload/i);
    expect(answer.body.message).not.toMatch(/tenant|code|unique|constraint|duplicate|key/i);
  });
});
