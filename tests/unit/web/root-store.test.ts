import { describe, expect, it, vi } from 'vitest';
import type { MenuNode, UserInfo, WorkspaceInfo } from '../../../src/core/entities.ts';
import type { ShellApi } from '../../../src/web/api/endpoints.ts';
import { RootStore } from '../../../src/web/stores/root-store.ts';
import type { SessionPersistence } from '../../../src/web/stores/session-persistence.ts';

const menu: MenuNode[] = [
  { id: 1, title: 'Home', seedKey: 'home', route: '/home', resourceId: 1, type: 'MENU', icon: null, sort: 1, code: null, isLeaf: true, children: [] },
];
const alice: UserInfo = { id: 2, username: 'alice', name: 'Alice Chen', type: 'USER', avatar: null, mobilePhone: null, email: null };
const hq: WorkspaceInfo = { code: 'NW-HQ', name: 'Headquarters' };

function memoryPersistence(): SessionPersistence & { layout: unknown; plateDraft: unknown; user: UserInfo | null; workspace: WorkspaceInfo | null; token: string | null } {
  return {
    layout: null,
    plateDraft: null,
    user: null,
    workspace: null,
    token: null,
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
    clearAll() { this.layout = null; this.user = null; this.workspace = null; this.token = null; },
  };
}

function fakeApi() {
  return {
    userFunctionTree: vi.fn(async () => menu),
    currentTree: vi.fn(async () => menu),
    logout: vi.fn(async () => null),
    currentAccount: vi.fn(async () => ({ user: alice, tenant: { tenantId: 1, tenantName: 'Northwind' }, workspaces: [hq] })),
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
    await first.chooseWorkspace(hq);
    first.layout.visit('/home', '?a=1');
    first.persist();

    const second = new RootStore(fakeApi() as unknown as ShellApi, storage, noUpload);
    await second.sync();
    expect(second.user.token).toBe('T2');
    expect(second.layout.userData?.username).toBe('alice');
    expect(second.layout.workSpace).toEqual(hq);
    expect(second.layout.tabList).toEqual([{ key: '1', route: '/home', query: '?a=1', isActive: true, title: 'Home' }]);
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
