import { measureName, type DatasetQuery } from '../../src/core/query/query-spec.ts';

export interface KpiComparison {
  kind: 'measure' | 'previousPeriod';
  field?: string;
  label?: string;
  show: 'percent' | 'delta' | 'ratio';
  higherIsBetter: boolean;
}

export interface KpiFigures {
  value: number | null;
  /** What the value is set against, when there is something to set it against. */
  other: number | null;
  /** The value over the rows, oldest first, for the trend line. */
  series: number[];
}

const numeric = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** The column a KPI shows: its `value`, else the query's first measure, else the row's first number. */
export function valueColumn(explicit: string | undefined, query: DatasetQuery | undefined, row: Record<string, unknown> | undefined): string | undefined {
  if (explicit) return explicit;
  const first = query?.measures?.[0];
  if (first) return measureName(first);
  return Object.entries(row ?? {}).find(([, v]) => typeof v === 'number')?.[0];
}

/** The current value (the last row), the one it is compared with, and the series for the trend. */
export function kpiFigures(rows: readonly Record<string, unknown>[], column: string | undefined, comparison: KpiComparison | undefined): KpiFigures {
  if (!column || rows.length === 0) return { value: null, other: null, series: [] };
  const last = rows[rows.length - 1]!;
  const value = numeric(last[column]);
  let other: number | null = null;
  if (comparison?.kind === 'measure' && comparison.field) other = numeric(last[comparison.field]);
  if (comparison?.kind === 'previousPeriod' && rows.length > 1) other = numeric(rows[rows.length - 2]![column]);
  const series = rows.map((row) => numeric(row[column])).filter((n): n is number => n !== null);
  return { value, other, series };
}

/** The colour of the last threshold whose `from` is not above the value. */
export function thresholdColor(value: number | null, thresholds: readonly { from: number; color: string }[] | undefined): string | undefined {
  if (value === null || !thresholds?.length) return undefined;
  let color: string | undefined;
  for (const threshold of [...thresholds].sort((a, b) => a.from - b.from)) if (value >= threshold.from) color = threshold.color;
  return color;
}
