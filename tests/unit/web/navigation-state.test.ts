// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { KEPT_OWNERS, navigationIn, recallNavigation, rememberNavigation, withNavigation, type NavigationState } from '../../../src/web/session/navigation-state.ts';
import { clearStoredSession } from '../../../src/web/session/session-state.ts';
import { NAVIGATION_STATE_KEY } from '../../../src/web/session/storage-keys.ts';

const pages: NavigationState = {
  tabs: [
    { route: '/home', query: '', active: false },
    { route: '/table/formData', query: '?formId=3&page=2', active: true },
  ],
  collapsed: true,
};

beforeEach(() => localStorage.clear());

describe('navigation state in local storage (spec §9)', () => {
  it('keeps the open pages and the sidebar per tenant, user and workspace', () => {
    let book = withNavigation(null, '1/2/NW-HQ', pages, 10);
    book = withNavigation(book, '1/2/NW-TOWER', { tabs: [{ route: '/docManage', query: '', active: true }], collapsed: false }, 20);
    expect(navigationIn(book, '1/2/NW-HQ')).toEqual(pages);
    expect(navigationIn(book, '1/2/NW-TOWER')?.tabs.map((tab) => tab.route)).toEqual(['/docManage']);
    expect(navigationIn(book, '2/2/NW-HQ')).toBeNull();
  });

  it('never keeps a start-up token in a query, and drops one that was put there', () => {
    const book = withNavigation(null, 'o', { tabs: [{ route: '/home', query: '?token=secret&tab=2', active: true }], collapsed: false }, 1);
    expect(JSON.stringify(book)).not.toContain('secret');
    expect(navigationIn(book, 'o')?.tabs[0]?.query).toBe('?tab=2');
    const edited = { version: 1, owners: { o: { tabs: [{ route: '/home', query: '?token=secret', active: true }], collapsed: false, savedAt: 1 } } };
    expect(navigationIn(edited, 'o')?.tabs[0]?.query).toBe('');
  });

  it('forgets the owners saved longest ago beyond the kept number', () => {
    let book: unknown = null;
    for (let index = 0; index <= KEPT_OWNERS; index += 1) book = withNavigation(book, `owner-${index}`, pages, index);
    expect(navigationIn(book, 'owner-0')).toBeNull();
    expect(navigationIn(book, `owner-${KEPT_OWNERS}`)).toEqual(pages);
  });

  it('reads what is not navigation state as none, and skips tabs that are not addresses of this site', () => {
    expect(navigationIn('text', 'o')).toBeNull();
    expect(navigationIn({ version: 2, owners: {} }, 'o')).toBeNull();
    const odd = { version: 1, owners: { o: { tabs: [{ route: '//evil.example', query: '' }, { route: '/home', query: 'x' }, 7, { route: '/docManage', query: '' }] } } };
    expect(navigationIn(odd, 'o')).toEqual({ tabs: [{ route: '/docManage', query: '', active: false }], collapsed: false });
  });

  it('lives under PT_NAV in local storage and goes with the rest of the session at sign-out', () => {
    rememberNavigation('1/2/NW-HQ', pages);
    expect(localStorage.getItem(NAVIGATION_STATE_KEY)).toContain('/table/formData');
    expect(recallNavigation('1/2/NW-HQ')).toEqual(pages);
    localStorage.setItem(NAVIGATION_STATE_KEY, '{not json');
    expect(recallNavigation('1/2/NW-HQ')).toBeNull();
    rememberNavigation('1/2/NW-HQ', pages);
    clearStoredSession();
    expect(recallNavigation('1/2/NW-HQ')).toBeNull();
  });
});
