import { calloutTextBox, growBounds, markupBounds, markupOutline, pointAt, unionBounds, type Bounds, type MarkupBody, type SheetPoint } from '../../core/drawings/markup.ts';
import { LINE_HEIGHT, labelSize, measureLabelAt, readsRightToLeft, textLines, type ShapeTexts } from './markup-shapes.tsx';

export const MARKUP_FONT = 'system-ui, sans-serif';

/** A text a markup writes, where and how: one list for the screen's canvas, the PNG and the PDF. */
export interface MarkupLabel {
  text: string;
  at: SheetPoint;
  size: number;
  color: string;
  bold?: boolean;
  /** Centred on `at` (stamps). */
  centred?: boolean;
  halo?: boolean;
}

/** The texts of a markup (its words, a stamp, a link's label, a measurement's value). */
export function markupLabels(body: MarkupBody, texts: ShapeTexts): MarkupLabel[] {
  const { style } = body;
  const labels: MarkupLabel[] = [];
  if (body.kind === 'text' && body.text) labels.push({ text: body.text, at: pointAt(body.points, 0), size: style.fontSize ?? 12, color: style.color });
  if (body.kind === 'callout' && body.text) {
    const box = calloutTextBox(body);
    const pad = (style.fontSize ?? 12) * 0.4;
    labels.push({ text: body.text, at: [box.x + pad, box.y + pad], size: style.fontSize ?? 12, color: style.color });
  }
  if (body.kind === 'stamp' && body.stamp) {
    const b = markupBounds(body);
    const words = texts.stamp(body.stamp).toUpperCase();
    const size = Math.min(b.height * 0.5, (b.width / Math.max(words.length, 1)) * 1.5);
    labels.push({ text: words, at: [b.x + b.width / 2, b.y + b.height / 2], size, color: style.color, bold: true, centred: true });
  }
  if (body.kind === 'link') {
    const b = markupBounds(body);
    labels.push({ text: body.text ?? texts.link, at: [b.x + style.width * 2, b.y + style.width * 2], size: labelSize(body), color: style.color, halo: true });
  }
  const measure = texts.measure(body);
  if (measure !== null) labels.push({ text: measure, at: measureLabelAt(body), size: labelSize(body), color: style.color, halo: true });
  return labels;
}

/** The corners of a callout's text box (filled white under its words). */
export function calloutCorners(body: MarkupBody): SheetPoint[] {
  const box = calloutTextBox(body);
  return [
    [box.x, box.y],
    [box.x + box.width, box.y + box.height],
  ];
}

/** About where a label's text lies: a generous box, for leaving out markups out of view. */
function labelBounds(label: MarkupLabel): Bounds {
  const lines = textLines(label.text);
  const width = Math.max(1, ...lines.map((line) => line.length)) * label.size * 0.7;
  const height = lines.length * label.size * LINE_HEIGHT;
  const x = label.centred ? label.at[0] - width / 2 : label.at[0] - (readsRightToLeft(label.text) ? width : 0);
  return { x, y: label.at[1] - (label.centred ? height / 2 : 0), width, height };
}

/** A markup as a canvas draws it again and again: its paths, labels and extent made once. */
interface Traced {
  texts: ShapeTexts;
  outline: Path2D | null;
  /** The outline closes on itself (a fill shows inside). */
  closed: boolean;
  solid: Path2D | null;
  calloutBox: Path2D | null;
  labels: MarkupLabel[];
  bounds: Bounds;
}

// Bodies are replaced whole when a markup changes, never changed in place, so a body is its own key.
const traced = new WeakMap<MarkupBody, Traced>();

function traceOf(body: MarkupBody, texts: ShapeTexts): Traced {
  const known = traced.get(body);
  if (known && known.texts === texts) return known;
  const outline = markupOutline(body);
  const labels = markupLabels(body, texts);
  const shape = growBounds(markupBounds(body), body.style.width * 4);
  const made: Traced = {
    texts,
    outline: outline.d ? new Path2D(outline.d) : null,
    closed: outline.closed,
    solid: outline.solid ? new Path2D(outline.solid) : null,
    calloutBox: body.kind === 'callout' ? new Path2D(markupOutline({ ...body, kind: 'rectangle', points: calloutCorners(body) }).d) : null,
    labels,
    bounds: unionBounds([shape, ...labels.map(labelBounds)])!,
  };
  traced.set(body, made);
  return made;
}

const overlaps = (a: Bounds, b: Bounds) => a.x <= b.x + b.width && b.x <= a.x + a.width && a.y <= b.y + b.height && b.y <= a.y + a.height;

export interface PaintOptions {
  /** Only markups touching this part of the sheet (sheet units) are drawn. */
  visible?: Bounds | null;
  /** Markups drawn on an earlier revision: a little lighter. */
  faded?: ReadonlySet<MarkupBody>;
  /** Canvas pixels per sheet unit: labels smaller than `minTextPx` on the canvas are left out. */
  pixelsPerUnit?: number;
  minTextPx?: number;
}

/**
 * Draws markups on a canvas whose transform already maps sheet units to its pixels; answers how
 * many were drawn. The screen leaves out markups out of view and texts too small to read.
 */
export function paintMarkups(ctx: CanvasRenderingContext2D, bodies: readonly MarkupBody[], texts: ShapeTexts, options: PaintOptions = {}): number {
  const { visible = null, faded, pixelsPerUnit = Infinity, minTextPx = 0 } = options;
  let drawn = 0;
  for (const body of bodies) {
    const shape = traceOf(body, texts);
    if (visible && !overlaps(shape.bounds, visible)) continue;
    drawn++;
    const { style } = body;
    const opacity = style.opacity * (faded?.has(body) ? 0.75 : 1);
    ctx.save();
    ctx.globalAlpha = opacity;
    ctx.lineCap = body.kind === 'highlighter' ? 'butt' : 'round';
    ctx.lineJoin = 'round';
    if (shape.outline) {
      if (shape.closed && style.fill) {
        ctx.fillStyle = style.fill;
        ctx.globalAlpha = opacity * 0.25;
        ctx.fill(shape.outline);
        ctx.globalAlpha = opacity;
      } else if (shape.calloutBox) {
        ctx.fillStyle = '#ffffff';
        ctx.fill(shape.calloutBox);
      }
      ctx.setLineDash(body.kind === 'link' ? [style.width * 3, style.width * 2] : []);
      ctx.strokeStyle = style.color;
      ctx.lineWidth = style.width;
      ctx.stroke(shape.outline);
    }
    if (shape.solid) {
      ctx.fillStyle = style.color;
      ctx.fill(shape.solid);
    }
    if (body.kind === 'photo') {
      // The pin's white eye, as the sheet's own shapes draw it.
      const b = markupBounds(body);
      ctx.fillStyle = '#ffffff';
      ctx.beginPath();
      ctx.arc(b.x + b.width / 2, b.y + b.width * 0.35, b.width * 0.14, 0, Math.PI * 2);
      ctx.fill();
    }
    for (const label of shape.labels) {
      if (label.size * pixelsPerUnit < minTextPx) continue;
      ctx.font = `${label.bold ? '700 ' : ''}${label.size}px ${MARKUP_FONT}`;
      ctx.textAlign = label.centred ? 'center' : 'left';
      ctx.direction = readsRightToLeft(label.text) ? 'rtl' : 'ltr';
      ctx.textBaseline = label.centred ? 'middle' : 'alphabetic';
      textLines(label.text).forEach((line, i) => {
        const x = label.at[0];
        const y = label.centred ? label.at[1] : label.at[1] + label.size * 0.9 + i * label.size * LINE_HEIGHT;
        if (label.halo) {
          ctx.strokeStyle = '#ffffff';
          ctx.lineWidth = label.size / 6;
          ctx.setLineDash([]);
          ctx.strokeText(line, x, y);
        }
        ctx.fillStyle = label.color;
        ctx.fillText(line, x, y);
      });
    }
    ctx.restore();
  }
  return drawn;
}
