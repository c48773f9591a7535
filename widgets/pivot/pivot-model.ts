import { measureName, type DatasetQuery } from '../../src/core/query/query-spec.ts';
import { valueText } from '../../src/core/value-text.ts';

/**
 * The cross table of a pivot widget, worked out from the aggregate rows: the distinct row
 * keys (in the order the rows bring them), the distinct column keys, the cell values and
 * the totals that can honestly be added up (counts and sums).
 */

export interface PivotProps {
  rows?: string[];
  columns?: string;
  measures?: { field: string; name?: string; format?: Record<string, unknown> }[];
  totals: boolean;
  heat: boolean;
  valueLabels?: Record<string, string>;
}

type Row = Record<string, unknown>;

export interface PivotModel {
  /** The dimension columns down the side. */
  rowFields: string[];
  /** The dimension across the top, or null (one column per measure). */
  columnField: string | null;
  measures: { field: string; name?: string; format?: Record<string, unknown>; additive: boolean }[];
  /** Each row's key parts, one per row field. */
  rowKeys: string[][];
  columnKeys: string[];
  /** `${rowKey}\u0000${columnKey}\u0000${measure}` -> value. */
  cells: Map<string, number>;
  rowTotals: Map<string, number>;
  columnTotals: Map<string, number>;
  grandTotals: Map<string, number>;
  /** The smallest and largest cell value, for shading. */
  range: { min: number; max: number } | null;
}

const keyOf = (value: unknown): string => (value === null || value === undefined ? '' : valueText(value));
const SEP = '\u0000';
export const cellKey = (rowKey: readonly string[], columnKey: string, measure: string) => `${rowKey.join(SEP)}${SEP}${columnKey}${SEP}${measure}`;
export const rowTotalKey = (rowKey: readonly string[], measure: string) => `${rowKey.join(SEP)}${SEP}${measure}`;
export const columnTotalKey = (columnKey: string, measure: string) => `${columnKey}${SEP}${measure}`;

function toNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

const add = (map: Map<string, number>, key: string, value: number) => map.set(key, (map.get(key) ?? 0) + value);

export function pivotModel(rows: readonly Row[], props: PivotProps, query: DatasetQuery | undefined): PivotModel {
  const dimensions = query?.dimensions ?? [];
  const rowFields = props.rows?.length ? props.rows : dimensions.slice(0, 1);
  const columnField = props.columns ?? dimensions.find((d) => !rowFields.includes(d)) ?? null;
  const queryMeasures = query?.measures ?? [];
  const aggOf = new Map(queryMeasures.map((m) => [measureName(m), m.agg]));
  const measures = (props.measures?.length ? props.measures : queryMeasures.map((m) => ({ field: measureName(m) }))).map((m) => {
    const agg = aggOf.get(m.field);
    return { ...m, additive: agg === 'count' || agg === 'sum' };
  });

  const rowKeys: string[][] = [];
  const seenRows = new Set<string>();
  const columnKeys: string[] = [];
  const seenColumns = new Set<string>();
  const cells = new Map<string, number>();
  const rowTotals = new Map<string, number>();
  const columnTotals = new Map<string, number>();
  const grandTotals = new Map<string, number>();
  let range: PivotModel['range'] = null;

  for (const row of rows) {
    const rowKey = rowFields.map((field) => keyOf(row[field]));
    const joined = rowKey.join(SEP);
    if (!seenRows.has(joined)) {
      seenRows.add(joined);
      rowKeys.push(rowKey);
    }
    const columnKey = columnField ? keyOf(row[columnField]) : '';
    if (!seenColumns.has(columnKey)) {
      seenColumns.add(columnKey);
      columnKeys.push(columnKey);
    }
    for (const measure of measures) {
      const value = toNumber(row[measure.field]);
      if (value === null) continue;
      const at = cellKey(rowKey, columnKey, measure.field);
      if (!measure.additive) {
        cells.set(at, value);
        continue;
      }
      // A finer query than the table (a dimension it does not show) adds up into one cell.
      add(cells, at, value);
      add(rowTotals, rowTotalKey(rowKey, measure.field), value);
      add(columnTotals, columnTotalKey(columnKey, measure.field), value);
      add(grandTotals, measure.field, value);
    }
  }
  for (const value of cells.values()) {
    range = range ? { min: Math.min(range.min, value), max: Math.max(range.max, value) } : { min: value, max: value };
  }
  if (columnField) columnKeys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  return { rowFields, columnField, measures, rowKeys, columnKeys, cells, rowTotals, columnTotals, grandTotals, range };
}
