import { describe, expect, it } from 'vitest';
import { LruMap } from '../../src/core/lru-map.ts';

describe('LruMap', () => {
  it('drops the least recently used entry past its capacity; reading an entry makes it recent', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1).set('b', 2);
    expect(map.get('a')).toBe(1);
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect([...map.keys()]).toEqual(['a', 'c']);
    map.set('a', 10);
    map.set('d', 4);
    expect([...map.keys()]).toEqual(['a', 'd']);
    expect(map.get('a')).toBe(10);
    expect(map.size).toBe(2);
  });

  it('keeps falsy values as entries and refuses a capacity below one', () => {
    const map = new LruMap<string, number>(1);
    map.set('zero', 0);
    expect(map.get('zero')).toBe(0);
    expect(map.delete('zero')).toBe(true);
    expect(map.size).toBe(0);
    expect(() => new LruMap(0)).toThrow(/room for one entry/);
  });
});
