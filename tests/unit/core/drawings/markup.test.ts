import { describe, expect, it } from 'vitest';
import {
  boundsOfPoints,
  cloudPath,
  drawGesture,
  hitTest,
  insideBox,
  markupBounds,
  markupOutline,
  moveMarkup,
  pickMarkup,
  resizeBounds,
  resizeMarkup,
  type MarkupInput,
} from '../../../../src/core/drawings/markup.ts';

const style = { color: '#e5252a', width: 2, opacity: 1, fill: null };
const rect: MarkupInput = { kind: 'rectangle', points: [[100, 100], [200, 150]], style, visibility: 'personal' };

describe('markup hit tests', () => {
  it('picks an outline on its line, not in its empty middle', () => {
    expect(hitTest(rect, [100, 125], 3)).toBe(true);
    expect(hitTest(rect, [203.5, 125], 3)).toBe(true); // 3 of tolerance + half the 2-unit line
    expect(hitTest(rect, [205, 125], 3)).toBe(false);
    expect(hitTest(rect, [150, 125], 3)).toBe(false);
  });

  it('picks a filled shape anywhere inside', () => {
    expect(hitTest({ ...rect, style: { ...style, fill: '#ffffff' } }, [150, 125], 3)).toBe(true);
  });

  it('picks an ellipse on its ring', () => {
    const ellipse: MarkupInput = { ...rect, kind: 'ellipse', points: [[0, 0], [200, 100]] };
    expect(hitTest(ellipse, [200, 50], 2)).toBe(true);
    expect(hitTest(ellipse, [100, 0], 2)).toBe(true);
    expect(hitTest(ellipse, [100, 50], 2)).toBe(false);
    expect(hitTest(ellipse, [0, 0], 2)).toBe(false); // the box's corner is off the ring
  });

  it('picks a line near the segment only, not past its ends', () => {
    const line: MarkupInput = { ...rect, kind: 'line', points: [[0, 0], [100, 100]] };
    expect(hitTest(line, [50, 52], 2)).toBe(true);
    expect(hitTest(line, [50, 60], 2)).toBe(false);
    expect(hitTest(line, [110, 110], 2)).toBe(false);
  });

  it('picks an area inside its polygon, and a count on any of its dots', () => {
    const area: MarkupInput = { ...rect, kind: 'measureArea', points: [[0, 0], [10, 0], [10, 10], [0, 10]] };
    expect(hitTest(area, [5, 5], 0)).toBe(true);
    expect(hitTest(area, [20, 5], 1)).toBe(false);
    const count: MarkupInput = { ...rect, kind: 'measureCount', points: [[0, 0], [50, 50]], style: { ...style, fontSize: 10 } };
    expect(hitTest(count, [52, 52], 1)).toBe(true);
    expect(hitTest(count, [25, 25], 1)).toBe(false);
  });

  it('picks a text in its box', () => {
    const text: MarkupInput = { kind: 'text', points: [[0, 0]], style: { ...style, fontSize: 10 }, text: 'Hello', visibility: 'personal' };
    expect(markupBounds(text)).toEqual({ x: 0, y: 0, width: 30, height: 12.5 });
    expect(hitTest(text, [29, 12], 0)).toBe(true);
    expect(hitTest(text, [40, 5], 0)).toBe(false);
  });

  it('picks the topmost of overlapping markups', () => {
    const under = { ...rect, style: { ...style, fill: '#000000' }, text: undefined };
    const over = { ...under, points: [[120, 110], [180, 140]] as MarkupInput['points'] };
    expect(pickMarkup([under, over], [150, 125], 1)).toBe(over);
    expect(pickMarkup([under, over], [105, 105], 1)).toBe(under);
    expect(pickMarkup([under, over], [500, 500], 1)).toBeNull();
  });

  it('selects by marquee only what lies wholly inside', () => {
    expect(insideBox(rect, { x: 90, y: 90, width: 120, height: 70 })).toBe(true);
    expect(insideBox(rect, { x: 90, y: 90, width: 100, height: 70 })).toBe(false);
  });
});

describe('moving and resizing', () => {
  it('moves every point', () => {
    expect(moveMarkup(rect, 5, -10).points).toEqual([[105, 90], [205, 140]]);
  });

  it('drags a grip while the opposite side stays put, flipping past it', () => {
    const box = boundsOfPoints(rect.points);
    expect(resizeBounds(box, 'se', [300, 200])).toEqual({ x: 100, y: 100, width: 200, height: 100 });
    expect(resizeBounds(box, 'w', [50, 999])).toEqual({ x: 50, y: 100, width: 150, height: 50 });
    expect(resizeBounds(box, 'e', [60, 0])).toEqual({ x: 60, y: 100, width: 40, height: 50 });
  });

  it('scales the points of a polyline into the new box', () => {
    const polyline: MarkupInput = { ...rect, kind: 'polyline', points: [[0, 0], [10, 10], [20, 0]] };
    const resized = resizeMarkup(polyline, { x: 0, y: 0, width: 20, height: 10 }, { x: 100, y: 100, width: 40, height: 5 });
    expect(resized.points).toEqual([[100, 100], [120, 105], [140, 100]]);
  });
});

describe('outlines', () => {
  it('draws a revision cloud as outward arcs along the whole box, closed', () => {
    const d = cloudPath({ x: 0, y: 0, width: 100, height: 50 }, 1);
    expect(d.startsWith('M0 0')).toBe(true);
    expect(d.endsWith('Z')).toBe(true);
    expect((d.match(/A/g) ?? []).length).toBeGreaterThanOrEqual(6);
  });

  it('gives arrows a solid head and every kind a gesture', () => {
    expect(markupOutline({ ...rect, kind: 'arrow', points: [[0, 0], [100, 0]] }).solid).toMatch(/^M100 0 L/);
    expect(drawGesture('rectangle')).toBe('box');
    expect(drawGesture('highlighter')).toBe('stroke');
    expect(drawGesture('measureArea')).toBe('path');
    expect(drawGesture('callout')).toBe('segment');
    expect(drawGesture('photo')).toBe('point');
  });
});
