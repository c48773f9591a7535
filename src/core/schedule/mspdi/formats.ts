import { isElapsedUnit } from '../durations.ts';
import type { DurationUnit, LagFormat } from '../model.ts';

/**
 * MSPDI's DurationFormat / LagFormat numbers (Project XML schema, "DurationFormat"):
 * 3 m, 4 em, 5 h, 6 eh, 7 d, 8 ed, 9 w, 10 ew, 11 mo, 12 emo, 19 %, 20 e%, 21 none, and the
 * same plus 32 for the "estimated" (question-marked) forms, 35 m? … 53 none?.
 */
const FORMAT_UNITS: Record<number, DurationUnit> = {
  3: 'm',
  4: 'em',
  5: 'h',
  6: 'eh',
  7: 'd',
  8: 'ed',
  9: 'w',
  10: 'ew',
  11: 'mo',
  12: 'emo',
};

const UNIT_FORMATS = Object.fromEntries(Object.entries(FORMAT_UNITS).map(([code, unit]) => [unit, Number(code)])) as Record<
  DurationUnit,
  number
>;

export const PERCENT_FORMAT = 19;
export const ELAPSED_PERCENT_FORMAT = 20;
const ESTIMATED_OFFSET = 32;

/** The unit a DurationFormat number shows; undefined for percent, none and unknown numbers. */
export function durationUnitOf(format: number): DurationUnit | undefined {
  return FORMAT_UNITS[format] ?? FORMAT_UNITS[format - ESTIMATED_OFFSET];
}

export const durationFormatOf = (unit: DurationUnit): number => UNIT_FORMATS[unit];

/** How a link's lag counts, from its LagFormat; undefined for an unknown number. */
export function lagFormatOf(format: number): LagFormat | undefined {
  if (format === PERCENT_FORMAT || format === ELAPSED_PERCENT_FORMAT) return 'percent';
  if (format === PERCENT_FORMAT + ESTIMATED_OFFSET || format === ELAPSED_PERCENT_FORMAT + ESTIMATED_OFFSET) return 'percent';
  const unit = durationUnitOf(format);
  if (!unit) return undefined;
  return isElapsedUnit(unit) ? 'elapsed' : 'work';
}

/** The LagFormat written for a lag: days, elapsed days or percent (MS Project shows the lag so). */
export const lagFormatNumber = (format: LagFormat): number => (format === 'percent' ? PERCENT_FORMAT : format === 'elapsed' ? 8 : 7);

export interface DurationBasis {
  minutesPerDay: number;
  daysPerMonth: number;
}

/**
 * An xsd:duration as MSPDI writes it (`PT16H0M0S`, `P2DT4H0M0S`, `-PT480H`) to minutes.
 * MS Project writes hours only; other tools also write days, months and years. Those count as
 * working days (the project's minutes per day) and working months for working durations, and as
 * 24 hours and 30 days for elapsed ones. Seconds are rounded to whole minutes.
 * NaN when the text is not such a duration.
 */
export function parseXsdDuration(text: string, basis: DurationBasis, elapsed = false): number {
  const match = /^(-)?P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
    text.trim(),
  );
  if (!match || text.trim() === 'P' || text.trim().endsWith('T')) return Number.NaN;
  const [, minus, y, mo, d, h, mi, s] = match;
  const n = (v: string | undefined) => (v === undefined ? 0 : Number(v));
  const day = elapsed ? 1440 : basis.minutesPerDay;
  const month = elapsed ? 30 * 1440 : basis.daysPerMonth * basis.minutesPerDay;
  const minutes = n(y) * 12 * month + n(mo) * month + n(d) * day + n(h) * 60 + n(mi) + n(s) / 60;
  return (minus ? -1 : 1) * Math.round(minutes);
}

/** Minutes as MS Project writes a duration: hours, minutes and seconds (`PT16H30M0S`). */
export function formatXsdDuration(minutes: number): string {
  const sign = minutes < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minutes));
  return `${sign}PT${Math.floor(abs / 60)}H${abs % 60}M0S`;
}
