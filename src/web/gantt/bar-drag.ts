import type { BarGeometry } from '../../core/schedule/bar-geometry.ts';
import type { LinkType, WallTime } from '../../core/schedule/model.ts';
import { timeAt, type TimeView } from '../../core/schedule/time-scale.ts';

/**
 * What a pointer pressed on a bar drags, as in MS Project: the bar's middle moves the task
 * (it then starts no earlier than where it was dropped), its finish end changes the duration,
 * its start end and the progress edge set % complete, and the round handle beyond either end
 * draws a link to another bar.
 */
export type DragZone = 'move' | 'finish' | 'progress' | 'linkFromStart' | 'linkFromFinish';

/** How near (CSS px) an end or edge must be to take the pointer. */
const EDGE = 5;
/** How far beyond a bar's end its link handle sits, and its radius. */
export const HANDLE_OFFSET = 10;
export const HANDLE_RADIUS = 4;

/** Where a link handle of a bar is drawn: beyond its start or its finish, on the reading side. */
export function handleX(bar: BarGeometry, end: 'start' | 'finish', rtl: boolean): number {
  const forward = rtl ? -1 : 1;
  const half = bar.kind === 'milestone' ? bar.bar.width / 2 : 0;
  return end === 'finish' ? bar.finishX + forward * (HANDLE_OFFSET + half) : bar.startX - forward * (HANDLE_OFFSET + half);
}

/** The zone of a bar under the pointer at (x, y), or null; summaries are rolled up, not dragged. */
export function zoneAt(bar: BarGeometry, x: number, y: number, rtl: boolean): DragZone | null {
  if (bar.kind === 'summary') return null;
  const { bar: box } = bar;
  if (y < box.y - 4 || y > box.y + box.height + 4) return null;
  for (const end of ['finish', 'start'] as const) {
    if (Math.abs(x - handleX(bar, end, rtl)) <= HANDLE_RADIUS + 3) return end === 'finish' ? 'linkFromFinish' : 'linkFromStart';
  }
  if (x < box.x - 1 || x > box.x + box.width + 1) return null;
  if (bar.kind === 'milestone') return 'move';
  if (Math.abs(x - bar.finishX) <= EDGE && box.width > 2 * EDGE) return 'finish';
  const progressEdge = bar.progress ? (rtl ? bar.progress.x : bar.progress.x + bar.progress.width) : bar.startX;
  if (Math.abs(x - bar.startX) <= EDGE || (bar.progress && Math.abs(x - progressEdge) <= EDGE / 2 + 1)) return 'progress';
  return 'move';
}

/** The pointer's cursor over each zone. */
export const ZONE_CURSOR: Record<DragZone, string> = {
  move: 'move',
  finish: 'ew-resize',
  progress: 'col-resize',
  linkFromStart: 'crosshair',
  linkFromFinish: 'crosshair',
};

/** A bar being dragged: where it started and what dropping it now would make. */
export interface BarDrag {
  taskId: number;
  zone: DragZone;
  /** The task's dates and progress when the drag began. */
  start: WallTime;
  finish: WallTime;
  percent: number;
  /** Pointer x where the drag began, and where it is (view px). */
  fromX: number;
  x: number;
  y: number;
  /** What a drop now would set. */
  preview: { start: WallTime; finish: WallTime; percent: number };
  /** A link's target bar and its type, when the pointer is over another task's bar. */
  target: { taskId: number; type: LinkType } | null;
}

/** Minutes a dragged date snaps to: the hour when hours are shown, else the day. */
export function snapMinutes(pxPerMinute: number): number {
  return pxPerMinute * 60 >= 12 ? 60 : 1440;
}

const snap = (time: WallTime, step: number) => Math.round(time / step) * step;

/** The drop a drag would make with the pointer at x: dates snapped, progress in whole percent. */
export function previewAt(drag: BarDrag, view: TimeView, x: number): BarDrag['preview'] {
  const step = snapMinutes(view.pxPerMinute);
  switch (drag.zone) {
    case 'move': {
      // Whole days (or hours) along; the new start is that day's beginning, where the engine
      // then starts the task at the first working time.
      const shift = snap(timeAt(view, x) - timeAt(view, drag.fromX), step);
      return { start: Math.floor(drag.start / step) * step + shift, finish: drag.finish + shift, percent: drag.percent };
    }
    case 'finish': {
      const finish = Math.max(drag.start + step, snap(timeAt(view, x), step));
      return { start: drag.start, finish, percent: drag.percent };
    }
    case 'progress': {
      const span = drag.finish - drag.start;
      const percent = span <= 0 ? drag.percent : Math.round(Math.min(1, Math.max(0, (timeAt(view, x) - drag.start) / span)) * 100);
      return { start: drag.start, finish: drag.finish, percent };
    }
    default:
      return { start: drag.start, finish: drag.finish, percent: drag.percent };
  }
}

/**
 * The link a drop on `target` makes: from the handle's end of the dragged task to the end of
 * the target bar nearer the pointer (MS Project's FS, SS, FF and SF).
 */
export function linkTypeAt(zone: DragZone, target: BarGeometry, x: number): LinkType {
  const toStart = Math.abs(x - target.startX) <= Math.abs(x - target.finishX);
  if (zone === 'linkFromStart') return toStart ? 'SS' : 'SF';
  return toStart ? 'FS' : 'FF';
}
