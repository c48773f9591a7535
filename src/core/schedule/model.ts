/**
 * A schedule as it is stored, exchanged with MS Project (MSPDI) and fed to the scheduling
 * engine. Plain JSON: the server keeps it, the browser edits it, both run the same engine.
 *
 * Times are wall-clock minutes counted from 1970-01-01 00:00 with no time zone, as MS Project
 * keeps them: a schedule's 08:00 is 08:00 wherever it is opened. Whole minutes keep the
 * engine's arithmetic exact and cheap.
 */

/** Minutes since 1970-01-01T00:00, wall clock (no zone). */
export type WallTime = number;

/** A stretch of working time within one day, minutes after midnight: from < to ≤ 1440. */
export interface WorkingPeriod {
  from: number;
  to: number;
}

/** Days of the week as MS Project and JavaScript count them: 0 Sunday … 6 Saturday. */
export type WeekDayIndex = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/**
 * An exception to the working week over whole days, both ends included ('YYYY-MM-DD'):
 * a holiday (no periods) or days worked differently (their periods).
 */
export interface CalendarException {
  name: string;
  from: string;
  to: string;
  periods: WorkingPeriod[];
}

/**
 * A working-time calendar, complete in itself: seven week days (index 0 Sunday), each its
 * working periods in time order (empty for a day off), and the exceptions. A base calendar an
 * imported file names is folded in on import, so the engine never follows a chain.
 */
export interface Calendar {
  id: number;
  name: string;
  week: WorkingPeriod[][];
  exceptions: CalendarException[];
}

export const LINK_TYPES = ['FS', 'SS', 'FF', 'SF'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/**
 * How a link's lag counts: working minutes of the successor's calendar, elapsed minutes, or a
 * percentage of the predecessor's duration. A negative lag is a lead.
 */
export const LAG_FORMATS = ['work', 'elapsed', 'percent'] as const;
export type LagFormat = (typeof LAG_FORMATS)[number];

export interface Link {
  /** The predecessor's task id. */
  from: number;
  /** The successor's task id. */
  to: number;
  type: LinkType;
  /** Minutes for 'work' and 'elapsed'; percent (50 = half the predecessor) for 'percent'. */
  lag: number;
  lagFormat: LagFormat;
}

/** MS Project's constraint types, in its own numbering order 0–7 (MSPDI ConstraintType). */
export const CONSTRAINT_TYPES = ['ASAP', 'ALAP', 'MSO', 'MFO', 'SNET', 'SNLT', 'FNET', 'FNLT'] as const;
export type ConstraintType = (typeof CONSTRAINT_TYPES)[number];

export interface TaskConstraint {
  type: ConstraintType;
  /** Required for every type but ASAP and ALAP. */
  date?: WallTime;
}

/** The unit a duration is shown and typed in; "e" units are elapsed time. */
export const DURATION_UNITS = ['m', 'h', 'd', 'w', 'mo', 'em', 'eh', 'ed', 'ew', 'emo'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];

/**
 * One row of the schedule. Rows are kept in outline order; `level` (1 = top) makes the
 * hierarchy, as MS Project's OutlineLevel does: a row followed by a deeper row is a summary,
 * and its own duration, links and constraint are rolled up rather than scheduled.
 */
export interface Task {
  /** Unique within the schedule and stable across edits (MSPDI UID). */
  id: number;
  name: string;
  level: number;
  /** Working minutes, or elapsed minutes when `unit` is an elapsed unit. */
  duration: number;
  unit: DurationUnit;
  /** Shown as a diamond; a zero duration is a milestone whether or not this is set. */
  milestone: boolean;
  constraint: TaskConstraint;
  deadline?: WallTime;
  /** The task's own calendar; the project calendar when absent. */
  calendarId?: number;
  /** 0–100. */
  percentComplete: number;
  actualStart?: WallTime;
  actualFinish?: WallTime;
  /** People or resources, by name as MS Project exchanges them. */
  assignees: string[];
  notes?: string;
  /** Values of the user-chosen columns, by column key. */
  fields?: Record<string, string | number | boolean | null>;
  /**
   * Dates as last scheduled or as an imported file states them. The engine recomputes them;
   * they are kept so a file's own dates can be compared and shown before a run.
   */
  start?: WallTime;
  finish?: WallTime;
}

/** One saved baseline: MS Project's "Baseline" (index 0) and "Baseline 1"–"Baseline 10". */
export interface Baseline {
  index: number;
  savedAt: string;
  tasks: Record<number, { start: WallTime; finish: WallTime; duration: number }>;
}

export const BASELINE_COUNT = 11;

export interface ScheduleSettings {
  /** The project start; tasks without links or constraints start here. */
  start: WallTime;
  /** The date progress is reported to; none means "now" is not used by the engine. */
  statusDate?: WallTime;
  /** The project calendar's id. */
  calendarId: number;
  /** How many working minutes a "day", "week" and "month" are (MS Project: 480, 2400, 20 days). */
  minutesPerDay: number;
  minutesPerWeek: number;
  daysPerMonth: number;
  /** Tasks with total float at or under this many working minutes are near-critical. */
  nearCriticalMinutes: number;
}

export interface ScheduleModel {
  settings: ScheduleSettings;
  calendars: Calendar[];
  tasks: Task[];
  links: Link[];
  baselines: Baseline[];
}

/** The standard calendar: Monday to Friday, 08:00–12:00 and 13:00–17:00, as MS Project's. */
export function standardCalendar(id = 1, name = 'Standard'): Calendar {
  const day: WorkingPeriod[] = [
    { from: 8 * 60, to: 12 * 60 },
    { from: 13 * 60, to: 17 * 60 },
  ];
  return { id, name, week: [[], day, day, day, day, day, []].map((d) => d.map((p) => ({ ...p }))), exceptions: [] };
}

/** 'YYYY-MM-DDTHH:mm[:ss]' (no zone) to wall minutes; NaN when it is not such a text. */
export function parseWallTime(text: string): WallTime {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text);
  if (!match) return Number.NaN;
  const [, y, mo, d, h = '0', mi = '0'] = match;
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi));
  return Number.isNaN(ms) ? Number.NaN : ms / 60000;
}

/** Wall minutes to 'YYYY-MM-DDTHH:mm:ss', the form MSPDI writes. */
export function formatWallTime(time: WallTime): string {
  return new Date(time * 60000).toISOString().slice(0, 19);
}

/** The day a wall time falls on, as days since 1970-01-01 (for calendars and exceptions). */
export const dayOf = (time: WallTime): number => Math.floor(time / 1440);

/** 'YYYY-MM-DD' to days since 1970-01-01; NaN when it is not a date. */
export function parseDay(text: string): number {
  const time = parseWallTime(text);
  return Number.isNaN(time) ? Number.NaN : dayOf(time);
}
