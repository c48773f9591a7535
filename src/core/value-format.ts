import { formatServerDate } from './format.ts';
import { textIn } from './local-text.ts';
import type { Aggregate, ResultColumn } from './query/query-spec.ts';
import { valueText } from './value-text.ts';

/**
 * How widgets write a measured value (KPI cards, table cells, chart axes): the `format`
 * object of their props schemas, applied in the reader's language.
 */
export interface ValueFormat {
  /** Fraction digits; default up to 2. */
  decimals?: number;
  /** Short forms: 12K, 1.2M (1.2万 in Chinese). */
  compact?: boolean;
  /** Written after the number: %, kWh, m². */
  unit?: string;
  /** ISO 4217 code: the value is money. */
  currency?: string;
  /** Digit groups (1,234); default on, off for whole numbers that name a thing (see `namesAThing`). */
  grouping?: boolean;
}

/** A whole-number column that identifies rather than counts (`id`, `asset_id`, `roomNo`): its digits are not grouped. */
const IDENTIFIER_NAME = /^(id|no|number)$|(_id|_no|Id|No)$/;

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, format: ValueFormat): Intl.NumberFormat {
  const key = `${language}|${format.decimals ?? ''}|${format.compact ? 1 : 0}|${format.currency ?? ''}|${format.grouping === false ? 0 : 1}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.NumberFormatOptions = {
      notation: format.compact ? 'compact' : 'standard',
      maximumFractionDigits: format.decimals ?? (format.compact ? 1 : 2),
      useGrouping: format.grouping !== false,
    };
    if (format.decimals !== undefined) options.minimumFractionDigits = format.decimals;
    if (format.currency) Object.assign(options, { style: 'currency', currency: format.currency, currencyDisplay: 'narrowSymbol' });
    formatter = new Intl.NumberFormat(language, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

/** A number for reading: `formatNumber(1234.5, 'en', { unit: 'kWh' })` -> `1,234.5 kWh`; `''` for no number. */
export function formatNumber(value: unknown, language: string, format: ValueFormat = {}): string {
  const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(number)) return '';
  const text = numberFormat(language, format).format(number);
  if (!format.unit) return text;
  // A per cent sign sits against the number; other units after a space.
  return format.unit === '%' ? `${text}%` : `${text} ${format.unit}`;
}

/** A change as a signed per cent: 0.125 -> `+12.5%`. */
export function formatPercentChange(ratio: number, language: string): string {
  if (!Number.isFinite(ratio)) return '';
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 1, signDisplay: 'exceptZero' }).format(ratio);
}

/** The words of the reader's language that values of a query answer may need; the web app fills them. */
export interface ValueWords {
  language: string;
  /** A true and a false value. */
  yes: string;
  no: string;
  /** A record's status by its code: `approved` -> `Approved`. */
  status(code: string): string;
  /** A record's own column by name: `createTime` -> `Created`. */
  recordColumn(name: string): string;
  /** A measure's title from its aggregate and the title of the field it measures: `Average Score`. */
  measure(agg: Aggregate, field: string): string;
}

/** A column's title as the reader sees it: the field's label, a record column's name, or what a measure counts. */
export function columnTitle(column: ResultColumn, words: ValueWords): string {
  if (column.agg) return words.measure(column.agg, textIn(column.title, words.language));
  if (column.record) return words.recordColumn(column.name.split(':')[0]!);
  return textIn(column.title, words.language) || column.name;
}

/**
 * A value of a query answer as the form shows it: a choice's label, a person's or department's
 * name, a record's status in words, yes or no, a date in the reader's form and time zone (an
 * instant as local wall-clock time), a number in the reader's digits; `''` for no value.
 * A value no words are known for is shown as it is (`#7` for an unknown person's id).
 */
export function resultValueText(column: ResultColumn | undefined, value: unknown, words: ValueWords, format: ValueFormat = {}): string {
  if (value === null || value === undefined || value === '') return '';
  if (Array.isArray(value)) return value.map((each) => resultValueText(column, each, words, format)).join(', ');
  const key = valueText(value);
  const label = column?.labels?.[key];
  if (label !== undefined) return textIn(label, words.language);
  if (column?.refers) return `#${key}`;
  if (column?.record && column.name === 'status') return words.status(key);
  switch (column?.type) {
    case 'boolean':
      return value === true || value === 1 || key === 'true' ? words.yes : words.no;
    case 'integer':
      if (format.grouping === undefined && IDENTIFIER_NAME.test(column.name)) return formatNumber(value, words.language, { ...format, grouping: false });
      return formatNumber(value, words.language, format);
    case 'number':
      return formatNumber(value, words.language, format);
    case 'date':
    case 'datetime':
      return formatServerDate(key, words.language);
    default:
      // A date bucket (`2026-11`, `2026-11-02`) reads as a date; `2026-Q4` and `2026` as they are.
      return column?.bucket ? formatServerDate(key, words.language) : key;
  }
}
