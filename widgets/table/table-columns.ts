import type { QueryFilter } from '../../src/core/query/query-spec.ts';
import { formatServerDate } from '../../src/core/format.ts';
import { formatNumber, type ValueFormat } from '../../src/core/value-format.ts';
import { valueText } from '../../src/core/value-text.ts';

export type ColumnType = 'text' | 'number' | 'date' | 'datetime' | 'month' | 'boolean' | 'tag';
export type ColumnFilterKind = 'contains' | 'equals' | 'range' | 'none';

export interface TableColumn {
  field: string;
  title?: string;
  type: ColumnType;
  format?: ValueFormat;
  labels?: Record<string, string>;
  colors?: Record<string, string>;
  width?: number;
  align?: 'start' | 'center' | 'end';
  sortable: boolean;
  filter?: ColumnFilterKind;
}

/** The columns to show: the configured ones, else every field of the first row as text or number. */
export function resolveColumns(configured: TableColumn[] | undefined, firstRow: Record<string, unknown> | undefined): TableColumn[] {
  if (configured?.length) return configured;
  return Object.entries(firstRow ?? {}).map(([field, value]) => ({ field, type: typeof value === 'number' ? 'number' : 'text', sortable: true }));
}

export function filterKindOf(column: TableColumn): ColumnFilterKind {
  if (column.filter) return column.filter;
  switch (column.type) {
    case 'number':
    case 'date':
    case 'datetime':
    case 'month':
      return 'range';
    case 'boolean':
    case 'tag':
      return 'equals';
    default:
      return 'contains';
  }
}

export const alignOf = (column: TableColumn): 'start' | 'center' | 'end' => column.align ?? (column.type === 'number' ? 'end' : 'start');

/** A cell's text in the reader's language (tags and booleans get their label here too). */
export function cellText(column: TableColumn, value: unknown, language: string, yesNo: [string, string]): string {
  if (value === null || value === undefined || value === '') return '';
  const labelled = column.labels?.[valueText(value)];
  if (labelled !== undefined) return labelled;
  switch (column.type) {
    case 'number':
      return formatNumber(value, language, column.format ?? {});
    case 'date':
    case 'datetime':
      return formatServerDate(valueText(value), language);
    case 'month':
      return formatServerDate(valueText(value).slice(0, 7), language);
    case 'boolean':
      return value === true || value === 1 || value === 'true' ? yesNo[0] : yesNo[1];
    default:
      return valueText(value);
  }
}

/** A column filter's value as a query filter; null when it narrows nothing. */
export function columnFilterClause(column: TableColumn, kind: ColumnFilterKind, value: unknown): QueryFilter | null {
  if (kind === 'none' || value === null || value === undefined || value === '') return null;
  if (kind === 'contains') return { field: column.field, op: 'contains', value: valueText(value) };
  if (kind === 'equals') return { field: column.field, op: 'eq', value };
  if (!Array.isArray(value)) return null;
  let [from = null, to = null] = value as (string | number | null)[];
  if (from === null && to === null) return null;
  // Instants: the range covers the whole of both end days.
  if (column.type === 'datetime') {
    from = from === null ? null : `${String(from)}T00:00:00.000Z`;
    to = to === null ? null : `${String(to)}T23:59:59.999Z`;
  }
  return { field: column.field, op: 'between', value: [from, to] };
}
