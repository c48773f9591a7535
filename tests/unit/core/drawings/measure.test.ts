import { describe, expect, it } from 'vitest';
import {
  calibrationFromDistance,
  calibrationFromScale,
  formatArea,
  formatFeetInches,
  formatLength,
  measureMarkup,
  parseScale,
  polygonArea,
  polygonPerimeter,
  polylineLength,
} from '../../../../src/core/drawings/measure.ts';

describe('calibration', () => {
  it('from a scale: one inch of paper (72 PDF points) at 1:100 is 2.54 m', () => {
    const calibration = calibrationFromScale(100);
    expect(calibration).toEqual({ metresPerUnit: (0.0254 / 72) * 100, source: 'scale', scale: '1:100' });
    expect(measureMarkup({ kind: 'measureLength', points: [[10, 10], [82, 10]] }, calibration)).toEqual({ kind: 'length', length: expect.closeTo(2.54, 9), calibrated: true });
  });

  it('from a scale: 10 cm of paper at 1:50 is 5 m, whatever the direction', () => {
    const tenCm = 0.1 / (0.0254 / 72); // 283.46… points
    const along = tenCm / Math.SQRT2;
    const m = measureMarkup({ kind: 'measureLength', points: [[0, 0], [along, along]] }, calibrationFromScale(50));
    expect(m).toEqual({ kind: 'length', length: expect.closeTo(5, 9), calibrated: true });
  });

  it('from a scale: image pixels at a given paper size per pixel', () => {
    // 300 dpi scan at 1:20: one pixel is 1/300 in on paper, 20/300 in on site.
    expect(calibrationFromScale(20, 0.0254 / 300).metresPerUnit).toBeCloseTo((0.0254 * 20) / 300, 12);
  });

  it('refuses a scale outside 1:1 … 1:1000', () => {
    expect(() => calibrationFromScale(0.5)).toThrow(RangeError);
    expect(() => calibrationFromScale(1001)).toThrow(RangeError);
    expect(calibrationFromScale(1).metresPerUnit).toBeCloseTo(0.0254 / 72, 15);
  });

  it('from a known distance: a 3-4-5 segment of 500 units drawn over 10 m is 2 cm a unit', () => {
    const calibration = calibrationFromDistance([100, 100], [400, 500], 10);
    expect(calibration).toEqual({ metresPerUnit: 0.02, source: 'distance' });
    // A 250-unit line on that sheet is then 5 m.
    expect(measureMarkup({ kind: 'measureLength', points: [[0, 0], [0, 250]] }, calibration)).toEqual({ kind: 'length', length: 5, calibrated: true });
  });

  it('refuses a known distance over no length, or of no length', () => {
    expect(() => calibrationFromDistance([1, 1], [1, 1], 5)).toThrow(RangeError);
    expect(() => calibrationFromDistance([0, 0], [1, 1], 0)).toThrow(RangeError);
  });

  it('reads scales written 1:n', () => {
    expect(parseScale('1:100')).toBe(100);
    expect(parseScale(' 1 : 2.5 ')).toBe(2.5);
    expect(parseScale('2:100')).toBeNull();
    expect(parseScale('1:5000')).toBeNull();
    expect(parseScale('100')).toBeNull();
  });
});

describe('lengths, areas, perimeters and counts', () => {
  it('adds a polyline segment by segment', () => {
    expect(polylineLength([[0, 0], [3, 4], [3, 10], [0, 10]])).toBe(5 + 6 + 3);
    expect(polylineLength([[1, 1]])).toBe(0);
  });

  it('computes the shoelace area of a triangle, a square and an L-shape, either way round', () => {
    expect(polygonArea([[0, 0], [4, 0], [0, 3]])).toBe(6);
    expect(polygonArea([[0, 3], [4, 0], [0, 0]])).toBe(6);
    expect(polygonArea([[0, 0], [10, 0], [10, 10], [0, 10]])).toBe(100);
    // 10×10 less its 5×5 upper-right corner.
    expect(polygonArea([[0, 0], [5, 0], [5, 5], [10, 5], [10, 10], [0, 10]])).toBe(75);
    expect(polygonPerimeter([[0, 0], [4, 0], [0, 3]])).toBe(12);
    expect(polygonPerimeter([[0, 0], [5, 0], [5, 5], [10, 5], [10, 10], [0, 10]])).toBe(40);
  });

  it('measures an area and its perimeter in metres: one inch square at 1:100 is 2.54 m a side', () => {
    const m = measureMarkup({ kind: 'measureArea', points: [[0, 0], [72, 0], [72, 72], [0, 72]] }, calibrationFromScale(100));
    expect(m).toEqual({ kind: 'area', area: expect.closeTo(6.4516, 9), perimeter: expect.closeTo(10.16, 9), calibrated: true });
  });

  it('measures in sheet units when the sheet is not calibrated, and says so', () => {
    expect(measureMarkup({ kind: 'measurePolyline', points: [[0, 0], [3, 4], [3, 10]] }, null)).toEqual({ kind: 'length', length: 11, calibrated: false });
  });

  it('counts the points of a count, and measures nothing for a drawing markup', () => {
    expect(measureMarkup({ kind: 'measureCount', points: [[1, 1], [2, 2], [3, 3]] }, null)).toEqual({ kind: 'count', count: 3 });
    expect(measureMarkup({ kind: 'rectangle', points: [[1, 1], [2, 2]] }, null)).toBeNull();
  });
});

describe('units', () => {
  it('writes feet and inches to the nearest sixteenth, fractions reduced', () => {
    expect(formatFeetInches(12 * 0.3048 + 3.5 * 0.0254)).toBe(`12'-3 1/2"`);
    expect(formatFeetInches(0.75 * 0.0254)).toBe(`0'-0 3/4"`);
    expect(formatFeetInches(2 * 0.3048 + 11.97 * 0.0254)).toBe(`3'-0"`); // rounds up into the next foot
    expect(formatFeetInches(1 * 0.3048 + (5 / 16) * 0.0254)).toBe(`1'-0 5/16"`);
    expect(formatFeetInches(-(2 * 0.3048 + 6 * 0.0254))).toBe(`-2'-6"`);
    expect(formatFeetInches(0)).toBe(`0'-0"`);
  });

  it('writes metres and millimetres in the reader’s number form', () => {
    expect(formatLength(12.3456, 'm', 'en')).toBe('12.35 m');
    expect(formatLength(12.3456, 'mm', 'en')).toBe('12,346 mm');
    expect(formatLength(2.54, 'ft-in', 'en')).toBe(`8'-4"`);
    expect(formatLength(1234.5, 'm', 'zh-CN')).toBe('1,234.50 m');
    expect(formatLength(1.5, 'm', 'ar')).toBe(`${new Intl.NumberFormat('ar', { minimumFractionDigits: 2 }).format(1.5)} m`);
  });

  it('writes areas in the unit’s square', () => {
    expect(formatArea(6.4516, 'm', 'en')).toBe('6.45 m²');
    expect(formatArea(0.5, 'mm', 'en')).toBe('500,000 mm²');
    expect(formatArea(0.3048 * 0.3048 * 10, 'ft-in', 'en')).toBe('10.00 ft²');
  });
});
