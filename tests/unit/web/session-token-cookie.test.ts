// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearTokenCookie,
  decodeTokenFromCookie,
  encodeTokenForCookie,
  readTokenCookie,
  TOKEN_COOKIE_MAX_AGE_SECONDS,
  tokenCookieAssignment,
  tokenCookieRemoval,
  writeTokenCookie,
} from '../../../src/web/session/token-cookie.ts';

afterEach(() => clearTokenCookie());

describe('token cookie (spec §4/§9)', () => {
  it('lives 12 hours', () => expect(TOKEN_COOKIE_MAX_AGE_SECONDS).toBe(43_200));

  it('is named token, encoded, 12 h, whole site, SameSite=Lax', () => {
    expect(tokenCookieAssignment('abc', false)).toBe('token=YWJj; max-age=43200; path=/; SameSite=Lax');
  });

  it('is Secure on https only', () => {
    expect(tokenCookieAssignment('abc', true)).toMatch(/; Secure$/);
    expect(tokenCookieAssignment('abc', false)).not.toContain('Secure');
    expect(tokenCookieRemoval(true)).toBe('token=; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax; Secure');
  });

  it.each([
    ['abc', 'YWJj'],
    ['a', 'YQ'],
    ['>>>?', 'Pj4-Pw'], // base64 would give + and /; base64url gives - and _
    ['租户令牌', '56ef5oi35Luk54mM'],
    ['x y;z=1', 'eCB5O3o9MQ'],
  ])('encodes %j as base64url of UTF-8 (%s)', (token, encoded) => {
    expect(encodeTokenForCookie(token)).toBe(encoded);
    expect(decodeTokenFromCookie(encoded)).toBe(token);
  });

  it('never stores the token in clear', () => {
    writeTokenCookie('plain-token-value');
    expect(document.cookie).not.toContain('plain-token-value');
    expect(document.cookie).toContain(`token=${encodeTokenForCookie('plain-token-value')}`);
  });

  it.each(['not base64!', 'YWJ=', 'A', '_-8', ''])('reads %j as no token', (value) => {
    expect(decodeTokenFromCookie(value)).toBeNull();
  });

  it('writes, reads and clears through document.cookie', () => {
    expect(readTokenCookie()).toBeNull();
    writeTokenCookie('tok;en with spaces, 令牌');
    expect(readTokenCookie()).toBe('tok;en with spaces, 令牌');
    clearTokenCookie();
    expect(readTokenCookie()).toBeNull();
    expect(document.cookie).not.toContain('token=');
  });

  it('finds the token among other cookies and ignores look-alike names', () => {
    const jar = { cookie: `xtoken=${encodeTokenForCookie('other')}; lang=en; token=${encodeTokenForCookie('mine')}` };
    expect(readTokenCookie(jar)).toBe('mine');
    expect(readTokenCookie({ cookie: `tokens=${encodeTokenForCookie('other')}` })).toBeNull();
  });

  it('writes the full assignment to the jar it is given', () => {
    const jar = { cookie: '' };
    writeTokenCookie('abc', jar);
    expect(jar.cookie).toBe('token=YWJj; max-age=43200; path=/; SameSite=Lax');
    clearTokenCookie(jar);
    expect(jar.cookie).toBe('token=; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax');
  });
});
