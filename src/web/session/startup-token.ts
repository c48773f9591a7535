import { clearStoredSession } from './session-state.ts';
import { writeTokenCookie } from './token-cookie.ts';

const TOKEN_PARAMETER = 'token';
/** Pages whose `token` is their own (a public schedule link's), not a session: left alone. */
const OWN_TOKEN_PATHS = new Set(['/publicSchedule']);

/**
 * The query string without any `token` parameter; other parameters keep their exact spelling.
 * Whatever keeps an address (tabs, PT_STATE, navigation state) keeps it through this, so a
 * start-up token cannot come back into the address bar from there.
 */
export function searchWithoutToken(search: string): string {
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => {
      if (pair === '') return false;
      const name = pair.split('=', 1)[0] ?? '';
      try {
        return decodeURIComponent(name.replace(/\+/g, ' ')) !== TOKEN_PARAMETER;
      } catch {
        return true;
      }
    });
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/**
 * Start-up with `?token=` in the address (spec §4), e.g. a link from another system: any stored
 * token and other stored session data are cleared, the new token is saved in the cookie (encoded,
 * 12 h), and the same-origin address without the parameter is returned for
 * `history.replaceState`, so the token does not linger in the address bar or history.
 * Returns null, and changes nothing, when there is no non-empty `token` parameter, or on a page
 * whose `token` is its own (/publicSchedule: a visitor's session, if any, is kept).
 */
export function takeStartupToken(location: Pick<Location, 'href'> | URL | string): string | null {
  const url = new URL(typeof location === 'string' ? location : location.href);
  if (OWN_TOKEN_PATHS.has(url.pathname)) return null;
  const token = url.searchParams.getAll(TOKEN_PARAMETER).find((value) => value !== '');
  if (token === undefined) return null;
  clearStoredSession();
  writeTokenCookie(token);
  return `${url.pathname}${searchWithoutToken(url.search)}${url.hash}`;
}
