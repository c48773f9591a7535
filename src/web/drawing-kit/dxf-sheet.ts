import type { DxfBatch, DxfDisplayList } from '../../core/drawings/dxf/display-list.ts';
import { drawDxf, traceShapes } from '../../core/drawings/dxf/draw-dxf.ts';
import { viewMatrix, visibleSheetRect, type Matrix, type Size, type Viewport } from '../../core/drawings/viewport.ts';

/** Reads a DXF in a worker and hands back its display list. */
export function readDxfInWorker(url: string, signal: AbortSignal): Promise<DxfDisplayList> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./dxf-worker.ts', import.meta.url), { type: 'module' });
    const stop = () => worker.terminate();
    signal.addEventListener('abort', () => {
      stop();
      reject(new DOMException('aborted', 'AbortError'));
    }, { once: true });
    worker.onmessage = (event: MessageEvent<{ list?: DxfDisplayList; error?: string }>) => {
      stop();
      if (event.data.list) resolve(event.data.list);
      else reject(new Error(event.data.error ?? 'dxf'));
    };
    worker.onerror = (event) => {
      stop();
      reject(new Error(event.message || 'dxf worker'));
    };
    worker.postMessage({ url: new URL(url, location.href).href });
  });
}

const THUMBNAIL_LONG_SIDE = 512;
/** A frame slower than this and the drawing is moved as a picture while the view moves. */
const SLOW_FRAME_MS = 12;
/** How long the view must rest before a slow drawing is drawn again. */
const REST_MS = 120;

/**
 * Draws a DXF sheet on a canvas the size of the view, again for each view: only batches in
 * view are stroked, each from a Path2D kept across frames, and texts too small to read are
 * left out, so a frame stays within budget on large drawings.
 */
export class DxfSheetPainter {
  private readonly canvas = document.createElement('canvas');
  private list: DxfDisplayList | null = null;
  private readonly paths = new WeakMap<DxfBatch, Path2D>();
  private hidden: Set<string> | null = null;
  private view: Viewport | null = null;
  private viewSize: Size = { width: 0, height: 0 };
  private frame = 0;
  private rest: ReturnType<typeof setTimeout> | null = null;
  /** The view the canvas holds a picture of. */
  private drawnView: Viewport | null = null;
  /** How long the last frame took to draw, in ms (the benchmark reads it). */
  lastFrameMs = 0;

  constructor(
    private readonly host: HTMLElement,
    /** Set once the drawing has been read when no size was stored. */
    public sheet: Size,
  ) {
    this.canvas.className = 'sheet-dxf';
    host.append(this.canvas);
  }

  async load(url: string, signal: AbortSignal): Promise<DxfDisplayList> {
    this.list = await readDxfInWorker(url, signal);
    return this.list;
  }

  /** The layers not drawn; null: those switched off in the file. */
  setHiddenLayers(names: readonly string[] | null): void {
    this.hidden = names ? new Set(names) : null;
    this.schedule();
  }

  private hiddenLayers(): Set<string> {
    return this.hidden ?? new Set(this.list?.layers.filter((layer) => !layer.visible).map((layer) => layer.name) ?? []);
  }

  /** Sheet units as the register stored them → the display list's own units (the same when both were read by this code). */
  private fitMatrix(m: Matrix): Matrix {
    const list = this.list!;
    const kx = this.sheet.width / list.width;
    const ky = this.sheet.height / list.height;
    return [m[0] * kx, m[1] * kx, m[2] * ky, m[3] * ky, m[4], m[5]];
  }

  update(view: Viewport, viewSize: Size): void {
    this.view = view;
    const resized = viewSize.width !== this.viewSize.width || viewSize.height !== this.viewSize.height;
    this.viewSize = viewSize;
    const drawn = this.drawnView;
    if (!resized && drawn && drawn.rotation === view.rotation && this.lastFrameMs > SLOW_FRAME_MS) {
      // A drawing too big to draw every frame: the last picture moves with CSS, and the
      // drawing is drawn again once the view rests.
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

  /** Draws now (a test or the compare view may need the pixels at once). */
  draw(): void {
    const list = this.list;
    const view = this.view;
    if (!list || !view) return;
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
    const ctx = this.canvas.getContext('2d')!;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const [a, b, c, d, e, f] = viewMatrix(view, this.sheet);
    const matrix = this.fitMatrix([a * dpr, b * dpr, c * dpr, d * dpr, e * dpr, f * dpr]);
    const visible = visibleSheetRect(view, this.sheet, this.viewSize);
    const kx = list.width / this.sheet.width;
    const ky = list.height / this.sheet.height;
    drawDxf(ctx, list, {
      matrix,
      visible: visible && { x: visible.x * kx, y: visible.y * ky, width: visible.width * kx, height: visible.height * ky },
      hiddenLayers: this.hiddenLayers(),
      paper: '#ffffff',
      lineWidth: Math.max(1, dpr * 0.75),
      minTextPx: 3 * dpr,
      pathOf: (batch) => this.pathOf(batch),
      strokePath: (path) => ctx.stroke(path as Path2D),
    });
    this.canvas.dataset.frame = String(Number(this.canvas.dataset.frame ?? 0) + 1);
    this.lastFrameMs = performance.now() - started;
  }

  private pathOf(batch: DxfBatch): Path2D {
    let path = this.paths.get(batch);
    if (!path) {
      path = new Path2D();
      traceShapes(path, batch.shapes, null);
      this.paths.set(batch, path);
    }
    return path;
  }

  /** The whole sheet small, for the minimap. */
  thumbnail(): HTMLCanvasElement | null {
    const list = this.list;
    if (!list) return null;
    const k = THUMBNAIL_LONG_SIDE / Math.max(list.width, list.height);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(list.width * k));
    canvas.height = Math.max(1, Math.round(list.height * k));
    const ctx = canvas.getContext('2d')!;
    drawDxf(ctx, list, { matrix: [k, 0, 0, k, 0, 0], hiddenLayers: this.hiddenLayers(), paper: '#ffffff', minTextPx: 4, pathOf: (batch) => this.pathOf(batch), strokePath: (path) => ctx.stroke(path as Path2D) });
    return canvas;
  }

  destroy(): void {
    if (this.frame) cancelAnimationFrame(this.frame);
    if (this.rest) clearTimeout(this.rest);
    this.canvas.width = 0;
    this.canvas.remove();
  }
}
