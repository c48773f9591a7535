import { base64UrlToBytes, bytesToBase64Url } from './base64url.ts';
import { createDefaultKeyProvider, type KeyProvider } from './storage-key-providers.ts';

/**
 * Values kept ENCRYPTED in localStorage (spec §9: user and workspace data). Each value is JSON,
 * sealed with AES-GCM under a non-extractable key, and stored as `v1.<iv>.<ciphertext>` in
 * base64url. The storage key is the additional authenticated data, so a value copied under
 * another key does not decrypt either.
 *
 * Browsers offer WebCrypto only in secure contexts (https, localhost). Elsewhere nothing is
 * stored and every read gives null: the value is then lost on reload, but never kept in clear.
 */

const FORMAT_PREFIX = 'v1.';
const IV_BYTES = 12;

let keyProvider: KeyProvider | null = null;

/** Replaces where the key comes from (tests pass `createMemoryKeyProvider()`); null restores the default. */
export function setKeyProvider(provider: KeyProvider | null): void {
  keyProvider = provider;
}

function hasWebCrypto(): boolean {
  return typeof globalThis.crypto?.subtle?.encrypt === 'function';
}

function currentKey(): Promise<CryptoKey> {
  keyProvider ??= createDefaultKeyProvider();
  return keyProvider();
}

function additionalData(storageKey: string): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(storageKey);
}

export async function saveEncrypted(storageKey: string, value: unknown): Promise<void> {
  if (!hasWebCrypto()) {
    localStorage.removeItem(storageKey);
    return;
  }
  const key = await currentKey();
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const plaintext = new TextEncoder().encode(JSON.stringify(value));
  const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(storageKey) }, key, plaintext);
  localStorage.setItem(storageKey, `${FORMAT_PREFIX}${bytesToBase64Url(iv)}.${bytesToBase64Url(new Uint8Array(sealed))}`);
}

async function open(storageKey: string, stored: string, key: CryptoKey): Promise<unknown> {
  if (!stored.startsWith(FORMAT_PREFIX)) throw new Error('unknown format');
  const [ivText = '', sealedText = '', ...rest] = stored.slice(FORMAT_PREFIX.length).split('.');
  const iv = base64UrlToBytes(ivText);
  const sealed = base64UrlToBytes(sealedText);
  if (rest.length > 0 || !iv || iv.length !== IV_BYTES || !sealed) throw new Error('malformed value');
  const plaintext = await crypto.subtle.decrypt({ name: 'AES-GCM', iv, additionalData: additionalData(storageKey) }, key, sealed);
  return JSON.parse(new TextDecoder().decode(plaintext)) as unknown;
}

/**
 * The value saved under `storageKey`, or null when there is none or it does not decrypt
 * (tampered, written with a key this browser no longer has, or not written by this module);
 * such a value is removed so it is not tried again.
 */
export async function loadEncrypted<T>(storageKey: string): Promise<T | null> {
  const stored = localStorage.getItem(storageKey);
  if (stored === null || !hasWebCrypto()) return null;
  let key: CryptoKey;
  try {
    key = await currentKey();
  } catch {
    return null;
  }
  try {
    return (await open(storageKey, stored, key)) as T;
  } catch {
    // Only remove what was read: a save that raced this read must survive.
    if (localStorage.getItem(storageKey) === stored) localStorage.removeItem(storageKey);
    return null;
  }
}

/** Async like its siblings; the entry is gone before the returned promise settles, even if not awaited. */
export async function removeEncrypted(storageKey: string): Promise<void> {
  localStorage.removeItem(storageKey);
}
