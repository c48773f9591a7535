import type { Calendar, CalendarException, WorkingPeriod } from '../model.ts';
import { type Xml, bool, int, list, obj, text } from './xml.ts';

/** Days since 1970-01-01 to 'YYYY-MM-DD'. */
export const dayText = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** The day part of an MSPDI date-time, as days since 1970-01-01; NaN when it is not a date. */
function dayOfText(value: string | undefined): number {
  const match = value === undefined ? null : /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return Number.NaN;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(ms) ? Number.NaN : ms / 86_400_000;
}

/** An exception's last day: a ToDate at midnight of a later day means the day before (some tools write it so). */
function lastDayOf(from: number, toText: string | undefined): number {
  const to = dayOfText(toText);
  if (Number.isNaN(to)) return from;
  const midnight = toText !== undefined && /T00:00(?::00)?/.test(toText);
  return midnight && to > from ? to - 1 : to;
}

/** 'HH:MM[:SS]' to minutes after midnight; a ToTime of 00:00 is the day's end. */
function clock(value: string | undefined, end: boolean): number {
  const match = value === undefined ? null : /(\d{1,2}):(\d{2})/.exec(value);
  if (!match) return Number.NaN;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return end && minutes === 0 ? 1440 : minutes;
}

const DEFAULT_DAY: WorkingPeriod[] = [
  { from: 480, to: 720 },
  { from: 780, to: 1020 },
];

/** A day's working periods from its WorkingTimes; MS Project's default hours when a working day lists none. */
function periodsOf(element: Xml): WorkingPeriod[] {
  if (bool(element.DayWorking) === false) return [];
  const periods = list(obj(element.WorkingTimes).WorkingTime)
    .map((w) => ({ from: clock(text(w.FromTime), false), to: clock(text(w.ToTime), true) }))
    .filter((p) => Number.isFinite(p.from) && Number.isFinite(p.to) && p.from < p.to)
    .sort((a, b) => a.from - b.from);
  if (periods.length === 0) return bool(element.DayWorking) ? DEFAULT_DAY.map((p) => ({ ...p })) : [];
  return periods;
}

/** A calendar as the file gives it, before its base calendar is folded in. */
export interface FileCalendar {
  uid: number;
  name: string;
  isBase: boolean;
  baseUid?: number;
  /** Undefined for a day the calendar takes from its base. */
  week: (WorkingPeriod[] | undefined)[];
  exceptions: CalendarException[];
  recurring: number;
}

const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;

/** The days a recurring 2007+ exception falls on, between its first and last day. */
function recurringDays(element: Xml, first: number, last: number): number[] {
  const type = int(element.Type) ?? 1;
  const period = Math.max(1, int(element.Period) ?? 1);
  const occurrences = int(element.Occurrences);
  const cap = bool(element.EnteredByOccurrences) && occurrences ? occurrences : 5000;
  const mask = int(element.DaysOfWeek) ?? 0;
  const month = int(element.Month) ?? 0;
  const monthDay = int(element.MonthDay) ?? 1;
  const position = int(element.MonthPosition) ?? 0;
  const item = int(element.MonthItem) ?? 0;
  const days: number[] = [];
  const date = (day: number) => new Date(day * 86_400_000);
  // MonthItem: 0 day, 1 weekday, 2 weekend day, 3 Sunday … 9 Saturday; MonthPosition 0 first … 3 fourth, 4 last.
  const positional = (year: number, m: number): number | undefined => {
    const start = Date.UTC(year, m, 1) / 86_400_000;
    const end = Date.UTC(year, m + 1, 1) / 86_400_000;
    const fits = (d: number) => {
      const w = weekdayOf(d);
      return item === 0 || (item === 1 ? w >= 1 && w <= 5 : item === 2 ? w === 0 || w === 6 : w === item - 3);
    };
    const candidates: number[] = [];
    for (let d = start; d < end; d++) if (fits(d)) candidates.push(d);
    return position >= 4 ? candidates[candidates.length - 1] : candidates[position];
  };
  const firstDate = date(first);
  for (let day = first; day <= last && days.length < cap; day++) {
    const d = date(day);
    const monthsSince = (d.getUTCFullYear() - firstDate.getUTCFullYear()) * 12 + d.getUTCMonth() - firstDate.getUTCMonth();
    let hit = false;
    if (type === 1) hit = (day - first) % period === 0;
    else if (type === 6) {
      const weeks = Math.floor((day - weekdayOf(day) - (first - weekdayOf(first))) / 7);
      hit = weeks % period === 0 && (mask & (1 << weekdayOf(day))) !== 0;
    } else if (type === 4) hit = monthsSince % period === 0 && d.getUTCDate() === monthDay;
    else if (type === 5) hit = monthsSince % period === 0 && positional(d.getUTCFullYear(), d.getUTCMonth()) === day;
    else if (type === 2) hit = d.getUTCMonth() === month && d.getUTCDate() === monthDay;
    else if (type === 3) hit = d.getUTCMonth() === month && positional(d.getUTCFullYear(), month) === day;
    if (hit) days.push(day);
  }
  return days;
}

/** Reads one Calendar element: its week (DayType 1–7), and its exceptions in either form. */
export function readCalendar(element: Xml): FileCalendar {
  const week: (WorkingPeriod[] | undefined)[] = [undefined, undefined, undefined, undefined, undefined, undefined, undefined];
  const legacy: CalendarException[] = [];
  for (const weekDay of list(obj(element.WeekDays).WeekDay)) {
    const type = int(weekDay.DayType);
    if (type !== undefined && type >= 1 && type <= 7) week[type - 1] = periodsOf(weekDay);
    else if (type === 0) {
      // Project 2003 and the tools that imitate it: an exception is a WeekDay of type 0 over a TimePeriod.
      const period = obj(weekDay.TimePeriod);
      const from = dayOfText(text(period.FromDate));
      if (Number.isNaN(from)) continue;
      const to = lastDayOf(from, text(period.ToDate));
      legacy.push({ name: text(weekDay.Name) ?? '', from: dayText(from), to: dayText(Math.max(from, to)), periods: periodsOf(weekDay) });
    }
  }
  const exceptions: CalendarException[] = [];
  let recurring = 0;
  for (const exception of list(obj(element.Exceptions).Exception)) {
    const period = obj(exception.TimePeriod);
    const from = dayOfText(text(period.FromDate));
    if (Number.isNaN(from)) continue;
    const to = Math.max(from, lastDayOf(from, text(period.ToDate)));
    const name = text(exception.Name) ?? '';
    const periods = periodsOf(exception);
    const type = int(exception.Type) ?? 1;
    const every = int(exception.Period) ?? 1;
    if (type === 1 && every <= 1) {
      exceptions.push({ name, from: dayText(from), to: dayText(to), periods });
      continue;
    }
    // A recurring exception becomes one exception per day it falls on: the model keeps plain ranges.
    recurring++;
    for (const day of recurringDays(exception, from, to))
      exceptions.push({ name, from: dayText(day), to: dayText(day), periods: periods.map((p) => ({ ...p })) });
  }
  const own = exceptions.length > 0 || element.Exceptions !== undefined ? exceptions : legacy;
  const baseUid = int(element.BaseCalendarUID);
  return {
    uid: int(element.UID) ?? Number.NaN,
    name: text(element.Name) ?? '',
    isBase: bool(element.IsBaseCalendar) ?? false,
    ...(baseUid !== undefined && baseUid >= 0 ? { baseUid } : {}),
    week,
    // 2007 and later write Exceptions (and some also the old WeekDay form): Exceptions win.
    exceptions: [...own, ...withoutDays(workWeekDays(element), own)],
    recurring,
  };
}

/** Longest stretch of an alternative work week turned into days; longer ones are cut there. */
const WORK_WEEK_DAYS_MAX = 3 * 366;

/**
 * Project 2007+ work weeks (WorkWeeks: another working week over a date range) as exceptions, one
 * per day whose week day the work week sets: the model keeps one week per calendar.
 */
function workWeekDays(element: Xml): CalendarException[] {
  const out: CalendarException[] = [];
  for (const workWeek of list(obj(element.WorkWeeks).WorkWeek)) {
    const period = obj(workWeek.TimePeriod);
    const from = dayOfText(text(period.FromDate));
    if (Number.isNaN(from)) continue;
    const to = Math.min(Math.max(from, lastDayOf(from, text(period.ToDate))), from + WORK_WEEK_DAYS_MAX);
    const week: (WorkingPeriod[] | undefined)[] = [];
    for (const weekDay of list(obj(workWeek.WeekDays).WeekDay)) {
      const type = int(weekDay.DayType);
      if (type !== undefined && type >= 1 && type <= 7) week[type - 1] = periodsOf(weekDay);
    }
    const name = text(workWeek.Name) ?? '';
    for (let day = from; day <= to; day++) {
      const periods = week[weekdayOf(day)];
      if (periods) out.push({ name, from: dayText(day), to: dayText(day), periods: periods.map((p) => ({ ...p })) });
    }
  }
  return out;
}

const STANDARD_WEEK: WorkingPeriod[][] = [[], DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, DEFAULT_DAY, []];

/** Exceptions less the days other exceptions cover (a calendar's own win over its base's and its work weeks'). */
function withoutDays(exceptions: CalendarException[], covered: CalendarException[]): CalendarException[] {
  const ranges = covered.map((c) => [dayOfText(c.from), dayOfText(c.to)] as const);
  const out: CalendarException[] = [];
  for (const exception of exceptions) {
    let pieces: [number, number][] = [[dayOfText(exception.from), dayOfText(exception.to)]];
    for (const [from, to] of ranges) {
      pieces = pieces.flatMap(([a, b]): [number, number][] => {
        if (to < a || from > b) return [[a, b]];
        const left: [number, number][] = from > a ? [[a, from - 1]] : [];
        const right: [number, number][] = to < b ? [[to + 1, b]] : [];
        return [...left, ...right];
      });
    }
    for (const [a, b] of pieces) out.push({ ...exception, from: dayText(a), to: dayText(b), periods: exception.periods.map((p) => ({ ...p })) });
  }
  return out;
}

/**
 * The calendars complete in themselves: each base calendar's week days and exceptions folded into
 * the calendars derived from it, so the engine never follows a chain. A loop of base calendars
 * stops where it closes.
 */
export function foldCalendars(files: FileCalendar[]): Map<number, Calendar> {
  const byUid = new Map(files.map((c) => [c.uid, c]));
  const done = new Map<number, Calendar>();
  const resolve = (uid: number, seen: Set<number>): Calendar | undefined => {
    const known = done.get(uid);
    if (known) return known;
    const file = byUid.get(uid);
    if (!file) return undefined;
    seen.add(uid);
    const base = file.baseUid !== undefined && !seen.has(file.baseUid) ? resolve(file.baseUid, seen) : undefined;
    const week = file.week.map((day, i) => (day ?? base?.week[i] ?? STANDARD_WEEK[i] ?? []).map((p) => ({ ...p })));
    const exceptions = [...file.exceptions, ...withoutDays(base?.exceptions ?? [], file.exceptions)];
    const calendar: Calendar = { id: uid, name: file.name, week, exceptions };
    done.set(uid, calendar);
    return calendar;
  };
  for (const file of files) resolve(file.uid, new Set());
  return done;
}
