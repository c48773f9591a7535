/**
 * The sign-in address that brings the user back afterwards: `/login?path=` with the
 * original path plus query encoded twice (spec §2 and §8).
 */
export function loginPathFor(pathWithQuery: string): string {
  return withReturnPath('/login', pathWithQuery);
}

/**
 * Reads the return path from the login page's query string. URLSearchParams has already
 * undone one encoding; the second is undone here. Only same-site paths are honoured.
 */
export function returnPathFrom(search: string, fallback = '/home'): string {
  const raw = new URLSearchParams(search).get('path');
  if (!raw) return fallback;
  let path: string;
  try {
    path = decodeURIComponent(raw);
  } catch {
    return fallback;
  }
  return path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/login') ? path : fallback;
}

/** Another page that hands over to `path` afterwards, encoded the same way as /login's. */
export function withReturnPath(page: string, pathWithQuery: string): string {
  return `${page}?path=${encodeURIComponent(encodeURIComponent(pathWithQuery))}`;
}
