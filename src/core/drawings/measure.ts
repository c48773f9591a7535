/**
 * Measuring on a drawing sheet: calibration (sheet units → metres), lengths, areas,
 * perimeters and counts of measurement markups, and their text in metres, millimetres or
 * feet and inches. Pure: the canvas, the side panel, the exports and the tests share it.
 */
import type { Calibration } from '../contracts/drawings.ts';
import { formatNumber } from '../value-format.ts';
import type { MarkupInput, SheetPoint } from './markup.ts';

export type { Calibration } from '../contracts/drawings.ts';

/** One PDF point on paper: 1/72 inch. */
export const PDF_POINT_METRES = 0.0254 / 72;
export const INCH_METRES = 0.0254;
export const FOOT_METRES = 0.3048;

/** The scales offered for a sheet, 1:1 … 1:1000. */
export const DRAWING_SCALES = [1, 2, 5, 10, 20, 25, 50, 75, 100, 125, 200, 250, 500, 1000] as const;
export const SCALE_MAX = 1000;

export const LENGTH_UNITS = ['m', 'mm', 'ft-in'] as const;
export type LengthUnit = (typeof LENGTH_UNITS)[number];

/** `'1:100'` → 100; null for anything else (or a scale out of 1:1 … 1:1000). */
export function parseScale(text: string): number | null {
  const match = /^\s*1\s*:\s*(\d+(?:\.\d+)?)\s*$/.exec(text);
  if (!match) return null;
  const denominator = Number(match[1]);
  return denominator >= 1 && denominator <= SCALE_MAX ? denominator : null;
}

/**
 * Calibration from a scale: one sheet unit is `paperMetresPerUnit` on paper (a PDF point by
 * default) and the drawing shows the world `denominator` times smaller.
 */
export function calibrationFromScale(denominator: number, paperMetresPerUnit = PDF_POINT_METRES): NonNullable<Calibration> {
  if (!(denominator >= 1 && denominator <= SCALE_MAX)) throw new RangeError(`scale 1:${denominator} is outside 1:1 … 1:${SCALE_MAX}`);
  return { metresPerUnit: paperMetresPerUnit * denominator, source: 'scale', scale: `1:${denominator}` };
}

/** Calibration from a segment drawn on the sheet whose real length is known. */
export function calibrationFromDistance(a: SheetPoint, b: SheetPoint, knownMetres: number): NonNullable<Calibration> {
  const units = Math.hypot(b[0] - a[0], b[1] - a[1]);
  if (!(units > 0)) throw new RangeError('the two points are the same');
  if (!(knownMetres > 0)) throw new RangeError('the known distance must be more than zero');
  return { metresPerUnit: knownMetres / units, source: 'distance' };
}

export function polylineLength(points: readonly SheetPoint[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += Math.hypot(points[i]![0] - points[i - 1]![0], points[i]![1] - points[i - 1]![1]);
  return total;
}

/** The enclosed area (shoelace formula), positive whichever way the points run. */
export function polygonArea(points: readonly SheetPoint[]): number {
  let twice = 0;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) twice += points[j]![0] * points[i]![1] - points[i]![0] * points[j]![1];
  return Math.abs(twice) / 2;
}

export function polygonPerimeter(points: readonly SheetPoint[]): number {
  if (points.length < 2) return 0;
  return polylineLength(points) + (points.length > 2 ? Math.hypot(points[0]![0] - points.at(-1)![0], points[0]![1] - points.at(-1)![1]) : 0);
}

/** What a measurement markup measures, in metres (or in sheet units when the sheet is not calibrated). */
export type Measurement =
  | { kind: 'length'; length: number; calibrated: boolean }
  | { kind: 'area'; area: number; perimeter: number; calibrated: boolean }
  | { kind: 'count'; count: number };

export function measureMarkup(m: Pick<MarkupInput, 'kind' | 'points'>, calibration: Calibration): Measurement | null {
  const k = calibration?.metresPerUnit ?? 1;
  const calibrated = calibration !== null;
  switch (m.kind) {
    case 'measureLength':
    case 'measurePolyline':
      return { kind: 'length', length: polylineLength(m.points) * k, calibrated };
    case 'measureArea':
      return { kind: 'area', area: polygonArea(m.points) * k * k, perimeter: polygonPerimeter(m.points) * k, calibrated };
    case 'measureCount':
      return { kind: 'count', count: m.points.length };
    default:
      return null;
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

/**
 * Feet and inches to the nearest 1/16 inch, as drawings write them: `12'-3 1/2"`, `0'-0 3/4"`,
 * `-2'-6"`. Digits stay Latin: it is a notation, not prose.
 */
export function formatFeetInches(metres: number): string {
  const sixteenths = Math.round((Math.abs(metres) / INCH_METRES) * 16);
  const feet = Math.floor(sixteenths / (12 * 16));
  const inchSixteenths = sixteenths - feet * 12 * 16;
  const inches = Math.floor(inchSixteenths / 16);
  const fraction = inchSixteenths % 16;
  let text = `${feet}'-${inches}`;
  if (fraction > 0) {
    const divisor = gcd(fraction, 16);
    text += ` ${fraction / divisor}/${16 / divisor}`;
  }
  return `${metres < 0 && sixteenths > 0 ? '-' : ''}${text}"`;
}

/** A length in the chosen unit, numbers in the reader's form: `12.35 m`, `12,350 mm`, `40'-6 1/4"`. */
export function formatLength(metres: number, unit: LengthUnit, language: string): string {
  if (unit === 'ft-in') return formatFeetInches(metres);
  if (unit === 'mm') return formatNumber(metres * 1000, language, { decimals: 0, unit: 'mm' });
  return formatNumber(metres, language, { decimals: 2, unit: 'm' });
}

/** An area in the unit's square: m², mm² or ft². */
export function formatArea(squareMetres: number, unit: LengthUnit, language: string): string {
  if (unit === 'ft-in') return formatNumber(squareMetres / (FOOT_METRES * FOOT_METRES), language, { decimals: 2, unit: 'ft²' });
  if (unit === 'mm') return formatNumber(squareMetres * 1e6, language, { decimals: 0, unit: 'mm²' });
  return formatNumber(squareMetres, language, { decimals: 2, unit: 'm²' });
}
