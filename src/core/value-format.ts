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
}

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(language: string, format: ValueFormat): Intl.NumberFormat {
  const key = `${language}|${format.decimals ?? ''}|${format.compact ? 1 : 0}|${format.currency ?? ''}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options: Intl.NumberFormatOptions = {
      notation: format.compact ? 'compact' : 'standard',
      maximumFractionDigits: format.decimals ?? (format.compact ? 1 : 2),
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
