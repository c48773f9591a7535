import { SCHEDULE_PAPER, type ScheduleOrientation, type SchedulePaper } from '../../../../core/contracts/schedules.ts';
import { ROW_HEIGHT, type Rect } from '../../../../core/schedule/bar-geometry.ts';
import type { WallTime } from '../../../../core/schedule/model.ts';
import { ZOOM_LEVELS, type TimeUnit, type TimeView, type ZoomLevel } from '../../../../core/schedule/time-scale.ts';

/**
 * Where a printed schedule puts things, as MS Project's "Print": a title band, then on every
 * page the grid's heading beside the two-row time scale, rows of tasks, and a footer with the
 * page number. The time scale is fitted to the range across the paper's width (no page is cut
 * sideways); rows run on over as many pages as they need.
 *
 * Everything is measured in the chart's own units (the screen's CSS pixels: a row is
 * ROW_HEIGHT), so bars and links are the editor's geometry; a page is scaled into points.
 */

/** Points (1/72 in) a chart unit takes on paper: a row prints 15 pt high. */
export const POINTS_PER_UNIT = 15 / ROW_HEIGHT;
/** Paper's edge to the content, in units (about 12 mm). */
export const PAGE_MARGIN = 64;
export const TITLE_HEIGHT = 64;
export const SCALE_ROW_HEIGHT = 24;
/** The grid's heading and the time scale's two rows. */
export const TABLE_HEAD_HEIGHT = SCALE_ROW_HEIGHT * 2;
export const FOOTER_HEIGHT = 40;
export const TEXT_SIZE = 14;
/** A row's indent per outline level below the first. */
export const LEVEL_INDENT = 14;
const CELL_PAD = 6;

/** Narrowest cell of the time scale's lower row that still takes a label, by its unit. */
const MIN_CELL: Record<TimeUnit, number> = { hour: 22, day: 18, week: 40, month: 34, quarter: 40, year: 40, decade: 40 };
/** Minutes of a unit, for the fitting (months and years at their average). */
const UNIT_MINUTES: Record<TimeUnit, number> = { hour: 60, day: 1440, week: 10080, month: 43830, quarter: 131490, year: 525960, decade: 5259600 };

export interface PageSize {
  width: number;
  height: number;
}

/** A paper's page in chart units. */
export function pageSize(paper: SchedulePaper, orientation: ScheduleOrientation): PageSize {
  const [short, long] = SCHEDULE_PAPER[paper];
  const [width, height] = orientation === 'landscape' ? [long, short] : [short, long];
  return { width: width / POINTS_PER_UNIT, height: height / POINTS_PER_UNIT };
}

/**
 * A text's width in units at `size`, estimated from its characters (wide for Chinese, narrow
 * for the rest), so the PDF and the PNG lay out alike whatever font draws them.
 */
export function estimateWidth(text: string, size: number): number {
  let em = 0;
  for (const char of text) {
    if (/[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u.test(char)) em += 1;
    else if (/[\s.,:;'’()|/–-]/u.test(char)) em += 0.36;
    else if (/[A-Z]/u.test(char) || /[mwMW]/u.test(char)) em += 0.75;
    else em += 0.64;
  }
  // DejaVu Sans, the widest of the fonts, sets these classes at about these widths.
  return em * size * 1.04;
}

export type GridColumnKey = 'wbs' | 'name' | 'duration' | 'start' | 'finish';
export const GRID_COLUMNS: readonly GridColumnKey[] = ['wbs', 'name', 'duration', 'start', 'finish'];

export interface GridColumn {
  key: GridColumnKey;
  /** Left edge on the page and width. */
  x: number;
  width: number;
}

/** The texts of the grid, to size its columns: each column's heading and cells. */
export type GridTexts = Record<GridColumnKey, { heading: string; cells: string[] }>;

/**
 * The grid's columns: each as wide as its widest text, the name column taking what is left of
 * at most half the content (three fifths on a narrow page; at least NAME_MIN) and cutting longer names; mirrored in RTL, the
 * grid then standing at the content's right with its first column rightmost.
 */
export function gridColumns(texts: GridTexts, contentX: number, contentWidth: number, rtl: boolean): { columns: GridColumn[]; width: number } {
  const widest = (key: GridColumnKey, extra = 0) =>
    Math.ceil(Math.max(estimateWidth(texts[key].heading, TEXT_SIZE) * 1.2, ...texts[key].cells.map((text) => estimateWidth(text, TEXT_SIZE))) + 2 * CELL_PAD + extra);
  const widths: Record<GridColumnKey, number> = {
    // Headings are bold, a fifth wider.
    wbs: Math.min(widest('wbs'), 110),
    name: 0,
    duration: Math.min(widest('duration'), 120),
    start: Math.min(widest('start'), 160),
    finish: Math.min(widest('finish'), 160),
  };
  const others = widths.wbs + widths.duration + widths.start + widths.finish;
  // A narrow page (portrait) gives the grid more of its width: names matter more than a wider timeline.
  const room = Math.max(NAME_MIN, contentWidth * (contentWidth < 1200 ? 0.6 : 0.5) - others);
  widths.name = Math.min(Math.max(widest('name', LEVEL_INDENT * 3), NAME_MIN), Math.max(room, NAME_MIN), 420);
  const width = others + widths.name;
  const columns: GridColumn[] = [];
  let at = rtl ? contentX + contentWidth : contentX;
  for (const key of GRID_COLUMNS) {
    const w = widths[key];
    columns.push({ key, x: rtl ? at - w : at, width: w });
    at += rtl ? -w : w;
  }
  return { columns, width };
}
const NAME_MIN = 120;

export interface TimeScaleFit {
  level: ZoomLevel;
  view: TimeView;
  /** Whether non-working time is shaded: whole days, or the hours outside work too. */
  shade: 'hours' | 'days' | 'none';
}

/**
 * The time scale for [from, to) across `width` units: the finest of the editor's zoom levels
 * whose lower row's cells are wide enough to label, stretched so the range fills the width.
 */
export function fitTimeScale(from: WallTime, to: WallTime, width: number, rtl: boolean): TimeScaleFit {
  const span = Math.max(to - from, 60);
  const pxPerMinute = width / span;
  const level = ZOOM_LEVELS.find((each) => UNIT_MINUTES[each.bottom] * pxPerMinute >= MIN_CELL[each.bottom]) ?? ZOOM_LEVELS[ZOOM_LEVELS.length - 1]!;
  const dayWidth = 1440 * pxPerMinute;
  const shade = level.shade === 'hours' ? 'hours' : dayWidth >= 2.5 ? 'days' : 'none';
  return { level, view: { start: from, pxPerMinute, width, rtl }, shade };
}

/** The range a print covers: the days asked for (both included), else the schedule's span with a day either side. */
export function printRange(range: { from?: string; to?: string }, scheduled: { start: WallTime; finish: WallTime } | null, today: WallTime): { from: WallTime; to: WallTime } {
  const dayStart = (time: WallTime) => Math.floor(time / 1440) * 1440;
  const parse = (day: string) => Date.parse(`${day}T00:00:00Z`) / 60000;
  const start = scheduled ? dayStart(scheduled.start) - 1440 : dayStart(today);
  const finish = scheduled ? dayStart(scheduled.finish) + 2 * 1440 : dayStart(today) + 7 * 1440;
  const from = range.from ? parse(range.from) : start;
  const to = range.to ? parse(range.to) + 1440 : Math.max(finish, from + 1440);
  return { from, to: Math.max(to, from + 1440) };
}

/** Whether a task's bar crosses [from, to): a milestone on either edge counts. */
export function crossesRange(task: { start: WallTime; finish: WallTime }, from: WallTime, to: WallTime): boolean {
  return task.start <= to && task.finish >= from && !(task.start === to && task.finish > task.start);
}

/** Rows a page holds below the title band (the first page) or straight from the top (the rest), the heading and footer taken off. */
export function rowsPerPage(page: PageSize, first: boolean): number {
  const body = page.height - 2 * PAGE_MARGIN - (first ? TITLE_HEIGHT : 0) - TABLE_HEAD_HEIGHT - FOOTER_HEIGHT;
  return Math.max(1, Math.floor(body / ROW_HEIGHT));
}

/** The rows of each page, as [first, end) indexes: as many pages as the rows need, at least one. */
export function splitPages(rowCount: number, page: PageSize): [number, number][] {
  const pages: [number, number][] = [];
  let at = 0;
  do {
    const end = Math.min(rowCount, at + rowsPerPage(page, pages.length === 0));
    pages.push([at, end]);
    at = end;
  } while (at < rowCount);
  return pages;
}

/** Where one page's parts lie, in units from its top-left corner. */
export interface PageFrame {
  /** The grid's heading and rows. */
  grid: Rect;
  /** The time scale's two rows and the timeline below them. */
  scale: Rect;
  timeline: Rect;
  /** Top of the first row. */
  rowsTop: number;
  /** The footer's baseline, at the page's foot. */
  footerY: number;
}

/** The frame of a page holding `rows` rows, with or without the title band, its grid and timeline side by side. */
export function pageFrame(page: PageSize, gridWidth: number, rows: number, first: boolean, rtl: boolean): PageFrame {
  const top = PAGE_MARGIN + (first ? TITLE_HEIGHT : 0);
  const contentWidth = page.width - 2 * PAGE_MARGIN;
  const timelineWidth = contentWidth - gridWidth;
  const gridX = rtl ? PAGE_MARGIN + timelineWidth : PAGE_MARGIN;
  const timelineX = rtl ? PAGE_MARGIN : PAGE_MARGIN + gridWidth;
  const rowsTop = top + TABLE_HEAD_HEIGHT;
  const height = rows * ROW_HEIGHT;
  return {
    grid: { x: gridX, y: top, width: gridWidth, height: TABLE_HEAD_HEIGHT + height },
    scale: { x: timelineX, y: top, width: timelineWidth, height: TABLE_HEAD_HEIGHT },
    timeline: { x: timelineX, y: rowsTop, width: timelineWidth, height },
    rowsTop,
    footerY: page.height - PAGE_MARGIN - 6,
  };
}

/** The part of an axis-aligned polyline inside a rectangle, as segments (a link to a row on another page is drawn up to the page's edge). */
export function clipPolyline(points: readonly [number, number][], box: Rect): [number, number, number, number][] {
  const segments: [number, number, number, number][] = [];
  const [left, right, top, bottom] = [box.x, box.x + box.width, box.y, box.y + box.height];
  for (let i = 1; i < points.length; i++) {
    let [x1, y1] = points[i - 1]!;
    let [x2, y2] = points[i]!;
    if (y1 === y2) {
      if (y1 < top || y1 > bottom) continue;
      [x1, x2] = [Math.max(left, Math.min(x1, x2)), Math.min(right, Math.max(x1, x2))];
    } else if (x1 === x2) {
      if (x1 < left || x1 > right) continue;
      [y1, y2] = [Math.max(top, Math.min(y1, y2)), Math.min(bottom, Math.max(y1, y2))];
    } else {
      continue;
    }
    if (x2 >= x1 && y2 >= y1 && (x2 > x1 || y2 > y1)) segments.push([x1, y1, x2, y2]);
  }
  return segments;
}
