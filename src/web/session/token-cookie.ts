import { base64UrlToText, textToBase64Url } from './base64url.ts';
import { TOKEN_COOKIE_NAME } from './storage-keys.ts';

/** Spec §9: the token cookie lives 12 hours, the same as the token on the server. */
export const TOKEN_COOKIE_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Anything with a `cookie` property like `document`, so tests may pass their own. */
export interface CookieJar {
  cookie: string;
}

/**
 * The token as it sits in the cookie: base64url (no padding) of its UTF-8 bytes. The result uses
 * only `A-Z a-z 0-9 - _`, so any token survives the cookie syntax (no `;`, `,`, spaces or quotes).
 */
export function encodeTokenForCookie(token: string): string {
  return textToBase64Url(token);
}

/** The token a cookie value holds, or null when the value is not one this module wrote. */
export function decodeTokenFromCookie(value: string): string | null {
  const token = base64UrlToText(value);
  return token ? token : null;
}

function isHttps(): boolean {
  return globalThis.location?.protocol === 'https:';
}

/** The `document.cookie` assignment that stores the token: 12 h, whole site, SameSite=Lax, Secure on https. */
export function tokenCookieAssignment(token: string, secure = isHttps()): string {
  const attributes = [`max-age=${TOKEN_COOKIE_MAX_AGE_SECONDS}`, 'path=/', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${TOKEN_COOKIE_NAME}=${encodeTokenForCookie(token)}`, ...attributes].join('; ');
}

/**
 * The assignment that deletes the cookie; the path must match the one it was written with. The
 * past `expires` also deletes it where max-age=0 is read as "expires this very millisecond".
 */
export function tokenCookieRemoval(secure = isHttps()): string {
  const attributes = ['max-age=0', 'expires=Thu, 01 Jan 1970 00:00:00 GMT', 'path=/', 'SameSite=Lax'];
  if (secure) attributes.push('Secure');
  return [`${TOKEN_COOKIE_NAME}=`, ...attributes].join('; ');
}

export function readTokenCookie(jar: CookieJar = document): string | null {
  for (const pair of jar.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== TOKEN_COOKIE_NAME) continue;
    return decodeTokenFromCookie(pair.slice(separator + 1).trim());
  }
  return null;
}

export function writeTokenCookie(token: string, jar: CookieJar = document): void {
  jar.cookie = tokenCookieAssignment(token);
}

export function clearTokenCookie(jar: CookieJar = document): void {
  jar.cookie = tokenCookieRemoval();
}
