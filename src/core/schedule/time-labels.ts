import type { WallTime } from './model.ts';
import type { TimeUnit } from './time-scale.ts';

/**
 * Dates and time-scale labels of a schedule in the reader's language, the same on the screen
 * and on paper. Wall times are read as UTC so no time zone shifts them.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of wall times in `language`. */
export function wallFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** A task date: the day, in the reader's language. */
export function dateText(language: string, time: WallTime | undefined): string {
  return time === undefined ? '' : wallFormat(language, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(time * 60000));
}

/** The words around a time-scale label, from the schedules locale (`header.*`). */
export interface TimeScaleWords {
  week: (date: string) => string;
  quarter: (quarter: number, year: string) => string;
  quarterYear: (quarter: number, year: string) => string;
  decade: (year: string) => string;
}

/** The label of a time-scale cell `width` wide: "Mon 3", "March 2027", "Q2 2027", "2027", "2020s"; `upper` for the scale's upper row. */
export function timeScaleLabel(words: TimeScaleWords, language: string, unit: TimeUnit, start: WallTime, width: number, upper: boolean): string {
  const date = new Date(start * 60000);
  switch (unit) {
    case 'hour':
      return wallFormat(language, { hour: 'numeric' }).format(date);
    case 'day':
      return upper
        ? wallFormat(language, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric' }).format(date)
        : width >= 48
          ? wallFormat(language, { weekday: 'short', day: 'numeric' }).format(date)
          : wallFormat(language, { day: 'numeric' }).format(date);
    case 'week':
      return words.week(wallFormat(language, { month: 'short', day: 'numeric', ...(upper ? { year: 'numeric' } : {}) }).format(date));
    case 'month':
      return wallFormat(language, upper || width >= 80 ? { month: 'long', year: 'numeric' } : { month: 'short' }).format(date);
    case 'quarter': {
      const quarter = Math.floor(date.getUTCMonth() / 3) + 1;
      const year = wallFormat(language, { year: 'numeric' }).format(date);
      return upper ? words.quarterYear(quarter, year) : words.quarter(quarter, year);
    }
    case 'year':
      return wallFormat(language, { year: 'numeric' }).format(date);
    case 'decade':
      return words.decade(wallFormat(language, { year: 'numeric' }).format(date));
  }
}
