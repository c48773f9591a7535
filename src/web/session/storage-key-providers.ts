/** Where the AES-GCM key of the encrypted local storage comes from. */

export type KeyProvider = () => Promise<CryptoKey>;

const KEY_DATABASE = 'plinth-secure-storage';
const KEY_STORE = 'keys';
const KEY_RECORD = 'local-storage-key';

/** A fresh AES-GCM 256 key that script can use but never read out. */
export function generateStorageKey(): Promise<CryptoKey> {
  return crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
}

/** One key per provider, made on first use and kept in memory: lost with the page. */
export function createMemoryKeyProvider(): KeyProvider {
  let key: Promise<CryptoKey> | null = null;
  return () => (key ??= generateStorageKey());
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openKeyDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(KEY_DATABASE, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(KEY_STORE);
  return requestResult(request);
}

/** The stored key, or `candidate` stored in its place; one read-write transaction, so two tabs agree. */
function keepFirstKey(database: IDBDatabase, candidate: CryptoKey): Promise<CryptoKey> {
  return new Promise((resolve, reject) => {
    const store = database.transaction(KEY_STORE, 'readwrite').objectStore(KEY_STORE);
    const read = store.get(KEY_RECORD);
    read.onerror = () => reject(read.error ?? new Error('IndexedDB read failed'));
    read.onsuccess = () => {
      const existing: unknown = read.result;
      if (existing instanceof CryptoKey) return resolve(existing);
      const write = store.put(candidate, KEY_RECORD);
      write.onerror = () => reject(write.error ?? new Error('IndexedDB write failed'));
      write.onsuccess = () => resolve(candidate);
    };
  });
}

/**
 * The key kept in IndexedDB, which stores a CryptoKey as an opaque object: the key survives
 * reloads, yet its bytes never reach script, localStorage or the disk cache in readable form.
 */
export function createIndexedDbKeyProvider(factory: IDBFactory): KeyProvider {
  let key: Promise<CryptoKey> | null = null;
  return () =>
    (key ??= (async () => {
      const database = await openKeyDatabase(factory);
      try {
        const stored: unknown = await requestResult(
          database.transaction(KEY_STORE, 'readonly').objectStore(KEY_STORE).get(KEY_RECORD),
        );
        if (stored instanceof CryptoKey) return stored;
        return await keepFirstKey(database, await generateStorageKey());
      } finally {
        database.close();
      }
    })());
}

/**
 * IndexedDB when the browser offers it, otherwise (or when it fails, e.g. in some private modes)
 * a key in memory: data written then cannot be read after a reload and reads as absent.
 */
export function createDefaultKeyProvider(factory: IDBFactory | undefined = globalThis.indexedDB): KeyProvider {
  const memory = createMemoryKeyProvider();
  if (!factory) return memory;
  const persistent = createIndexedDbKeyProvider(factory);
  let key: Promise<CryptoKey> | null = null;
  return () => (key ??= persistent().catch(() => memory()));
}
