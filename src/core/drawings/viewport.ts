/**
 * Where a sheet sits on the screen: pure maths shared by the sheet viewer, its minimap, the
 * markup layer and the compare view.
 *
 * Sheet coordinates: x right, y down, origin at the top-left of the unrotated sheet, in sheet
 * units (PDF points, image pixels, DXF drawing units). The sheet is first turned clockwise by
 * `rotation` about its own top-left corner (so the turned sheet again starts at 0,0), then
 * scaled by `scale` (screen px per sheet unit) and moved so its top-left lands at `x`, `y`
 * (screen px, relative to the view's top-left).
 */

export type Point = readonly [number, number];
export type Rotation = 0 | 90 | 180 | 270;
export type Viewport = { x: number; y: number; scale: number; rotation: Rotation };
export type Size = { width: number; height: number };
/** An axis-aligned rectangle. */
export type Rect = { x: number; y: number; width: number; height: number };
/** A 2D affine transform as canvas and CSS write it: x' = a·x + c·y + e, y' = b·x + d·y + f. */
export type Matrix = readonly [number, number, number, number, number, number];

/** Free space kept around a fitted sheet, in screen px. */
export const FIT_MARGIN = 16;
/** How far out and in one may zoom, as multiples of the fit-page scale. */
export const ZOOM_OUT_LIMIT = 0.25;
export const ZOOM_IN_LIMIT = 64;

export function normalizeRotation(degrees: number): Rotation {
  const quarter = ((Math.round(degrees / 90) % 4) + 4) % 4;
  return (quarter * 90) as Rotation;
}

/** The sheet's size once turned: a quarter turn swaps width and height. */
export function rotatedSize(sheet: Size, rotation: Rotation): Size {
  return rotation === 90 || rotation === 270 ? { width: sheet.height, height: sheet.width } : { ...sheet };
}

/** Sheet point → point on the turned sheet (still in sheet units). */
export function rotatePoint(sheet: Size, rotation: Rotation, [px, py]: Point): [number, number] {
  switch (rotation) {
    case 90:
      return [sheet.height - py, px];
    case 180:
      return [sheet.width - px, sheet.height - py];
    case 270:
      return [py, sheet.width - px];
    default:
      return [px, py];
  }
}

/** Point on the turned sheet → sheet point: the inverse of `rotatePoint`. */
export function unrotatePoint(sheet: Size, rotation: Rotation, [rx, ry]: Point): [number, number] {
  switch (rotation) {
    case 90:
      return [ry, sheet.height - rx];
    case 180:
      return [sheet.width - rx, sheet.height - ry];
    case 270:
      return [sheet.width - ry, rx];
    default:
      return [rx, ry];
  }
}

export function sheetToScreen(view: Viewport, sheet: Size, point: Point): [number, number] {
  const [rx, ry] = rotatePoint(sheet, view.rotation, point);
  return [view.x + rx * view.scale, view.y + ry * view.scale];
}

export function screenToSheet(view: Viewport, sheet: Size, [sx, sy]: Point): [number, number] {
  return unrotatePoint(sheet, view.rotation, [(sx - view.x) / view.scale, (sy - view.y) / view.scale]);
}

/** The sheet → screen transform as one matrix, for `ctx.setTransform` and CSS `matrix()`. */
export function viewMatrix(view: Viewport, sheet: Size): Matrix {
  const s = view.scale;
  switch (view.rotation) {
    case 90:
      return [0, s, -s, 0, view.x + s * sheet.height, view.y];
    case 180:
      return [-s, 0, 0, -s, view.x + s * sheet.width, view.y + s * sheet.height];
    case 270:
      return [0, -s, s, 0, view.x, view.y + s * sheet.width];
    default:
      return [s, 0, 0, s, view.x, view.y];
  }
}

/** The whole turned sheet inside the view, centred. */
export function fitPage(sheet: Size, view: Size, rotation: Rotation = 0, margin = FIT_MARGIN): Viewport {
  const turned = rotatedSize(sheet, rotation);
  const scale = fitScale(turned, view, margin);
  return {
    x: (view.width - turned.width * scale) / 2,
    y: (view.height - turned.height * scale) / 2,
    scale,
    rotation,
  };
}

/** The turned sheet as wide as the view, its top edge at the top. */
export function fitWidth(sheet: Size, view: Size, rotation: Rotation = 0, margin = FIT_MARGIN): Viewport {
  const turned = rotatedSize(sheet, rotation);
  const scale = Math.max(view.width - 2 * margin, 1) / Math.max(turned.width, 1e-9);
  return { x: (view.width - turned.width * scale) / 2, y: margin, scale, rotation };
}

function fitScale(turned: Size, view: Size, margin: number): number {
  const width = Math.max(view.width - 2 * margin, 1);
  const height = Math.max(view.height - 2 * margin, 1);
  return Math.min(width / Math.max(turned.width, 1e-9), height / Math.max(turned.height, 1e-9));
}

/** The smallest and largest scale for this sheet in this view. */
export function scaleLimits(sheet: Size, view: Size): { min: number; max: number } {
  // The same limits at every turn, so rotating never changes the zoom.
  const upright = fitScale(sheet, view, FIT_MARGIN);
  const turned = fitScale(rotatedSize(sheet, 90), view, FIT_MARGIN);
  return { min: Math.min(upright, turned) * ZOOM_OUT_LIMIT, max: Math.max(upright, turned) * ZOOM_IN_LIMIT };
}

/** Zoom by `factor` keeping the sheet point under `anchor` (screen px) where it is. */
export function zoomAbout(view: Viewport, factor: number, anchor: Point, limits?: { min: number; max: number }): Viewport {
  let scale = view.scale * factor;
  if (limits) scale = Math.min(Math.max(scale, limits.min), limits.max);
  const applied = scale / view.scale;
  return {
    ...view,
    scale,
    x: anchor[0] - applied * (anchor[0] - view.x),
    y: anchor[1] - applied * (anchor[1] - view.y),
  };
}

export function panBy(view: Viewport, dx: number, dy: number): Viewport {
  return { ...view, x: view.x + dx, y: view.y + dy };
}

/** Turn by quarter turns (positive: clockwise) keeping the sheet point at the view's centre in place. */
export function rotateBy(view: Viewport, sheet: Size, viewSize: Size, quarterTurns: number): Viewport {
  const centre: Point = [viewSize.width / 2, viewSize.height / 2];
  const held = screenToSheet(view, sheet, centre);
  const rotation = normalizeRotation(view.rotation + quarterTurns * 90);
  const [rx, ry] = rotatePoint(sheet, rotation, held);
  return { rotation, scale: view.scale, x: centre[0] - rx * view.scale, y: centre[1] - ry * view.scale };
}

/**
 * Keeps the scale within limits and part of the sheet in sight: at least `keep` screen px of
 * the turned sheet (or all of it, when smaller) stays inside the view on each axis.
 */
export function clampViewport(view: Viewport, sheet: Size, viewSize: Size, keep = 48): Viewport {
  const limits = scaleLimits(sheet, viewSize);
  const scale = Math.min(Math.max(view.scale, limits.min), limits.max);
  const centre: Point = [viewSize.width / 2, viewSize.height / 2];
  const scaled = scale === view.scale ? view : zoomAbout(view, scale / view.scale, centre);
  const turned = rotatedSize(sheet, view.rotation);
  const clampAxis = (offset: number, length: number, room: number) => {
    const kept = Math.min(keep, length, room);
    return Math.min(Math.max(offset, kept - length), room - kept);
  };
  return {
    ...scaled,
    x: clampAxis(scaled.x, turned.width * scale, viewSize.width),
    y: clampAxis(scaled.y, turned.height * scale, viewSize.height),
  };
}

/** The part of the sheet (sheet units, axis-aligned, cut to the sheet) the view shows; null when none. */
export function visibleSheetRect(view: Viewport, sheet: Size, viewSize: Size): Rect | null {
  const corners = [
    screenToSheet(view, sheet, [0, 0]),
    screenToSheet(view, sheet, [viewSize.width, 0]),
    screenToSheet(view, sheet, [0, viewSize.height]),
    screenToSheet(view, sheet, [viewSize.width, viewSize.height]),
  ];
  const x0 = Math.max(0, Math.min(...corners.map((c) => c[0])));
  const y0 = Math.max(0, Math.min(...corners.map((c) => c[1])));
  const x1 = Math.min(sheet.width, Math.max(...corners.map((c) => c[0])));
  const y1 = Math.min(sheet.height, Math.max(...corners.map((c) => c[1])));
  if (x1 <= x0 || y1 <= y0) return null;
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

/** The viewport that shows the sheet point `point` at the view's centre, at the same scale and turn. */
export function centreOn(view: Viewport, sheet: Size, viewSize: Size, point: Point): Viewport {
  const [rx, ry] = rotatePoint(sheet, view.rotation, point);
  return { ...view, x: viewSize.width / 2 - rx * view.scale, y: viewSize.height / 2 - ry * view.scale };
}

export function sameViewport(a: Viewport, b: Viewport, epsilon = 1e-6): boolean {
  return a.rotation === b.rotation && Math.abs(a.x - b.x) < epsilon && Math.abs(a.y - b.y) < epsilon && Math.abs(a.scale / b.scale - 1) < epsilon;
}

// --- Tiles: a sheet drawn at a fixed render scale is cut into square tiles --------------

/** One tile of the turned sheet drawn at `scale`: column, row and its rectangle in render px. */
export type Tile = { column: number; row: number; x: number; y: number; width: number; height: number };

/**
 * Render scales come in steps of √2, so a zoom gesture re-renders at most once per step and
 * a tile stays between 0.71× and 1.41× of its drawn size (always sharp, never wasteful).
 */
export function renderScaleFor(scale: number): number {
  const step = Math.SQRT2;
  return step ** Math.ceil(Math.log(scale) / Math.log(step) - 1e-9);
}

/**
 * The tiles of the turned sheet, drawn at `renderScale` px per sheet unit, that the view
 * shows, nearest the view's centre first (so the middle sharpens first).
 */
export function visibleTiles(view: Viewport, sheet: Size, viewSize: Size, renderScale: number, tileSize = 512): Tile[] {
  const turned = rotatedSize(sheet, view.rotation);
  const fullWidth = Math.ceil(turned.width * renderScale);
  const fullHeight = Math.ceil(turned.height * renderScale);
  // The view in render px of the turned sheet.
  const ratio = renderScale / view.scale;
  const left = Math.max(0, -view.x * ratio);
  const top = Math.max(0, -view.y * ratio);
  const right = Math.min(fullWidth, (viewSize.width - view.x) * ratio);
  const bottom = Math.min(fullHeight, (viewSize.height - view.y) * ratio);
  if (right <= left || bottom <= top) return [];
  const tiles: Tile[] = [];
  for (let row = Math.floor(top / tileSize); row * tileSize < bottom; row++) {
    for (let column = Math.floor(left / tileSize); column * tileSize < right; column++) {
      const x = column * tileSize;
      const y = row * tileSize;
      tiles.push({ column, row, x, y, width: Math.min(tileSize, fullWidth - x), height: Math.min(tileSize, fullHeight - y) });
    }
  }
  const cx = (left + right) / 2;
  const cy = (top + bottom) / 2;
  const distance = (t: Tile) => Math.hypot(t.x + t.width / 2 - cx, t.y + t.height / 2 - cy);
  return tiles.sort((a, b) => distance(a) - distance(b));
}
