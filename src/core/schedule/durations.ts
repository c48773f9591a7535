/**
 * Durations as MS Project types and shows them: working units (m, h, d, w, mo) count working
 * minutes by the schedule's minutes per day and week and days per month; elapsed units (em, eh,
 * ed, ew, emo) count calendar time, a month being 30 days.
 */
import { DURATION_UNITS, type DurationUnit, type ScheduleSettings } from './model.ts';

export type DurationSettings = Pick<ScheduleSettings, 'minutesPerDay' | 'minutesPerWeek' | 'daysPerMonth'>;

/** MS Project's defaults: 8 h days, 40 h weeks, 20-day months. */
export const DEFAULT_DURATION_SETTINGS: DurationSettings = { minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20 };

const ELAPSED_MINUTES: Partial<Record<DurationUnit, number>> = { em: 1, eh: 60, ed: 1440, ew: 10080, emo: 43200 };

export const isElapsedUnit = (unit: DurationUnit): boolean => unit.startsWith('e');

/** Minutes in one `unit`: working minutes for working units, wall minutes for elapsed ones. */
export function minutesPerUnit(unit: DurationUnit, settings: DurationSettings = DEFAULT_DURATION_SETTINGS): number {
  switch (unit) {
    case 'm':
      return 1;
    case 'h':
      return 60;
    case 'd':
      return settings.minutesPerDay;
    case 'w':
      return settings.minutesPerWeek;
    case 'mo':
      return settings.minutesPerDay * settings.daysPerMonth;
    default:
      return ELAPSED_MINUTES[unit]!;
  }
}

/** `value` units as whole minutes (a task's stored duration). */
export const toMinutes = (value: number, unit: DurationUnit, settings?: DurationSettings): number =>
  Math.round(value * minutesPerUnit(unit, settings));

/** A duration to show: its value in `unit`, to two decimals. The words for units are the UI's. */
export interface DurationText {
  value: number;
  unit: DurationUnit;
}

export function formatDuration(minutes: number, unit: DurationUnit, settings?: DurationSettings): DurationText {
  return { value: Math.round((minutes / minutesPerUnit(unit, settings)) * 100) / 100, unit };
}

/** The compact form "3d", "2.5h", "5ed", which `parseDuration` reads back. */
export function formatDurationShort(minutes: number, unit: DurationUnit, settings?: DurationSettings): string {
  const { value } = formatDuration(minutes, unit, settings);
  return `${value}${unit}`;
}

/** Words MS Project accepts for each unit (English), besides the unit's own letters. */
const UNIT_WORDS: Record<string, DurationUnit> = {};
const WORDS: [DurationUnit, string[]][] = [
  ['m', ['m', 'min', 'mins', 'minute', 'minutes']],
  ['h', ['h', 'hr', 'hrs', 'hour', 'hours']],
  ['d', ['d', 'dy', 'dys', 'day', 'days']],
  ['w', ['w', 'wk', 'wks', 'week', 'weeks']],
  ['mo', ['mo', 'mon', 'mons', 'month', 'months']],
];
for (const [unit, words] of WORDS) {
  for (const word of words) {
    UNIT_WORDS[word] = unit;
    UNIT_WORDS[`e${word}`] = `e${unit}` as DurationUnit;
  }
}

export type DurationProblem = 'empty' | 'notANumber' | 'unknownUnit' | 'negative' | 'tooLong';

export type ParsedDuration =
  | { ok: true; minutes: number; unit: DurationUnit }
  | { ok: false; problem: DurationProblem; message: string };

/** Longer than this many minutes is a typing slip (about 100 years of working days). */
const MAX_MINUTES = 100 * 366 * 1440;

/**
 * Reads a typed duration: "3d", "2 w", "4H", "30m", "1mo", "5ed", "2.5d", "2,5d", "0"
 * (a milestone). A bare number takes `defaultUnit`. A trailing "?" (MS Project's estimate mark)
 * is allowed and dropped.
 */
export function parseDuration(
  text: string,
  settings?: DurationSettings,
  defaultUnit: DurationUnit = 'd',
): ParsedDuration {
  const trimmed = text.trim().toLowerCase().replace(/\?$/, '').trim();
  if (trimmed === '') return { ok: false, problem: 'empty', message: 'A duration is required' };
  const match = /^([+-]?\d*(?:[.,]\d+)?)\s*([a-z]*)$/.exec(trimmed);
  if (!match || match[1] === '' || match[1] === '+' || match[1] === '-') {
    return { ok: false, problem: 'notANumber', message: `"${text}" does not start with a number` };
  }
  const value = Number(match[1]!.replace(',', '.'));
  if (!Number.isFinite(value)) return { ok: false, problem: 'notANumber', message: `"${text}" does not start with a number` };
  const word = match[2]!;
  const unit = word === '' ? defaultUnit : UNIT_WORDS[word];
  if (!unit) {
    return { ok: false, problem: 'unknownUnit', message: `"${word}" is not a unit: use ${DURATION_UNITS.join(', ')}` };
  }
  if (value < 0) return { ok: false, problem: 'negative', message: 'A duration cannot be negative' };
  const minutes = toMinutes(value, unit, settings);
  if (minutes > MAX_MINUTES) return { ok: false, problem: 'tooLong', message: `"${text}" is longer than a schedule can be` };
  return { ok: true, minutes, unit };
}
