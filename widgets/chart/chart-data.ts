import { measureName } from '../../src/core/query/query-spec.ts';
import { categoryKey, categoryLabel, toNumber, type ChartContext, type Row, seriesTitle } from './chart-context.ts';
import type { ChartProps, ChartSeriesProps } from './chart-props.ts';

/** The columns a chart reads: its props, else the query's dimensions and measures. */
export interface ChartColumns {
  x: string | undefined;
  y: string | undefined;
  series: ChartSeriesProps[];
}

export function chartColumns(props: ChartProps, context: ChartContext): ChartColumns {
  const dimensions = context.query?.dimensions ?? [];
  const measures = (context.query?.measures ?? []).map((measure) => ({ field: measureName(measure) }));
  // A split dimension is not the category axis, even when it comes first in the query.
  const free = dimensions.filter((dimension) => dimension !== props.splitBy);
  const x = props.x ?? free[0];
  return {
    x,
    y: props.y ?? free.find((dimension) => dimension !== x),
    series: props.series?.length ? props.series : measures,
  };
}

/** Distinct category keys of a column, in the order the rows bring them (the query's sort). */
export function distinctKeys(rows: readonly Row[], column: string | undefined): string[] {
  if (!column) return [];
  const seen = new Set<string>();
  for (const row of rows) seen.add(categoryKey(row[column]));
  return [...seen];
}

/**
 * The sum of `valueColumn` per group key; rows of one group (a finer query than the chart)
 * add up. A group whose rows carry no number stays absent.
 */
export function sumByKey(rows: readonly Row[], keyOf: (row: Row) => string, valueColumn: string): Map<string, number> {
  const sums = new Map<string, number>();
  for (const row of rows) {
    const value = toNumber(row[valueColumn]);
    if (value === null) continue;
    const key = keyOf(row);
    sums.set(key, (sums.get(key) ?? 0) + value);
  }
  return sums;
}

/** One drawn series: its name, colour and values per category key. */
export interface SeriesValues {
  name: string;
  spec: ChartSeriesProps;
  values: Map<string, number>;
}

/**
 * The series of a chart by category column `x`: one per entry of `series`, or, with `splitBy`,
 * one per value of that column, measured by the first entry.
 */
export function seriesValues(rows: readonly Row[], props: ChartProps, columns: ChartColumns, context: ChartContext): SeriesValues[] {
  const x = columns.x;
  const keyOfX = (row: Row) => (x ? categoryKey(row[x]) : '');
  const first = columns.series[0];
  if (props.splitBy && first) {
    const split = props.splitBy;
    return distinctKeys(rows, split).map((splitKey) => ({
      name: categoryLabel(splitKey, props, context, split),
      // A split series is one of many: it takes the palette's colours, not the first series' colour.
      spec: { ...first, color: undefined },
      values: sumByKey(
        rows.filter((row) => categoryKey(row[split]) === splitKey),
        keyOfX,
        first.field,
      ),
    }));
  }
  return columns.series.map((spec) => ({
    name: seriesTitle(spec, context),
    spec,
    values: sumByKey(rows, keyOfX, spec.field),
  }));
}

/** A round number at or above `value` (for radar spokes): 87 -> 100, 1234 -> 1500. */
export function niceCeil(value: number): number {
  if (value <= 0) return value === 0 ? 1 : -niceFloor(-value);
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

function niceFloor(value: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [10, 8, 6, 5, 4, 3, 2.5, 2, 1.5, 1]) if (step * magnitude <= value) return step * magnitude;
  return magnitude;
}
