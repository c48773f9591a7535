import DxfParser, { type IDxf, type IEntity, type IPoint } from 'dxf-parser';
import ACI from 'dxf-parser/dist/AutoCadColorIndex.js';
import {
  emptyBox,
  growBox,
  shapeBox,
  unionBox,
  type Box,
  type DxfBatch,
  type DxfDisplayList,
  type DxfLayerInfo,
  type DxfShape,
  type DxfText,
  type DxfTextAlign,
  type DxfTextBaseline,
} from './display-list.ts';
import { HatchHandler, LeaderHandler, type HatchEntity, type LeaderEntity } from './extra-entities.ts';
import { mtextLines, plainText } from './text-codes.ts';

/** The file is not a DXF this reader understands (binary DXF, cut short, not DXF at all). */
export class DxfUnreadableError extends Error {
  constructor(detail: string) {
    super(`DXF could not be read: ${detail}`);
    this.name = 'DxfUnreadableError';
  }
}

type Matrix = [number, number, number, number, number, number];
const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
const MIRROR_X: Matrix = [-1, 0, 0, 1, 0, 0];
/** Blocks inside blocks deeper than this are a loop or a mistake: not drawn. */
const MAX_NESTING = 16;
/** A drawing that expands (through inserts) to more shapes than this stops there. */
const MAX_SHAPES = 3_000_000;
/** Batches cut the sheet into this many parts each way, so a zoomed view skips the rest. */
const GRID = 16;
/** Free space around the extents, as a share of the longer side. */
const MARGIN = 0.02;
/** Entity kinds drawn; every other kind met is counted as skipped. */
const DRAWN_KINDS = new Set(['LINE', 'LWPOLYLINE', 'POLYLINE', 'ARC', 'CIRCLE', 'ELLIPSE', 'SPLINE', 'TEXT', 'MTEXT', 'INSERT', 'DIMENSION', 'SOLID', '3DFACE', 'HATCH', 'LEADER']);
/** Kinds read but not drawn on purpose: definitions and markers, not ink. */
const SILENT_KINDS = new Set(['ATTDEF', 'POINT', 'SEQEND', 'VERTEX', 'BLOCK', 'ENDBLK', 'ENDSEC', 'SECTION', 'EOF']);

type Item = { layer: number; color: string; shape: DxfShape };
type Scope = { matrix: Matrix; layer: number | null; color: string | null; depth: number };

const mul = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];
const translate = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];
const rotate = (radians: number): Matrix => [Math.cos(radians), Math.sin(radians), -Math.sin(radians), Math.cos(radians), 0, 0];
const scale = (sx: number, sy: number): Matrix => [sx, 0, 0, sy, 0, 0];
const det = (m: Matrix) => m[0] * m[3] - m[1] * m[2];
/** Keeps circles circles: no skew, the same scale both ways. */
const isSimilar = (m: Matrix) => Math.abs(m[0] * m[0] + m[1] * m[1] - (m[2] * m[2] + m[3] * m[3])) < 1e-9 * (m[0] * m[0] + m[1] * m[1] + 1e-300) && Math.abs(m[0] * m[2] + m[1] * m[3]) < 1e-9 * (m[0] * m[0] + m[1] * m[1] + 1e-300);
const finite = (...values: number[]) => values.every(Number.isFinite);

/** A colour as CSS; white ink (ACI 7 and friends) draws black on the white sheet. */
function css(rgb: number | undefined): string {
  if (rgb === undefined || !Number.isFinite(rgb)) return '#000000';
  const value = rgb & 0xffffff;
  if (value === 0xffffff) return '#000000';
  return `#${value.toString(16).padStart(6, '0')}`;
}

/** Entity kinds in the ENTITIES and BLOCKS sections, counted from the text (so kinds no reader knows are counted too). */
export function countEntityKinds(text: string): Record<string, number> {
  const counts: Record<string, number> = {};
  // A kind is a group code 0 line followed by a name; values are never followed by a name line
  // (the next line is always a numeric code), so a name after "0" is a kind.
  const sections = /\n[ \t]*2\r?\n(ENTITIES|BLOCKS)\r?\n/g;
  let section: RegExpExecArray | null;
  while ((section = sections.exec(text))) {
    const start = section.index + section[0].length - 1;
    const end = text.indexOf('ENDSEC', start);
    const part = text.slice(start, end < 0 ? undefined : end);
    const kinds = /\n[ \t]*0\r?\n([A-Za-z_][A-Za-z0-9_]*)\r?(?=\n)/g;
    let kind: RegExpExecArray | null;
    while ((kind = kinds.exec(part))) {
      const name = kind[1]!.toUpperCase();
      counts[name] = (counts[name] ?? 0) + 1;
    }
  }
  return counts;
}

/** Reads a DXF text into a display list in sheet coordinates. Unknown entities are skipped and counted. */
export function readDxf(text: string): DxfDisplayList {
  if (!/^\s*0\r?\nSECTION/m.test(text.slice(0, 4096))) throw new DxfUnreadableError('no SECTION at the start');
  const parser = new DxfParser();
  parser.registerEntityHandler(HatchHandler as never);
  parser.registerEntityHandler(LeaderHandler as never);
  let dxf: IDxf | null;
  try {
    dxf = parser.parseSync(text);
  } catch (error) {
    throw new DxfUnreadableError(error instanceof Error ? error.message : String(error));
  }
  if (!dxf) throw new DxfUnreadableError('empty');
  return buildDisplayList(dxf, countEntityKinds(text));
}

export function buildDisplayList(dxf: IDxf, kindsInFile: Record<string, number> = {}): DxfDisplayList {
  const layerIndex = new Map<string, number>();
  const layers: DxfLayerInfo[] = [];
  const layerOf = (name: string | undefined) => {
    const key = name ?? '0';
    let index = layerIndex.get(key);
    if (index === undefined) {
      index = layers.length;
      layerIndex.set(key, index);
      layers.push({ name: key, color: '#000000', visible: true, count: 0 });
    }
    return index;
  };
  for (const layer of Object.values(dxf.tables?.layer?.layers ?? {})) {
    const index = layerOf(layer.name);
    layers[index]!.color = css(layer.color ?? ACI[layer.colorIndex ?? 7]);
    layers[index]!.visible = layer.visible !== false && !layer.frozen;
  }

  const items: Item[] = [];
  const texts: DxfText[] = [];
  const drawn: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  const skip = (kind: string) => (skipped[kind] = (skipped[kind] ?? 0) + 1);
  let full = false;
  /** While a block library is measured, nothing is counted. */
  let measuring = false;

  const emitShape = (layer: number, color: string, shape: DxfShape) => {
    if (items.length >= MAX_SHAPES) {
      full = true;
      return;
    }
    items.push({ layer, color, shape });
  };

  /** A run of points (and bulges) through a matrix; arcs that a skew would bend are sampled. */
  const emitPath = (layer: number, color: string, m: Matrix, points: number[], bulges: number[] | null, closed: boolean, filled = false) => {
    if (points.length < 4 || !points.every(Number.isFinite)) return false;
    const out: number[] = [];
    const hasBulges = bulges?.some((b) => b !== 0) ?? false;
    if (hasBulges && !isSimilar(m)) {
      // Sample bulged segments, then map: a skewed arc is no longer an arc.
      const n = points.length / 2;
      const segments = closed ? n : n - 1;
      const sampled: number[] = [];
      for (let i = 0; i < segments; i++) {
        const j = (i + 1) % n;
        const x0 = points[2 * i]!;
        const y0 = points[2 * i + 1]!;
        const b = bulges![i] ?? 0;
        sampled.push(x0, y0);
        if (b) {
          const x1 = points[2 * j]!;
          const y1 = points[2 * j + 1]!;
          const angle = 4 * Math.atan(b);
          const chord = Math.hypot(x1 - x0, y1 - y0);
          const r = chord / (2 * Math.sin(Math.abs(angle) / 2));
          const apothem = r - (Math.abs(b) * chord) / 2;
          const side = b > 0 ? 1 : -1;
          const cx = (x0 + x1) / 2 - ((y1 - y0) / chord) * apothem * side;
          const cy = (y0 + y1) / 2 + ((x1 - x0) / chord) * apothem * side;
          const a0 = Math.atan2(y0 - cy, x0 - cx);
          const steps = Math.max(4, Math.ceil(Math.abs(angle) / (Math.PI / 36)));
          for (let s = 1; s < steps; s++) {
            const t = a0 + (angle * s) / steps;
            sampled.push(cx + r * Math.cos(t), cy + r * Math.sin(t));
          }
        }
      }
      if (!closed) sampled.push(points[points.length - 2]!, points[points.length - 1]!);
      return emitPath(layer, color, m, sampled, null, closed, filled);
    }
    for (let i = 0; i < points.length; i += 2) {
      const x = points[i]!;
      const y = points[i + 1]!;
      out.push(m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]);
    }
    // A mirror turns every arc the other way.
    const flip = det(m) < 0 ? -1 : 1;
    emitShape(layer, color, { kind: 'path', points: out, bulges: hasBulges ? bulges!.map((b) => b * flip) : null, closed, filled });
    return true;
  };

  /** An elliptical (or circular, rx = ry) arc, increasing angle from start to end, through a matrix. */
  const emitArc = (layer: number, color: string, m: Matrix, cx: number, cy: number, rx: number, ry: number, tilt: number, start: number, end: number) => {
    if (!finite(cx, cy, rx, ry, tilt, start, end) || rx <= 0 || ry <= 0) return false;
    if (!isSimilar(m)) {
      let sweep = end - start;
      while (sweep <= 0) sweep += Math.PI * 2;
      const steps = Math.max(8, Math.min(360, Math.ceil(sweep / (Math.PI / 72))));
      const points: number[] = [];
      const cos = Math.cos(tilt);
      const sin = Math.sin(tilt);
      for (let i = 0; i <= steps; i++) {
        const t = start + (sweep * i) / steps;
        const px = rx * Math.cos(t);
        const py = ry * Math.sin(t);
        points.push(cx + px * cos - py * sin, cy + px * sin + py * cos);
      }
      return emitPath(layer, color, m, points, null, false);
    }
    const k = Math.sqrt(Math.abs(det(m)));
    const phi = Math.atan2(m[1], m[0]);
    const mirrored = det(m) < 0;
    const x = m[0] * cx + m[2] * cy + m[4];
    const y = m[1] * cx + m[3] * cy + m[5];
    const rotation = mirrored ? phi - tilt : phi + tilt;
    const [s, e] = mirrored ? [-start, -end] : [start, end];
    if (rx === ry) emitShape(layer, color, { kind: 'arc', cx: x, cy: y, r: rx * k, start: s + rotation, end: e + rotation, anticlockwise: mirrored });
    else emitShape(layer, color, { kind: 'ellipse', cx: x, cy: y, rx: rx * k, ry: ry * k, rotation, start: s, end: e, anticlockwise: mirrored });
    return true;
  };

  const emitText = (layer: number, color: string, m: Matrix, at: IPoint | undefined, height: number, degrees: number, widthFactor: number, align: DxfTextAlign, baseline: DxfTextBaseline, lines: string[], lineSpacing: number, wrapWidth: number | null = null) => {
    if (!at || !finite(at.x, at.y, height) || height <= 0 || lines.every((line) => !line.trim())) return false;
    const radians = (degrees * Math.PI) / 180;
    const dx = Math.cos(radians);
    const dy = Math.sin(radians);
    const k = Math.sqrt(Math.abs(det(m)));
    const x = m[0] * at.x + m[2] * at.y + m[4];
    const y = m[1] * at.x + m[3] * at.y + m[5];
    // The text's direction through the matrix; a mirrored block still reads left to right.
    const ux = m[0] * dx + m[2] * dy;
    const uy = m[1] * dx + m[3] * dy;
    texts.push({ layer, color, x, y, height: height * k, rotation: Math.atan2(uy, ux), widthFactor: widthFactor || 1, align, baseline, lines, lineSpacing: lineSpacing * k, wrapWidth: wrapWidth && wrapWidth > 0 ? wrapWidth * k : null, bbox: [0, 0, 0, 0] });
    return true;
  };

  const resolveLayer = (entity: IEntity, scope: Scope) => (entity.layer === '0' || entity.layer === undefined) && scope.layer !== null ? scope.layer : layerOf(entity.layer);
  const resolveColor = (entity: IEntity, layer: number, scope: Scope) => {
    const index = entity.colorIndex;
    if (index === 0) return scope.color ?? '#000000';
    if (index === 256 || index === undefined) return entity.color !== undefined && index === undefined ? css(entity.color) : layers[layer]!.color;
    return css(entity.color ?? ACI[Math.abs(index)]);
  };

  const walk = (entities: IEntity[] | undefined, scope: Scope) => {
    for (const entity of entities ?? []) {
      if (full) return;
      const kind = entity.type;
      if (scope.depth === 0 && entity.inPaperSpace) {
        skip(`${kind} (paper space)`);
        continue;
      }
      if (entity.visible === false || SILENT_KINDS.has(kind)) continue;
      if (!DRAWN_KINDS.has(kind)) continue; // counted from the file's text
      const layer = resolveLayer(entity, scope);
      const color = resolveColor(entity, layer, scope);
      let ok: boolean;
      try {
        ok = drawEntity(entity, layer, color, scope);
      } catch {
        ok = false;
      }
      if (measuring) continue;
      if (ok) {
        drawn[kind] = (drawn[kind] ?? 0) + 1;
        layers[layer]!.count++;
      } else skip(kind);
    }
  };

  /**
   * A file with blocks but nothing in model space (a block library) shows its named blocks side
   * by side in rows, each with its name under it, rather than an empty sheet.
   */
  function layOutBlocks() {
    // Named blocks and layouts; anonymous ones (*D dimensions, *U, *X…) are parts of others.
    const names = Object.keys(dxf.blocks ?? {}).filter((name) => (!name.startsWith('*') || /^\*(Paper|Model)_Space/i.test(name)) && (dxf.blocks[name]!.entities?.length ?? 0) > 0);
    measuring = true;
    const measured = names.flatMap((name) => {
      const firstItem = items.length;
      const firstText = texts.length;
      const base = dxf.blocks[name]!.position ?? { x: 0, y: 0, z: 0 };
      walk(dxf.blocks[name]!.entities, { matrix: translate(-base.x, -base.y), layer: null, color: null, depth: 1 });
      const box = emptyBox();
      for (let i = firstItem; i < items.length; i++) unionBox(box, shapeBox(items[i]!.shape));
      for (let i = firstText; i < texts.length; i++) unionBox(box, textBox(texts[i]!, 1));
      items.length = firstItem;
      texts.length = firstText;
      return box[2] >= box[0] && box[3] >= box[1] ? [{ name, base, box }] : [];
    });
    measuring = false;
    if (measured.length === 0) return;
    const sizes = measured.map(({ box }) => Math.max(box[2] - box[0], box[3] - box[1])).sort((a, b) => a - b);
    const gap = Math.max(sizes[Math.floor(sizes.length / 2)]! * 0.25, 1e-6);
    const area = measured.reduce((sum, { box }) => sum + (box[2] - box[0] + gap) * (box[3] - box[1] + 2 * gap), 0);
    const rowWidth = Math.max(Math.sqrt(area) * 1.4, sizes[sizes.length - 1]! + gap);
    const label = layerOf('0');
    let x = 0;
    let top = 0;
    let rowHeight = 0;
    for (const { name, base, box } of measured) {
      const width = box[2] - box[0];
      const height = box[3] - box[1];
      if (x > 0 && x + width > rowWidth) {
        x = 0;
        top -= rowHeight + 2 * gap;
        rowHeight = 0;
      }
      // The block's top-left at (x, top), its name below it.
      walk(dxf.blocks[name]!.entities, { matrix: translate(x - box[0] - base.x, top - box[3] - base.y), layer: null, color: null, depth: 1 });
      emitText(label, '#595959', IDENTITY, { x, y: top - height - gap * 0.3, z: 0 }, gap * 0.3, 0, 1, 'left', 'top', [name], gap * 0.5);
      x += width + gap;
      rowHeight = Math.max(rowHeight, height);
    }
  }

  const ocs = (m: Matrix, extrusionZ: number | undefined) => (extrusionZ !== undefined && extrusionZ < 0 ? mul(m, MIRROR_X) : m);

  const insertBlock = (name: string | undefined, m: Matrix, layer: number, color: string, scope: Scope): boolean => {
    const block = name ? dxf.blocks?.[name] : undefined;
    if (!block || scope.depth >= MAX_NESTING) return false;
    walk(block.entities, { matrix: m, layer, color, depth: scope.depth + 1 });
    return true;
  };

  function drawEntity(entity: IEntity, layer: number, color: string, scope: Scope): boolean {
    const m = scope.matrix;
    const e = entity as unknown as Record<string, unknown>;
    switch (entity.type) {
      case 'LINE': {
        const [a, b] = (e.vertices as IPoint[] | undefined) ?? [];
        return !!a && !!b && emitPath(layer, color, m, [a.x, a.y, b.x, b.y], null, false);
      }
      case 'LWPOLYLINE':
      case 'POLYLINE': {
        if (e.isPolyfaceMesh || e.is3dPolygonMesh) return false;
        const vertices = ((e.vertices as (IPoint & { bulge?: number; splineControlPoint?: boolean })[] | undefined) ?? []).filter((v) => !v.splineControlPoint);
        const points = vertices.flatMap((v) => [v.x, v.y]);
        const bulges = vertices.map((v) => v.bulge ?? 0);
        const z = entity.type === 'LWPOLYLINE' ? (e.extrusionDirectionZ as number | undefined) : (e.extrusionDirection as IPoint | undefined)?.z;
        return emitPath(layer, color, ocs(m, z), points, bulges, !!e.shape);
      }
      case 'ARC': {
        const c = e.center as IPoint | undefined;
        return !!c && emitArc(layer, color, ocs(m, e.extrusionDirectionZ as number | undefined), c.x, c.y, e.radius as number, e.radius as number, 0, e.startAngle as number, e.endAngle as number);
      }
      case 'CIRCLE': {
        const c = e.center as IPoint | undefined;
        return !!c && emitArc(layer, color, m, c.x, c.y, e.radius as number, e.radius as number, 0, 0, Math.PI * 2);
      }
      case 'ELLIPSE': {
        const c = e.center as IPoint | undefined;
        const major = e.majorAxisEndPoint as IPoint | undefined;
        if (!c || !major) return false;
        const rx = Math.hypot(major.x, major.y);
        const start = (e.startAngle as number | undefined) ?? 0;
        let end = (e.endAngle as number | undefined) ?? Math.PI * 2;
        if (Math.abs(end - start) < 1e-9) end = start + Math.PI * 2;
        return emitArc(layer, color, m, c.x, c.y, rx, rx * ((e.axisRatio as number | undefined) ?? 1), Math.atan2(major.y, major.x), start, end);
      }
      case 'SPLINE': {
        const points = splinePoints(e);
        return points.length >= 4 && emitPath(layer, color, m, points, null, !!e.closed);
      }
      case 'SOLID':
      case '3DFACE': {
        const corners = ((e.points ?? e.vertices) as IPoint[] | undefined)?.filter(Boolean) ?? [];
        if (corners.length < 3) return false;
        // A SOLID's third and fourth corners are written crossed.
        const order = entity.type === 'SOLID' && corners.length === 4 ? [corners[0]!, corners[1]!, corners[3]!, corners[2]!] : corners;
        return emitPath(layer, color, m, order.flatMap((p) => [p.x, p.y]), null, true, entity.type === 'SOLID');
      }
      case 'HATCH': {
        const hatch = entity as unknown as HatchEntity;
        let any = false;
        for (const loop of hatch.loops) any = emitPath(layer, color, m, loop, null, true) || any;
        return any;
      }
      case 'LEADER': {
        const leader = entity as unknown as LeaderEntity;
        return emitPath(layer, color, m, leader.vertices.flatMap((v) => [v.x, v.y]), null, false);
      }
      case 'TEXT': {
        const halign = (e.halign as number | undefined) ?? 0;
        const valign = (e.valign as number | undefined) ?? 0;
        const aligned = halign !== 0 || valign !== 0;
        const at = (aligned ? (e.endPoint as IPoint | undefined) : undefined) ?? (e.startPoint as IPoint | undefined);
        const align: DxfTextAlign = halign === 1 || halign === 4 ? 'center' : halign === 2 ? 'right' : 'left';
        const baseline: DxfTextBaseline = halign === 4 || valign === 2 ? 'middle' : valign === 3 ? 'top' : valign === 1 ? 'bottom' : 'alphabetic';
        const height = e.textHeight as number;
        return emitText(layer, color, m, at, height, (e.rotation as number | undefined) ?? 0, (e.xScale as number | undefined) ?? 1, align, baseline, [plainText(typeof e.text === 'string' ? e.text : '')], height * 1.667);
      }
      case 'MTEXT': {
        const attach = (e.attachmentPoint as number | undefined) ?? 1;
        const align: DxfTextAlign = ['left', 'center', 'right'][(attach - 1) % 3] as DxfTextAlign;
        const baseline: DxfTextBaseline = attach <= 3 ? 'top' : attach <= 6 ? 'middle' : 'bottom';
        const direction = e.directionVector as IPoint | undefined;
        const degrees = direction && (direction.x || direction.y) ? (Math.atan2(direction.y, direction.x) * 180) / Math.PI : ((e.rotation as number | undefined) ?? 0);
        const height = e.height as number;
        return emitText(layer, color, m, e.position as IPoint | undefined, height, degrees, 1, align, baseline, mtextLines(typeof e.text === 'string' ? e.text : ''), height * 1.667, (e.width as number | undefined) ?? null);
      }
      case 'INSERT': {
        const block = dxf.blocks?.[e.name as string];
        if (!block) return false;
        const position = (e.position as IPoint | undefined) ?? { x: 0, y: 0, z: 0 };
        const base = block.position ?? { x: 0, y: 0, z: 0 };
        const sx = (e.xScale as number | undefined) ?? 1;
        const sy = (e.yScale as number | undefined) ?? 1;
        const radians = (((e.rotation as number | undefined) ?? 0) * Math.PI) / 180;
        const columns = Math.max(1, Math.min((e.columnCount as number | undefined) ?? 1, 1000));
        const rows = Math.max(1, Math.min((e.rowCount as number | undefined) ?? 1, 1000));
        const outer = ocs(m, (e.extrusionDirection as IPoint | undefined)?.z);
        let any = false;
        for (let row = 0; row < rows; row++) {
          for (let column = 0; column < columns; column++) {
            // Array copies step along the insert's own turned axes.
            const offset = mul(rotate(radians), translate(column * ((e.columnSpacing as number | undefined) ?? 0), row * ((e.rowSpacing as number | undefined) ?? 0)));
            const local = mul(translate(position.x + offset[4], position.y + offset[5]), mul(rotate(radians), mul(scale(sx, sy), translate(-base.x, -base.y))));
            any = insertBlock(e.name as string, mul(outer, local), layer, color, scope) || any;
          }
        }
        return any;
      }
      case 'DIMENSION':
        // A dimension's picture is an anonymous block drawn where it stands.
        return insertBlock(e.block as string | undefined, m, layer, color, scope);
      default:
        return false;
    }
  }

  const modelSpace = (dxf.entities ?? []).filter((entity) => !entity.inPaperSpace);
  if (modelSpace.length > 0) walk(dxf.entities, { matrix: IDENTITY, layer: null, color: null, depth: 0 });
  else layOutBlocks();
  if (full) skip('(beyond the drawing limit)');
  for (const [kind, count] of Object.entries(kindsInFile)) {
    if (!DRAWN_KINDS.has(kind) && !SILENT_KINDS.has(kind) && kind !== 'ATTRIB') skipped[kind] = (skipped[kind] ?? 0) + count;
    if (kind === 'ATTRIB') skipped[kind] = (skipped[kind] ?? 0) + count;
  }

  // Extents in drawing coordinates (y up), then everything turned into sheet coordinates.
  const extents = emptyBox();
  const shapeBoxes = items.map((item) => {
    const box = shapeBox(item.shape);
    unionBox(extents, box);
    return box;
  });
  for (const text of texts) {
    text.bbox = textBox(text, 1);
    unionBox(extents, text.bbox);
  }
  if (!(extents[2] >= extents[0])) extents.splice(0, 4, 0, 0, 1, 1);
  const side = Math.max(extents[2] - extents[0], extents[3] - extents[1], 1e-6);
  const margin = side * MARGIN;
  const origin = { x: extents[0] - margin, y: extents[3] + margin };
  const width = extents[2] - extents[0] + 2 * margin;
  const height = extents[3] - extents[1] + 2 * margin;

  const toSheet = (shape: DxfShape): DxfShape => {
    if (shape.kind === 'path') {
      const points = shape.points.map((v, i) => (i % 2 === 0 ? v - origin.x : origin.y - v));
      return { ...shape, points, bulges: shape.bulges ? shape.bulges.map((b) => -b) : null };
    }
    if (shape.kind === 'arc') return { ...shape, cx: shape.cx - origin.x, cy: origin.y - shape.cy, start: -shape.start, end: -shape.end, anticlockwise: !shape.anticlockwise };
    return { ...shape, cx: shape.cx - origin.x, cy: origin.y - shape.cy, rotation: -shape.rotation, start: -shape.start, end: -shape.end, anticlockwise: !shape.anticlockwise };
  };
  const toSheetBox = (box: Box): Box => [box[0] - origin.x, origin.y - box[3], box[2] - origin.x, origin.y - box[1]];

  const cell = (box: Box) => {
    const cx = Math.min(GRID - 1, Math.max(0, Math.floor((((box[0] + box[2]) / 2 - origin.x) / width) * GRID)));
    const cy = Math.min(GRID - 1, Math.max(0, Math.floor(((origin.y - (box[1] + box[3]) / 2) / height) * GRID)));
    return cy * GRID + cx;
  };
  const batches = new Map<string, DxfBatch>();
  items.forEach((item, i) => {
    const box = shapeBoxes[i]!;
    const key = `${item.layer}|${item.color}|${cell(box)}`;
    let batch = batches.get(key);
    if (!batch) {
      batch = { layer: item.layer, color: item.color, bbox: emptyBox(), shapes: [] };
      batches.set(key, batch);
    }
    batch.shapes.push(toSheet(item.shape));
    unionBox(batch.bbox, toSheetBox(box));
  });
  for (const text of texts) {
    text.x -= origin.x;
    text.y = origin.y - text.y;
    text.rotation = -text.rotation;
    text.bbox = textBox(text, -1);
  }

  return {
    width,
    height,
    origin,
    units: Number(dxf.header?.$INSUNITS ?? 0) || 0,
    layers,
    batches: [...batches.values()],
    texts,
    drawn,
    skipped,
  };
}

/** A text's box from its anchor, alignment and lines (characters taken as 0.7 of the height wide). */
function textBox(text: DxfText, ySign: 1 | -1): Box {
  const longest = Math.max(...text.lines.map((line) => line.length), 1);
  const natural = longest * text.height * 0.7 * text.widthFactor;
  const width = text.wrapWidth ? Math.min(natural, text.wrapWidth) : natural;
  // Wrapped lines, estimated: the drawing measures them for real.
  const lineCount = text.wrapWidth ? text.lines.reduce((sum, line) => sum + Math.max(1, Math.ceil((line.length * text.height * 0.7) / text.wrapWidth!)), 0) : text.lines.length;
  const block = text.height + (lineCount - 1) * text.lineSpacing;
  const left = text.align === 'left' ? 0 : text.align === 'center' ? -width / 2 : -width;
  // Local y grows downward from the anchor, whatever the drawing's own y sense.
  const top = text.baseline === 'top' ? 0 : text.baseline === 'middle' ? -block / 2 : -block;
  const box = emptyBox();
  const cos = Math.cos(text.rotation);
  const sin = Math.sin(text.rotation);
  for (const [lx, ly] of [
    [left, top],
    [left + width, top],
    [left, top + block],
    [left + width, top + block],
  ] as const) {
    const dy = ly * -ySign;
    growBox(box, text.x + lx * cos - dy * sin, text.y + lx * sin + dy * cos);
  }
  return box;
}

/** A spline's points: a B-spline through its control points, or a line through its fit points. */
function splinePoints(e: Record<string, unknown>): number[] {
  const controls = (e.controlPoints as IPoint[] | undefined) ?? [];
  const knots = (e.knotValues as number[] | undefined) ?? [];
  const degree = (e.degreeOfSplineCurve as number | undefined) ?? 3;
  if (controls.length >= 2 && knots.length === controls.length + degree + 1) {
    const low = knots[degree]!;
    const high = knots[knots.length - degree - 1]!;
    const steps = Math.min(2000, Math.max(16, controls.length * 12));
    const points: number[] = [];
    for (let i = 0; i <= steps; i++) {
      const t = low + ((high - low) * i) / steps;
      const [x, y] = deBoor(degree, controls, knots, Math.min(t, high - 1e-12 * Math.abs(high || 1)));
      points.push(x, y);
    }
    // The last sample sits on the end control point of a clamped spline.
    const last = controls[controls.length - 1]!;
    if (knots[knots.length - 1] === knots[knots.length - 1 - degree]) points.splice(points.length - 2, 2, last.x, last.y);
    return points;
  }
  const fit = (e.fitPoints as IPoint[] | undefined) ?? controls;
  return fit.flatMap((p) => [p.x, p.y]);
}

function deBoor(degree: number, controls: IPoint[], knots: number[], t: number): [number, number] {
  let span = degree;
  while (span < controls.length - 1 && knots[span + 1]! <= t) span++;
  const d = Array.from({ length: degree + 1 }, (_, j) => {
    const p = controls[Math.min(Math.max(j + span - degree, 0), controls.length - 1)]!;
    return [p.x, p.y];
  });
  for (let r = 1; r <= degree; r++) {
    for (let j = degree; j >= r; j--) {
      const i = j + span - degree;
      const denominator = knots[i + degree - r + 1]! - knots[i]!;
      const alpha = denominator === 0 ? 0 : (t - knots[i]!) / denominator;
      d[j] = [(1 - alpha) * d[j - 1]![0]! + alpha * d[j]![0]!, (1 - alpha) * d[j - 1]![1]! + alpha * d[j]![1]!];
    }
  }
  return [d[degree]![0]!, d[degree]![1]!];
}
