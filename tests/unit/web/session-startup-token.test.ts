// @vitest-environment happy-dom
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { saveEncrypted, setKeyProvider } from '../../../src/web/session/secure-storage.ts';
import { saveLayoutSnapshot, saveNavigationState } from '../../../src/web/session/session-state.ts';
import { takeStartupToken } from '../../../src/web/session/startup-token.ts';
import { createMemoryKeyProvider } from '../../../src/web/session/storage-key-providers.ts';
import {
  clearTokenCookie,
  encodeTokenForCookie,
  readTokenCookie,
  writeTokenCookie,
} from '../../../src/web/session/token-cookie.ts';

beforeEach(async () => {
  localStorage.clear();
  sessionStorage.clear();
  clearTokenCookie();
  setKeyProvider(createMemoryKeyProvider());
  writeTokenCookie('old-token');
  await saveEncrypted('PT_USER', { username: 'bob' });
  await saveEncrypted('PT_WORKSPACE', { code: 'NW-HQ' });
  saveLayoutSnapshot({ collapsed: true });
  saveNavigationState({ lastRoute: '/home' });
});
afterAll(() => setKeyProvider(null));

function storedSessionIsEmpty(): boolean {
  return (
    localStorage.getItem('PT_USER') === null &&
    localStorage.getItem('PT_WORKSPACE') === null &&
    sessionStorage.getItem('PT_STATE') === null &&
    localStorage.getItem('PT_NAV') === null
  );
}

describe('takeStartupToken (spec §4)', () => {
  it('replaces the stored session with the token of the address', () => {
    const next = takeStartupToken('https://plinth.example/home?token=new-token');
    expect(readTokenCookie()).toBe('new-token');
    expect(document.cookie).toContain(`token=${encodeTokenForCookie('new-token')}`);
    expect(document.cookie).not.toContain('new-token');
    expect(storedSessionIsEmpty()).toBe(true);
    expect(next).toBe('/home');
  });

  it('returns the address without the token, keeping other parameters exactly and the hash', () => {
    const next = takeStartupToken('https://plinth.example/table/dataList/7?a=1&token=t0k&b=x%20y+z&c=%E4%B8%AD#tab=2');
    expect(next).toBe('/table/dataList/7?a=1&b=x%20y+z&c=%E4%B8%AD#tab=2');
  });

  it('removes every token parameter, also percent-encoded names, and decodes the value', () => {
    expect(takeStartupToken('https://plinth.example/?token=a%2Bb%3D&%74oken=second&q=1')).toBe('/?q=1');
    expect(readTokenCookie()).toBe('a+b=');
  });

  it('accepts a Location-like object or a URL', () => {
    expect(takeStartupToken({ href: 'https://plinth.example/x?token=one' })).toBe('/x');
    expect(readTokenCookie()).toBe('one');
    expect(takeStartupToken(new URL('https://plinth.example/y?token=two'))).toBe('/y');
    expect(readTokenCookie()).toBe('two');
  });

  it.each([
    'https://plinth.example/home',
    'https://plinth.example/home?tokens=x',
    'https://plinth.example/home?token=',
    'https://plinth.example/home#token=x',
    // A public schedule link's token is the link's own: the visitor's session stays.
    'https://plinth.example/publicSchedule?token=link-token',
  ])(
    'changes nothing for %s',
    (address) => {
      expect(takeStartupToken(address)).toBeNull();
      expect(readTokenCookie()).toBe('old-token');
      expect(localStorage.getItem('PT_USER')).not.toBeNull();
      expect(sessionStorage.getItem('PT_STATE')).not.toBeNull();
    },
  );
});
