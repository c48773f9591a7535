// @vitest-environment happy-dom
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadEncrypted, removeEncrypted, saveEncrypted, setKeyProvider } from '../../../src/web/session/secure-storage.ts';
import {
  createDefaultKeyProvider,
  createIndexedDbKeyProvider,
  createMemoryKeyProvider,
  generateStorageKey,
} from '../../../src/web/session/storage-key-providers.ts';
import { createFakeIndexedDb } from './fake-indexeddb.ts';

const user = { id: 7, username: 'alice', name: 'Alice Liddell 爱丽丝', type: 'USER', email: 'alice@northwind.example' };

beforeEach(() => {
  localStorage.clear();
  setKeyProvider(createMemoryKeyProvider());
});
afterEach(() => vi.unstubAllGlobals());
afterAll(() => setKeyProvider(null));

/** The stored string with one character of the ciphertext changed. */
function tampered(stored: string): string {
  const index = stored.length - 5;
  const replacement = stored[index] === 'A' ? 'B' : 'A';
  return stored.slice(0, index) + replacement + stored.slice(index + 1);
}

describe('encrypted local storage (spec §9)', () => {
  it('round-trips a value', async () => {
    await saveEncrypted('PT_USER', user);
    expect(await loadEncrypted('PT_USER')).toEqual(user);
  });

  it('keeps no plaintext in localStorage', async () => {
    await saveEncrypted('PT_USER', user);
    const stored = localStorage.getItem('PT_USER') ?? '';
    expect(stored).toMatch(/^v1\.[\w-]{16}\.[\w-]+$/);
    for (const fragment of ['alice', 'Alice', '爱丽丝', 'northwind', 'USER', '"id"', btoa('alice')]) {
      expect(stored).not.toContain(fragment);
    }
  });

  it('uses a fresh IV each time, so equal values do not look equal', async () => {
    await saveEncrypted('PT_USER', user);
    const first = localStorage.getItem('PT_USER');
    await saveEncrypted('PT_USER', user);
    expect(localStorage.getItem('PT_USER')).not.toBe(first);
  });

  it('reads a tampered value as null and removes it', async () => {
    await saveEncrypted('PT_USER', user);
    localStorage.setItem('PT_USER', tampered(localStorage.getItem('PT_USER') ?? ''));
    expect(await loadEncrypted('PT_USER')).toBeNull();
    expect(localStorage.getItem('PT_USER')).toBeNull();
  });

  it('does not decrypt a value moved to another key', async () => {
    await saveEncrypted('PT_USER', user);
    localStorage.setItem('PT_WORKSPACE', localStorage.getItem('PT_USER') ?? '');
    expect(await loadEncrypted('PT_WORKSPACE')).toBeNull();
  });

  it('does not decrypt with another key, e.g. after the key was lost', async () => {
    await saveEncrypted('PT_USER', user);
    setKeyProvider(createMemoryKeyProvider());
    expect(await loadEncrypted('PT_USER')).toBeNull();
    expect(localStorage.getItem('PT_USER')).toBeNull();
  });

  it.each(['{"username":"alice"}', 'v1.', 'v1.AAAA.AAAA', 'v1.not base64.x', 'v1.AAAAAAAAAAAAAAAA.AAAA.extra'])(
    'reads a value it did not write (%j) as null and removes it',
    async (stored) => {
      localStorage.setItem('PT_USER', stored);
      expect(await loadEncrypted('PT_USER')).toBeNull();
      expect(localStorage.getItem('PT_USER')).toBeNull();
    },
  );

  it('reads a missing value as null', async () => {
    expect(await loadEncrypted('PT_USER')).toBeNull();
  });

  it('keeps a value written while a bad one was being read', async () => {
    let release: (key: CryptoKey) => void = () => undefined;
    const slowKey = new Promise<CryptoKey>((resolve) => (release = resolve));
    setKeyProvider(() => slowKey);
    localStorage.setItem('PT_USER', 'v1.garbage');
    const reading = loadEncrypted('PT_USER');
    localStorage.setItem('PT_USER', 'v1.written-by-another-tab');
    release(await generateStorageKey());
    expect(await reading).toBeNull();
    expect(localStorage.getItem('PT_USER')).toBe('v1.written-by-another-tab');
  });

  it('removes a value before the returned promise is awaited', async () => {
    await saveEncrypted('PT_USER', user);
    const removal = removeEncrypted('PT_USER');
    expect(localStorage.getItem('PT_USER')).toBeNull();
    await removal;
  });

  it('stores nothing, and never plaintext, without WebCrypto (an insecure context)', async () => {
    await saveEncrypted('PT_USER', user);
    vi.stubGlobal('crypto', {});
    expect(await loadEncrypted('PT_USER')).toBeNull();
    await saveEncrypted('PT_USER', user);
    expect(localStorage.getItem('PT_USER')).toBeNull();
  });

  it('reads null, keeping the value, when the key cannot be had', async () => {
    await saveEncrypted('PT_USER', user);
    setKeyProvider(() => Promise.reject(new Error('no key')));
    expect(await loadEncrypted('PT_USER')).toBeNull();
    expect(localStorage.getItem('PT_USER')).not.toBeNull();
  });

  it('works with the default key provider where there is no IndexedDB', async () => {
    setKeyProvider(null);
    expect(globalThis.indexedDB).toBeUndefined();
    await saveEncrypted('PT_WORKSPACE', { code: 'NW-HQ', name: 'Head office' });
    expect(await loadEncrypted('PT_WORKSPACE')).toEqual({ code: 'NW-HQ', name: 'Head office' });
  });
});

describe('storage keys', () => {
  it('are AES-GCM 256 and cannot be exported', async () => {
    const key = await createMemoryKeyProvider()();
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('a memory provider gives the same key every time', async () => {
    const provider = createMemoryKeyProvider();
    expect(await provider()).toBe(await provider());
  });

  it('the IndexedDB provider keeps the key, so the next page load decrypts', async () => {
    const idb = createFakeIndexedDb();
    const firstPage = createIndexedDbKeyProvider(idb.factory);
    setKeyProvider(firstPage);
    await saveEncrypted('PT_USER', user);
    const stored = [...(idb.databases.values().next().value?.values() ?? [])][0];
    expect([...(stored?.values() ?? [])]).toEqual([await firstPage()]);

    setKeyProvider(createIndexedDbKeyProvider(idb.factory));
    expect(await loadEncrypted('PT_USER')).toEqual(user);
  });

  it('the IndexedDB provider opens the database once per page', async () => {
    const idb = createFakeIndexedDb();
    const provider = createIndexedDbKeyProvider(idb.factory);
    await Promise.all([provider(), provider(), provider()]);
    expect(idb.opens()).toBe(1);
  });

  it('the default provider falls back to memory when IndexedDB fails', async () => {
    const provider = createDefaultKeyProvider(createFakeIndexedDb({ failOpen: true }).factory);
    const key = await provider();
    expect(key.extractable).toBe(false);
    expect(await provider()).toBe(key);
  });

  it('the default provider uses IndexedDB when it works', async () => {
    const idb = createFakeIndexedDb();
    const key = await createDefaultKeyProvider(idb.factory)();
    expect(await createIndexedDbKeyProvider(idb.factory)()).toBe(key);
  });
});
