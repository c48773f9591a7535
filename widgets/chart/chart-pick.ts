import { FINER_BUCKET, bucketRange } from '../../src/core/query/bucket-range.ts';
import { parseFieldRef } from '../../src/core/query/check-query.ts';
import type { QueryFilter } from '../../src/core/query/query-spec.ts';
import { chartColumns, distinctKeys } from './chart-data.ts';
import { categoryKey, categoryLabel, type ChartContext, type Row } from './chart-context.ts';
import type { ChartProps } from './chart-props.ts';

/** Chart kinds whose click picks one category of `x`. */
const PICKABLE = new Set<ChartProps['kind']>(['bar', 'line', 'area', 'pie', 'funnel']);

/** What a click on a category picked: the filter it means, its label, and the finer view to drill into. */
export interface ChartPick {
  clauses: QueryFilter[];
  label: string;
  /** For a date bucket above days: the finer dimension and the clicked period. */
  drill: { ref: string; range: [string, string] } | null;
}

/**
 * The category a click on `name` (the drawn label) means, as query filters: a value of the
 * category field, or for a bucketed date (`reportedAt:month`) the days of that bucket.
 */
export function pickOf(props: ChartProps, rows: readonly Row[], context: ChartContext, name: string): ChartPick | null {
  if (!PICKABLE.has(props.kind)) return null;
  const x = chartColumns(props, context).x;
  if (!x) return null;
  const key = distinctKeys(rows, x).find((k) => categoryLabel(k, props, context, x) === name);
  if (key === undefined || key === '') return null;
  const { field, bucket } = parseFieldRef(x);
  if (!bucket) {
    const value = rows.find((row) => categoryKey(row[x]) === key)?.[x];
    if (value === null || value === undefined) return null;
    return { clauses: [{ field, op: 'eq', value }], label: name, drill: null };
  }
  const range = bucketRange(bucket, key);
  if (!range) return null;
  const finer = FINER_BUCKET[bucket];
  return { clauses: [{ field, op: 'between', value: range }], label: name, drill: finer ? { ref: `${field}:${finer}`, range } : null };
}
