import { makeAutoObservable } from 'mobx';
import type { MenuNode, UserInfo, WorkspaceInfo } from '../../core/entities.ts';
import { menuKeyMap, toMenuItems, type MenuItem } from '../../core/menu-tree.ts';
import { routeMatches } from '../../core/routes.ts';

/** An open page in the tab bar (spec §3: key, route, query, isActive). */
export interface Tab {
  key: string;
  route: string;
  query: string;
  isActive: boolean;
  title: string;
}

/** What PT_STATE keeps in session storage: enough to rebuild tabs and menu after a reload. */
export interface LayoutSnapshot {
  menuList: MenuItem[];
  collapsed: boolean;
  activeMenu: string;
  openMenu: string[];
  tabList: Tab[];
  workDetail: WorkspaceInfo | null;
}

/** The entry whose route fits the pathname; exact routes win over parameterized ones. */
export function findMenuItem(map: Record<string, MenuItem>, pathname: string): MenuItem | undefined {
  const candidates = Object.values(map).filter((item) => item.route && routeMatches(item.route, pathname));
  return candidates.find((item) => !item.route!.includes(':')) ?? candidates[0];
}

/**
 * Layout state of spec §3–4: the menu, the sidebar, the tabs, and who and where the user is.
 * Rules only; loading and persistence are done by the services that call it.
 */
export class LayoutStore {
  menuList: MenuItem[] = [];
  collapsed = false;
  menuKeyMaps: Record<string, MenuItem> = {};
  activeMenu = '';
  openMenu: string[] = [];
  tabList: Tab[] = [];
  /** Details of the current workspace. */
  workDetail: WorkspaceInfo | null = null;
  activeMenuObj: MenuItem | null = null;
  userData: UserInfo | null = null;
  workSpace: WorkspaceInfo | null = null;
  /** The login screen shows the registration form. */
  register = false;

  constructor() {
    makeAutoObservable(this);
  }

  get menuLoaded(): boolean {
    return this.menuList.length > 0;
  }

  setMenu(nodes: MenuNode[]): void {
    this.menuList = toMenuItems(nodes);
    this.menuKeyMaps = menuKeyMap(this.menuList);
  }

  /** Forgets the menu and the open tabs (another tenant or workspace has other menus). */
  resetNavigation(): void {
    this.setMenu([]);
    this.tabList = [];
    this.activeMenu = '';
    this.openMenu = [];
    this.activeMenuObj = null;
  }

  /** Visiting a route: add its tab if absent, mark it active with its query, open its ancestors. */
  visit(pathname: string, search: string): void {
    const item = findMenuItem(this.menuKeyMaps, pathname);
    if (!item) {
      this.activeMenu = '';
      this.openMenu = [];
      this.activeMenuObj = null;
      for (const tab of this.tabList) tab.isActive = false;
      return;
    }
    const key = item.route!.includes(':') ? `${item.key}:${pathname}` : item.key;
    if (!this.tabList.some((tab) => tab.key === key)) {
      this.tabList.push({ key, route: pathname, query: search, isActive: false, title: item.title });
    }
    for (const tab of this.tabList) {
      tab.isActive = tab.key === key;
      if (tab.isActive) {
        tab.route = pathname;
        tab.query = search;
      }
    }
    this.activeMenu = item.key;
    this.activeMenuObj = item;
    this.openMenu = [...item.parent];
  }

  /** Removes the tabs with these keys; returns the tab to show next when the active one went. */
  closePages(keys: readonly string[]): Tab | null {
    const index = this.tabList.findIndex((tab) => tab.isActive);
    const wasActiveClosed = index >= 0 && keys.includes(this.tabList[index]!.key);
    this.tabList = this.tabList.filter((tab) => !keys.includes(tab.key));
    if (!wasActiveClosed) return null;
    return this.tabList[Math.min(index, this.tabList.length - 1)] ?? null;
  }

  updateTabTitle(key: string, title: string): void {
    const tab = this.tabList.find((t) => t.key === key);
    if (tab) tab.title = title;
  }

  toggleCollapsed(): void {
    this.collapsed = !this.collapsed;
  }

  setUserData(user: UserInfo | null): void {
    this.userData = user;
  }

  setWorkSpace(workspace: WorkspaceInfo | null): void {
    this.workSpace = workspace;
    this.workDetail = workspace;
  }

  setRegister(show: boolean): void {
    this.register = show;
  }

  snapshot(): LayoutSnapshot {
    return {
      menuList: this.menuList,
      collapsed: this.collapsed,
      activeMenu: this.activeMenu,
      openMenu: this.openMenu,
      tabList: this.tabList,
      workDetail: this.workDetail,
    };
  }

  restore(snapshot: LayoutSnapshot): void {
    this.menuList = snapshot.menuList;
    this.menuKeyMaps = menuKeyMap(snapshot.menuList);
    this.collapsed = snapshot.collapsed;
    this.activeMenu = snapshot.activeMenu;
    this.openMenu = snapshot.openMenu;
    this.tabList = snapshot.tabList;
    this.workDetail = snapshot.workDetail;
    this.activeMenuObj = this.menuKeyMaps[snapshot.activeMenu] ?? null;
  }

  clear(): void {
    this.menuList = [];
    this.collapsed = false;
    this.menuKeyMaps = {};
    this.activeMenu = '';
    this.openMenu = [];
    this.tabList = [];
    this.workDetail = null;
    this.activeMenuObj = null;
    this.userData = null;
    this.workSpace = null;
    this.register = false;
  }
}
