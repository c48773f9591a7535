import { GANTT_COLOURS as COLOURS, ROW_HEIGHT, barGeometry, linkRoute, type BarGeometry } from '../../core/schedule/bar-geometry.ts';
import { nonWorkingStretches, viewEnd, xOf } from '../../core/schedule/time-scale.ts';
import { handleX, HANDLE_RADIUS } from './bar-drag.ts';
import type { GanttStore } from './gantt-store.ts';

/** A drag's preview: the screen's accent, apart from every colour a bar has. */
const DRAG_COLOUR = '#1677ff';

/** Wall time now: this machine's clock read as the wall clock schedules use. */
export function wallNow(): number {
  const now = new Date();
  return Math.floor(now.getTime() / 60000) - now.getTimezoneOffset();
}

/**
 * Draws the timeline's body (shading, lines, baselines, bars, links) on a canvas the size of
 * the view, for the rows and the stretch of time that show only, on the next animation frame
 * after anything it reads changed.
 */
export class TimelinePainter {
  private frame = 0;
  /** How long the last frame took to draw, in ms (the benchmark reads it). */
  lastFrameMs = 0;
  /** How many bars the last frame drew. */
  lastBars = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly store: GanttStore,
  ) {}

  schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.draw();
    });
  }

  /** Where the bar of a task lies in the view, if its row shows (for tests and pointer hits). */
  barOf(taskId: number): BarGeometry | null {
    const store = this.store;
    const row = store.outline.rowOf.get(taskId);
    if (row === undefined) return null;
    const index = store.rowIndex.get(row);
    return index === undefined ? null : this.geometry(index, row);
  }

  private geometry(index: number, row: number): BarGeometry | null {
    const store = this.store;
    const drawn = store.drawn[row]!;
    if (drawn.start === undefined || drawn.finish === undefined) return null;
    const summary = store.outline.summary[row]!;
    const milestone = !summary && (drawn.task.milestone || drawn.finish === drawn.start);
    const baseline = store.baselineIndex === null ? undefined : store.model.baselines.find((b) => b.index === store.baselineIndex)?.tasks[drawn.task.id];
    return barGeometry(
      store.timeView,
      index,
      store.scrollTop,
      { kind: summary ? 'summary' : milestone ? 'milestone' : 'task', start: drawn.start, finish: drawn.finish, percentComplete: drawn.task.percentComplete, baseline },
      store.baselineIndex !== null,
    );
  }

  draw(): void {
    const store = this.store;
    const width = store.viewWidth;
    const height = store.viewHeight;
    if (width <= 0 || height <= 0) return;
    const started = performance.now();
    const dpr = window.devicePixelRatio || 1;
    const pixelWidth = Math.max(1, Math.round(width * dpr));
    const pixelHeight = Math.max(1, Math.round(height * dpr));
    if (this.canvas.width !== pixelWidth || this.canvas.height !== pixelHeight) {
      this.canvas.width = pixelWidth;
      this.canvas.height = pixelHeight;
      this.canvas.style.width = `${width}px`;
      this.canvas.style.height = `${height}px`;
    }
    const ctx = this.canvas.getContext('2d')!;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, width, height);
    const view = store.timeView;
    const rows = store.rows;

    // Non-working time of the project calendar, at the zooms where a day is wide enough.
    const calendar = store.calendar;
    if (calendar && store.level.shade !== 'none') {
      ctx.fillStyle = COLOURS.nonWorking;
      for (const [a, b] of nonWorkingStretches(calendar, view.start, viewEnd(view), store.level.shade === 'hours')) {
        const xa = xOf(view, a);
        const xb = xOf(view, b);
        ctx.fillRect(Math.min(xa, xb), 0, Math.abs(xb - xa), height);
      }
    }

    const first = Math.max(0, Math.floor(store.scrollTop / ROW_HEIGHT));
    const last = Math.min(rows.length - 1, Math.floor((store.scrollTop + height) / ROW_HEIGHT));
    const selectedRow = store.selectedId === null ? -1 : (store.outline.rowOf.get(store.selectedId) ?? -1);
    ctx.fillStyle = COLOURS.rowLine;
    for (let index = first; index <= last; index++) {
      const y = (index + 1) * ROW_HEIGHT - store.scrollTop;
      if (rows[index] === selectedRow) {
        ctx.fillStyle = COLOURS.selectedRow;
        ctx.fillRect(0, y - ROW_HEIGHT, width, ROW_HEIGHT);
        ctx.fillStyle = COLOURS.rowLine;
      }
      ctx.fillRect(0, y - 1, width, 1);
    }

    const geometries = new Map<number, BarGeometry>();
    const critical = (row: number) => store.showCritical && store.drawn[row]!.critical;
    let bars = 0;
    for (let index = first; index <= last; index++) {
      const row = rows[index]!;
      const bar = this.geometry(index, row);
      if (!bar) continue;
      geometries.set(row, bar);
      if (bar.bar.x > width || bar.bar.x + bar.bar.width < 0) {
        if (!bar.baseline) continue;
      }
      if (bar.baseline) {
        ctx.fillStyle = COLOURS.baseline;
        ctx.fillRect(bar.baseline.x, bar.baseline.y, bar.baseline.width, bar.baseline.height);
      }
      bars++;
      this.paintBar(ctx, bar, critical(row));
    }

    // Links: those with an end in the rows that show, or passing across them.
    ctx.lineWidth = 1;
    const rowIndex = store.rowIndex;
    for (const link of store.model.links) {
      const fromRow = store.outline.rowOf.get(link.from);
      const toRow = store.outline.rowOf.get(link.to);
      if (fromRow === undefined || toRow === undefined) continue;
      const a = rowIndex.get(fromRow);
      const b = rowIndex.get(toRow);
      if (a === undefined || b === undefined || Math.max(a, b) < first || Math.min(a, b) > last) continue;
      const from = geometries.get(fromRow) ?? this.geometry(a, fromRow);
      const to = geometries.get(toRow) ?? this.geometry(b, toRow);
      if (!from || !to) continue;
      const route = linkRoute(from, to, link.type, view.rtl);
      const xs = route.points.map((p) => p[0]);
      if (Math.max(...xs) < 0 || Math.min(...xs) > width) continue;
      const red = critical(fromRow) && critical(toRow);
      ctx.strokeStyle = red ? COLOURS.criticalLink : COLOURS.link;
      ctx.fillStyle = ctx.strokeStyle;
      ctx.beginPath();
      route.points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(Math.round(x) + 0.5, Math.round(y) + 0.5) : ctx.lineTo(Math.round(x) + 0.5, Math.round(y) + 0.5)));
      ctx.stroke();
      const [tipX, tipY] = route.points[route.points.length - 1]!;
      ctx.beginPath();
      ctx.moveTo(tipX, tipY + 0.5);
      ctx.lineTo(tipX - route.arrow * 5, tipY - 3.5);
      ctx.lineTo(tipX - route.arrow * 5, tipY + 4.5);
      ctx.closePath();
      ctx.fill();
    }

    // Today and the status date.
    const line = (time: number | undefined, colour: string, dashed: boolean) => {
      if (time === undefined) return;
      const x = xOf(view, time);
      if (x < 0 || x > width) return;
      ctx.strokeStyle = colour;
      ctx.lineWidth = 2;
      ctx.setLineDash(dashed ? [6, 4] : []);
      ctx.beginPath();
      ctx.moveTo(x, 0);
      ctx.lineTo(x, height);
      ctx.stroke();
      ctx.setLineDash([]);
    };
    line(wallNow(), COLOURS.today, false);
    line(store.model.settings.statusDate, COLOURS.status, true);

    this.paintHandles(ctx);
    this.paintDrag(ctx);

    this.lastBars = bars;
    this.canvas.dataset.bars = String(bars);
    this.lastFrameMs = performance.now() - started;
  }

  /** The link handles of the bar under the pointer (or being dragged from). */
  private paintHandles(ctx: CanvasRenderingContext2D) {
    const store = this.store;
    const taskId = store.drag?.taskId ?? store.hoverId;
    const bar = taskId === null ? null : this.barOf(taskId);
    if (!bar || bar.kind === 'summary') return;
    ctx.strokeStyle = COLOURS.link;
    ctx.fillStyle = '#ffffff';
    ctx.lineWidth = 1.5;
    for (const end of ['start', 'finish'] as const) {
      ctx.beginPath();
      ctx.arc(handleX(bar, end, store.rtl), bar.midY, HANDLE_RADIUS, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  }

  /** What dropping the dragged bar would make: the bar's new place or length, its progress, or the link. */
  private paintDrag(ctx: CanvasRenderingContext2D) {
    const store = this.store;
    const drag = store.drag;
    const bar = drag ? this.barOf(drag.taskId) : null;
    if (!drag || !bar) return;
    const view = store.timeView;
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = DRAG_COLOUR;
    if (drag.zone === 'linkFromStart' || drag.zone === 'linkFromFinish') {
      const target = drag.target ? this.barOf(drag.target.taskId) : null;
      if (target) ctx.strokeRect(target.bar.x - 2.5, target.bar.y - 2.5, target.bar.width + 5, target.bar.height + 5);
      ctx.beginPath();
      ctx.moveTo(handleX(bar, drag.zone === 'linkFromStart' ? 'start' : 'finish', store.rtl), bar.midY);
      ctx.lineTo(drag.x, drag.y);
      ctx.stroke();
    } else if (drag.zone === 'progress') {
      const { x, width } = bar.bar;
      const done = (width * drag.preview.percent) / 100;
      ctx.fillStyle = DRAG_COLOUR;
      ctx.fillRect(store.rtl ? x + width - done : x, bar.bar.y + bar.bar.height - 3, done, 3);
    } else {
      const a = xOf(view, drag.preview.start);
      const b = bar.kind === 'milestone' ? a : xOf(view, drag.preview.finish);
      const half = bar.kind === 'milestone' ? bar.bar.width / 2 : 0;
      ctx.strokeRect(Math.min(a, b) - half + 0.5, bar.bar.y + 0.5, Math.max(Math.abs(b - a), 1) + 2 * half - 1, bar.bar.height - 1);
    }
    ctx.setLineDash([]);
  }

  private paintBar(ctx: CanvasRenderingContext2D, geometry: BarGeometry, critical: boolean) {
    const { bar } = geometry;
    if (geometry.kind === 'milestone') {
      ctx.fillStyle = critical ? COLOURS.critical : COLOURS.summary;
      const cx = bar.x + bar.width / 2;
      const cy = bar.y + bar.height / 2;
      ctx.beginPath();
      ctx.moveTo(cx, bar.y);
      ctx.lineTo(bar.x + bar.width, cy);
      ctx.lineTo(cx, bar.y + bar.height);
      ctx.lineTo(bar.x, cy);
      ctx.closePath();
      ctx.fill();
      return;
    }
    if (geometry.kind === 'summary') {
      // A bracket: a thin bar with a point down at each end.
      ctx.fillStyle = critical ? COLOURS.critical : COLOURS.summary;
      ctx.fillRect(bar.x, bar.y, bar.width, bar.height / 2);
      for (const [edge, inward] of [
        [bar.x, 1],
        [bar.x + bar.width, -1],
      ] as const) {
        ctx.beginPath();
        ctx.moveTo(edge, bar.y);
        ctx.lineTo(edge + inward * 6, bar.y);
        ctx.lineTo(edge, bar.y + bar.height);
        ctx.closePath();
        ctx.fill();
      }
      return;
    }
    ctx.fillStyle = critical ? COLOURS.critical : COLOURS.bar;
    ctx.fillRect(bar.x, bar.y, bar.width, bar.height);
    if (geometry.progress) {
      ctx.fillStyle = critical ? COLOURS.criticalDone : COLOURS.barDone;
      const p = geometry.progress;
      ctx.fillRect(p.x, p.y + p.height / 3, p.width, p.height / 3);
    }
  }
}
