import { FILTER_OPS_BY_KIND, type FilterKind, type RecordFilter, type RecordFilterOp } from '../../../core/contracts/record-query.ts';
import type { ListColumn } from './list-columns.ts';

/**
 * The filter bar's values as record filters. Each shown filter holds one RecordFilter whose
 * operator fits its field family; a filter with nothing entered yet is left out of the query.
 */

/** The one operator the bar offers per field family (text contains, ranges, any of several, region prefix). */
export const BAR_OP_BY_KIND: Readonly<Record<FilterKind, RecordFilterOp>> = {
  text: 'contains',
  number: 'between',
  date: 'between',
  datetime: 'between',
  choice: 'in',
  choices: 'in',
  boolean: 'eq',
  address: 'prefix',
  id: 'in',
  ids: 'in',
  presence: 'notEmpty',
};

const isBlank = (value: unknown) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/** The filter as sent, or null when it holds nothing to filter by. */
export function normalizeFilter(filter: RecordFilter, kind: FilterKind): RecordFilter | null {
  const { field, op, value } = filter;
  if (!FILTER_OPS_BY_KIND[kind].includes(op)) return null;
  if (op === 'empty' || op === 'notEmpty') return { field, op };
  if (op === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return null;
    const [from, to] = value.map((end) => (isBlank(end) ? null : end));
    return from === null && to === null ? null : { field, op, value: [from ?? null, to ?? null] };
  }
  if (op === 'in' || op === 'notIn') {
    const list = Array.isArray(value) ? value.filter((entry) => !isBlank(entry)) : [];
    return list.length === 0 ? null : { field, op, value: list };
  }
  if (isBlank(value) || Array.isArray(value)) return null;
  return { field, op, value: typeof value === 'string' ? value.trim() : value };
}

/** The filters to send: those of shown columns that hold a value, in the bar's order. */
export function activeFilters(columns: readonly ListColumn[], shown: readonly string[], values: ReadonlyMap<string, RecordFilter>): RecordFilter[] {
  const byKey = new Map(columns.map((column) => [column.key, column]));
  return shown.flatMap((key) => {
    const kind = byKey.get(key)?.kind;
    const filter = values.get(key);
    const normalized = kind && filter ? normalizeFilter(filter, kind) : null;
    return normalized ? [normalized] : [];
  });
}

/** Columns the bar can filter on (everything with a value family). */
export const filterableColumns = (columns: readonly ListColumn[]) => columns.filter((column) => column.kind !== null);

/** The bar's filters before the user chose: status and the first two list columns that filter. */
export function defaultShownFilters(columns: readonly ListColumn[], listColumns: readonly string[]): string[] {
  const filterable = new Set(filterableColumns(columns).map((column) => column.key));
  return [...listColumns.filter((key) => filterable.has(key)).slice(0, 2), 'status'];
}
