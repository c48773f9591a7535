/**
 * Working-time arithmetic on a calendar, as MS Project counts it.
 *
 * Every moment gets a working-minute count W (working minutes from a fixed origin day, negative
 * before it), which only rises during working time. Adding work is then plain arithmetic on W,
 * and turning W back into a moment is a binary search over a per-day index of cumulative
 * working minutes, built lazily over the days in use. A count W sits at two moments when it
 * falls on a break: the earliest is where work reaches it (a finish, 17:00), the latest is where
 * work resumes from it (a start, 08:00 the next day).
 */
import { dayOf, parseDay, type Calendar, type WallTime, type WorkingPeriod } from './model.ts';

/** The working-time view of a calendar (or of elapsed time) the engine schedules with. */
export interface Clock {
  /** Working minutes from the origin to `time`. */
  work(time: WallTime): number;
  /** The latest moment with `work` count `w`: where work resumes (a start). */
  startOf(w: number): WallTime;
  /** The earliest moment with `work` count `w`: where work reaches it (a finish). */
  finishOf(w: number): WallTime;
}

/** Elapsed time: every minute counts (durations in "ed", "eh", elapsed lags). */
export const ELAPSED_CLOCK: Clock = {
  work: (time) => time,
  startOf: (w) => w,
  finishOf: (w) => w,
};

const DAY = 1440;
/** Days the index grows by at first; it doubles as a schedule reaches further. */
const FIRST_SPAN = 512;
/** A calendar with no working time within this many days of a date has none at all. */
const MAX_SPAN = 200 * 366;

export class CalendarHasNoWorkError extends Error {
  constructor(readonly calendarName: string) {
    super(`The calendar "${calendarName}" has no working time`);
    this.name = 'CalendarHasNoWorkError';
  }
}

/** Day index (days since 1970-01-01) to week day, 0 Sunday; 1970-01-01 was a Thursday. */
const weekDayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** Periods in time order, overlaps merged, clipped to the day: calendars come from files too. */
function normalise(periods: readonly WorkingPeriod[]): WorkingPeriod[] {
  const sorted = periods
    .map((p) => ({ from: Math.max(0, Math.round(p.from)), to: Math.min(DAY, Math.round(p.to)) }))
    .filter((p) => p.to > p.from)
    .sort((a, b) => a.from - b.from);
  const merged: WorkingPeriod[] = [];
  for (const p of sorted) {
    const last = merged[merged.length - 1];
    if (last && p.from <= last.to) last.to = Math.max(last.to, p.to);
    else merged.push(p);
  }
  return merged;
}

const minutesOf = (periods: readonly WorkingPeriod[]): number => periods.reduce((sum, p) => sum + p.to - p.from, 0);

/**
 * One calendar's arithmetic. Calendars are treated as values: a changed calendar is a new
 * object (the index is cached per object).
 */
export class WorkingTime implements Clock {
  private readonly week: WorkingPeriod[][];
  private readonly exceptions = new Map<number, WorkingPeriod[]>();
  /** First day of the index, and cum[i] = W at the start of day first + i (cum.length = days + 1). */
  private first = 0;
  private cum = new Float64Array(0);
  private dayPeriods: WorkingPeriod[][] = [];
  /** The day W = 0 starts at. */
  private origin = Number.NaN;

  constructor(readonly calendar: Calendar) {
    this.week = Array.from({ length: 7 }, (_, i) => normalise(calendar.week[i] ?? []));
    // Later exceptions win where two cover the same day.
    for (const exception of calendar.exceptions) {
      const from = parseDay(exception.from);
      const to = parseDay(exception.to);
      if (Number.isNaN(from) || Number.isNaN(to)) continue;
      const periods = normalise(exception.periods);
      for (let day = from; day <= to; day++) this.exceptions.set(day, periods);
    }
  }

  /** The working periods of one day (days since 1970-01-01). */
  periodsOn(day: number): readonly WorkingPeriod[] {
    return this.exceptions.get(day) ?? this.week[weekDayOf(day)]!;
  }

  /** Builds or grows the index so that it covers `day` (and the day after it). */
  private cover(day: number): void {
    if (Number.isNaN(this.origin)) {
      this.origin = day;
      this.build(day - FIRST_SPAN, day + FIRST_SPAN);
      return;
    }
    const last = this.first + this.dayPeriods.length - 1;
    if (day >= this.first && day <= last) return;
    const span = this.dayPeriods.length;
    const from = Math.min(this.first, day - span);
    const to = Math.max(last, day + span);
    if (to - from > 2 * MAX_SPAN) throw new CalendarHasNoWorkError(this.calendar.name);
    this.build(from, to);
  }

  private build(from: number, to: number): void {
    const days = to - from + 1;
    const periods: WorkingPeriod[][] = new Array<WorkingPeriod[]>(days);
    const cum = new Float64Array(days + 1);
    for (let i = 0; i < days; i++) periods[i] = this.periodsOn(from + i) as WorkingPeriod[];
    // W counts from the origin day, so values already handed out stay valid as the index grows.
    const o = this.origin - from;
    for (let i = o; i < days; i++) cum[i + 1] = cum[i]! + minutesOf(periods[i]!);
    for (let i = o - 1; i >= 0; i--) cum[i] = cum[i + 1]! - minutesOf(periods[i]!);
    this.first = from;
    this.cum = cum;
    this.dayPeriods = periods;
  }

  work(time: WallTime): number {
    const day = dayOf(time);
    this.cover(day);
    const i = day - this.first;
    const minute = time - day * DAY;
    let w = this.cum[i]!;
    for (const p of this.dayPeriods[i]!) {
      if (minute <= p.from) break;
      w += Math.min(minute, p.to) - p.from;
    }
    return w;
  }

  /** The day index i (into cum) whose working minutes hold count w, by `inclusiveEnd`. */
  private dayHolding(w: number, inclusiveEnd: boolean): number {
    // Grow until the index reaches past w on both sides.
    for (;;) {
      const cum = this.cum;
      const n = cum.length - 1;
      const below = inclusiveEnd ? cum[0]! < w : cum[0]! <= w;
      const above = inclusiveEnd ? cum[n]! >= w : cum[n]! > w;
      if (below && above) break;
      this.cover(below ? this.first + n + 1 : this.first - 1);
    }
    // The first day whose end count reaches w (finish), or passes it (start).
    const cum = this.cum;
    let lo = 0;
    let hi = cum.length - 2;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const end = cum[mid + 1]!;
      if (inclusiveEnd ? end >= w : end > w) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  }

  finishOf(w: number): WallTime {
    const i = this.dayHolding(w, true);
    let rest = w - this.cum[i]!;
    const base = (this.first + i) * DAY;
    for (const p of this.dayPeriods[i]!) {
      const length = p.to - p.from;
      if (rest <= length) return base + p.from + rest;
      rest -= length;
    }
    return base + DAY;
  }

  startOf(w: number): WallTime {
    const i = this.dayHolding(w, false);
    let rest = w - this.cum[i]!;
    const base = (this.first + i) * DAY;
    for (const p of this.dayPeriods[i]!) {
      const length = p.to - p.from;
      if (rest < length) return base + p.from + rest;
      rest -= length;
    }
    return base + DAY;
  }

  /** Whether the minute starting at `time` is working time. */
  isWorking(time: WallTime): boolean {
    return this.work(time + 1) > this.work(time);
  }

  /** The first working moment at or after `time` (where a task starting then begins). */
  nextWorking(time: WallTime): WallTime {
    return this.startOf(this.work(time));
  }

  /** The last moment at or before `time` that ends working time (where a task finishing then ends). */
  previousWorking(time: WallTime): WallTime {
    return this.finishOf(this.work(time));
  }

  /** Working minutes from `from` to `to` (negative when `to` is earlier). */
  between(from: WallTime, to: WallTime): number {
    return this.work(to) - this.work(from);
  }

  /**
   * `minutes` of work after `time` (before it when negative), landing where that work ends:
   * 8 h from Monday 08:00 is Monday 17:00, not Tuesday 08:00.
   */
  addWork(time: WallTime, minutes: number): WallTime {
    return this.finishOf(this.work(time) + minutes);
  }

  /** The start of a task of `minutes` work that must end by `time` (subtracting working time). */
  subtractWork(time: WallTime, minutes: number): WallTime {
    return this.startOf(this.work(time) - minutes);
  }
}

const cache = new WeakMap<Calendar, WorkingTime>();

/** The (cached) working-time arithmetic of a calendar. */
export function workingTimeOf(calendar: Calendar): WorkingTime {
  let wt = cache.get(calendar);
  if (!wt) {
    wt = new WorkingTime(calendar);
    cache.set(calendar, wt);
  }
  return wt;
}
