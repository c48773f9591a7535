import type { Matrix, Rect } from '../viewport.ts';
import { boxesMeet, bulgeArc, type Box, type DxfBatch, type DxfDisplayList, type DxfShape, type DxfText } from './display-list.ts';

/** What a path needs: a canvas context and a browser Path2D both have it. */
export type PathSink = {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  arc(x: number, y: number, radius: number, startAngle: number, endAngle: number, anticlockwise?: boolean): void;
  ellipse(x: number, y: number, radiusX: number, radiusY: number, rotation: number, startAngle: number, endAngle: number, anticlockwise?: boolean): void;
  closePath(): void;
};

/**
 * The part of CanvasRenderingContext2D the drawing uses: the browser's and @napi-rs/canvas's
 * contexts both fit, so the server draws thumbnails with this same code.
 */
export type DxfCanvas = PathSink & {
  save(): void;
  restore(): void;
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  beginPath(): void;
  stroke(): void;
  fill(): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  fillText(text: string, x: number, y: number): void;
  measureText(text: string): { width: number };
  strokeStyle: unknown;
  fillStyle: unknown;
  lineWidth: number;
  lineCap: unknown;
  lineJoin: unknown;
  font: string;
  textAlign: unknown;
  textBaseline: unknown;
};

export type DxfDrawOptions = {
  /** Sheet → canvas pixels. */
  matrix: Matrix;
  /** The part of the sheet in view (sheet units); everything outside is skipped. Left out: all. */
  visible?: Rect | null;
  /** Layer names not drawn. */
  hiddenLayers?: ReadonlySet<string>;
  /** Paper colour under the drawing (null: leave the canvas as it is). */
  paper?: string | null;
  /** Strokes are this many canvas px wide whatever the zoom. */
  lineWidth?: number;
  /** Texts smaller than this many canvas px are not drawn (they would be a smudge). */
  minTextPx?: number;
  /** A cached path per batch (the browser keeps Path2D objects); left out, shapes are traced each time. */
  pathOf?: (batch: DxfBatch) => unknown;
  /** Strokes a cached path (ctx.stroke(path) in the browser). */
  strokePath?: (path: unknown) => void;
  fillPath?: (path: unknown) => void;
};

/** Traces shapes into a path (a context's current path or a Path2D). */
export function traceShapes(sink: PathSink, shapes: readonly DxfShape[], filled: boolean | null = null): void {
  for (const shape of shapes) {
    if (shape.kind === 'arc') {
      sink.moveTo(shape.cx + shape.r * Math.cos(shape.start), shape.cy + shape.r * Math.sin(shape.start));
      sink.arc(shape.cx, shape.cy, shape.r, shape.start, shape.end, shape.anticlockwise);
      continue;
    }
    if (shape.kind === 'ellipse') {
      const cos = Math.cos(shape.rotation);
      const sin = Math.sin(shape.rotation);
      const px = shape.rx * Math.cos(shape.start);
      const py = shape.ry * Math.sin(shape.start);
      sink.moveTo(shape.cx + px * cos - py * sin, shape.cy + px * sin + py * cos);
      sink.ellipse(shape.cx, shape.cy, shape.rx, shape.ry, shape.rotation, shape.start, shape.end, shape.anticlockwise);
      continue;
    }
    if (filled !== null && !!shape.filled !== filled) continue;
    const { points, bulges, closed } = shape;
    const n = points.length / 2;
    sink.moveTo(points[0]!, points[1]!);
    const segments = closed ? n : n - 1;
    for (let i = 0; i < segments; i++) {
      const j = (i + 1) % n;
      const x1 = points[2 * j]!;
      const y1 = points[2 * j + 1]!;
      const bulge = bulges?.[i] ?? 0;
      if (bulge) {
        const arc = bulgeArc(points[2 * i]!, points[2 * i + 1]!, x1, y1, bulge);
        sink.arc(arc.cx, arc.cy, arc.r, arc.start, arc.end, arc.anticlockwise);
      } else sink.lineTo(x1, y1);
    }
    if (closed) sink.closePath();
  }
}

const rectBox = (rect: Rect): Box => [rect.x, rect.y, rect.x + rect.width, rect.y + rect.height];

/** Draws the display list; returns how many batches and texts it drew (the rest was out of view or hidden). */
export function drawDxf(ctx: DxfCanvas, list: DxfDisplayList, options: DxfDrawOptions): { batches: number; texts: number } {
  const [a, b, c, d, e, f] = options.matrix;
  const scale = Math.sqrt(Math.abs(a * d - b * c));
  const hidden = options.hiddenLayers ?? new Set<string>();
  const layerShown = list.layers.map((layer) => !hidden.has(layer.name));
  const view = options.visible ? rectBox(options.visible) : null;
  ctx.save();
  ctx.setTransform(a, b, c, d, e, f);
  if (options.paper) {
    ctx.fillStyle = options.paper;
    ctx.fillRect(0, 0, list.width, list.height);
  }
  ctx.lineWidth = (options.lineWidth ?? 1) / scale;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  let batches = 0;
  for (const batch of list.batches) {
    if (!layerShown[batch.layer] || (view && !boxesMeet(batch.bbox, view))) continue;
    batches++;
    ctx.strokeStyle = batch.color;
    ctx.fillStyle = batch.color;
    const cached = options.pathOf?.(batch);
    if (cached !== undefined && options.strokePath) {
      options.strokePath(cached);
    } else {
      ctx.beginPath();
      traceShapes(ctx, batch.shapes);
      ctx.stroke();
    }
    if (batch.shapes.some((shape) => shape.kind === 'path' && shape.filled)) {
      ctx.beginPath();
      traceShapes(ctx, batch.shapes, true);
      ctx.fill();
    }
  }
  const texts = drawTexts(ctx, list.texts, options.matrix, scale, layerShown, view, options.minTextPx ?? 2);
  ctx.restore();
  return { batches, texts };
}

/** An MTEXT's lines wrapped at its box width, measured once at a reference size and kept. */
const wraps = new WeakMap<DxfText, string[]>();
const REFERENCE_PX = 100;

function wrapped(ctx: DxfCanvas, text: DxfText): string[] {
  const known = wraps.get(text);
  if (known) return known;
  ctx.font = `${REFERENCE_PX}px sans-serif`;
  // At the reference size a drawing unit is this many px.
  const unit = REFERENCE_PX * 0.72 / text.height;
  const limit = text.wrapWidth! * unit / text.widthFactor;
  const lines: string[] = [];
  for (const paragraph of text.lines) {
    let line = '';
    for (const word of paragraph.split(/(?<=\s)/)) {
      const next = line + word;
      if (line && ctx.measureText(next.trimEnd()).width > limit) {
        lines.push(line.trimEnd());
        line = word;
      } else line = next;
    }
    lines.push(line.trimEnd());
  }
  wraps.set(text, lines);
  return lines;
}

function drawTexts(ctx: DxfCanvas, texts: readonly DxfText[], m: Matrix, scale: number, layerShown: boolean[], view: Box | null, minTextPx: number): number {
  let drawn = 0;
  // Drawn in canvas pixels (not the sheet transform), so fonts are hinted at their real size.
  const turn = Math.atan2(m[1], m[0]);
  for (const text of texts) {
    const px = text.height * scale;
    if (px < minTextPx || !layerShown[text.layer] || (view && !boxesMeet(text.bbox, view))) continue;
    drawn++;
    const x = m[0] * text.x + m[2] * text.y + m[4];
    const y = m[1] * text.x + m[3] * text.y + m[5];
    const rotation = text.rotation + turn;
    const fontPx = px / 0.72;
    ctx.setTransform(Math.cos(rotation) * text.widthFactor, Math.sin(rotation) * text.widthFactor, -Math.sin(rotation), Math.cos(rotation), x, y);
    ctx.fillStyle = text.color;
    ctx.textAlign = text.align;
    ctx.textBaseline = text.baseline;
    const lines = text.wrapWidth ? wrapped(ctx, text) : text.lines;
    ctx.font = `${fontPx}px sans-serif`;
    const n = lines.length;
    const first = text.baseline === 'top' ? 0 : text.baseline === 'middle' ? -(n - 1) / 2 : -(n - 1);
    const spacing = text.lineSpacing * scale;
    lines.forEach((line, i) => {
      if (line) ctx.fillText(line, 0, (first + i) * spacing);
    });
  }
  return drawn;
}
