import type { DatasetFieldType, QueryFilter, ResultColumn } from '../../src/core/query/query-spec.ts';
import { formatServerDate } from '../../src/core/format.ts';
import { columnTitle, formatNumber, resultValueText, type ValueFormat, type ValueWords } from '../../src/core/value-format.ts';
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

const COLUMN_TYPES: Partial<Record<DatasetFieldType, ColumnType>> = { number: 'number', integer: 'number', date: 'date', datetime: 'datetime', boolean: 'boolean' };

/**
 * The columns to show, each with a title: the configured ones, else every column the answer
 * describes (by its field's type), else every field of the first row as text or number. A
 * column without a title of its own takes its field's, as the form names it.
 */
export function resolveColumns(
  configured: TableColumn[] | undefined,
  firstRow: Record<string, unknown> | undefined,
  described: ReadonlyMap<string, ResultColumn>,
  words: ValueWords,
): TableColumn[] {
  const titled = (column: TableColumn): TableColumn => {
    const about = described.get(column.field);
    return column.title || !about ? column : { ...column, title: columnTitle(about, words) };
  };
  if (configured?.length) return configured.map(titled);
  if (described.size) {
    // An id a name stands for reads as text: it is not summed or ranged.
    return [...described.values()].map((about) => titled({ field: about.name, type: (!about.refers && COLUMN_TYPES[about.type]) || 'text', sortable: true }));
  }
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

/**
 * A cell's text in the reader's language: the column's own labels first, then as its type
 * says; a text or tag column shows its value as the form does (option labels, names, dates).
 */
export function cellText(column: TableColumn, value: unknown, words: ValueWords, about?: ResultColumn): string {
  if (value === null || value === undefined || value === '') return '';
  const labelled = column.labels?.[valueText(value)];
  if (labelled !== undefined) return labelled;
  const { language } = words;
  switch (column.type) {
    case 'number':
      return formatNumber(value, language, column.format ?? {});
    case 'date':
    case 'datetime':
      return formatServerDate(valueText(value), language);
    case 'month':
      return formatServerDate(valueText(value).slice(0, 7), language);
    case 'boolean':
      return value === true || value === 1 || value === 'true' ? words.yes : words.no;
    default:
      return resultValueText(about, value, words);
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
