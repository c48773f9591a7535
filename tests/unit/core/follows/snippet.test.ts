import { describe, expect, it } from 'vitest';
import { SNIPPET_ASPECT, snippetWindow } from '../../../../src/core/follows/snippet.ts';

describe('the part of a sheet shown around a pin', () => {
  it('is a quarter of the long side wide, 4:3, centred on the pin', () => {
    const window = snippetWindow({ width: 1190, height: 842 }, { x: 600, y: 400 });
    expect(window.width).toBeCloseTo(297.5);
    expect(window.width / window.height).toBeCloseTo(SNIPPET_ASPECT);
    expect(window.left + window.width / 2).toBeCloseTo(600);
    expect(window.top + window.height / 2).toBeCloseTo(400);
  });

  it('stays on the sheet at its corners, the pin then off centre', () => {
    const sheet = { width: 2000, height: 1000 };
    expect(snippetWindow(sheet, { x: 5, y: 990 })).toEqual({ left: 0, top: 625, width: 500, height: 375 });
    expect(snippetWindow(sheet, { x: 1990, y: 3 })).toEqual({ left: 1500, top: 0, width: 500, height: 375 });
  });

  it('is at least 120 sheet units wide on a large-unit sheet, and no wider than the sheet', () => {
    expect(snippetWindow({ width: 400, height: 300 }, { x: 200, y: 150 }).width).toBe(120);
    expect(snippetWindow({ width: 100, height: 80 }, { x: 50, y: 40 })).toEqual({ left: 0, top: 2.5, width: 100, height: 75 });
  });

  it('keeps its shape on a sheet too short for it, narrowing instead', () => {
    // A long strip: a quarter of 4000 is 1000 wide, 750 high; the strip is 200 high.
    const window = snippetWindow({ width: 4000, height: 200 }, { x: 3000, y: 100 });
    expect(window.height).toBe(200);
    expect(window.width / window.height).toBeCloseTo(SNIPPET_ASPECT);
    expect(window.top).toBe(0);
    expect(window.left + window.width / 2).toBeCloseTo(3000);
  });

  it('holds the pin whatever the pin, even one just beyond the edge', () => {
    const sheet = { width: 841, height: 594 };
    for (const pin of [{ x: 0, y: 0 }, { x: 841, y: 594 }, { x: 420, y: 0 }, { x: 900, y: -10 }]) {
      const window = snippetWindow(sheet, pin);
      expect(window.left).toBeGreaterThanOrEqual(0);
      expect(window.top).toBeGreaterThanOrEqual(0);
      expect(window.left + window.width).toBeLessThanOrEqual(sheet.width + 1e-9);
      expect(window.top + window.height).toBeLessThanOrEqual(sheet.height + 1e-9);
      if (pin.x >= 0 && pin.x <= sheet.width && pin.y >= 0 && pin.y <= sheet.height) {
        expect(pin.x).toBeGreaterThanOrEqual(window.left);
        expect(pin.x).toBeLessThanOrEqual(window.left + window.width);
      }
    }
  });
});
