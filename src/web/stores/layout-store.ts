import { makeAutoObservable } from 'mobx';
import type { MenuNode, UserInfo, WorkspaceInfo } from '../../core/entities.ts';
import { menuKeyMap, sameMenu, toMenuItems, type MenuItem } from '../../core/menu-tree.ts';
import { sameText, type LocalText } from '../../core/local-text.ts';
import { routeMatches } from '../../core/routes.ts';
import type { NavigationState } from '../session/navigation-state.ts';
import { searchWithoutToken } from '../session/startup-token.ts';

/** An open page in the tab bar (spec §3: key, route, query, isActive). */
export interface Tab {
  key: string;
  route: string;
  query: string;
  isActive: boolean;
  /** The menu entry's stored text (shown in the reader's language) or a title the screen set. */
  title: LocalText;
}

/** What PT_STATE keeps in session storage: enough to rebuild tabs and menu after a reload. */
export interface LayoutSnapshot {
  menuList: MenuItem[];
  collapsed: boolean;
  activeMenu: string;
  openMenu: string[];
  tabList: Tab[];
  workDetail: WorkspaceInfo | null;
  /** Whose menu and tabs these are (tenant, user, workspace); another owner's are not restored. */
  owner?: string | null;
}

/** The entry whose route fits the pathname; exact routes win over parameterized ones. */
export function findMenuItem(map: Record<string, MenuItem>, pathname: string): MenuItem | undefined {
  const candidates = Object.values(map).filter((item) => item.route && routeMatches(item.route, pathname));
  return candidates.find((item) => !item.route!.includes(':')) ?? candidates[0];
}

/** A tab per entry, and per address for parameterized routes (one tab per record). */
function tabKeyFor(item: MenuItem, pathname: string): string {
  return item.route!.includes(':') ? `${item.key}:${pathname}` : item.key;
}

/** The menu key a tab key was made from. */
export function menuKeyOfTab(tabKey: string): string {
  return tabKey.split(':')[0]!;
}

/** What a reloaded menu changed for the open tabs. */
export interface MenuUpdate {
  /** Tabs whose menu entry is gone; they were closed. */
  closed: Tab[];
  /** The tab on screen was among them: its page is no longer available to the user. */
  activeClosed: boolean;
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

  /**
   * Takes a menu loaded again while signed in (roles or workspaces may have changed). Keys are
   * sequential, so tabs are matched to entries by their address: a tab whose address still has
   * an entry stays (under that entry's key), the others close. Null when the menu is unchanged,
   * which leaves everything as it was, so the sidebar does not redraw.
   */
  replaceMenu(nodes: MenuNode[]): MenuUpdate | null {
    const items = toMenuItems(nodes);
    if (sameMenu(items, this.menuList)) return null;
    const previous = this.menuKeyMaps;
    this.menuList = items;
    this.menuKeyMaps = menuKeyMap(items);
    const kept: Tab[] = [];
    const closed: Tab[] = [];
    for (const tab of this.tabList) {
      const item = findMenuItem(this.menuKeyMaps, tab.route);
      if (!item) {
        closed.push(tab);
        continue;
      }
      const key = tabKeyFor(item, tab.route);
      // Two old entries at one address fold into one tab.
      const twin = kept.find((other) => other.key === key);
      if (twin) {
        twin.isActive ||= tab.isActive;
        continue;
      }
      // A title that was the entry's own follows a renamed entry; one a screen set stays.
      const before = previous[menuKeyOfTab(tab.key)];
      const title = !before || sameText(tab.title, before.title) ? item.title : tab.title;
      kept.push({ ...tab, key, title });
    }
    this.tabList = kept;
    const active = kept.find((tab) => tab.isActive);
    const activeItem = active ? findMenuItem(this.menuKeyMaps, active.route) : undefined;
    this.activeMenu = activeItem?.key ?? '';
    this.activeMenuObj = activeItem ?? null;
    this.openMenu = activeItem ? [...activeItem.parent] : [];
    return { closed, activeClosed: closed.some((tab) => tab.isActive) };
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
  visit(pathname: string, rawSearch: string): void {
    // A start-up token is no part of a page's address: a tab must never put it back.
    const search = searchWithoutToken(rawSearch);
    const item = findMenuItem(this.menuKeyMaps, pathname);
    if (!item) {
      this.activeMenu = '';
      this.openMenu = [];
      this.activeMenuObj = null;
      for (const tab of this.tabList) tab.isActive = false;
      return;
    }
    const key = tabKeyFor(item, pathname);
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

  /** The open pages and the sidebar, as navigation state keeps them (spec §9). */
  navigationState(): NavigationState {
    return {
      tabs: this.tabList.map((tab) => ({ route: tab.route, query: tab.query, active: tab.isActive })),
      collapsed: this.collapsed,
    };
  }

  /**
   * Opens again the pages of a returning user, those the loaded menu still offers, under its
   * titles, none of them active yet (the page on screen is marked by `visit`). Returns the
   * address of the page that was on screen, if it came back.
   */
  recallNavigation(state: NavigationState): string | null {
    const tabs: Tab[] = [];
    let active: string | null = null;
    for (const saved of state.tabs) {
      const item = findMenuItem(this.menuKeyMaps, saved.route);
      if (!item) continue;
      const key = tabKeyFor(item, saved.route);
      if (tabs.some((tab) => tab.key === key)) continue;
      tabs.push({ key, route: saved.route, query: saved.query, isActive: false, title: item.title });
      if (saved.active) active = saved.route + saved.query;
    }
    this.tabList = tabs;
    this.collapsed = state.collapsed;
    return active;
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
