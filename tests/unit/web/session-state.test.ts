// @vitest-environment happy-dom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../../src/core/entities.ts';
import type { SessionPersistence } from '../../../src/web/stores/session-persistence.ts';
import { browserSessionPersistence } from '../../../src/web/session/browser-session.ts';
import { setKeyProvider } from '../../../src/web/session/secure-storage.ts';
import {
  clearStoredSession,
  loadLayoutSnapshot,
  loadNavigationState,
  loadStoredUser,
  loadStoredWorkspace,
  saveLayoutSnapshot,
  saveNavigationState,
  saveStoredUser,
  saveStoredWorkspace,
} from '../../../src/web/session/session-state.ts';
import { createMemoryKeyProvider } from '../../../src/web/session/storage-key-providers.ts';
import { clearTokenCookie, readTokenCookie, writeTokenCookie } from '../../../src/web/session/token-cookie.ts';

const user: UserInfo = {
  id: 3,
  username: 'carol',
  name: 'Carol',
  type: 'USER',
  avatar: null,
  mobilePhone: '13800000005',
  email: 'carol@harbor.example',
};
const workspace = { code: 'HB-PIER', name: 'Pier' };

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  clearTokenCookie();
  setKeyProvider(createMemoryKeyProvider());
});
afterAll(() => setKeyProvider(null));

describe('layout snapshot in sessionStorage (spec §4)', () => {
  it('is saved as JSON under PT_STATE and loaded back', () => {
    const snapshot = { menuList: [], collapsed: true, activeMenu: '4', openMenu: ['2', '3'], tabList: [{ key: '4' }] };
    saveLayoutSnapshot(snapshot);
    expect(JSON.parse(sessionStorage.getItem('PT_STATE') ?? 'null')).toEqual(snapshot);
    expect(loadLayoutSnapshot()).toEqual(snapshot);
    expect(localStorage.getItem('PT_STATE')).toBeNull();
  });

  it('leaves out the user and workspace, which are kept encrypted', () => {
    saveLayoutSnapshot({ collapsed: false, userData: user, workSpace: workspace });
    const stored = sessionStorage.getItem('PT_STATE') ?? '';
    expect(JSON.parse(stored)).toEqual({ collapsed: false });
    expect(stored).not.toContain('carol');
  });

  it('reads nothing as null, and a broken snapshot as null (removing it)', () => {
    expect(loadLayoutSnapshot()).toBeNull();
    sessionStorage.setItem('PT_STATE', '{"menuList":');
    expect(loadLayoutSnapshot()).toBeNull();
    expect(sessionStorage.getItem('PT_STATE')).toBeNull();
  });
});

describe('user, workspace and navigation state in localStorage (spec §9)', () => {
  it('keeps the user and the workspace encrypted', async () => {
    await saveStoredUser(user);
    await saveStoredWorkspace(workspace);
    expect(localStorage.getItem('PT_USER')).not.toContain('carol');
    expect(localStorage.getItem('PT_WORKSPACE')).not.toContain('HB-PIER');
    expect(await loadStoredUser()).toEqual(user);
    expect(await loadStoredWorkspace()).toEqual(workspace);
  });

  it('keeps navigation state in localStorage', () => {
    saveNavigationState({ lastRoute: '/home' });
    expect(localStorage.getItem('PT_NAV')).toBe('{"lastRoute":"/home"}');
    expect(loadNavigationState()).toEqual({ lastRoute: '/home' });
  });
});

describe('clearStoredSession', () => {
  it('removes the token cookie, user, workspace, PT_STATE and navigation state, and nothing else', async () => {
    writeTokenCookie('tok');
    await saveStoredUser(user);
    await saveStoredWorkspace(workspace);
    saveLayoutSnapshot({ collapsed: true });
    saveNavigationState({ lastRoute: '/home' });
    localStorage.setItem('i18nextLng', 'en');
    sessionStorage.setItem('other', 'kept');

    clearStoredSession();

    expect(readTokenCookie()).toBeNull();
    expect(localStorage.getItem('PT_USER')).toBeNull();
    expect(localStorage.getItem('PT_WORKSPACE')).toBeNull();
    expect(sessionStorage.getItem('PT_STATE')).toBeNull();
    expect(localStorage.getItem('PT_NAV')).toBeNull();
    expect(localStorage.getItem('i18nextLng')).toBe('en');
    expect(sessionStorage.getItem('other')).toBe('kept');
  });
});

describe('browserSessionPersistence', () => {
  it('is the stores’ persistence port over cookie and storage', async () => {
    const port: SessionPersistence = browserSessionPersistence;
    port.writeToken('tenant-token');
    expect(readTokenCookie()).toBe('tenant-token');
    expect(port.readToken()).toBe('tenant-token');
    port.saveLayout({ collapsed: true });
    expect(port.loadLayout()).toEqual({ collapsed: true });
    await port.saveUser(user);
    await port.saveWorkspace(workspace);
    expect(await port.loadUser()).toEqual(user);
    expect(await port.loadWorkspace()).toEqual(workspace);
    port.clearAll();
    expect(port.readToken()).toBeNull();
    expect(port.loadLayout()).toBeNull();
    expect(await port.loadUser()).toBeNull();
  });
});
