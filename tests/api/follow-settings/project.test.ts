import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DisciplineList, DrawingAreaMember, DrawingAreaMembers, ProjectSettings } from '../../../src/core/contracts/follow-settings.ts';
import type { Role } from '../../../src/core/contracts/role.ts';
import { ok as apiOk, inviteAndSignIn, roleByCode, tenantNodes, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { settingsClient } from './settings-client.ts';

const TOWER = 'NW-TOWER';

describe.each(testDialects())('project settings on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof settingsClient>;
  let admin: string;
  let bob: string;
  let harbor: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = settingsClient(t);
    [admin, bob, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('harbor', HARBOR)]);
  });
  afterAll(() => t.close());

  it('the sheet-number rule has a default, is checked, and saves under its revision', async () => {
    const first = await api.ok<ProjectSettings>('GET', 'project/get', bob, { workspaceCode: TOWER });
    expect(first).toMatchObject({ workspaceCode: TOWER, sheetNumberRule: '{discipline}-{101}', revision: 0, updateTime: null });
    const bad = await api.call('POST', 'project/save', admin, { workspaceCode: TOWER, revision: 0, sheetNumberRule: '{discipline}-{level}' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/sheetNumberRule.*\{level\}/);
    const saved = await api.ok<ProjectSettings>('POST', 'project/save', admin, { workspaceCode: TOWER, revision: 0, sheetNumberRule: 'T1-{discipline}{001}' });
    expect(saved).toMatchObject({ sheetNumberRule: 'T1-{discipline}{001}', revision: 1 });
    expect((await api.call('POST', 'project/save', admin, { workspaceCode: TOWER, revision: 0, sheetNumberRule: '{discipline}-{101}' })).status).toBe(409);
    // Other workspaces keep their own.
    expect((await api.ok<ProjectSettings>('GET', 'project/get', admin, { workspaceCode: 'NW-HQ' })).sheetNumberRule).toBe('{discipline}-{101}');
  });

  it('disciplines start as the register default and become the workspace list; X and codes sheets use stay', async () => {
    const defaults = await api.ok<DisciplineList>('GET', 'discipline/list', admin, { workspaceCode: 'NW-HQ' });
    expect(defaults.revision).toBe(0);
    expect(defaults.disciplines.map((d) => d.code)).toEqual(['A', 'S', 'M', 'E', 'P', 'FP', 'C', 'L', 'G', 'I', 'T', 'X']);
    const current = await api.ok<DisciplineList>('GET', 'discipline/list', admin, { workspaceCode: TOWER });
    const list = [
      { code: 'A', label: { en: 'Architecture', 'zh-CN': '建筑' } },
      { code: 'S', label: null },
      { code: 'ID', label: 'Interior design' },
      { code: 'X', label: null },
    ];
    // The demo register of the tower has sheets of more disciplines: leaving them out is refused.
    const sheets = await t.app.services.db
      .selectFrom('drawing_sheet')
      .innerJoin('workspace', 'workspace.id', 'drawing_sheet.workspace_id')
      .select('drawing_sheet.discipline')
      .distinct()
      .where('workspace.code', '=', TOWER)
      .where('drawing_sheet.deleted_time', 'is', null)
      .execute();
    const carried = sheets.map((s) => s.discipline).filter((code) => !list.some((d) => d.code === code));
    if (carried.length) {
      const refused = await api.call('POST', 'discipline/save', admin, { workspaceCode: TOWER, revision: current.revision, disciplines: list });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toContain(`"${carried[0]}"`);
    }
    const kept = [...list.slice(0, 3), ...carried.map((code) => ({ code, label: null })), list[3]!];
    const saved = await api.ok<DisciplineList>('POST', 'discipline/save', admin, { workspaceCode: TOWER, revision: current.revision, disciplines: kept });
    expect(saved.disciplines.map((d) => d.code)).toEqual(kept.map((d) => d.code));
    expect(saved.disciplines[0]).toEqual({ code: 'A', label: { en: 'Architecture', 'zh-CN': '建筑' }, sort: 0 });
    const withoutX = await api.call('POST', 'discipline/save', admin, { workspaceCode: TOWER, revision: saved.revision, disciplines: kept.filter((d) => d.code !== 'X') });
    expect(withoutX.status).toBe(400);
    const twice = await api.call('POST', 'discipline/save', admin, { workspaceCode: TOWER, revision: saved.revision, disciplines: [...kept, { code: 'A', label: null }] });
    expect(twice.status).toBe(400);
    expect((await api.call('POST', 'discipline/save', admin, { workspaceCode: TOWER, revision: current.revision, disciplines: kept })).status).toBe(409);
    const badCode = await api.call('POST', 'discipline/save', admin, { workspaceCode: TOWER, revision: saved.revision, disciplines: [{ code: 'a-1', label: null }] });
    expect(badCode.status).toBe(400);
  });

  it('the drawing area lists its members with their drawing and follow-up rights, and gives or takes drawing-area roles', async () => {
    const area = await api.ok<DrawingAreaMembers>('GET', 'member/list', admin, { workspaceCode: TOWER });
    const names = area.members.map((m) => m.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'alice', 'bob']));
    const member = await roleByCode(t, admin, 'member');
    expect(area.roles.find((r) => r.id === member.id)?.points).toEqual(expect.arrayContaining(['drawing:upload', 'drawing:annotate']));
    expect(area.members.find((m) => m.username === 'admin')).toMatchObject({ admin: true, points: expect.arrayContaining(['follow:settings', 'drawing:release']) });
    const bobBefore = area.members.find((m) => m.username === 'bob')!;
    expect(bobBefore.points).not.toContain('drawing:release');

    const waiting = await t.app.services.db
      .selectFrom('drawing_revision')
      .innerJoin('workspace', 'workspace.id', 'drawing_revision.workspace_id')
      .select('drawing_revision.id')
      .where('workspace.code', '=', TOWER)
      .where('drawing_revision.status', '=', 'pending')
      .executeTakeFirstOrThrow();
    expect((await t.call('POST', '/proptech_allplan/drawing/revision/reject', { token: bob, body: { ids: [waiting.id] } })).status).toBe(403);

    // A role of its own for site engineers: release drawings and manage follow-ups.
    const nodes = await tenantNodes(t, admin);
    const engineer = await apiOk<Role>(t, 'POST', 'role/create', admin, { code: 'siteEngineer', name: 'Site engineer', dataScope: 'workspace' });
    await apiOk(t, 'POST', 'role/grant', admin, { id: engineer.id, resourceIds: ['drawing:release', 'follow:manage'].map((code) => nodes.find((n) => n.code === code)!.id) });
    const given = await api.ok<DrawingAreaMember>('POST', 'member/roles', admin, { workspaceCode: TOWER, userId: bobBefore.userId, roleIds: [engineer.id] });
    expect(given.roleIds).toEqual([engineer.id]);
    expect(given.points).toEqual(expect.arrayContaining(['drawing:release', 'follow:manage']));
    // Bob's other role (viewer, no drawing-area point) stays.
    const viewer = await roleByCode(t, admin, 'viewer');
    const holders = await apiOk<{ userIds: number[] }>(t, 'GET', 'role/detail', admin, undefined, { id: viewer.id });
    expect(holders.userIds).toContain(bobBefore.userId);
    // And the rights count at once: bob may now reject the demo's revision waiting for review.
    const release = await t.call('POST', '/proptech_allplan/drawing/revision/reject', { token: bob, body: { ids: [waiting.id] } });
    expect(release.status).toBe(200);
    const taken = await api.ok<DrawingAreaMember>('POST', 'member/roles', admin, { workspaceCode: TOWER, userId: bobBefore.userId, roleIds: [] });
    expect(taken.points).not.toContain('drawing:release');

    // Only drawing-area roles, only members of the workspace.
    const notArea = await api.call('POST', 'member/roles', admin, { workspaceCode: TOWER, userId: bobBefore.userId, roleIds: [viewer.id] });
    expect(notArea.status).toBe(400);
    const hqOnly = await apiOk<{ id: number; username: string }[]>(t, 'GET', 'management/user/options', admin);
    const carol = await t.call('POST', `/proptech_allplan/follow/settings/member/roles`, { token: harbor, body: { workspaceCode: TOWER, userId: hqOnly[0]!.id, roleIds: [] } });
    expect(carol.status).toBe(404);
  });

  it('a holder of follow:settings without role management sees the members but gives no roles', async () => {
    const nodes = await tenantNodes(t, admin);
    const role = await apiOk<Role>(t, 'POST', 'role/create', admin, { code: 'settingsOnly', name: 'Follow-up settings', dataScope: 'workspace' });
    await apiOk(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [nodes.find((n) => n.code === 'follow:settings')!.id] });
    const tower = await workspaceByCode(t, admin, TOWER);
    const { token } = await inviteAndSignIn(t, admin, { username: 'planner', workspaceIds: [tower.id], roleIds: [role.id] });
    const area = await api.ok<DrawingAreaMembers>('GET', 'member/list', token, { workspaceCode: TOWER });
    const bobId = area.members.find((m) => m.username === 'bob')!.userId;
    const refused = await api.call('POST', 'member/roles', token, { workspaceCode: TOWER, userId: bobId, roleIds: [] });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/role management/);
    const project = await api.ok<ProjectSettings>('GET', 'project/get', token, { workspaceCode: TOWER });
    await api.ok('POST', 'project/save', token, { workspaceCode: TOWER, revision: project.revision, sheetNumberRule: '{discipline}-{201}' });
  });

  it('members without follow:settings read the rule and disciplines only; another tenant sees nothing', async () => {
    expect((await api.call('GET', 'discipline/list', bob, { workspaceCode: TOWER })).status).toBe(200);
    expect((await api.call('GET', 'member/list', bob, { workspaceCode: TOWER })).status).toBe(403);
    expect((await api.call('POST', 'project/save', bob, { workspaceCode: TOWER, revision: 1, sheetNumberRule: '{discipline}-{101}' })).status).toBe(403);
    expect((await api.call('GET', 'project/get', harbor, { workspaceCode: TOWER })).status).toBe(404);
  });
});
