import ar from '../../../../../locales/ar/schedules.json';
import en from '../../../../../locales/en/schedules.json';
import zhCN from '../../../../../locales/zh-CN/schedules.json';
import type { TextLanguage } from '../../../../core/local-text.ts';
import { formatDuration } from '../../../../core/schedule/durations.ts';
import type { DurationUnit, ScheduleSettings } from '../../../../core/schedule/model.ts';
import type { TimeScaleWords } from '../../../../core/schedule/time-labels.ts';
import type { GridColumnKey } from './print-layout.ts';

/**
 * The words of a printed schedule, read from the browser's schedules locale: the grid's
 * headings, duration units and time-scale labels are the editor's own, so a schedule reads the
 * same on the screen and on paper in every language.
 */

type Locale = typeof en;
const LOCALES: Record<TextLanguage, Locale> = { en, 'zh-CN': zhCN, ar };

/** `{{name}}` places of a locale text filled in. */
const fill = (text: string, values: Record<string, string | number>): string => text.replace(/\{\{(\w+)\}\}/g, (_, key: string) => String(values[key] ?? ''));

export interface PrintWords {
  language: TextLanguage;
  rtl: boolean;
  column: Record<GridColumnKey, string>;
  duration: (minutes: number, unit: DurationUnit, settings: ScheduleSettings) => string;
  scale: TimeScaleWords;
  printed: (date: string) => string;
  range: (from: string, to: string) => string;
  page: (page: number, pages: number) => string;
  cut: (count: number) => string;
  noTasks: string;
  baselineName: (index: number) => string;
  legend: Locale['print']['legend'];
}

export function printWords(language: TextLanguage): PrintWords {
  const locale = LOCALES[language];
  const number = (value: number) => value.toLocaleString(language);
  return {
    language,
    rtl: language === 'ar',
    column: { wbs: locale.column.wbs, name: locale.column.name, duration: locale.column.duration, start: locale.column.start, finish: locale.column.finish },
    duration: (minutes, unit, settings) => fill(locale.duration[unit], { value: number(formatDuration(minutes, unit, settings).value) }),
    scale: {
      week: (date) => fill(locale.header.week, { date }),
      quarter: (quarter, year) => fill(locale.header.quarter, { quarter: number(quarter), year }),
      quarterYear: (quarter, year) => fill(locale.header.quarterYear, { quarter: number(quarter), year }),
      decade: (year) => fill(locale.header.decade, { year }),
    },
    printed: (date) => fill(locale.print.printed, { date }),
    range: (from, to) => fill(locale.print.rangeText, { from, to }),
    page: (page, pages) => fill(locale.print.page, { page: number(page), pages: number(pages) }),
    cut: (count) => fill(locale.print.cut, { count: number(count) }),
    noTasks: locale.print.noTasks,
    baselineName: (index) => (index === 0 ? locale.baselineName : fill(locale.baselineNumbered, { number: number(index) })),
    legend: locale.print.legend,
  };
}
