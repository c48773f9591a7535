import { describe, expect, it } from 'vitest';
import {
  clampViewport,
  fitPage,
  fitWidth,
  normalizeRotation,
  renderScaleFor,
  rotateBy,
  rotatePoint,
  scaleLimits,
  screenToSheet,
  sheetToScreen,
  unrotatePoint,
  viewMatrix,
  visibleSheetRect,
  visibleTiles,
  zoomAbout,
  type Rotation,
  type Viewport,
} from '../../../../src/core/drawings/viewport.ts';

const a3 = { width: 1191, height: 842 };
const screen = { width: 1000, height: 800 };
const rotations: Rotation[] = [0, 90, 180, 270];

function apply(matrix: readonly number[], [x, y]: readonly [number, number]) {
  const [a, b, c, d, e, f] = matrix as [number, number, number, number, number, number];
  return [a * x + c * y + e, b * x + d * y + f];
}

describe('sheet ↔ screen', () => {
  it('turns the sheet clockwise about its top-left so the turned sheet starts at 0,0', () => {
    expect(rotatePoint(a3, 0, [10, 20])).toEqual([10, 20]);
    expect(rotatePoint(a3, 90, [0, 0])).toEqual([842, 0]);
    expect(rotatePoint(a3, 90, [1191, 0])).toEqual([842, 1191]);
    expect(rotatePoint(a3, 180, [0, 0])).toEqual([1191, 842]);
    expect(rotatePoint(a3, 270, [0, 0])).toEqual([0, 1191]);
  });

  it('goes back to the same sheet point from the screen at every turn, and the matrix agrees', () => {
    for (const rotation of rotations) {
      const view: Viewport = { x: 37, y: -12, scale: 1.7, rotation };
      for (const point of [[0, 0], [100, 50], [1191, 842], [600.5, 3.25]] as const) {
        const onScreen = sheetToScreen(view, a3, point);
        expect(screenToSheet(view, a3, onScreen)[0]).toBeCloseTo(point[0], 9);
        expect(screenToSheet(view, a3, onScreen)[1]).toBeCloseTo(point[1], 9);
        expect(unrotatePoint(a3, rotation, rotatePoint(a3, rotation, point))).toEqual([point[0], point[1]]);
        const byMatrix = apply(viewMatrix(view, a3), point);
        expect(byMatrix[0]).toBeCloseTo(onScreen[0], 9);
        expect(byMatrix[1]).toBeCloseTo(onScreen[1], 9);
      }
    }
  });

  it('normalizes any angle to a quarter turn', () => {
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(450)).toBe(90);
    expect(normalizeRotation(360)).toBe(0);
  });
});

describe('fitting', () => {
  it('fits the whole page centred with a margin, and the turned page by its turned size', () => {
    const view = fitPage(a3, screen);
    expect(view.scale).toBeCloseTo((1000 - 32) / 1191, 9);
    const [left, top] = sheetToScreen(view, a3, [0, 0]);
    const [right, bottom] = sheetToScreen(view, a3, [1191, 842]);
    expect(left).toBeCloseTo(16, 9);
    expect(right).toBeCloseTo(984, 9);
    expect((top + bottom) / 2).toBeCloseTo(400, 9);
    const turned = fitPage(a3, screen, 90);
    expect(turned.scale).toBeCloseTo((800 - 32) / 1191, 9);
  });

  it('fits the width with the top edge at the margin', () => {
    const tall = { width: 595, height: 842 };
    const view = fitWidth(tall, screen);
    expect(sheetToScreen(view, tall, [0, 0])).toEqual([16, 16]);
    expect(sheetToScreen(view, tall, [595, 0])[0]).toBeCloseTo(984, 9);
  });
});

describe('zoom, pan, rotate and clamp', () => {
  it('keeps the sheet point under the cursor in place while zooming', () => {
    const view = fitPage(a3, screen, 90);
    const anchor = [321, 456] as const;
    const before = screenToSheet(view, a3, anchor);
    const zoomed = zoomAbout(view, 3.5, anchor);
    expect(zoomed.scale).toBeCloseTo(view.scale * 3.5, 9);
    const after = screenToSheet(zoomed, a3, anchor);
    expect(after[0]).toBeCloseTo(before[0], 9);
    expect(after[1]).toBeCloseTo(before[1], 9);
  });

  it('stops zooming at the limits, still about the cursor', () => {
    const view = fitPage(a3, screen);
    const limits = scaleLimits(a3, screen);
    expect(zoomAbout(view, 1e6, [10, 10], limits).scale).toBe(limits.max);
    expect(zoomAbout(view, 1e-6, [10, 10], limits).scale).toBe(limits.min);
    expect(limits.max / limits.min).toBeGreaterThan(64);
  });

  it('rotates about the view centre: the sheet point there stays there', () => {
    const view = zoomAbout(fitPage(a3, screen), 4, [200, 300]);
    const centre = [500, 400] as const;
    const held = screenToSheet(view, a3, centre);
    let turned = view;
    for (let i = 0; i < 4; i++) {
      turned = rotateBy(turned, a3, screen, 1);
      const now = screenToSheet(turned, a3, centre);
      expect(now[0]).toBeCloseTo(held[0], 9);
      expect(now[1]).toBeCloseTo(held[1], 9);
    }
    expect(turned.rotation).toBe(0);
    expect(rotateBy(view, a3, screen, -1).rotation).toBe(270);
  });

  it('keeps part of the sheet in sight and the scale within limits', () => {
    const flungAway: Viewport = { x: 50_000, y: -90_000, scale: 1, rotation: 0 };
    const kept = clampViewport(flungAway, a3, screen);
    expect(kept.x).toBe(1000 - 48);
    expect(kept.y).toBe(48 - 842);
    expect(visibleSheetRect(kept, a3, screen)).not.toBeNull();
    const tooClose = clampViewport({ x: 0, y: 0, scale: 1e9, rotation: 0 }, a3, screen);
    expect(tooClose.scale).toBe(scaleLimits(a3, screen).max);
  });
});

describe('visible part and tiles', () => {
  it('names the part of the sheet in view, cut to the sheet', () => {
    const view: Viewport = { x: -100, y: -50, scale: 2, rotation: 0 };
    expect(visibleSheetRect(view, a3, screen)).toEqual({ x: 50, y: 25, width: 500, height: 400 });
    expect(visibleSheetRect({ x: 5000, y: 0, scale: 1, rotation: 0 }, a3, screen)).toBeNull();
    const turned = visibleSheetRect({ x: 0, y: 0, scale: 1, rotation: 90 }, a3, screen)!;
    // A quarter turn: the view's 1000 px across cover the sheet's 842 units of height.
    expect(turned).toEqual({ x: 0, y: 0, width: 800, height: 842 });
  });

  it('renders in steps of √2 at or above the scale shown', () => {
    for (const scale of [0.1, 0.5, 1, 1.3, 7.9, 50]) {
      const render = renderScaleFor(scale);
      expect(render).toBeGreaterThanOrEqual(scale * (1 - 1e-9));
      expect(render / scale).toBeLessThan(Math.SQRT2 + 1e-9);
    }
    expect(renderScaleFor(1)).toBeCloseTo(1, 9);
  });

  it('lists only the tiles in view, the centre first, the last ones cut to the sheet', () => {
    const whole = visibleTiles(fitPage(a3, screen), a3, screen, 1, 512);
    expect(whole).toHaveLength(3 * 2);
    expect(whole.find((t) => t.column === 2 && t.row === 1)).toMatchObject({ x: 1024, y: 512, width: 1191 - 1024, height: 842 - 512 });
    const zoomed: Viewport = { x: -3000, y: -2000, scale: 4, rotation: 0 };
    const tiles = visibleTiles(zoomed, a3, screen, 4, 512);
    expect(tiles.length).toBeLessThanOrEqual(4 * 3);
    for (const tile of tiles) {
      expect(tile.x + tile.width).toBeGreaterThan(3000);
      expect(tile.x).toBeLessThan(4000);
      expect(tile.y + tile.height).toBeGreaterThan(2000);
      expect(tile.y).toBeLessThan(2800);
    }
    const centre = tiles[0]!;
    expect(centre.x).toBeLessThanOrEqual(3500);
    expect(centre.x + centre.width).toBeGreaterThanOrEqual(3500);
  });
});
