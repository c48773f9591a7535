import { describe, expect, it, vi } from 'vitest';
import type { CurrentAccount, MenuNode, UserInfo, WorkspaceInfo } from '../../../src/core/entities.ts';
import type { ShellApi } from '../../../src/web/api/endpoints.ts';
import { RootStore } from '../../../src/web/stores/root-store.ts';
import type { SessionPersistence } from '../../../src/web/stores/session-persistence.ts';
import type { NavigationState } from '../../../src/web/session/navigation-state.ts';
import type { StoredWorkspace } from '../../../src/web/session/session-restore.ts';

const menu: MenuNode[] = [
  { id: 1, title: 'Home', seedKey: 'home', route: '/home', resourceId: 1, type: 'MENU', icon: null, sort: 1, code: null, isLeaf: true, children: [] },
];
const alice: UserInfo = { id: 2, username: 'alice', name: 'Alice Chen', type: 'USER', avatar: null, mobilePhone: null, email: null };
const hq: WorkspaceInfo = { code: 'NW-HQ', name: 'Headquarters' };

type MemoryPersistence = SessionPersistence & {
  layout: unknown;
  plateDraft: unknown;
  user: UserInfo | null;
  workspace: StoredWorkspace | null;
  token: string | null;
  navigation: Record<string, NavigationState>;
};

function memoryPersistence(): MemoryPersistence {
  return {
    layout: null,
    plateDraft: null,
    user: null,
    workspace: null,
    token: null,
    navigation: {},
    readToken() { return this.token; },
    writeToken(token) { this.token = token; },
    loadLayout<T>() { return this.layout as T | null; },
    saveLayout(snapshot) { this.layout = JSON.parse(JSON.stringify(snapshot)); },
    loadPlateDraft<T>() { return this.plateDraft as T | null; },
    savePlateDraft(draft) { this.plateDraft = draft && JSON.parse(JSON.stringify(draft)); },
    async loadUser() { return this.user; },
    async saveUser(user) { this.user = user; },
    async loadWorkspace() { return this.workspace; },
    async saveWorkspace(workspace) { this.workspace = workspace; },
    loadNavigation(owner) { return this.navigation[owner] ?? null; },
    saveNavigation(owner, state) { this.navigation[owner] = JSON.parse(JSON.stringify(state)) as NavigationState; },
    clearAll() { this.layout = null; this.user = null; this.workspace = null; this.token = null; this.navigation = {}; },
  };
}

function fakeApi() {
  return {
    userFunctionTree: vi.fn(async () => menu),
    currentTree: vi.fn(async () => menu),
    logout: vi.fn(async () => null),
    currentAccount: vi.fn(async (): Promise<CurrentAccount> => ({ user: alice, tenant: { tenantId: 1, tenantName: 'Northwind' }, workspaces: [hq] })),
  };
}

const noUpload = async () => {
  throw new Error('no uploads here');
};

describe('root store (spec §4)', () => {
  it('loads the menu once, by the workspace for a USER, and saves PT_STATE after loading', async () => {
    const api = fakeApi();
    const storage = memoryPersistence();
    const stores = new RootStore(api as unknown as ShellApi, storage, noUpload);
    stores.layout.setUserData(alice);
    stores.layout.setWorkSpace(hq);
    await Promise.all([stores.loadMenu(), stores.loadMenu()]);
    await stores.loadMenu();
    expect(api.userFunctionTree).toHaveBeenCalledTimes(1);
    expect(api.userFunctionTree).toHaveBeenCalledWith('NW-HQ', undefined);
    expect(api.currentTree).not.toHaveBeenCalled();
    expect((storage.layout as { menuList: unknown[] }).menuList).toHaveLength(1);
  });

  it('gives any other user type the current resource tree', async () => {
    const api = fakeApi();
    const stores = new RootStore(api as unknown as ShellApi, memoryPersistence(), noUpload);
    stores.layout.setUserData({ ...alice, type: 'ADMIN' });
    await stores.loadMenu();
    expect(api.currentTree).toHaveBeenCalledTimes(1);
  });

  it('restores layout, user and workspace on sync when a token is stored', async () => {
    const storage = memoryPersistence();
    const first = new RootStore(fakeApi() as unknown as ShellApi, storage, noUpload);
    first.holdToken('T1');
    await first.signedIn({ token: 'T2', user: alice });
    await first.settleWorkspace();
    first.layout.visit('/home', '?a=1');
    first.persist();

    const second = new RootStore(fakeApi() as unknown as ShellApi, storage, noUpload);
    await second.sync();
    expect(second.user.token).toBe('T2');
    expect(second.layout.userData?.username).toBe('alice');
    expect(second.layout.workSpace).toEqual(hq);
    expect(second.layout.tabList).toEqual([{ key: '1', route: '/home', query: '?a=1', isActive: true, title: 'Home' }]);
  });

  describe('a returning user (spec §4 sync)', () => {
    const tower: WorkspaceInfo = { code: 'NW-TOWER', name: 'Tower' };
    const returning = (storage: MemoryPersistence, api = fakeApi()) => ({ api, stores: new RootStore(api as unknown as ShellApi, storage, noUpload) });

    it('gets user and workspace back from the token when nothing else was kept (cleared storage, another browser profile)', async () => {
      const storage = memoryPersistence();
      storage.token = 'T';
      const { stores } = returning(storage);
      await stores.sync();
      expect(stores.sessionNeeds).toBeNull();
      expect(stores.user.name).toBe('Alice Chen');
      expect(stores.layout.userData).toEqual(alice);
      expect(stores.layout.workSpace).toEqual(hq);
      expect(storage.user).toEqual(alice);
      expect(storage.workspace).toEqual({ ...hq, tenantId: 1 });
    });

    it('is sent to the workspace choice when the kept workspace is no longer allowed, and the old menu is not shown', async () => {
      const storage = memoryPersistence();
      Object.assign(storage, { token: 'T', user: alice, workspace: { code: 'NW-GONE', name: 'Gone', tenantId: 1 } });
      storage.layout = { menuList: [{ key: '1', route: '/home', title: 'Home', children: [], parent: [] }], collapsed: false, activeMenu: '', openMenu: [], tabList: [], workDetail: null, owner: '1/2/NW-GONE' };
      const { api, stores } = returning(storage);
      api.currentAccount.mockResolvedValue({ user: alice, tenant: { tenantId: 1, tenantName: 'Northwind' }, workspaces: [hq, tower] });
      await stores.sync();
      expect(stores.sessionNeeds).toBe('workspace');
      expect(stores.layout.workSpace).toBeNull();
      expect(stores.layout.menuList).toEqual([]);
      expect(stores.user.name).toBe('Alice Chen');

      await stores.chooseWorkspace(tower);
      expect(stores.sessionNeeds).toBeNull();
      expect(storage.workspace).toEqual({ ...tower, tenantId: 1 });
      expect(api.userFunctionTree).toHaveBeenLastCalledWith('NW-TOWER', undefined);
    });

    it('does not take another tenant\'s workspace or another owner\'s PT_STATE', async () => {
      const storage = memoryPersistence();
      Object.assign(storage, { token: 'T', user: alice, workspace: { ...hq, tenantId: 7 } });
      storage.layout = { menuList: [], collapsed: true, activeMenu: '', openMenu: [], tabList: [{ key: '9', route: '/secret', query: '', isActive: true, title: 'Other' }], workDetail: hq, owner: '7/2/NW-HQ' };
      const { stores } = returning(storage);
      await stores.sync(); // Northwind has one workspace, hq: entered anew
      expect(stores.layout.workSpace).toEqual(hq);
      expect(stores.layout.tabList).toEqual([]);
    });

    it('goes to the tenant choice with a token that names no tenant', async () => {
      const storage = memoryPersistence();
      storage.token = 'tenant-less';
      const { api, stores } = returning(storage);
      api.currentAccount.mockResolvedValue({ user: { ...alice, type: null }, tenant: null, workspaces: [] });
      await stores.sync();
      expect(stores.sessionNeeds).toBe('tenant');
    });

    it('without the server goes on with what was kept, or asks to try again when too little was', async () => {
      const storage = memoryPersistence();
      Object.assign(storage, { token: 'T', user: alice, workspace: { ...hq, tenantId: 1 } });
      const { api, stores } = returning(storage);
      api.currentAccount.mockRejectedValue(new Error('network'));
      await stores.sync();
      expect(stores.sessionNeeds).toBeNull();
      expect(stores.layout.workSpace).toEqual(hq);

      const bare = memoryPersistence();
      bare.token = 'T';
      const again = returning(bare);
      again.api.currentAccount.mockRejectedValueOnce(new Error('network'));
      await again.stores.sync();
      expect(again.stores.sessionNeeds).toBe('account');
      await again.stores.retrySync();
      expect(again.stores.sessionNeeds).toBeNull();
      expect(again.stores.layout.workSpace).toEqual(hq);
    });

    it('stops when the server refuses the token (the request layer has signed the user out)', async () => {
      const storage = memoryPersistence();
      storage.token = 'T';
      const { api, stores } = returning(storage);
      api.currentAccount.mockImplementation(async () => {
        stores.clear();
        throw new Error('signed out');
      });
      await stores.sync();
      expect(stores.user.signedIn).toBe(false);
      expect(stores.sessionNeeds).toBeNull();
    });
  });

  describe('navigation state (spec §9)', () => {
    const docs: MenuNode = { ...menu[0]!, id: 2, title: 'Documents', seedKey: 'docManage', route: '/docManage', resourceId: 2 };
    const tower: WorkspaceInfo = { code: 'NW-TOWER', name: 'Tower' };

    it('is kept per user and workspace as pages open, and comes back when the user returns, for the pages still in the menu', async () => {
      const storage = memoryPersistence();
      const api = fakeApi();
      api.userFunctionTree.mockResolvedValue([...menu, docs]);
      const first = new RootStore(api as unknown as ShellApi, storage, noUpload);
      first.startAutoPersist();
      await first.signedIn({ token: 'T', user: alice });
      await first.settleWorkspace();
      first.layout.visit('/home', '');
      first.layout.visit('/docManage', '?folder=4&token=secret');
      expect(storage.navigation['1/2/NW-HQ']).toEqual({
        tabs: [
          { route: '/home', query: '', active: false },
          { route: '/docManage', query: '?folder=4', active: true },
        ],
        collapsed: false,
      });

      // The browser closes: the tab's session storage goes, local storage stays.
      storage.layout = null;
      const back = new RootStore(api as unknown as ShellApi, storage, noUpload);
      await back.sync({ resumeLastPage: true });
      back.startAutoPersist();
      expect(back.layout.tabList).toEqual([]); // the menu is not in yet
      await back.loadMenu();
      expect(back.layout.tabList.map((tab) => [tab.route, tab.query, tab.title])).toEqual([
        ['/home', '', 'Home'],
        ['/docManage', '?folder=4', 'Documents'],
      ]);
      expect(back.takeResumeAddress()).toBe('/docManage?folder=4');
      expect(back.takeResumeAddress()).toBeNull();

      // Documents is no longer on the menu: its page does not come back.
      storage.layout = null;
      const later = new RootStore({ ...api, userFunctionTree: vi.fn(async () => menu) } as unknown as ShellApi, storage, noUpload);
      await later.sync({ resumeLastPage: true });
      await later.loadMenu();
      expect(later.layout.tabList.map((tab) => tab.route)).toEqual(['/home']);
      expect(later.takeResumeAddress()).toBeNull();
    });

    it('comes back only when the bare site is opened or a workspace entered, and each workspace has its own', async () => {
      const storage = memoryPersistence();
      Object.assign(storage, { token: 'T', user: alice, workspace: { ...hq, tenantId: 1 } });
      storage.navigation['1/2/NW-HQ'] = { tabs: [{ route: '/docManage', query: '', active: true }], collapsed: true };
      storage.navigation['1/2/NW-TOWER'] = { tabs: [{ route: '/home', query: '', active: true }], collapsed: false };
      const api = fakeApi();
      api.userFunctionTree.mockResolvedValue([...menu, docs]);
      api.currentAccount.mockResolvedValue({ user: alice, tenant: { tenantId: 1, tenantName: 'Northwind' }, workspaces: [hq, tower] });
      const stores = new RootStore(api as unknown as ShellApi, storage, noUpload);
      // A new tab opened at an address starts with that page alone.
      await stores.sync();
      await stores.loadMenu();
      expect(stores.layout.tabList).toEqual([]);
      expect(stores.layout.collapsed).toBe(false);

      await stores.chooseWorkspace(tower);
      expect(stores.layout.tabList.map((tab) => tab.route)).toEqual(['/home']);
      expect(stores.takeResumeAddress()).toBeNull();
      // The tab on screen writes its own pages: the last tab to change them is the one kept.
      expect(storage.navigation['1/2/NW-TOWER']?.tabs.map((tab) => tab.route)).toEqual(['/home']);
    });
  });

  it('keeps PT_STATE in step automatically once started', async () => {
    const storage = memoryPersistence();
    const stores = new RootStore(fakeApi() as unknown as ShellApi, storage, noUpload);
    const stop = stores.startAutoPersist();
    stores.layout.toggleCollapsed();
    expect((storage.layout as { collapsed: boolean }).collapsed).toBe(true);
    stop();
  });

  describe('checking access again', () => {
    const docs: MenuNode = { ...menu[0]!, id: 2, title: 'Documents', seedKey: 'docManage', route: '/docManage', resourceId: 2 };

    async function aliceAt(...paths: string[]) {
      const api = fakeApi();
      const storage = memoryPersistence();
      const stores = new RootStore(api as unknown as ShellApi, storage, noUpload);
      api.userFunctionTree.mockResolvedValueOnce([...menu, docs]);
      await stores.signedIn({ token: 'T', user: alice });
      await stores.chooseWorkspace(hq);
      for (const path of paths) stores.layout.visit(path, '');
      return { api, storage, stores };
    }

    it('asks nothing before a tenant is chosen', async () => {
      const api = fakeApi();
      const stores = new RootStore(api as unknown as ShellApi, memoryPersistence(), noUpload);
      stores.holdToken('tenant-less');
      expect(await stores.refreshAccess()).toBeNull();
      expect(api.userFunctionTree).not.toHaveBeenCalled();
      expect(api.currentTree).not.toHaveBeenCalled();
    });

    it('asks quietly, once for overlapping calls, and counts the check for the screens that keep points', async () => {
      const { api, stores } = await aliceAt('/home');
      api.userFunctionTree.mockClear();
      api.userFunctionTree.mockResolvedValue([...menu, docs]);
      const [first, second] = await Promise.all([stores.refreshAccess(), stores.refreshAccess()]);
      expect(api.userFunctionTree).toHaveBeenCalledTimes(1);
      expect(api.userFunctionTree).toHaveBeenCalledWith('NW-HQ', { showErrorToast: false });
      expect([first, second]).toEqual([null, null]); // same menu: nothing replaced
      expect(stores.accessVersion).toBe(1);
      await stores.refreshAccess();
      expect(stores.accessVersion).toBe(2);
    });

    it('closes the tabs of revoked entries, saves PT_STATE and tells the shell when the page on screen went', async () => {
      const { api, storage, stores } = await aliceAt('/home', '/docManage');
      const withdrawn = vi.fn();
      const stop = stores.onPageWithdrawn(withdrawn);
      api.userFunctionTree.mockResolvedValue(menu);
      const update = await stores.refreshAccess();
      expect(update?.activeClosed).toBe(true);
      expect(withdrawn).toHaveBeenCalledTimes(1);
      expect((storage.layout as { tabList: { route: string }[] }).tabList.map((t) => t.route)).toEqual(['/home']);
      stop();
      api.userFunctionTree.mockResolvedValue([...menu, docs]);
      await stores.refreshAccess();
      expect(stores.layout.menuList.map((m) => m.route)).toEqual(['/home', '/docManage']);
      expect(withdrawn).toHaveBeenCalledTimes(1);
    });

    it('keeps everything when the check fails or answers for a workspace the user has left', async () => {
      const { api, stores } = await aliceAt('/docManage');
      api.userFunctionTree.mockRejectedValueOnce(new Error('network'));
      expect(await stores.refreshAccess()).toBeNull();
      let answer: (nodes: MenuNode[]) => void = () => undefined;
      api.userFunctionTree.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
      const late = stores.refreshAccess();
      api.userFunctionTree.mockResolvedValueOnce([...menu, docs]);
      await stores.chooseWorkspace({ code: 'NW-TOWER', name: 'Tower' });
      answer(menu); // NW-HQ's answer arrives after the switch
      expect(await late).toBeNull();
      expect(stores.layout.menuList.map((m) => m.route)).toEqual(['/home', '/docManage']);
    });
  });

  it('signs out on the server and clears every store and everything stored', async () => {
    const api = fakeApi();
    const storage = memoryPersistence();
    const stores = new RootStore(api as unknown as ShellApi, storage, noUpload);
    await stores.signedIn({ token: 'T', user: alice });
    stores.upload.add({ id: 'u', name: 'a.png', size: 1 });
    await stores.signOut();
    expect(api.logout).toHaveBeenCalled();
    expect(stores.user.signedIn).toBe(false);
    expect(stores.layout.userData).toBeNull();
    expect(stores.upload.list).toEqual([]);
    expect(storage.token).toBeNull();
    expect(storage.user).toBeNull();
  });
});
