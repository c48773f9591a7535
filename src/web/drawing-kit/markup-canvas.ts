import type { MarkupBody } from '../../core/drawings/markup.ts';
import { screenToSheet, viewMatrix, type Size, type Viewport } from '../../core/drawings/viewport.ts';
import { paintMarkups } from './markup-paint.ts';
import type { ShapeTexts } from './markup-shapes.tsx';
import { ViewCanvas } from './view-canvas.ts';

/**
 * A frame slower than this, or this many markups (whose drawing the browser rasterises after the
 * script has run, out of the script's own time), and the markups are moved as a picture while
 * the view moves.
 */
const SLOW_FRAME_MS = 6;
const MANY_MARKUPS = 300;
/** How long the view must rest before slow markups are drawn again. */
const REST_MS = 100;
/** Labels smaller than this many device pixels cannot be read: left out. */
const MIN_TEXT_PX = 2.5;

/**
 * Draws a sheet's markups on one canvas the size of the view, again for each view: only those
 * in view, each from paths made once, with texts too small to read left out. When that takes
 * longer than a frame can spare (hundreds of markups), the picture moves with the view
 * ({@link ViewCanvas}).
 */
export class MarkupCanvasPainter extends ViewCanvas {
  private bodies: readonly MarkupBody[] = [];
  private faded: ReadonlySet<MarkupBody> = new Set();
  private texts: ShapeTexts | null = null;
  private sheet: Size = { width: 1, height: 1 };

  constructor(canvas: HTMLCanvasElement) {
    super(canvas, REST_MS);
  }

  /** The markups to draw (those drawn on an earlier revision in `faded`). */
  setMarkups(bodies: readonly MarkupBody[], faded: ReadonlySet<MarkupBody>, texts: ShapeTexts): void {
    this.bodies = bodies;
    this.faded = faded;
    this.texts = texts;
    this.changed();
  }

  update(view: Viewport, sheet: Size, viewSize: Size): void {
    this.sheet = sheet;
    this.moveTo(view, viewSize);
  }

  protected movesAsPicture(): boolean {
    return this.lastFrameMs > SLOW_FRAME_MS || this.bodies.length > MANY_MARKUPS;
  }

  protected ready(): boolean {
    return this.texts !== null;
  }

  protected paint(ctx: CanvasRenderingContext2D, view: Viewport, dpr: number): void {
    const [a, b, c, d, e, f] = viewMatrix(view, this.sheet);
    ctx.setTransform(a * dpr, b * dpr, c * dpr, d * dpr, e * dpr, f * dpr);
    // The part of the sheet in view (markups may also lie beyond the sheet's edge).
    const corners = [
      [0, 0],
      [this.viewSize.width, 0],
      [0, this.viewSize.height],
      [this.viewSize.width, this.viewSize.height],
    ].map(([x, y]) => screenToSheet(view, this.sheet, [x!, y!]));
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    const visible = { x: Math.min(...xs), y: Math.min(...ys), width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
    const count = paintMarkups(ctx, this.bodies, this.texts!, { visible, faded: this.faded, pixelsPerUnit: view.scale * dpr, minTextPx: MIN_TEXT_PX });
    this.canvas.dataset.drawn = String(count);
    this.canvas.dataset.markups = String(this.bodies.length);
  }
}
