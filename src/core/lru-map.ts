/**
 * A map that keeps at most `capacity` entries, dropping the least recently used: what the
 * server's in-memory caches (form versions, preview validators, board query results) share.
 * Map iteration order is insertion order, so re-inserting on use keeps the oldest first.
 */
export class LruMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!(capacity >= 1)) throw new Error(`an LRU map needs room for one entry, not ${capacity}`);
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key)!;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): this {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value!);
    return this;
  }

  delete(key: K): boolean {
    return this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  keys(): IterableIterator<K> {
    return this.entries.keys();
  }
}
