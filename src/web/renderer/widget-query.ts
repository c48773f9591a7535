import type { PageFilter, WidgetConfig } from '../../core/pages/page-config.ts';
import type { DatasetFieldType, DatasetQuery, QueryFilter } from '../../core/query/query-spec.ts';
import type { CrossSelection, FilterValue } from '../../../widgets/types.ts';
import type { DatasetFields, QueryExtras } from './page-data-source.ts';

/** `date:month` -> `date`. */
const baseField = (field: string) => field.split(':')[0]!;

/** The fields a query names anywhere: what a website widget is known to have. */
function fieldsNamedBy(query: DatasetQuery): Set<string> {
  return new Set(
    [
      ...(query.dimensions ?? []),
      ...(query.measures ?? []).flatMap((m) => (m.field ? [m.field] : [])),
      ...(query.filters ?? []).map((f) => f.field),
      ...(query.sort ?? []).map((s) => s.field),
    ].map(baseField),
  );
}

/**
 * The page filters a widget responds to: those its `filterIds` name, else every filter whose
 * field its dataset has. Where the dataset's fields are unknown (public websites), the fields
 * its own query names stand in for them.
 */
export function applicableFilters(widget: WidgetConfig, definitions: readonly PageFilter[], fields: DatasetFields | null): PageFilter[] {
  if (!widget.data) return [];
  if (widget.filterIds) return definitions.filter((filter) => widget.filterIds!.includes(filter.id));
  const has = fieldTest(widget, fields);
  return definitions.filter((filter) => has(filter.field));
}

/** Whether the widget's dataset has a field (where unknown, whether its own query names it). */
function fieldTest(widget: WidgetConfig, fields: DatasetFields | null): (field: string) => boolean {
  const known = widget.data ? fields?.get(widget.data.dataset) : undefined;
  return known ? (field) => known.has(field) : (field) => (widget.data ? fieldsNamedBy(widget.data).has(field) : false);
}

/** The cross-filter's clauses for a widget: none for the widget that picked, or one whose dataset lacks a field. */
export function selectionClauses(widget: WidgetConfig, selection: CrossSelection | null, fields: DatasetFields | null): QueryFilter[] {
  if (!selection || !widget.data || selection.widgetId === widget.id) return [];
  const has = fieldTest(widget, fields);
  return selection.clauses.every((clause) => has(clause.field)) ? selection.clauses : [];
}

const isBlank = (value: unknown) => value === null || value === undefined || value === '';

/** One page filter's value as query filters (none when it does not narrow anything). */
export function filterClauses(filter: PageFilter, value: FilterValue, fieldType?: DatasetFieldType): QueryFilter[] {
  if (filter.type === 'dateRange') {
    if (!Array.isArray(value)) return [];
    let [from = null, to = null] = value as (string | null)[];
    if (isBlank(from) && isBlank(to)) return [];
    // A datetime field holds instants: the range covers the whole of both end days.
    if (fieldType === 'datetime') {
      from = isBlank(from) ? null : `${from}T00:00:00.000Z`;
      to = isBlank(to) ? null : `${to}T23:59:59.999Z`;
    }
    return [{ field: filter.field, op: 'between', value: [isBlank(from) ? null : from, isBlank(to) ? null : to] }];
  }
  if (Array.isArray(value)) {
    const chosen = value.filter((v) => !isBlank(v));
    return chosen.length === 0 ? [] : [{ field: filter.field, op: 'in', value: chosen }];
  }
  return isBlank(value) ? [] : [{ field: filter.field, op: 'eq', value }];
}

/**
 * widget.data with the page's filter clauses and a widget's override merged in. Override
 * filters add to the others; sort and paging replace the query's own.
 */
export function mergeQuery(base: DatasetQuery, pageClauses: QueryFilter[], override: Partial<DatasetQuery> = {}): { query: DatasetQuery; extras: QueryExtras } {
  const extras: QueryExtras = { filters: [...pageClauses, ...(override.filters ?? [])] };
  if (override.sort) extras.sort = override.sort;
  if (override.pageNum !== undefined) extras.pageNum = override.pageNum;
  if (override.pageSize !== undefined) extras.pageSize = override.pageSize;
  const query: DatasetQuery = { ...base, ...override, dataset: base.dataset, filters: [...(base.filters ?? []), ...extras.filters] };
  if (query.filters!.length === 0) delete query.filters;
  if (!override.sort && base.sort) query.sort = base.sort;
  return { query, extras };
}
