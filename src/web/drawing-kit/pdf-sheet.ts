import type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist';
import { renderScaleFor, viewMatrix, visibleTiles, type Size, type Tile, type Viewport } from '../../core/drawings/viewport.ts';

/** pdf.js and its worker, loaded only when a PDF sheet is first shown. */
export async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([import('pdfjs-dist'), import('pdfjs-dist/build/pdf.worker.min.mjs?url')]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

/** Opens a one-page sheet PDF (ranges read as needed) and hands back its first page. */
export async function openPdfSheet(url: string, signal: AbortSignal): Promise<{ page: PDFPageProxy; close(): void }> {
  const pdfjs = await loadPdfJs();
  const loading = pdfjs.getDocument({ url });
  const close = () => void loading.destroy();
  signal.addEventListener('abort', close, { once: true });
  const doc: PDFDocumentProxy = await loading.promise;
  return { page: await doc.getPage(1), close };
}

/** Tiles are this many device pixels square. */
const TILE = 512;
/** The whole-page picture under the tiles is at most this many device pixels on its long side… */
const BASE_LONG_SIDE = 2048;
/** …and at least this many, for the minimap and a small view. */
const BASE_MIN_SIDE = 512;
/** Tiles of the current level kept beyond what is in view, for panning back. */
const KEPT_TILES = 96;
/** How long the zoom must rest before a new level of tiles is rendered. */
const SETTLE_MS = 120;
/** Tiles rendered at the same time (pdf.js draws on this thread; two keep the worker busy). */
const PARALLEL = 2;
/** How long a pan must rest before tiles newly in view are rendered. */
const PAN_REST_MS = 80;

type Level = { renderScale: number; rotation: number; element: HTMLDivElement; tiles: Map<string, HTMLCanvasElement>; complete: boolean };

/**
 * Draws a PDF sheet into `host` sharp at every zoom: a low-resolution picture of the whole
 * page underneath, and on top 512 px tiles rendered by pdf.js at the zoom shown (in √2 steps),
 * the ones in view nearest the centre first. Between renders the tiles already drawn are
 * moved and scaled with CSS, so pan and zoom cost a style change per frame; a render the
 * view has moved away from is cancelled.
 */
export class PdfSheetPainter {
  private readonly base = document.createElement('canvas');
  private baseScale = 1;
  private baseReady = false;
  private queueTimer: ReturnType<typeof setTimeout> | null = null;
  private level: Level | null = null;
  private previous: Level | null = null;
  private readonly running = new Map<string, RenderTask>();
  private view: Viewport | null = null;
  private viewSize: Size = { width: 0, height: 0 };
  private settle: ReturnType<typeof setTimeout> | null = null;
  private destroyed = false;
  /** Called each time a tile has been drawn (tests and the minimap listen). */
  onTile: ((tile: Tile, renderScale: number) => void) | null = null;

  constructor(
    private readonly host: HTMLElement,
    private readonly page: PDFPageProxy,
    /** The sheet's size in sheet units, as the register stored it. */
    private readonly sheet: Size,
  ) {
    this.base.className = 'sheet-pdf-base';
    this.base.setAttribute('aria-hidden', 'true');
    host.append(this.base);
  }

  /** pdf.js scale that draws the page `renderScale` device px per sheet unit. */
  private pdfScale(renderScale: number): number {
    const natural = this.page.getViewport({ scale: 1 });
    return renderScale * (this.sheet.width / natural.width);
  }

  private pdfViewport(renderScale: number, rotation: number) {
    return this.page.getViewport({ scale: this.pdfScale(renderScale), rotation: (this.page.rotate + rotation) % 360 });
  }

  /**
   * The whole page, once: shown while tiles render and as the minimap's picture. It is drawn
   * at the first view's own resolution (`firstScale`, device px per sheet unit), so the page as
   * first shown is sharp after one render of the pixels the screen shows: a dense vector sheet
   * costs pdf.js about as much per pixel drawn, and a larger picture made the first view wait.
   */
  async renderBase(firstScale?: number): Promise<HTMLCanvasElement> {
    const longSide = Math.max(this.sheet.width, this.sheet.height);
    const most = Math.min(BASE_LONG_SIDE / longSide, 4);
    this.baseScale = firstScale ? Math.min(most, Math.max(firstScale, BASE_MIN_SIDE / longSide)) : most;
    const viewport = this.pdfViewport(this.baseScale, 0);
    this.base.width = Math.ceil(viewport.width);
    this.base.height = Math.ceil(viewport.height);
    const task = this.page.render({ canvas: this.base, viewport });
    this.running.set('base', task);
    try {
      await task.promise;
    } finally {
      this.running.delete('base');
    }
    this.baseReady = true;
    if (this.view) this.update(this.view, this.viewSize);
    return this.base;
  }

  update(view: Viewport, viewSize: Size): void {
    if (this.destroyed) return;
    this.view = view;
    this.viewSize = viewSize;
    const dpr = window.devicePixelRatio || 1;
    // The base picture follows the view exactly: a CSS matrix, sheet units → screen px.
    const [a, b, c, d, e, f] = viewMatrix(view, this.sheet);
    const k = 1 / this.baseScale;
    this.base.style.transform = `matrix(${a * k}, ${b * k}, ${c * k}, ${d * k}, ${e}, ${f})`;
    const wanted = renderScaleFor(view.scale * dpr);
    // Tiles wait for the whole-page picture: drawn together they would take twice as long.
    if (!this.baseReady) return;
    if (view.scale * dpr <= this.baseScale * (1 + 1e-9)) {
      // The whole-page picture has as many pixels as the view shows: no tiles.
      this.dropLevels();
      this.setSharp(true);
      return;
    }
    const level = this.level;
    if (level && level.renderScale === wanted && level.rotation === view.rotation) {
      this.placeLevel(level);
      if (this.previous) this.placeLevel(this.previous);
      // While the view moves, frames only move tiles; new ones render once it rests a moment.
      if (this.queueTimer) clearTimeout(this.queueTimer);
      this.queueTimer = setTimeout(() => {
        this.queueTimer = null;
        this.queueTiles();
      }, PAN_REST_MS);
      return;
    }
    if (level) this.placeLevel(level);
    if (this.previous) this.placeLevel(this.previous);
    // Tiles still rendering for the level being zoomed away from are no longer wanted: pdf.js
    // draws on this thread, and finishing them would cost the zoom's frames.
    this.cancelTiles();
    // A new zoom level (the first one too) waits until the zoom rests, so a wheel gesture
    // renders once and its frames only move pictures.
    if (this.settle) clearTimeout(this.settle);
    this.settle = setTimeout(() => this.startLevel(wanted, view.rotation), SETTLE_MS);
  }

  /** Stops the tile renders under way and forgets those waiting (the whole-page picture goes on). */
  private cancelTiles() {
    for (const [key, task] of this.running) {
      if (key === 'base') continue;
      task.cancel();
      this.running.delete(key);
    }
    this.pending = [];
  }

  private startLevel(renderScale: number, rotation: number) {
    this.settle = null;
    if (this.destroyed || !this.view) return;
    // Renders of the old level stop; their tiles' places are free for the new level's.
    this.cancelTiles();
    this.setSharp(false);
    // The old level stays underneath until the new one covers the view.
    if (this.previous) this.previous.element.remove();
    this.previous = this.level && this.level.rotation === rotation ? this.level : null;
    if (this.level && !this.previous) this.level.element.remove();
    const element = document.createElement('div');
    element.className = 'sheet-pdf-tiles';
    element.dataset.renderScale = String(renderScale);
    this.host.append(element);
    this.level = { renderScale, rotation, element, tiles: new Map(), complete: false };
    this.placeLevel(this.level);
    this.queueTiles();
  }

  /** Tiles are laid out in render px of the turned sheet; one CSS transform places them all. */
  private placeLevel(level: Level) {
    const view = this.view!;
    const k = view.scale / level.renderScale;
    level.element.style.transform = `translate(${view.x}px, ${view.y}px) scale(${k})`;
    level.element.hidden = level.rotation !== view.rotation;
  }

  private queueTiles() {
    const level = this.level;
    if (!level || !this.view || this.view.rotation !== level.rotation) return;
    // Tiles are counted in device pixels, so a tile is drawn 1:1 on a high-density screen.
    const dpr = window.devicePixelRatio || 1;
    const deviceView = { ...this.view, x: this.view.x * dpr, y: this.view.y * dpr, scale: this.view.scale * dpr };
    const deviceSize = { width: this.viewSize.width * dpr, height: this.viewSize.height * dpr };
    const wanted = visibleTiles(deviceView, this.sheet, deviceSize, level.renderScale, TILE);
    const keys = new Set<string>();
    const missing: Tile[] = [];
    for (const tile of wanted) {
      const key = `${tile.column}:${tile.row}`;
      keys.add(key);
      if (!level.tiles.has(key) && !this.running.has(key)) missing.push(tile);
    }
    // Renders of tiles that left the view are cancelled; their places are taken by ones in view.
    for (const [key, task] of this.running) {
      if (key !== 'base' && !keys.has(key)) {
        task.cancel();
        this.running.delete(key);
      }
    }
    this.pending = missing;
    this.pump();
    if (missing.length === 0 && this.tilesRunning() === 0) this.levelDone(level);
    this.forget(level, keys);
  }

  private pending: Tile[] = [];

  /** Tile renders under way (the whole-page picture is not one). */
  private tilesRunning(): number {
    return this.running.size - (this.running.has('base') ? 1 : 0);
  }

  private pump() {
    const level = this.level;
    while (level && this.pending.length && this.tilesRunning() < PARALLEL) {
      const tile = this.pending.shift()!;
      const key = `${tile.column}:${tile.row}`;
      const canvas = document.createElement('canvas');
      canvas.width = tile.width;
      canvas.height = tile.height;
      canvas.className = 'sheet-pdf-tile';
      canvas.style.left = `${tile.x}px`;
      canvas.style.top = `${tile.y}px`;
      canvas.style.width = `${tile.width}px`;
      canvas.style.height = `${tile.height}px`;
      const task = this.page.render({
        canvas,
        viewport: this.pdfViewport(level.renderScale, level.rotation),
        transform: [1, 0, 0, 1, -tile.x, -tile.y],
      });
      this.running.set(key, task);
      task.promise.then(
        () => {
          this.running.delete(key);
          if (this.destroyed || this.level !== level) return;
          level.tiles.set(key, canvas);
          level.element.append(canvas);
          this.onTile?.(tile, level.renderScale);
          this.pump();
          if (this.pending.length === 0 && this.tilesRunning() === 0) this.levelDone(level);
        },
        () => {
          // Cancelled (the view moved on) or failed: the base picture still shows that part.
          if (this.running.get(key) === task) this.running.delete(key);
          if (!this.destroyed && this.level === level) this.pump();
        },
      );
    }
  }

  /** Whether what shows is drawn at the zoom shown (tests and the benchmark read it). */
  private setSharp(sharp: boolean) {
    this.host.dataset.sharp = String(sharp);
  }

  private dropLevels() {
    if (this.settle) clearTimeout(this.settle);
    this.settle = null;
    this.cancelTiles();
    this.level?.element.remove();
    this.previous?.element.remove();
    this.level = null;
    this.previous = null;
  }

  private levelDone(level: Level) {
    level.complete = true;
    level.element.dataset.complete = 'true';
    this.setSharp(true);
    if (this.previous) {
      this.previous.element.remove();
      this.previous = null;
    }
  }

  /** Keeps memory flat: tiles far from the view go once a level holds more than it needs. */
  private forget(level: Level, inView: Set<string>) {
    if (level.tiles.size <= KEPT_TILES) return;
    for (const [key, canvas] of level.tiles) {
      if (level.tiles.size <= KEPT_TILES) break;
      if (inView.has(key)) continue;
      canvas.width = 0;
      canvas.remove();
      level.tiles.delete(key);
    }
  }

  destroy(): void {
    this.destroyed = true;
    if (this.settle) clearTimeout(this.settle);
    if (this.queueTimer) clearTimeout(this.queueTimer);
    delete this.host.dataset.sharp;
    for (const task of this.running.values()) task.cancel();
    this.running.clear();
    this.level?.element.remove();
    this.previous?.element.remove();
    this.base.remove();
  }
}
