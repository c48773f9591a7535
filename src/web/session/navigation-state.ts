import { loadNavigationState, saveNavigationState } from './session-state.ts';
import { searchWithoutToken } from './startup-token.ts';

/**
 * Navigation state in local storage (spec §9): the pages a user had open (the tabs, in order,
 * and which was on screen) and the folded sidebar, per tenant, user and workspace. PT_STATE
 * keeps the same for one browser tab's session; this outlives it, so a user who closes the
 * browser and comes back finds their pages again. Only addresses are kept: titles come from the
 * menu when the tabs are restored, and a page the user may no longer open is not restored.
 */

export interface NavigationTab {
  route: string;
  /** The query string with its `?`, or ''. */
  query: string;
  active: boolean;
}

export interface NavigationState {
  tabs: NavigationTab[];
  collapsed: boolean;
}

interface NavigationEntry extends NavigationState {
  savedAt: number;
}

/** What PT_NAV holds: one entry per owner (see `sessionOwner`). */
export interface NavigationBook {
  version: 1;
  owners: Record<string, NavigationEntry>;
}

/** The owners kept: the most recently saved; older ones are forgotten. */
export const KEPT_OWNERS = 12;
/** Tabs kept per owner: the address bar of a long day, not a history. */
export const KEPT_TABS = 30;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A tab as read back, or null when it is not one (the storage is the user's to edit). */
function tabFrom(value: unknown): NavigationTab | null {
  if (!isRecord(value) || typeof value.route !== 'string' || typeof value.query !== 'string') return null;
  if (!value.route.startsWith('/') || value.route.startsWith('//')) return null;
  if (value.query !== '' && !value.query.startsWith('?')) return null;
  return { route: value.route, query: searchWithoutToken(value.query), active: value.active === true };
}

function entryFrom(value: unknown): NavigationEntry | null {
  if (!isRecord(value) || !Array.isArray(value.tabs)) return null;
  const tabs = value.tabs.map(tabFrom).filter((tab): tab is NavigationTab => tab !== null);
  return { tabs, collapsed: value.collapsed === true, savedAt: typeof value.savedAt === 'number' ? value.savedAt : 0 };
}

function bookFrom(value: unknown): NavigationBook {
  const owners: Record<string, NavigationEntry> = {};
  if (isRecord(value) && value.version === 1 && isRecord(value.owners)) {
    for (const [owner, raw] of Object.entries(value.owners)) {
      const entry = entryFrom(raw);
      if (entry) owners[owner] = entry;
    }
  }
  return { version: 1, owners };
}

/** The book with `owner`'s navigation replaced; tokens left out of every query. */
export function withNavigation(stored: unknown, owner: string, state: NavigationState, now: number): NavigationBook {
  const book = bookFrom(stored);
  const tabs = state.tabs.slice(-KEPT_TABS).map((tab) => ({ ...tab, query: searchWithoutToken(tab.query) }));
  book.owners[owner] = { tabs, collapsed: state.collapsed, savedAt: now };
  const newest = Object.entries(book.owners)
    .sort(([, a], [, b]) => b.savedAt - a.savedAt)
    .slice(0, KEPT_OWNERS);
  return { version: 1, owners: Object.fromEntries(newest) };
}

/** `owner`'s navigation in the book, or null when none was kept. */
export function navigationIn(stored: unknown, owner: string): NavigationState | null {
  const entry = bookFrom(stored).owners[owner];
  return entry ? { tabs: entry.tabs, collapsed: entry.collapsed } : null;
}

export function rememberNavigation(owner: string, state: NavigationState, now = Date.now()): void {
  saveNavigationState(withNavigation(loadNavigationState(), owner, state, now));
}

export function recallNavigation(owner: string): NavigationState | null {
  return navigationIn(loadNavigationState(), owner);
}
