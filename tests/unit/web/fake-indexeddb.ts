/**
 * Just enough of IndexedDB for the storage-key provider: open with upgrade, one object store,
 * get and put. Callbacks fire on a later task, as in browsers; values are kept by reference.
 */

type Callback = (() => void) | null;

class FakeRequest<T> {
  result = undefined as T;
  error: Error | null = null;
  onsuccess: Callback = null;
  onerror: Callback = null;
  onupgradeneeded: Callback = null;
}

type Store = Map<IDBValidKey, unknown>;

function later<T>(request: FakeRequest<T>, action: () => T): FakeRequest<T> {
  setTimeout(() => {
    try {
      request.result = action();
      request.onsuccess?.();
    } catch (error) {
      request.error = error as Error;
      request.onerror?.();
    }
  }, 0);
  return request;
}

function fakeDatabase(stores: Map<string, Store>) {
  return {
    closed: false,
    createObjectStore(name: string) {
      stores.set(name, new Map());
    },
    transaction(name: string) {
      const store = stores.get(name);
      if (!store) throw new Error(`no object store ${name}`);
      return {
        objectStore: () => ({
          get: (key: IDBValidKey) => later(new FakeRequest<unknown>(), () => store.get(key)),
          put: (value: unknown, key: IDBValidKey) =>
            later(new FakeRequest<IDBValidKey>(), () => {
              store.set(key, value);
              return key;
            }),
        }),
      };
    },
    close() {
      this.closed = true;
    },
  };
}

export function createFakeIndexedDb(options: { failOpen?: boolean } = {}) {
  const databases = new Map<string, Map<string, Store>>();
  let opens = 0;
  const factory = {
    open(name: string) {
      opens += 1;
      const request = new FakeRequest<ReturnType<typeof fakeDatabase>>();
      setTimeout(() => {
        if (options.failOpen) {
          request.error = new Error('IndexedDB is not allowed here');
          request.onerror?.();
          return;
        }
        const existing = databases.get(name);
        const stores = existing ?? new Map<string, Store>();
        databases.set(name, stores);
        request.result = fakeDatabase(stores);
        if (!existing) request.onupgradeneeded?.();
        request.onsuccess?.();
      }, 0);
      return request;
    },
  };
  return {
    factory: factory as unknown as IDBFactory,
    databases,
    opens: () => opens,
  };
}
