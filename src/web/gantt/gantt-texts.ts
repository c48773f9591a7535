import type { TFunction } from 'i18next';
import { formatDuration } from '../../core/schedule/durations.ts';
import type { DurationUnit, ScheduleSettings, WallTime } from '../../core/schedule/model.ts';
import { timeScaleLabel, type TimeScaleWords } from '../../core/schedule/time-labels.ts';
import type { TimeUnit } from '../../core/schedule/time-scale.ts';

/** A duration as the grid shows it, in its unit with the unit's word: "3 d", "2.5 w", "5 ed". */
export function durationText(t: TFunction, language: string, minutes: number, unit: DurationUnit, settings: ScheduleSettings): string {
  const { value } = formatDuration(minutes, unit, settings);
  return t(`schedules:duration.${unit}`, { value: value.toLocaleString(language) });
}

export { dateText, wallFormat } from '../../core/schedule/time-labels.ts';

/** The label of a header cell: "Mon 3", "March 2027", "Q2 2027", "2027", "2020s". */
export function headerText(t: TFunction, language: string, unit: TimeUnit, start: WallTime, width: number, upper: boolean): string {
  const words: TimeScaleWords = {
    week: (date) => t('schedules:header.week', { date }),
    quarter: (quarter, year) => t('schedules:header.quarter', { quarter, year }),
    quarterYear: (quarter, year) => t('schedules:header.quarterYear', { quarter, year }),
    decade: (year) => t('schedules:header.decade', { year }),
  };
  return timeScaleLabel(words, language, unit, start, width, upper);
}
