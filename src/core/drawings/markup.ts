import type { Markup as StoredMarkup, MarkupVisibility } from '../contracts/drawings.ts';

export { MARKUP_VISIBILITIES, type MarkupVisibility } from '../contracts/drawings.ts';

/**
 * Markups drawn on a drawing sheet (schemas/meta/drawing-markup.schema.json): their types and
 * the pure geometry the canvas, the read-only widget, the exports and the server share.
 * Everything is in sheet coordinates (x right, y down, sheet units), never screen pixels.
 */

/** Every markup kind, in toolbar order. Keep in step with the schema's `$defs.kind`. */
export const MARKUP_KINDS = [
  'rectangle',
  'ellipse',
  'cloud',
  'arrow',
  'line',
  'polyline',
  'freehand',
  'text',
  'callout',
  'highlighter',
  'stamp',
  'photo',
  'link',
  'measureLength',
  'measurePolyline',
  'measureArea',
  'measureCount',
] as const;
export type MarkupKind = (typeof MARKUP_KINDS)[number];

export const MARKUP_STAMPS = ['approved', 'rejected', 'forInformation', 'revise', 'void'] as const;
export type MarkupStamp = (typeof MARKUP_STAMPS)[number];


export const MARKUP_POINTS_MAX = 5000;
export const MARKUP_TEXT_MAX = 2000;

/** [x, y] in sheet units. */
export type SheetPoint = [number, number];

export interface MarkupStyle {
  /** `#rrggbb` */
  color: string;
  /** Line width in sheet units. */
  width: number;
  /** 0..1 */
  opacity: number;
  fill: string | null;
  /** Text height in sheet units (text and callout need it). */
  fontSize?: number;
}

export type MarkupLink = { sheetId: number } | { documentId: number };

/** A markup as the browser sends it (the schema's shape). */
export interface MarkupInput {
  id?: number;
  revision?: number;
  kind: MarkupKind;
  points: SheetPoint[];
  style: MarkupStyle;
  text?: string;
  stamp?: MarkupStamp;
  photoFileId?: string;
  link?: MarkupLink;
  visibility: MarkupVisibility;
}

/** A stored markup as drawing/markup/list answers it. */
/** What a markup is, as drawn: the schema's shape without the server's id and lock. */
export type MarkupBody = Omit<MarkupInput, 'id' | 'revision'>;
export type Markup = StoredMarkup<MarkupInput>;

/** Kinds drawn by dragging a box from one corner to the other. */
const BOX_KINDS: ReadonlySet<MarkupKind> = new Set(['rectangle', 'ellipse', 'cloud', 'stamp', 'link']);
/** Kinds whose two points are the ends of a segment. */
const SEGMENT_KINDS: ReadonlySet<MarkupKind> = new Set(['line', 'arrow', 'measureLength', 'callout']);
/** Kinds made of many clicked points. */
const PATH_KINDS: ReadonlySet<MarkupKind> = new Set(['polyline', 'measurePolyline', 'measureArea', 'measureCount']);
/** Kinds drawn by dragging a stroke. */
const STROKE_KINDS: ReadonlySet<MarkupKind> = new Set(['freehand', 'highlighter']);
/** Kinds that measure, shown with their value. */
export const MEASURE_KINDS: ReadonlySet<MarkupKind> = new Set(['measureLength', 'measurePolyline', 'measureArea', 'measureCount']);

/** How a tool gathers points: drag a box, drag a segment, click points, drag a stroke, or click once. */
export type DrawGesture = 'box' | 'segment' | 'path' | 'stroke' | 'point';

export function drawGesture(kind: MarkupKind): DrawGesture {
  if (STROKE_KINDS.has(kind)) return 'stroke';
  if (BOX_KINDS.has(kind)) return 'box';
  if (SEGMENT_KINDS.has(kind)) return 'segment';
  if (PATH_KINDS.has(kind)) return 'path';
  return 'point';
}

/** The fewest points a kind needs (schema's kind rules). */
export function minPoints(kind: MarkupKind): number {
  if (kind === 'measureArea') return 3;
  if (kind === 'text' || kind === 'photo' || kind === 'measureCount') return 1;
  return 2;
}

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function boundsOfPoints(points: readonly SheetPoint[]): Bounds {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  if (minX === Infinity) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

export function unionBounds(list: readonly Bounds[]): Bounds | null {
  if (list.length === 0) return null;
  return boundsOfPoints(list.flatMap((b) => [[b.x, b.y] as SheetPoint, [b.x + b.width, b.y + b.height] as SheetPoint]));
}

export function growBounds(b: Bounds, by: number): Bounds {
  return { x: b.x - by, y: b.y - by, width: b.width + 2 * by, height: b.height + 2 * by };
}

/** The size of a marker (photo pin, count dot) in sheet units: from the font size, else the line width. */
export function markerSize(style: MarkupStyle): number {
  return style.fontSize ?? Math.max(style.width * 8, 1);
}

/** A photo's pin is drawn twice a marker's size: it is something to click, not a dot. */
const photoPinSize = (style: MarkupStyle) => markerSize(style) * 2;

/** Text laid out in lines; the width is estimated (average glyph 0.6 em) so every side agrees without fonts. */
export function textBox(text: string, fontSize: number, at: SheetPoint): Bounds {
  const lines = text.split('\n');
  const longest = Math.max(1, ...lines.map((l) => [...l].length));
  return { x: at[0], y: at[1], width: longest * fontSize * 0.6, height: lines.length * fontSize * 1.25 };
}

/** Where a callout's text box sits: at its second point. */
export function calloutTextBox(m: Pick<MarkupInput, 'points' | 'text' | 'style'>): Bounds {
  const fontSize = m.style.fontSize ?? 12;
  const box = textBox(m.text ?? '', fontSize, pointAt(m.points, 1));
  const pad = fontSize * 0.4;
  return { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad };
}

/** The box a markup covers, strokes included. */
export function markupBounds(m: Pick<MarkupInput, 'kind' | 'points' | 'style' | 'text'>): Bounds {
  const half = m.style.width / 2;
  switch (m.kind) {
    case 'text':
      return textBox(m.text ?? '', m.style.fontSize ?? 12, pointAt(m.points, 0));
    case 'photo': {
      const size = photoPinSize(m.style);
      const [x, y] = pointAt(m.points, 0);
      return { x: x - size / 2, y: y - size, width: size, height: size };
    }
    case 'measureCount':
      return growBounds(boundsOfPoints(m.points), markerSize(m.style) / 2);
    case 'callout':
      return unionBounds([growBounds(boundsOfPoints(m.points), half), calloutTextBox(m)])!;
    case 'cloud':
      return growBounds(boundsOfPoints(m.points), half + cloudArcSize(boundsOfPoints(m.points), m.style.width) / 2);
    case 'arrow':
      return growBounds(boundsOfPoints(m.points), half + arrowHeadLength(m.style.width));
    default:
      return growBounds(boundsOfPoints(m.points), half);
  }
}

/** The i-th point; the schema guarantees each kind its points, so a missing one is the origin rather than a crash. */
export function pointAt(points: readonly SheetPoint[], i: number): SheetPoint {
  return points[i] ?? points[points.length - 1] ?? [0, 0];
}

export function distance(a: SheetPoint, b: SheetPoint): number {
  return Math.hypot(b[0] - a[0], b[1] - a[1]);
}

/** Distance from p to the segment a-b. */
export function distanceToSegment(p: SheetPoint, a: SheetPoint, b: SheetPoint): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const lengthSquared = dx * dx + dy * dy;
  if (lengthSquared === 0) return distance(p, a);
  const t = Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / lengthSquared));
  return distance(p, [a[0] + t * dx, a[1] + t * dy]);
}

function distanceToPath(p: SheetPoint, points: readonly SheetPoint[], closed: boolean): number {
  let best = points.length === 1 ? distance(p, points[0]!) : Infinity;
  for (let i = 1; i < points.length; i++) best = Math.min(best, distanceToSegment(p, points[i - 1]!, points[i]!));
  if (closed && points.length > 2) best = Math.min(best, distanceToSegment(p, points[points.length - 1]!, points[0]!));
  return best;
}

/** Even-odd rule: whether p is inside the polygon. */
export function insidePolygon(p: SheetPoint, polygon: readonly SheetPoint[]): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    const [xi, yi] = polygon[i]!;
    const [xj, yj] = polygon[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function insideBounds(p: SheetPoint, b: Bounds): boolean {
  return p[0] >= b.x && p[0] <= b.x + b.width && p[1] >= b.y && p[1] <= b.y + b.height;
}

function rectCorners(b: Bounds): SheetPoint[] {
  return [
    [b.x, b.y],
    [b.x + b.width, b.y],
    [b.x + b.width, b.y + b.height],
    [b.x, b.y + b.height],
  ];
}

/**
 * Whether a click at p (sheet units) picks the markup; `tolerance` is the pick radius in sheet
 * units (a few screen pixels at the current zoom). Outlines are picked on their line, filled
 * shapes and labels anywhere inside.
 */
export function hitTest(m: Pick<MarkupInput, 'kind' | 'points' | 'style' | 'text'>, p: SheetPoint, tolerance: number): boolean {
  const reach = tolerance + m.style.width / 2;
  switch (m.kind) {
    case 'rectangle':
    case 'cloud': {
      const box = boundsOfPoints(m.points);
      if (m.style.fill !== null && insideBounds(p, box)) return true;
      return distanceToPath(p, rectCorners(box), true) <= reach + (m.kind === 'cloud' ? cloudArcSize(box, m.style.width) / 2 : 0);
    }
    case 'ellipse': {
      const box = boundsOfPoints(m.points);
      const rx = box.width / 2;
      const ry = box.height / 2;
      const cx = box.x + rx;
      const cy = box.y + ry;
      if (rx === 0 || ry === 0) return distanceToPath(p, m.points, false) <= reach;
      // Normalised radius; the ring's width in that measure is reach / the smaller radius.
      const r = Math.hypot((p[0] - cx) / rx, (p[1] - cy) / ry);
      if (m.style.fill !== null && r <= 1) return true;
      return Math.abs(r - 1) * Math.min(rx, ry) <= reach;
    }
    case 'stamp':
    case 'link':
    case 'text':
    case 'photo':
      return insideBounds(p, growBounds(markupBounds(m), tolerance));
    case 'highlighter':
    case 'freehand':
    case 'polyline':
    case 'measurePolyline':
    case 'line':
    case 'measureLength':
      return distanceToPath(p, m.points, false) <= reach;
    case 'arrow':
      return distanceToPath(p, m.points, false) <= reach + arrowHeadLength(m.style.width) / 2;
    case 'callout':
      return distanceToPath(p, m.points, false) <= reach || insideBounds(p, growBounds(calloutTextBox(m), tolerance));
    case 'measureArea':
      return insidePolygon(p, m.points) || distanceToPath(p, m.points, true) <= reach;
    case 'measureCount':
      return m.points.some((q) => distance(p, q) <= tolerance + markerSize(m.style) / 2);
  }
}

/** Whether the markup lies wholly inside the box (marquee selection). */
export function insideBox(m: Pick<MarkupInput, 'kind' | 'points' | 'style' | 'text'>, box: Bounds): boolean {
  const b = markupBounds(m);
  return b.x >= box.x && b.y >= box.y && b.x + b.width <= box.x + box.width && b.y + b.height <= box.y + box.height;
}

/** The topmost markup under p (the last drawn wins), or null. */
export function pickMarkup<M extends Pick<MarkupInput, 'kind' | 'points' | 'style' | 'text'>>(
  markups: readonly M[],
  p: SheetPoint,
  tolerance: number,
): M | null {
  for (let i = markups.length - 1; i >= 0; i--) if (hitTest(markups[i]!, p, tolerance)) return markups[i]!;
  return null;
}

export function movePoints(points: readonly SheetPoint[], dx: number, dy: number): SheetPoint[] {
  return points.map(([x, y]) => [x + dx, y + dy]);
}

export function moveMarkup<M extends Pick<MarkupInput, 'points'>>(m: M, dx: number, dy: number): M {
  return { ...m, points: movePoints(m.points, dx, dy) };
}

/** The eight grips of a selection box. */
export const RESIZE_HANDLES = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'] as const;
export type ResizeHandle = (typeof RESIZE_HANDLES)[number];

export function handlePoint(b: Bounds, handle: ResizeHandle): SheetPoint {
  const x = handle.includes('w') ? b.x : handle.includes('e') ? b.x + b.width : b.x + b.width / 2;
  const y = handle.includes('n') ? b.y : handle.includes('s') ? b.y + b.height : b.y + b.height / 2;
  return [x, y];
}

/** The box after dragging one grip to p; the opposite side stays put. */
export function resizeBounds(b: Bounds, handle: ResizeHandle, p: SheetPoint): Bounds {
  let left = b.x;
  let top = b.y;
  let right = b.x + b.width;
  let bottom = b.y + b.height;
  if (handle.includes('w')) left = p[0];
  if (handle.includes('e')) right = p[0];
  if (handle.includes('n')) top = p[1];
  if (handle.includes('s')) bottom = p[1];
  return { x: Math.min(left, right), y: Math.min(top, bottom), width: Math.abs(right - left), height: Math.abs(bottom - top) };
}

/** Maps points from one box onto another (a resize); a flat side keeps its points where they are. */
export function scalePoints(points: readonly SheetPoint[], from: Bounds, to: Bounds): SheetPoint[] {
  const sx = from.width === 0 ? 1 : to.width / from.width;
  const sy = from.height === 0 ? 1 : to.height / from.height;
  return points.map(([x, y]) => [to.x + (x - from.x) * sx, to.y + (y - from.y) * sy]);
}

/**
 * Resizes a markup so that its points fill `to` as they filled `from`. Text, photos and
 * counts keep their size (their points move; a text's size is its font size).
 */
export function resizeMarkup<M extends Pick<MarkupInput, 'kind' | 'points'>>(m: M, from: Bounds, to: Bounds): M {
  return { ...m, points: scalePoints(m.points, from, to) };
}

// ---------------------------------------------------------------------------------------------
// Outlines as SVG path data: one geometry for the SVG layer, canvas (Path2D) and PDF (pdf-lib).

const n = (v: number): string => String(Math.round(v * 1000) / 1000);

function polylinePath(points: readonly SheetPoint[], closed: boolean): string {
  const d = points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${n(x)} ${n(y)}`).join(' ');
  return closed ? `${d} Z` : d;
}

function ellipsePath(b: Bounds): string {
  const rx = b.width / 2;
  const ry = b.height / 2;
  const cx = b.x + rx;
  const cy = b.y + ry;
  // Four quarter arcs as cubic Béziers: every renderer (pdf-lib included) draws them the same.
  const k = 0.5522847498;
  return [
    `M${n(cx + rx)} ${n(cy)}`,
    `C${n(cx + rx)} ${n(cy + k * ry)} ${n(cx + k * rx)} ${n(cy + ry)} ${n(cx)} ${n(cy + ry)}`,
    `C${n(cx - k * rx)} ${n(cy + ry)} ${n(cx - rx)} ${n(cy + k * ry)} ${n(cx - rx)} ${n(cy)}`,
    `C${n(cx - rx)} ${n(cy - k * ry)} ${n(cx - k * rx)} ${n(cy - ry)} ${n(cx)} ${n(cy - ry)}`,
    `C${n(cx + k * rx)} ${n(cy - ry)} ${n(cx + rx)} ${n(cy - k * ry)} ${n(cx + rx)} ${n(cy)}`,
    'Z',
  ].join(' ');
}

/** The scallop size of a revision cloud: about a tenth of the shorter side, never thinner than the line allows. */
export function cloudArcSize(b: Bounds, lineWidth: number): number {
  const side = Math.min(b.width, b.height);
  return Math.max(lineWidth * 4, Math.min(side / 4, Math.max(side / 10, lineWidth * 6)));
}

/** A revision cloud around the box: outward half-circle scallops along each side, clockwise. */
export function cloudPath(b: Bounds, lineWidth: number): string {
  const corners = rectCorners(b);
  const size = cloudArcSize(b, lineWidth);
  const parts = [`M${n(b.x)} ${n(b.y)}`];
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!;
    const c = corners[(i + 1) % 4]!;
    const length = distance(a, c);
    const count = Math.max(1, Math.round(length / size));
    for (let k = 1; k <= count; k++) {
      const x = a[0] + ((c[0] - a[0]) * k) / count;
      const y = a[1] + ((c[1] - a[1]) * k) / count;
      const r = length / count / 2;
      // Sweep 1 bulges outward for a clockwise walk in y-down coordinates.
      parts.push(`A${n(r)} ${n(r)} 0 0 1 ${n(x)} ${n(y)}`);
    }
  }
  parts.push('Z');
  return parts.join(' ');
}

export function arrowHeadLength(lineWidth: number): number {
  return lineWidth * 5;
}

/** The arrow head at b of the segment a-b, as a closed triangle. */
export function arrowHeadPath(a: SheetPoint, b: SheetPoint, lineWidth: number): string {
  const length = arrowHeadLength(lineWidth);
  const angle = Math.atan2(b[1] - a[1], b[0] - a[0]);
  const spread = Math.PI / 7;
  const left: SheetPoint = [b[0] - length * Math.cos(angle - spread), b[1] - length * Math.sin(angle - spread)];
  const right: SheetPoint = [b[0] - length * Math.cos(angle + spread), b[1] - length * Math.sin(angle + spread)];
  return polylinePath([b, left, right], true);
}

/** A markup's drawn outline; what is stroked. Text, stamps and photos add their labels on top. */
export interface MarkupOutline {
  /** Stroked (and filled when the style has a fill) path. */
  d: string;
  /** Filled with the line colour (arrow heads, count dots). */
  solid?: string;
  /** Whether `d` is closed, so a fill applies. */
  closed: boolean;
}

export function markupOutline(m: Pick<MarkupInput, 'kind' | 'points' | 'style' | 'text'>): MarkupOutline {
  const box = boundsOfPoints(m.points);
  switch (m.kind) {
    case 'rectangle':
    case 'stamp':
    case 'link':
      return { d: polylinePath(rectCorners(box), true), closed: true };
    case 'ellipse':
      return { d: ellipsePath(box), closed: true };
    case 'cloud':
      return { d: cloudPath(box, m.style.width), closed: true };
    case 'arrow':
      return { d: polylinePath(m.points, false), solid: arrowHeadPath(pointAt(m.points, 0), pointAt(m.points, 1), m.style.width), closed: false };
    case 'callout': {
      const textBoxPath = polylinePath(rectCorners(calloutTextBox(m)), true);
      return {
        d: `${polylinePath(m.points, false)} ${textBoxPath}`,
        solid: arrowHeadPath(pointAt(m.points, 1), pointAt(m.points, 0), m.style.width),
        closed: false,
      };
    }
    case 'measureLength': {
      // Ticks across both ends, as a dimension line has.
      const a = pointAt(m.points, 0);
      const b = pointAt(m.points, 1);
      const length = distance(a, b) || 1;
      const tick = m.style.width * 4;
      const ox = (-(b[1] - a[1]) / length) * tick;
      const oy = ((b[0] - a[0]) / length) * tick;
      const ticks = [a, b].map(([x, y]) => `M${n(x - ox)} ${n(y - oy)} L${n(x + ox)} ${n(y + oy)}`).join(' ');
      return { d: `${polylinePath(m.points, false)} ${ticks}`, closed: false };
    }
    case 'measureArea':
      return { d: polylinePath(m.points, true), closed: true };
    case 'measureCount': {
      const r = markerSize(m.style) / 2;
      const dots = m.points.map(([x, y]) => `M${n(x - r)} ${n(y)} A${n(r)} ${n(r)} 0 1 0 ${n(x + r)} ${n(y)} A${n(r)} ${n(r)} 0 1 0 ${n(x - r)} ${n(y)} Z`);
      return { d: '', solid: dots.join(' '), closed: false };
    }
    case 'photo': {
      // A map pin: a circle-topped drop whose tip is the point.
      const size = photoPinSize(m.style);
      const [x, y] = pointAt(m.points, 0);
      const r = size * 0.35;
      const cy = y - size + r;
      return { d: '', solid: `M${n(x)} ${n(y)} L${n(x - r)} ${n(cy)} A${n(r)} ${n(r)} 0 1 1 ${n(x + r)} ${n(cy)} Z`, closed: false };
    }
    case 'text':
      return { d: '', closed: false };
    default:
      return { d: polylinePath(m.points, false), closed: false };
  }
}

/** The point a side panel zooms to and a label sits at: the middle of the markup's box. */
export function markupCentre(m: Pick<MarkupInput, 'kind' | 'points' | 'style' | 'text'>): SheetPoint {
  const b = markupBounds(m);
  return [b.x + b.width / 2, b.y + b.height / 2];
}

/** A starting style for a kind, scaled to the sheet (a line about 1/500 of its long side). */
export function defaultStyle(kind: MarkupKind, sheetSize: { width: number; height: number }): MarkupStyle {
  const unit = Math.max(sheetSize.width, sheetSize.height) / 500;
  const width = Math.round(unit * 100) / 100 || 1;
  const color = kind === 'highlighter' ? '#ffd400' : kind.startsWith('measure') ? '#1f6feb' : '#e5252a';
  const style: MarkupStyle = { color, width, opacity: kind === 'highlighter' ? 0.4 : 1, fill: null };
  if (kind === 'highlighter') style.width = width * 8;
  if (kind === 'text' || kind === 'callout' || kind === 'stamp' || kind === 'link' || kind === 'photo' || kind === 'measureCount') {
    style.fontSize = Math.round(unit * 600) / 100 || 12;
  }
  return style;
}
