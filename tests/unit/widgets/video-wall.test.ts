import { describe, expect, it } from 'vitest';
import { neighbour, wallColumns } from '../../../widgets/video/wall-layout.ts';

describe('camera wall layout', () => {
  it('makes as square a grid as the streams allow, unless the props say', () => {
    expect([1, 2, 4, 5, 9, 10].map((n) => wallColumns(n))).toEqual([1, 2, 2, 3, 3, 4]);
    expect(wallColumns(6, 3)).toBe(3);
    expect(wallColumns(2, 4)).toBe(2);
  });

  it('moves between tiles with the arrows, staying in the row and on the wall', () => {
    // 0 1 2
    // 3 4
    expect(neighbour(0, 'ArrowRight', 5, 3, false)).toBe(1);
    expect(neighbour(2, 'ArrowRight', 5, 3, false)).toBe(2);
    expect(neighbour(3, 'ArrowLeft', 5, 3, false)).toBe(3);
    expect(neighbour(1, 'ArrowDown', 5, 3, false)).toBe(4);
    expect(neighbour(2, 'ArrowDown', 5, 3, false)).toBe(2);
    expect(neighbour(4, 'ArrowUp', 5, 3, false)).toBe(1);
  });

  it('swaps left and right in Arabic, where the first tile is on the right', () => {
    expect(neighbour(0, 'ArrowLeft', 5, 3, true)).toBe(1);
    expect(neighbour(1, 'ArrowRight', 5, 3, true)).toBe(0);
    expect(neighbour(0, 'ArrowRight', 5, 3, true)).toBe(0);
  });
});
