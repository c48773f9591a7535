import type { Size, Viewport } from '../../core/drawings/viewport.ts';

/**
 * A canvas the size of the view, drawn again for each view on the next animation frame. A
 * drawing too slow to draw every frame (`movesAsPicture`) has its last picture moved and scaled
 * with CSS while the view moves, and is drawn again once the view has rested, as the sheet's
 * own tiles are. The DXF sheet and the markups drawn over a sheet are such canvases.
 */
export abstract class ViewCanvas {
  protected view: Viewport | null = null;
  protected viewSize: Size = { width: 0, height: 0 };
  private frame = 0;
  private rest: ReturnType<typeof setTimeout> | null = null;
  /** The view the canvas holds a picture of, and whether what it shows has changed since. */
  private drawnView: Viewport | null = null;
  private stale = true;
  /** How long the last frame took to draw, in ms (the benchmarks read it). */
  lastFrameMs = 0;

  constructor(
    protected readonly canvas: HTMLCanvasElement,
    /** How long the view must rest before a picture moved with CSS is drawn again. */
    private readonly restMs: number,
  ) {}

  /** Whether drawing is too slow for every frame, so the picture moves while the view does. */
  protected abstract movesAsPicture(): boolean;

  /** Draws for `view` on `ctx`, cleared, its transform the identity (`dpr` device pixels per CSS pixel). */
  protected abstract paint(ctx: CanvasRenderingContext2D, view: Viewport, dpr: number): void;

  /** Whether there is anything to draw yet. */
  protected abstract ready(): boolean;

  /** The view moved or the window changed size. */
  protected moveTo(view: Viewport, viewSize: Size): void {
    const resized = viewSize.width !== this.viewSize.width || viewSize.height !== this.viewSize.height;
    this.view = view;
    this.viewSize = viewSize;
    const drawn = this.drawnView;
    if (!this.stale && !resized && drawn && drawn.rotation === view.rotation && this.movesAsPicture()) {
      const k = view.scale / drawn.scale;
      this.canvas.style.transform = `translate(${view.x - drawn.x * k}px, ${view.y - drawn.y * k}px) scale(${k})`;
      if (this.rest) clearTimeout(this.rest);
      this.rest = setTimeout(() => {
        this.rest = null;
        this.schedule();
      }, this.restMs);
      return;
    }
    this.schedule();
  }

  /** What is drawn changed: drawn again on the next frame. */
  protected changed(): void {
    this.stale = true;
    this.schedule();
  }

  private schedule() {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Draws now (a test or the compare view may need the pixels at once). */
  draw(): void {
    const view = this.view;
    if (!view || !this.ready()) return;
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
    this.paint(ctx, view, dpr);
    this.lastFrameMs = performance.now() - started;
  }

  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.rest) clearTimeout(this.rest);
    this.canvas.width = 0;
  }
}
