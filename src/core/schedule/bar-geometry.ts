import type { LinkType, WallTime } from './model.ts';
import { xOf, type TimeView } from './time-scale.ts';

/**
 * Where the timeline draws a task and a link, in CSS pixels of the view. Rows are the visible
 * rows' indexes; `scrollTop` is how far the rows have scrolled. Mirroring comes from the time
 * view: a bar's "start side" is its left edge, or its right edge in RTL.
 */

export const ROW_HEIGHT = 28;
/** How far a link leaves a bar and meets the next one before it turns. */
export const LINK_GAP = 8;
export const MILESTONE_SIZE = 14;

/** The chart's colours, on the screen and on paper alike. */
export const GANTT_COLOURS = {
  nonWorking: '#eef0f3',
  rowLine: '#f0f0f0',
  selectedRow: '#e6f0ff',
  bar: '#5b8bd9',
  barDone: '#2f5fae',
  critical: '#e0473c',
  criticalDone: '#a8231a',
  summary: '#2b2f36',
  baseline: '#a9b1bb',
  link: '#59606b',
  criticalLink: '#c2362c',
  today: '#f08c00',
  status: '#7048e8',
} as const;

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export type BarKind = 'task' | 'summary' | 'milestone';

export interface BarGeometry {
  kind: BarKind;
  /** The bar (a milestone: its diamond's bounding box). */
  bar: Rect;
  /** The part done, from the start side; absent for milestones and summaries. */
  progress?: Rect;
  /** The chosen baseline's bar, drawn under the bar. */
  baseline?: Rect;
  /** x of the start and finish sides (equal for a milestone), mirrored in RTL. */
  startX: number;
  finishX: number;
  /** The middle of the row, where links meet the bar. */
  midY: number;
}

export interface BarInput {
  kind: BarKind;
  start: WallTime;
  finish: WallTime;
  percentComplete: number;
  baseline?: { start: WallTime; finish: WallTime };
}

/** The bar of the task in visible row `row`, with room for a baseline under it when one is shown. */
export function barGeometry(view: TimeView, row: number, scrollTop: number, task: BarInput, withBaseline: boolean): BarGeometry {
  const top = row * ROW_HEIGHT - scrollTop;
  const startX = xOf(view, task.start);
  const finishX = task.kind === 'milestone' ? startX : xOf(view, task.finish);
  const left = Math.min(startX, finishX);
  const width = Math.max(Math.abs(finishX - startX), task.kind === 'milestone' ? 0 : 1);
  const barTop = top + (withBaseline ? 5 : 7);
  const barHeight = task.kind === 'summary' ? 8 : withBaseline ? 12 : 14;
  const midY = barTop + (task.kind === 'summary' ? 4 : barHeight / 2);
  let bar: Rect;
  let progress: Rect | undefined;
  if (task.kind === 'milestone') {
    const half = MILESTONE_SIZE / 2;
    bar = { x: startX - half, y: midY - half, width: MILESTONE_SIZE, height: MILESTONE_SIZE };
  } else {
    bar = { x: left, y: barTop, width, height: barHeight };
    if (task.kind === 'task' && task.percentComplete > 0) {
      const done = (width * Math.min(100, task.percentComplete)) / 100;
      progress = { x: view.rtl ? left + width - done : left, y: barTop, width: done, height: barHeight };
    }
  }
  let baseline: Rect | undefined;
  if (withBaseline && task.baseline) {
    const a = xOf(view, task.baseline.start);
    const b = xOf(view, task.baseline.finish);
    baseline = { x: Math.min(a, b), y: top + 20, width: Math.max(Math.abs(b - a), 2), height: 4 };
  }
  return { kind: task.kind, bar, progress, baseline, startX, finishX, midY };
}

export interface LinkRoute {
  /** The polyline from the predecessor to the arrow's tip. */
  points: [number, number][];
  /** The way the arrow points: +1 rightwards, -1 leftwards. */
  arrow: 1 | -1;
}

/**
 * The route of a link arrow: out of the predecessor's start or finish side, into the
 * successor's. FS leaves the finish and enters the start; SS leaves and enters the starts; FF
 * the finishes; SF leaves the start and enters the finish. Straight down-and-in when the sides
 * allow it; otherwise it turns along the row boundary above the successor.
 */
export function linkRoute(from: BarGeometry, to: BarGeometry, type: LinkType, rtl: boolean): LinkRoute {
  const forward = rtl ? -1 : 1;
  const leavesFinish = type === 'FS' || type === 'FF';
  const entersStart = type === 'FS' || type === 'SS';
  const x0 = leavesFinish ? from.finishX : from.startX;
  const out = leavesFinish ? forward : -forward;
  // A milestone's sides are its diamond's points.
  const x0Edge = from.kind === 'milestone' ? x0 + (out * MILESTONE_SIZE) / 2 : x0;
  const xTip = entersStart ? to.startX : to.finishX;
  const arrow = (entersStart ? forward : -forward) as 1 | -1;
  const tip = to.kind === 'milestone' ? xTip - (arrow * MILESTONE_SIZE) / 2 : xTip;
  const y0 = from.midY;
  const y1 = to.midY;
  const approach = tip - arrow * LINK_GAP;
  if (out === arrow && (approach - x0Edge) * arrow >= LINK_GAP) {
    return { points: [[x0Edge, y0], [approach, y0], [approach, y1], [tip, y1]], arrow };
  }
  const turnY = y1 + (y1 >= y0 ? -ROW_HEIGHT / 2 : ROW_HEIGHT / 2);
  const stub = x0Edge + out * LINK_GAP;
  return { points: [[x0Edge, y0], [stub, y0], [stub, turnY], [approach, turnY], [approach, y1], [tip, y1]], arrow };
}
