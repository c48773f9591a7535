import { describe, expect, it } from 'vitest';
import type { WidgetConfig } from '../../../src/core/pages/page-config.ts';
import { breakpointOf, gridItems } from '../../../src/web/renderer/grid-layout.ts';

const widgets: WidgetConfig[] = [
  { id: 'b', type: 'kpi', grid: { x: 12, y: 0, w: 12, h: 4 }, gridMedium: { x: 0, y: 4, w: 24, h: 4 } },
  { id: 'a', type: 'kpi', grid: { x: 0, y: 0, w: 12, h: 2 } },
];

describe('grid layout by breakpoint', () => {
  it('names the layout a width gets: wide from 1200 px, medium from 768 px, stacked below', () => {
    expect(breakpointOf(1600)).toBe('wide');
    expect(breakpointOf(1200)).toBe('wide');
    expect(breakpointOf(1199)).toBe('medium');
    expect(breakpointOf(768)).toBe('medium');
    expect(breakpointOf(767)).toBe('narrow');
    // Not measured yet: the wide layout.
    expect(breakpointOf(0)).toBe('wide');
  });

  it('uses the medium cells where a widget has them, the wide ones otherwise, mirrored right to left', () => {
    expect(gridItems(widgets, 24, 'wide', false).items.map((i) => [i.i, i.x, i.y, i.w])).toEqual([
      ['b', 12, 0, 12],
      ['a', 0, 0, 12],
    ]);
    expect(gridItems(widgets, 24, 'medium', false).items.map((i) => [i.i, i.x, i.y, i.w])).toEqual([
      ['b', 0, 4, 24],
      ['a', 0, 0, 12],
    ]);
    expect(gridItems(widgets, 24, 'medium', true).items.map((i) => [i.i, i.x])).toEqual([
      ['b', 0],
      ['a', 12],
    ]);
  });

  it('stacks in reading order of the wide layout on phones, short cells kept readable', () => {
    const { cols, items } = gridItems(widgets, 24, 'narrow', false);
    expect(cols).toBe(1);
    expect(items).toEqual([
      { i: 'a', x: 0, y: 0, w: 1, h: 3, static: true },
      { i: 'b', x: 0, y: 3, w: 1, h: 4, static: true },
    ]);
    expect(gridItems(widgets, 24, 'wide', false, { static: false }).items.every((i) => i.static === false)).toBe(true);
  });
});
