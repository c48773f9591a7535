import type { MarkupBody } from '../../core/drawings/markup.ts';
import { screenToSheet, viewMatrix, type Size, type Viewport } from '../../core/drawings/viewport.ts';
import { paintMarkups } from './markup-paint.ts';
import type { ShapeTexts } from './markup-shapes.tsx';

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
 * longer than a frame can spare (hundreds of markups), the last picture is moved and scaled
 * with CSS while the view moves, and drawn again once it rests, as the sheet's own tiles are.
 */
export class MarkupCanvasPainter {
  private bodies: readonly MarkupBody[] = [];
  private faded: ReadonlySet<MarkupBody> = new Set();
  private texts: ShapeTexts | null = null;
  private view: Viewport | null = null;
  private sheet: Size = { width: 1, height: 1 };
  private viewSize: Size = { width: 0, height: 0 };
  private frame = 0;
  private rest: ReturnType<typeof setTimeout> | null = null;
  /** The view the canvas holds a picture of, and whether the markups have changed since. */
  private drawnView: Viewport | null = null;
  private stale = true;
  /** How long the last frame took to draw, in ms. */
  lastFrameMs = 0;

  constructor(private readonly canvas: HTMLCanvasElement) {}

  /** The markups to draw (those drawn on an earlier revision in `faded`). */
  setMarkups(bodies: readonly MarkupBody[], faded: ReadonlySet<MarkupBody>, texts: ShapeTexts): void {
    this.bodies = bodies;
    this.faded = faded;
    this.texts = texts;
    this.stale = true;
    this.schedule();
  }

  update(view: Viewport, sheet: Size, viewSize: Size): void {
    const resized = viewSize.width !== this.viewSize.width || viewSize.height !== this.viewSize.height;
    this.view = view;
    this.sheet = sheet;
    this.viewSize = viewSize;
    const drawn = this.drawnView;
    if (!this.stale && !resized && drawn && drawn.rotation === view.rotation && (this.lastFrameMs > SLOW_FRAME_MS || this.bodies.length > MANY_MARKUPS)) {
      const k = view.scale / drawn.scale;
      this.canvas.style.transform = `translate(${view.x - drawn.x * k}px, ${view.y - drawn.y * k}px) scale(${k})`;
      if (this.rest) clearTimeout(this.rest);
      this.rest = setTimeout(() => {
        this.rest = null;
        this.schedule();
      }, REST_MS);
      return;
    }
    this.schedule();
  }

  private schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Draws now. */
  draw(): void {
    const view = this.view;
    const texts = this.texts;
    if (!view || !texts) return;
    const started = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const width = Math.max(1, Math.round(this.viewSize.width * dpr));
    const height = Math.max(1, Math.round(this.viewSize.height * dpr));
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.canvas.width = width;
      this.canvas.height = height;
    }
    this.canvas.style.width = `${this.viewSize.width}px`;
    this.canvas.style.height = `${this.viewSize.height}px`;
    this.canvas.style.transform = '';
    this.drawnView = view;
    this.stale = false;
    const ctx = this.canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
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
    const count = paintMarkups(ctx, this.bodies, texts, { visible, faded: this.faded, pixelsPerUnit: view.scale * dpr, minTextPx: MIN_TEXT_PX });
    this.canvas.dataset.drawn = String(count);
    this.canvas.dataset.markups = String(this.bodies.length);
    this.lastFrameMs = performance.now() - started;
  }

  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.rest) clearTimeout(this.rest);
    this.canvas.width = 0;
  }
}
