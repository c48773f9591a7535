import type { DateBucket } from './query-spec.ts';

/**
 * The days a date bucket's label covers, as the query engine writes them (`2026-03-02` for a
 * day or the Monday of a week, `2026-03`, `2026-Q1`, `2026`): [first day, last day], both
 * YYYY-MM-DD, or null when the label does not fit the bucket. What clicking a bucketed bar
 * filters by, and what a drill-down narrows to.
 */
export function bucketRange(bucket: DateBucket, label: string): [string, string] | null {
  const iso = (date: Date) => date.toISOString().slice(0, 10);
  const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
  let match: RegExpExecArray | null;
  switch (bucket) {
    case 'day':
      return /^\d{4}-\d{2}-\d{2}$/.test(label) ? [label, label] : null;
    case 'week': {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(label)) return null;
      const start = new Date(`${label}T00:00:00Z`);
      return [label, iso(utc(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 6))];
    }
    case 'month':
      if (!(match = /^(\d{4})-(\d{2})$/.exec(label))) return null;
      return [`${label}-01`, iso(utc(Number(match[1]), Number(match[2]), 0))];
    case 'quarter': {
      if (!(match = /^(\d{4})-Q([1-4])$/.exec(label))) return null;
      const year = Number(match[1]);
      const first = (Number(match[2]) - 1) * 3;
      return [iso(utc(year, first, 1)), iso(utc(year, first + 3, 0))];
    }
    case 'year':
      return /^\d{4}$/.test(label) ? [`${label}-01-01`, `${label}-12-31`] : null;
  }
}

/** The next finer bucket to drill into, or null below days. */
export const FINER_BUCKET: Readonly<Record<DateBucket, DateBucket | null>> = {
  year: 'quarter',
  quarter: 'month',
  month: 'week',
  week: 'day',
  day: null,
};
