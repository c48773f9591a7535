/**
 * A DXF drawing as a display list: what to draw, already in sheet coordinates (x right, y
 * down, origin at the top-left of the drawing's extents, in drawing units), grouped so a
 * viewer can skip what is out of view and a canvas can stroke many shapes at once.
 */

/** Part of a path: a run of points, with the bulge of each segment where it is an arc. */
export type DxfPath = {
  kind: 'path';
  /** x0, y0, x1, y1, … */
  points: number[];
  /** Per segment (i → i+1, and last → first when closed): tan(angle/4), positive turning the way angles grow; null when all straight. */
  bulges: number[] | null;
  closed: boolean;
  /** Filled (SOLID, a solid hatch's outline is drawn only). */
  filled?: boolean;
};

/** A circular arc, as canvas `arc()` takes it (anticlockwise: the angle falls from start to end). */
export type DxfArc = { kind: 'arc'; cx: number; cy: number; r: number; start: number; end: number; anticlockwise: boolean };

/** An elliptical arc, as canvas `ellipse()` takes it (start and end are the ellipse's own parameter). */
export type DxfEllipse = {
  kind: 'ellipse';
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  rotation: number;
  start: number;
  end: number;
  anticlockwise: boolean;
};

export type DxfShape = DxfPath | DxfArc | DxfEllipse;

export type DxfTextAlign = 'left' | 'center' | 'right';
export type DxfTextBaseline = 'alphabetic' | 'bottom' | 'middle' | 'top';

/** One text (a TEXT, or an MTEXT's lines), drawn at its anchor, turned by `rotation` (radians, as canvas turns). */
export type DxfText = {
  layer: number;
  color: string;
  x: number;
  y: number;
  /** Capital height in drawing units. */
  height: number;
  rotation: number;
  widthFactor: number;
  align: DxfTextAlign;
  baseline: DxfTextBaseline;
  lines: string[];
  /** Distance between lines' baselines, in drawing units. */
  lineSpacing: number;
  /** MTEXT's box width: longer lines wrap at it (measured when drawn). */
  wrapWidth: number | null;
  bbox: Box;
};

/** x0, y0, x1, y1 in sheet coordinates. */
export type Box = [number, number, number, number];

/** Shapes of one layer, one colour and one part of the sheet: stroked together, skipped together. */
export type DxfBatch = { layer: number; color: string; bbox: Box; shapes: DxfShape[] };

export type DxfLayerInfo = {
  name: string;
  /** The layer's own colour, '#rrggbb'. */
  color: string;
  /** Shown when the file opens (a layer switched off or frozen in the file starts hidden). */
  visible: boolean;
  /** Entities drawn on it. */
  count: number;
};

export type DxfDisplayList = {
  /** Sheet size in drawing units: the extents with a small margin. */
  width: number;
  height: number;
  /** The drawing point (DXF coordinates, y up) at the sheet's top-left corner. */
  origin: { x: number; y: number };
  /** Drawing units, from $INSUNITS (0: unitless). */
  units: number;
  layers: DxfLayerInfo[];
  batches: DxfBatch[];
  texts: DxfText[];
  /** Entities drawn, by type (those inside blocks counted once per insert). */
  drawn: Record<string, number>;
  /** Entities skipped, by type: kinds not drawn, or ones whose geometry could not be read. */
  skipped: Record<string, number>;
};

export const emptyBox = (): Box => [Infinity, Infinity, -Infinity, -Infinity];

export function growBox(box: Box, x: number, y: number): void {
  if (x < box[0]) box[0] = x;
  if (y < box[1]) box[1] = y;
  if (x > box[2]) box[2] = x;
  if (y > box[3]) box[3] = y;
}

export function unionBox(box: Box, other: Box): void {
  if (other[0] < box[0]) box[0] = other[0];
  if (other[1] < box[1]) box[1] = other[1];
  if (other[2] > box[2]) box[2] = other[2];
  if (other[3] > box[3]) box[3] = other[3];
}

export function boxesMeet(a: Box, b: Box): boolean {
  return a[0] <= b[2] && b[0] <= a[2] && a[1] <= b[3] && b[1] <= a[3];
}

/** Centre, radius and angles of the arc a bulge makes between two points. */
export function bulgeArc(x0: number, y0: number, x1: number, y1: number, bulge: number): Omit<DxfArc, 'kind'> {
  const chord = Math.hypot(x1 - x0, y1 - y0);
  const angle = 4 * Math.atan(bulge);
  const r = chord / (2 * Math.sin(Math.abs(angle) / 2));
  // The centre lies on the chord's perpendicular bisector, left of p0 → p1 for a positive
  // bulge under a half turn; past a half turn the apothem goes negative and crosses over.
  const mx = (x0 + x1) / 2;
  const my = (y0 + y1) / 2;
  const sagitta = (bulge * chord) / 2;
  const apothem = r - Math.abs(sagitta);
  const nx = -(y1 - y0) / chord;
  const ny = (x1 - x0) / chord;
  const side = bulge > 0 ? 1 : -1;
  const cx = mx + nx * apothem * side;
  const cy = my + ny * apothem * side;
  return { cx, cy, r, start: Math.atan2(y0 - cy, x0 - cx), end: Math.atan2(y1 - cy, x1 - cx), anticlockwise: bulge < 0 };
}

/** The box around a shape (arcs counted as their whole circle: cheap, and only used for culling). */
export function shapeBox(shape: DxfShape): Box {
  if (shape.kind === 'arc') return [shape.cx - shape.r, shape.cy - shape.r, shape.cx + shape.r, shape.cy + shape.r];
  if (shape.kind === 'ellipse') {
    const r = Math.max(shape.rx, shape.ry);
    return [shape.cx - r, shape.cy - r, shape.cx + r, shape.cy + r];
  }
  const box = emptyBox();
  const { points, bulges } = shape;
  for (let i = 0; i < points.length; i += 2) growBox(box, points[i]!, points[i + 1]!);
  if (bulges) {
    const n = points.length / 2;
    for (let i = 0; i < bulges.length; i++) {
      const b = bulges[i]!;
      if (!b) continue;
      const j = (i + 1) % n;
      const arc = bulgeArc(points[2 * i]!, points[2 * i + 1]!, points[2 * j]!, points[2 * j + 1]!, b);
      unionBox(box, [arc.cx - arc.r, arc.cy - arc.r, arc.cx + arc.r, arc.cy + arc.r]);
    }
  }
  return box;
}
