import { describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/entities.ts';
import { LayoutStore, type LayoutSnapshot } from '../../../src/web/stores/layout-store.ts';
import { UploadStore } from '../../../src/web/stores/upload-store.ts';

let nextId = 1;
const node = (title: string, route: string | null, children: MenuNode[] = []): MenuNode => ({
  id: nextId++,
  title,
  seedKey: null,
  route,
  resourceId: 0,
  type: route?.includes(':') ? 'PAGE' : 'MENU',
  icon: null,
  sort: 0,
  code: null,
  isLeaf: children.length === 0,
  children,
});

function storeWithMenu() {
  const store = new LayoutStore();
  store.setMenu([
    node('Home', '/home'),
    node('Tables', null, [node('Form data', '/table/formData', [node('Data list', '/table/dataList/:id')]), node('Drafts', '/table/staging')]),
  ]);
  return store;
}

describe('layout store (spec §4)', () => {
  it('numbers menu keys and maps them', () => {
    const store = storeWithMenu();
    expect(Object.keys(store.menuKeyMaps)).toEqual(['1', '2', '3', '4', '5']);
    expect(store.menuKeyMaps['4']).toMatchObject({ route: '/table/dataList/:id', parent: ['2', '3'] });
  });

  it('adds a tab when absent, marks it active, stores its query and opens its ancestors', () => {
    const store = storeWithMenu();
    store.visit('/home', '');
    store.visit('/table/formData', '?page=2');
    expect(store.tabList.map((t) => [t.key, t.isActive, t.query])).toEqual([
      ['1', false, ''],
      ['3', true, '?page=2'],
    ]);
    expect(store.activeMenu).toBe('3');
    expect(store.openMenu).toEqual(['2']);
    store.visit('/home', '?x=1');
    expect(store.tabList).toHaveLength(2);
    expect(store.tabList.find((t) => t.isActive)).toMatchObject({ key: '1', query: '?x=1' });
  });

  it('never keeps a start-up token in a tab\'s query, so a tab cannot put it back into the address', () => {
    const store = storeWithMenu();
    store.visit('/table/formData', '?token=secret&page=2');
    store.visit('/home', '?token=secret');
    expect(store.tabList.map((tab) => tab.query)).toEqual(['?page=2', '']);
    expect(JSON.stringify(store.snapshot())).not.toContain('secret');
  });

  it('opens again the pages kept in navigation state that the menu still offers, one tab per record', () => {
    const store = storeWithMenu();
    const active = store.recallNavigation({
      tabs: [
        { route: '/table/dataList/7', query: '?q=1', active: true },
        { route: '/gone', query: '', active: false },
        { route: '/table/dataList/7', query: '', active: false },
        { route: '/home', query: '', active: false },
      ],
      collapsed: true,
    });
    expect(store.tabList.map((tab) => [tab.route, tab.title, tab.isActive])).toEqual([
      ['/table/dataList/7', 'Data list', false],
      ['/home', 'Home', false],
    ]);
    expect(store.collapsed).toBe(true);
    expect(active).toBe('/table/dataList/7?q=1');
    expect(store.navigationState().tabs.map((tab) => tab.route)).toEqual(['/table/dataList/7', '/home']);
  });

  it('opens one tab per record of a parameterized route', () => {
    const store = storeWithMenu();
    store.visit('/table/dataList/7', '');
    store.visit('/table/dataList/8', '');
    expect(store.tabList.map((t) => t.route)).toEqual(['/table/dataList/7', '/table/dataList/8']);
    expect(store.openMenu).toEqual(['2', '3']);
  });

  it('clears the active and open menu for a route with no menu entry', () => {
    const store = storeWithMenu();
    store.visit('/table/formData', '');
    store.visit('/workSpace/select', '');
    expect(store.activeMenu).toBe('');
    expect(store.openMenu).toEqual([]);
    expect(store.activeMenuObj).toBeNull();
    expect(store.tabList.every((t) => !t.isActive)).toBe(true);
  });

  it('closes pages by keys and names the neighbour to show when the active one closes', () => {
    const store = storeWithMenu();
    store.visit('/home', '');
    store.visit('/table/formData', '');
    store.visit('/table/staging', '');
    expect(store.closePages(['1'])).toBeNull(); // active tab stays
    const next = store.closePages(['5']);
    expect(next?.key).toBe('3');
    expect(store.tabList.map((t) => t.key)).toEqual(['3']);
  });

  it('updates a tab title after the tab exists', () => {
    const store = storeWithMenu();
    store.visit('/table/dataList/7', '');
    const key = store.tabList[0]!.key;
    store.updateTabTitle(key, 'Maintenance requests');
    expect(store.tabList[0]!.title).toBe('Maintenance requests');
  });

  it('toggles the collapsed flag', () => {
    const store = storeWithMenu();
    store.toggleCollapsed();
    expect(store.collapsed).toBe(true);
    store.toggleCollapsed();
    expect(store.collapsed).toBe(false);
  });

  it('restores a snapshot and clears everything', () => {
    const store = storeWithMenu();
    store.visit('/table/formData', '?a=1');
    store.toggleCollapsed();
    const copy = new LayoutStore();
    copy.restore(JSON.parse(JSON.stringify(store.snapshot())) as LayoutSnapshot);
    expect(copy.tabList).toEqual(store.tabList);
    expect(copy.menuKeyMaps['3']?.route).toBe('/table/formData');
    expect(copy.activeMenuObj?.key).toBe('3');
    expect(copy.collapsed).toBe(true);
    copy.clear();
    expect(copy.snapshot()).toEqual({ menuList: [], collapsed: false, activeMenu: '', openMenu: [], tabList: [], workDetail: null });
    expect(copy.menuLoaded).toBe(false);
  });
});

describe('a menu loaded again (access changed)', () => {
  // Fixed ids: a reloaded tree is a fresh copy of the same server rows.
  const entry = (id: number, title: string, route: string | null, children: MenuNode[] = []): MenuNode => ({
    ...node(title, route, children),
    id,
    resourceId: id,
  });
  const home = () => entry(1, 'Home', '/home');
  const formData = () => entry(3, 'Form data', '/table/formData', [entry(4, 'Data list', '/table/dataList/:id')]);
  const drafts = () => entry(5, 'Drafts', '/table/staging');
  const docs = () => entry(6, 'Documents', null, [entry(7, 'Library', '/docManage')]);
  const tables = (...children: MenuNode[]) => entry(2, 'Tables', null, children);

  function openTabs() {
    const store = new LayoutStore();
    store.setMenu([home(), tables(formData(), drafts()), docs()]);
    for (const path of ['/home', '/table/dataList/7', '/table/staging', '/docManage', '/table/formData']) store.visit(path, '');
    return store;
  }

  it('changes nothing when the tree is the same, also against a PT_STATE copy', () => {
    const store = openTabs();
    const before = store.snapshot();
    expect(store.replaceMenu([home(), tables(formData(), drafts()), docs()])).toBeNull();
    expect(store.menuList).toBe(before.menuList); // the very same array: nothing redraws
    const restored = new LayoutStore();
    restored.restore(JSON.parse(JSON.stringify(before)) as LayoutSnapshot);
    expect(restored.replaceMenu([home(), tables(formData(), drafts()), docs()])).toBeNull();
  });

  it('sees a renamed, moved, added or removed entry as a change', () => {
    for (const changed of [
      [home(), tables(formData(), { ...drafts(), title: 'Staging' }), docs()],
      [home(), tables(formData(), { ...drafts(), route: '/table/staging2' }), docs()],
      [home(), tables(formData(), drafts()), docs(), entry(9, 'Roles', '/authorize/roleManage')],
      [home(), tables(formData()), docs()],
      [home(), docs(), tables(formData(), drafts())],
    ]) {
      expect(openTabs().replaceMenu(changed)).not.toBeNull();
    }
  });

  it('closes the tabs whose entry went, keeps the rest under the new keys, and keeps the active one', () => {
    const store = openTabs();
    expect(store.tabList.map((t) => t.key)).toEqual(['1', '4:/table/dataList/7', '5', '7', '3']);
    // Drafts revoked, a new section granted before Tables: every key after it moves.
    const update = store.replaceMenu([home(), entry(9, 'Admin', null, [entry(10, 'Roles', '/authorize/roleManage')]), tables(formData()), docs()]);
    expect(update).toEqual({ closed: [expect.objectContaining({ route: '/table/staging' })], activeClosed: false });
    expect(store.tabList.map((t) => [t.key, t.route, t.isActive])).toEqual([
      ['1', '/home', false],
      ['6:/table/dataList/7', '/table/dataList/7', false],
      ['8', '/docManage', false],
      ['5', '/table/formData', true],
    ]);
    expect(store.activeMenu).toBe('5');
    expect(store.activeMenuObj?.route).toBe('/table/formData');
    expect(store.openMenu).toEqual(['4']);
    expect(store.menuKeyMaps['3']?.route).toBe('/authorize/roleManage');
  });

  it('says so when the tab on screen lost its entry, and leaves no entry active', () => {
    const store = openTabs();
    const update = store.replaceMenu([home(), tables(drafts()), docs()]);
    expect(update?.activeClosed).toBe(true);
    expect(update?.closed.map((t) => t.route)).toEqual(['/table/dataList/7', '/table/formData']);
    expect(store.tabList.map((t) => t.route)).toEqual(['/home', '/table/staging', '/docManage']);
    expect(store.tabList.some((t) => t.isActive)).toBe(false);
    expect(store.activeMenu).toBe('');
    expect(store.openMenu).toEqual([]);
  });

  it('lets a tab follow a renamed entry unless a screen gave the tab its own title', () => {
    const store = openTabs();
    store.updateTabTitle('4:/table/dataList/7', 'Maintenance requests');
    store.replaceMenu([home(), tables({ ...formData(), title: 'Records', children: [entry(4, 'Record list', '/table/dataList/:id')] }, drafts()), docs()]);
    expect(store.tabList.find((t) => t.route === '/table/formData')?.title).toBe('Records');
    expect(store.tabList.find((t) => t.route === '/table/dataList/7')?.title).toBe('Maintenance requests');
  });
});

describe('upload store', () => {
  it('defaults to status max and tracks each upload', () => {
    const uploads = new UploadStore();
    expect(uploads.status).toBe('max');
    uploads.add({ id: 'a', name: 'plan.pdf', size: 10 });
    expect(uploads.visible).toBe(true);
    uploads.progress('a', 42.4);
    expect(uploads.list[0]).toMatchObject({ percent: 42, status: 'uploading' });
    uploads.finish('a');
    expect(uploads.list[0]).toMatchObject({ percent: 100, status: 'done' });
    uploads.toggleStatus();
    expect(uploads.status).toBe('min');
  });
});
