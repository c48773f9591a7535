import type { Calendar, WallTime, WorkingPeriod } from './model.ts';

/**
 * The timeline's time axis: zoom levels from hours to years, each with its two header rows,
 * and the mapping between wall time and x in a view. Right to left, time runs from the right
 * edge leftwards; everything else (cells, shading, bars) goes through `xOf`, so it is
 * mirrored with it.
 */

export type TimeUnit = 'hour' | 'day' | 'week' | 'month' | 'quarter' | 'year' | 'decade';

export interface ZoomLevel {
  key: 'hours' | 'days' | 'weeks' | 'months' | 'quarters' | 'years';
  /** The header's upper and lower rows. */
  top: TimeUnit;
  bottom: TimeUnit;
  /** CSS pixels per day. */
  pxPerDay: number;
  /** Whether non-working time is shaded: whole days from `days` in, hours at `hours`. */
  shade: 'hours' | 'days' | 'none';
}

export const ZOOM_LEVELS: readonly ZoomLevel[] = [
  { key: 'hours', top: 'day', bottom: 'hour', pxPerDay: 24 * 32, shade: 'hours' },
  { key: 'days', top: 'week', bottom: 'day', pxPerDay: 36, shade: 'days' },
  { key: 'weeks', top: 'month', bottom: 'week', pxPerDay: 10, shade: 'days' },
  { key: 'months', top: 'quarter', bottom: 'month', pxPerDay: 3, shade: 'none' },
  { key: 'quarters', top: 'year', bottom: 'quarter', pxPerDay: 1, shade: 'none' },
  { key: 'years', top: 'decade', bottom: 'year', pxPerDay: 0.25, shade: 'none' },
];

/** The zoom level a new chart opens at. */
export const DEFAULT_ZOOM = 1;

const DAY = 1440;
const dateOf = (time: WallTime) => new Date(time * 60000);
const wallOf = (ms: number): WallTime => Math.round(ms / 60000);

/** The start of the unit `time` falls in. Weeks start on Monday, as MS Project's default. */
export function unitStart(time: WallTime, unit: TimeUnit): WallTime {
  const d = dateOf(time);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'hour':
      return Math.floor(time / 60) * 60;
    case 'day':
      return Math.floor(time / DAY) * DAY;
    case 'week': {
      const day = Math.floor(time / DAY);
      // 1970-01-01 was a Thursday: day 4 of the week counted from Monday 0 is 3.
      return (day - ((day + 3) % 7 + 7) % 7) * DAY;
    }
    case 'month':
      return wallOf(Date.UTC(y, m, 1));
    case 'quarter':
      return wallOf(Date.UTC(y, m - (m % 3), 1));
    case 'year':
      return wallOf(Date.UTC(y, 0, 1));
    case 'decade':
      return wallOf(Date.UTC(y - (((y % 10) + 10) % 10), 0, 1));
  }
}

/** The start of the unit after the one starting at `start`. */
export function nextUnit(start: WallTime, unit: TimeUnit): WallTime {
  const d = dateOf(start);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  switch (unit) {
    case 'hour':
      return start + 60;
    case 'day':
      return start + DAY;
    case 'week':
      return start + 7 * DAY;
    case 'month':
      return wallOf(Date.UTC(y, m + 1, 1));
    case 'quarter':
      return wallOf(Date.UTC(y, m + 3, 1));
    case 'year':
      return wallOf(Date.UTC(y + 1, 0, 1));
    case 'decade':
      return wallOf(Date.UTC(y + 10, 0, 1));
  }
}

/** One view of the axis: the time at its reading-side edge, its width and direction. */
export interface TimeView {
  /** Wall time at the view's reading-side edge (left, or right in RTL). */
  start: WallTime;
  /** CSS pixels per minute. */
  pxPerMinute: number;
  width: number;
  rtl: boolean;
}

/** x of `time` in the view, from the view's left edge. */
export function xOf(view: TimeView, time: WallTime): number {
  const along = (time - view.start) * view.pxPerMinute;
  return view.rtl ? view.width - along : along;
}

/** The wall time at x in the view. */
export function timeAt(view: TimeView, x: number): WallTime {
  const along = view.rtl ? view.width - x : x;
  return view.start + along / view.pxPerMinute;
}

/** The wall time at the view's far edge. */
export const viewEnd = (view: TimeView): WallTime => view.start + view.width / view.pxPerMinute;

export interface HeaderCell {
  unit: TimeUnit;
  start: WallTime;
  end: WallTime;
  /** Left edge and width in the view (mirrored in RTL). */
  x: number;
  width: number;
}

/** The cells of one header row that show in the view, each at least partly. */
export function headerCells(view: TimeView, unit: TimeUnit): HeaderCell[] {
  const cells: HeaderCell[] = [];
  const end = viewEnd(view);
  for (let start = unitStart(view.start, unit); start < end; ) {
    const next = nextUnit(start, unit);
    const a = xOf(view, start);
    const b = xOf(view, next);
    cells.push({ unit, start, end: next, x: Math.min(a, b), width: Math.abs(b - a) });
    start = next;
  }
  return cells;
}

/** Working periods of a day (days since 1970-01-01) in `calendar`, exceptions first. */
export function workingPeriodsOf(calendar: Calendar, day: number, exceptionDays: Map<number, WorkingPeriod[]>): WorkingPeriod[] {
  return exceptionDays.get(day) ?? calendar.week[(((day + 4) % 7) + 7) % 7]!;
}

/** The exceptions of a calendar by day, for the days from `firstDay` to `lastDay`. */
export function exceptionDaysOf(calendar: Calendar, firstDay: number, lastDay: number): Map<number, WorkingPeriod[]> {
  const days = new Map<number, WorkingPeriod[]>();
  for (const exception of calendar.exceptions) {
    const from = Math.max(firstDay, Math.floor(Date.parse(`${exception.from}T00:00:00Z`) / 86400000));
    const to = Math.min(lastDay, Math.floor(Date.parse(`${exception.to}T00:00:00Z`) / 86400000));
    for (let day = from; day <= to; day++) days.set(day, exception.periods);
  }
  return days;
}

/**
 * The non-working stretches of `calendar` between `from` and `to` as [start, end) wall-time
 * pairs, adjacent ones joined: whole days off only, or also the hours outside working periods.
 */
export function nonWorkingStretches(calendar: Calendar, from: WallTime, to: WallTime, hours: boolean): [WallTime, WallTime][] {
  const stretches: [WallTime, WallTime][] = [];
  const add = (a: WallTime, b: WallTime) => {
    if (b <= a) return;
    const last = stretches[stretches.length - 1];
    if (last && last[1] >= a) last[1] = Math.max(last[1], b);
    else stretches.push([a, b]);
  };
  const firstDay = Math.floor(from / DAY);
  const lastDay = Math.floor((to - 1) / DAY);
  const exceptions = exceptionDaysOf(calendar, firstDay, lastDay);
  for (let day = firstDay; day <= lastDay; day++) {
    const periods = workingPeriodsOf(calendar, day, exceptions);
    const dayStart = day * DAY;
    if (periods.length === 0) {
      add(dayStart, dayStart + DAY);
    } else if (hours) {
      let at = 0;
      for (const period of periods) {
        add(dayStart + at, dayStart + period.from);
        at = period.to;
      }
      add(dayStart + at, dayStart + DAY);
    }
  }
  return stretches.map(([a, b]) => [Math.max(a, from), Math.min(b, to)] as [WallTime, WallTime]).filter(([a, b]) => b > a);
}
