import type { TFunction } from 'i18next';
import { formatDuration } from '../../core/schedule/durations.ts';
import type { DurationUnit, ScheduleSettings, WallTime } from '../../core/schedule/model.ts';
import type { TimeUnit } from './time-scale.ts';

/** A duration as the grid shows it, in its unit with the unit's word: "3 d", "2.5 w", "5 ed". */
export function durationText(t: TFunction, language: string, minutes: number, unit: DurationUnit, settings: ScheduleSettings): string {
  const { value } = formatDuration(minutes, unit, settings);
  return t(`schedules:duration.${unit}`, { value: value.toLocaleString(language) });
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of wall times in `language`; wall times are read as UTC so no zone shifts them. */
export function wallFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' });
    formats.set(key, format);
  }
  return format;
}

/** A task date in the grid: the day, in the reader's language. */
export function dateText(language: string, time: WallTime | undefined): string {
  return time === undefined ? '' : wallFormat(language, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date(time * 60000));
}

/** The label of a header cell: "Mon 3", "March 2027", "Q2 2027", "2027", "2020s". */
export function headerText(t: TFunction, language: string, unit: TimeUnit, start: WallTime, width: number, upper: boolean): string {
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
      return t('schedules:header.week', { date: wallFormat(language, { month: 'short', day: 'numeric', ...(upper ? { year: 'numeric' } : {}) }).format(date) });
    case 'month':
      return wallFormat(language, upper || width >= 80 ? { month: 'long', year: 'numeric' } : { month: 'short' }).format(date);
    case 'quarter':
      return t(upper ? 'schedules:header.quarterYear' : 'schedules:header.quarter', {
        quarter: Math.floor(date.getUTCMonth() / 3) + 1,
        year: wallFormat(language, { year: 'numeric' }).format(date),
      });
    case 'year':
      return wallFormat(language, { year: 'numeric' }).format(date);
    case 'decade':
      return t('schedules:header.decade', { year: wallFormat(language, { year: 'numeric' }).format(date) });
  }
}
