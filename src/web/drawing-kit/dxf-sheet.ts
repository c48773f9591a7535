import type { DxfBatch, DxfDisplayList } from '../../core/drawings/dxf/display-list.ts';
import { drawDxf, traceShapes } from '../../core/drawings/dxf/draw-dxf.ts';
import { viewMatrix, visibleSheetRect, type Matrix, type Size, type Viewport } from '../../core/drawings/viewport.ts';
import { ViewCanvas } from './view-canvas.ts';

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
export class DxfSheetPainter extends ViewCanvas {
  private list: DxfDisplayList | null = null;
  private readonly paths = new WeakMap<DxfBatch, Path2D>();
  private hidden: Set<string> | null = null;

  constructor(
    host: HTMLElement,
    /** Set once the drawing has been read when no size was stored. */
    public sheet: Size,
  ) {
    super(document.createElement('canvas'), REST_MS);
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
    this.changed();
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
    this.moveTo(view, viewSize);
  }

  /** A drawing too big to draw every frame moves as a picture while the view moves. */
  protected movesAsPicture(): boolean {
    return this.lastFrameMs > SLOW_FRAME_MS;
  }

  protected ready(): boolean {
    return this.list !== null;
  }

  protected paint(ctx: CanvasRenderingContext2D, view: Viewport, dpr: number): void {
    const list = this.list!;
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

  override destroy(): void {
    super.destroy();
    this.canvas.remove();
  }
}
