import { describe, expect, it } from 'vitest';
import { DEFAULT_FORM_SETTINGS } from '../../../src/core/forms/form-design.ts';
import type { Caller, MemberRights } from '../../../src/server/access/caller.ts';
import { policy } from '../../../src/server/access/policies.ts';
import type { TenantScope } from '../../../src/server/db/tenant-scope.ts';

const workspaces = [
  { id: 1, code: 'north', name: 'North' },
  { id: 2, code: 'south', name: 'South' },
];

/** A caller as the auth plugin builds it, with rights as rights.ts reads them for the member type. */
function callerOf(memberType: 'ADMIN' | 'USER', rights: Partial<MemberRights> = {}): Caller {
  const entered = rights.workspaces ?? (memberType === 'ADMIN' ? workspaces : []);
  return {
    session: { tokenId: 1, userId: 7, tenantId: 1, memberType },
    scope: {} as TenantScope,
    points: new Set(),
    dataScope: memberType === 'ADMIN' ? 'tenant' : 'own',
    roleIds: new Set(),
    menuIds: new Set(),
    menuKeys: new Set(),
    ...rights,
    workspaces: entered,
    workspaceCodes: entered.map((w) => w.code),
  };
}

const settings = DEFAULT_FORM_SETTINGS;

describe('the ADMIN rule', () => {
  const admin = callerOf('ADMIN');

  it('lets an ADMIN do everything in the tenant, with no role, grant or workspace membership', () => {
    expect(policy.record.button(admin, settings, 'delete')).toBe(true);
    expect(policy.record.button(admin, { ...settings, buttonPoints: { delete: 'custom:gone' } }, 'delete')).toBe(true);
    expect(policy.form.open(admin, { workspace_code: 'elsewhere' })).toBe(true);
    expect(policy.form.design(admin)).toBe(true);
    expect(policy.plate.open(admin, { resource_id: null })).toBe(true);
    expect(policy.page.open(admin, { published: 0, resource_id: null })).toBe(true);
    expect(policy.attachment.list(admin)).toBe(true);
    expect(policy.folder.levels(admin, [{ id: 1, parentId: null }], new Map([[1, new Map([[99, 'view' as const]])]])).get(1)).toBe('manage');
    expect(policy.member.manage(admin, 'ADMIN')).toBe(true);
  });

  it('gives a USER only what their rights hold', () => {
    const user = callerOf('USER');
    expect(policy.record.button(user, settings, 'delete')).toBe(false);
    expect(policy.form.design(user)).toBe(false);
    expect(policy.plate.open(user, { resource_id: null })).toBe(false);
    expect(policy.page.see(user, { published: 0, resource_id: null })).toBe(false);
    expect(policy.attachment.list(user)).toBe(false);
    expect(policy.member.manage(user, 'ADMIN')).toBe(false);
    expect(policy.member.manage(user, 'USER')).toBe(true);
  });

  it('does not make an ADMIN the assignee of a task someone else must decide', () => {
    expect(policy.flow.actOn(admin, { assignee_id: 8 })).toBe(false);
    expect(policy.flow.actOn(admin, { assignee_id: 7 })).toBe(true);
  });
});

describe('the workspaces a member may enter', () => {
  it('are every workspace of the tenant for an ADMIN and their own for a USER', () => {
    const admin = callerOf('ADMIN');
    const user = callerOf('USER', { workspaces: [workspaces[1]!] });
    expect(['north', 'south'].filter((code) => policy.workspace.enter(admin, code))).toEqual(['north', 'south']);
    expect(['north', 'south'].filter((code) => policy.workspace.enter(user, code))).toEqual(['south']);
  });

  it('open the forms of those workspaces and the whole tenant\'s, and no other', () => {
    const user = callerOf('USER', { workspaces: [workspaces[1]!] });
    expect(policy.form.open(user, { workspace_code: null })).toBe(true);
    expect(policy.form.open(user, { workspace_code: 'south' })).toBe(true);
    expect(policy.form.open(user, { workspace_code: 'north' })).toBe(false);
  });

  it('widen a `workspace` data scope to their records', () => {
    const user = callerOf('USER', { workspaces: [workspaces[1]!], dataScope: 'workspace' });
    expect(policy.record.inScope(user, { created_by: 8, workspace_code: 'south' })).toBe(true);
    expect(policy.record.inScope(user, { created_by: 8, workspace_code: 'north' })).toBe(false);
    expect(policy.record.inScope(user, { created_by: 7, workspace_code: 'north' })).toBe(true);
    expect(policy.record.inScope(callerOf('USER', { workspaces: [workspaces[1]!] }), { created_by: 8, workspace_code: 'south' })).toBe(false);
  });
});

describe('plates and pages', () => {
  it('open a plate through a plate point, the plate list\'s menu entry or the plate\'s own entry', () => {
    const viewer = callerOf('USER', { menuIds: new Set([40]), menuKeys: new Set() });
    expect(policy.plate.open(viewer, { resource_id: 40 })).toBe(true);
    expect(policy.plate.open(viewer, { resource_id: 41 })).toBe(false);
    expect(policy.plate.list(viewer)).toBe(true);
    expect(policy.plate.open(callerOf('USER', { menuKeys: new Set(['plates']) }), { resource_id: 41 })).toBe(true);
    expect(policy.plate.open(callerOf('USER', { points: new Set(['board:edit']) }), { resource_id: null })).toBe(true);
  });

  it('hide a draft page from readers and open a published one through its menu entry', () => {
    const reader = callerOf('USER', { menuIds: new Set([5]) });
    expect(policy.page.see(reader, { published: 0, resource_id: 5 })).toBe(false);
    expect(policy.page.open(reader, { published: 1, resource_id: 5 })).toBe(true);
    expect(policy.page.open(reader, { published: 1, resource_id: 6 })).toBe(false);
  });
});
