import { describe, expect, it } from 'vitest';
import type { CurrentAccount, UserInfo, WorkspaceInfo } from '../../../src/core/entities.ts';
import { restoreFromAccount, restoreUnchecked, sessionOwner, workspaceEntry } from '../../../src/web/session/session-restore.ts';

const alice: UserInfo = { id: 2, username: 'alice', name: 'Alice Chen', type: 'USER', avatar: null, mobilePhone: null, email: null };
const hq: WorkspaceInfo = { code: 'NW-HQ', name: 'Headquarters' };
const tower: WorkspaceInfo = { code: 'NW-TOWER', name: 'Tower' };
const northwind = { tenantId: 1, tenantName: 'Northwind Properties' };
const account = (workspaces: WorkspaceInfo[], tenant: CurrentAccount['tenant'] = northwind): CurrentAccount => ({ user: alice, tenant, workspaces });

describe('which workspace a user enters', () => {
  it('keeps the one asked for while the user may enter it, by the name the server gives it now', () => {
    expect(workspaceEntry([hq, { ...tower, name: 'North Tower' }], 'NW-TOWER')).toEqual({ kind: 'enter', workspace: { code: 'NW-TOWER', name: 'North Tower' } });
  });

  it('enters the only one, offers the choice between several, and enters none when there is none', () => {
    expect(workspaceEntry([hq], 'NW-GONE')).toEqual({ kind: 'enter', workspace: hq });
    expect(workspaceEntry([hq, tower], 'NW-GONE')).toEqual({ kind: 'choose', workspaces: [hq, tower] });
    expect(workspaceEntry([hq, tower], null)).toEqual({ kind: 'choose', workspaces: [hq, tower] });
    expect(workspaceEntry([], 'NW-HQ')).toEqual({ kind: 'none' });
  });
});

describe('a returning session (spec §4 sync)', () => {
  it('comes back whole when the stored workspace is still the user\'s, with the user as the server knows them', () => {
    expect(restoreFromAccount(account([hq, tower]), { ...tower, tenantId: 1 })).toEqual({ kind: 'ready', user: alice, tenantId: 1, workspace: tower, checked: true });
  });

  it('comes back from the token alone when nothing was kept and there is one workspace', () => {
    expect(restoreFromAccount(account([hq]), null)).toEqual({ kind: 'ready', user: alice, tenantId: 1, workspace: hq, checked: true });
  });

  it('goes to the workspace choice when the workspace is missing, no longer allowed, or of another tenant', () => {
    const choice = { kind: 'chooseWorkspace', user: alice, tenantId: 1 };
    expect(restoreFromAccount(account([hq, tower]), null)).toEqual(choice);
    expect(restoreFromAccount(account([hq, tower]), { code: 'NW-GONE', name: 'Gone', tenantId: 1 })).toEqual(choice);
    expect(restoreFromAccount(account([hq, tower]), { ...hq, tenantId: 2 })).toEqual(choice);
  });

  it('takes a workspace kept before tenants were kept with it, when the tenant has it', () => {
    expect(restoreFromAccount(account([hq, tower]), hq)).toMatchObject({ kind: 'ready', workspace: hq });
  });

  it('enters no workspace for a user who has none (an administrator works on the whole tenant)', () => {
    const admin = { ...alice, type: 'ADMIN' as const };
    expect(restoreFromAccount({ user: admin, tenant: northwind, workspaces: [] }, hq)).toEqual({ kind: 'ready', user: admin, tenantId: 1, workspace: null, checked: true });
  });

  it('goes to the tenant choice when the token names no tenant yet', () => {
    expect(restoreFromAccount(account([], null), { ...hq, tenantId: 1 })).toEqual({ kind: 'chooseTenant', user: alice });
  });

  it('without the server, goes on with what was kept only when both user and workspace were', () => {
    expect(restoreUnchecked(alice, { ...hq, tenantId: 1 })).toEqual({ kind: 'ready', user: alice, tenantId: 1, workspace: hq, checked: false });
    expect(restoreUnchecked(alice, null)).toEqual({ kind: 'unavailable' });
    expect(restoreUnchecked(null, hq)).toEqual({ kind: 'unavailable' });
    expect(restoreUnchecked({ ...alice, type: null }, hq)).toEqual({ kind: 'unavailable' });
  });

  it('names the owner of stored screens by tenant, user and workspace, and none before tenant and user are known', () => {
    expect(sessionOwner(1, 2, 'NW-HQ')).toBe('1/2/NW-HQ');
    expect(sessionOwner(2, 2, 'NW-HQ')).not.toBe(sessionOwner(1, 2, 'NW-HQ'));
    expect(sessionOwner(1, 2, undefined)).toBe('1/2/');
    expect(sessionOwner(null, 2, 'NW-HQ')).toBeNull();
    expect(sessionOwner(1, undefined, 'NW-HQ')).toBeNull();
  });
});
