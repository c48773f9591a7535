import type { ComponentType } from 'react';
import type { FilterOption, PageFilter, WidgetConfig } from '../src/core/pages/page-config.ts';
import type { DatasetQuery, QueryAggregateResult, QueryFilter, QueryRowsResult } from '../src/core/query/query-spec.ts';

/** What the renderer has fetched for a widget's `data`. */
export type WidgetDataState =
  | { status: 'none' } // the widget has no `data`
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ready'; result: QueryRowsResult | QueryAggregateResult; refreshing: boolean };

/**
 * A page filter's value. dateRange: `[from, to]` as YYYY-MM-DD, either end null (open);
 * select: one value, a list of values (`multiple`), or null (no narrowing).
 */
export type FilterValue = string | number | (string | number | null)[] | null;

/** Choices of a select filter while they load. */
export type FilterOptionsState =
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ready'; options: FilterOption[] };

/**
 * A component's click that narrows the others (cross-filtering): the clauses apply to every
 * other widget whose dataset has their fields; `label` says what was picked.
 */
export interface CrossSelection {
  widgetId: string;
  clauses: QueryFilter[];
  label: string;
}

/** The page's filter values (MobX observable): read by widgets, written by the filter bar. */
export interface PageFilterState {
  /** What a component's click picked, or null. */
  readonly selection: CrossSelection | null;
  /** Picks (or, with null, clears) the cross-filter. */
  select(selection: CrossSelection | null): void;
  /** The page config's filters, in order. */
  readonly definitions: readonly PageFilter[];
  /** The current value; a relative default (`last30days`) is already a `[from, to]` here. */
  value(id: string): FilterValue;
  set(id: string, value: FilterValue): void;
  /** Every filter back to its default. */
  reset(): void;
  /** True when no filter differs from its default. */
  readonly atDefaults: boolean;
  /** Choices of a select filter: its fixed options, or the distinct values of its field in `optionsDataset` (loaded once). */
  options(id: string): FilterOptionsState;
}

export interface WidgetRenderProps<P = Record<string, unknown>> {
  widget: WidgetConfig; // src/core/pages/page-config.ts
  props: P; // already validated against the type's props schema, defaults applied
  data: WidgetDataState; // widget.data run with the page filters that apply to it
  /** Runs widget.data with the page filters plus `override` (paging, sort, extra filters): for self-paging widgets such as the table. */
  fetchData: (override: Partial<DatasetQuery>) => Promise<QueryRowsResult | QueryAggregateResult>;
  filters: PageFilterState; // page filter values (MobX), read by widgets, written by the filter bar
}

/** A JSON Schema object describing a widget's props. */
export type WidgetPropsSchema = Readonly<Record<string, unknown>>;

/** One registry entry: the props schema (usable without React) and the lazily loaded component. */
export interface WidgetDefinition {
  readonly propsSchema: WidgetPropsSchema;
  readonly load: () => Promise<{ default: ComponentType<WidgetRenderProps> }>;
}

/** Pairs a props schema with its component's loader; the component is typed by its own props. */
export function defineWidget<P>(
  propsSchema: WidgetPropsSchema,
  load: () => Promise<{ default: ComponentType<WidgetRenderProps<P>> }>,
): WidgetDefinition {
  // The renderer hands every component props that passed its own schema, so P holds at run time.
  return { propsSchema, load: load as unknown as WidgetDefinition['load'] };
}

export const isRowsResult = (result: QueryRowsResult | QueryAggregateResult): result is QueryRowsResult =>
  Array.isArray((result as QueryRowsResult).list);

/** The rows of either kind of answer. */
export const resultRows = (result: QueryRowsResult | QueryAggregateResult): Record<string, unknown>[] => {
  const rows = isRowsResult(result) ? result.list : result.rows;
  // A malformed answer reads as no rows rather than breaking the page.
  return Array.isArray(rows) ? rows : [];
};
