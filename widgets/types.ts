import type { ComponentType } from 'react';
import type { FilterOption, PageFilter, WidgetConfig } from '../src/core/pages/page-config.ts';
import { widgetRefsOf, type WidgetRefs } from '../src/core/pages/widget-refs.ts';
import type { DatasetInfo, DatasetQuery, QueryAggregateResult, QueryFilter, QueryRowsResult, ResultColumn } from '../src/core/query/query-spec.ts';

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
  /** `column`: what values read from a dataset are, so the filter names them as the form does. */
  | { status: 'ready'; options: FilterOption[]; column?: ResultColumn };

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

/** A cell's size in columns and rows of a 24-column grid. */
export interface WidgetSize {
  w: number;
  h: number;
}

/** The sections of the plate editor's palette, in this order. */
export const PALETTE_GROUPS = ['charts', 'data', 'other'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

/**
 * What a widget draws from, read by the editors and the server: the kind of `data` query it
 * takes, and the props that name a stored thing (marked in its props schema).
 */
export interface WidgetDataNeeds {
  /** none: no `data`; groups: an aggregate query; rows: a query of rows, or of groups. */
  query: 'none' | 'groups' | 'rows';
  /** The most dimensions its groups are drawn by. */
  maxDimensions: number;
  /** Prop -> what it names (`"x-refers-to"` in the props schema): the editors offer those, the server checks them. */
  refs: WidgetRefs;
}

/** One entry of the plate editor's palette: a widget, or one kind of it (a chart's bar, pie...). */
export interface WidgetKind {
  /**
   * Unique among all entries: the entry's test id `palette-<key>`, its name
   * `plates.palette.<key>` in the widgets texts, new components' ids `<key>1`, `<key>2`...
   */
  key: string;
  group: PaletteGroup;
  icon: ComponentType;
  /** Where this kind differs from its widget's default. */
  size?: WidgetSize;
  maxDimensions?: number;
}

/** What a new component of the palette is made from. */
export interface ScaffoldContext {
  /** The palette entry's key (a chart's kind). */
  kind: string;
  /** The entry's name in the author's language. */
  title: string;
  /** The source it starts on, if any: the one the plate uses most, else a form's records. */
  dataset: DatasetInfo | undefined;
}

/** A new component's props (what its schema requires) and its first query (something to show at once). */
export interface WidgetScaffold {
  props: Record<string, unknown>;
  data?: DatasetQuery;
}

/** What the plate around a component offers its settings panel. */
export interface PlateSettingsContext {
  /** The plate's filters (a filter bar's settings edit them). */
  filters: readonly PageFilter[];
  setFilters: (filters: PageFilter[], tag?: string) => void;
  /** The sources the author may use; null while they load. */
  datasets: readonly DatasetInfo[] | null;
  /** Codes of the sources the plate's components use. */
  usedDatasets: readonly string[];
}

/** A widget's settings panel in the plate editor. Edits go straight into the plate's undoable draft. */
export interface WidgetSettingsProps {
  widget: WidgetConfig;
  /** The props as stored: no defaults filled in. */
  props: Record<string, unknown>;
  /** Merges `patch` into the props (undefined removes a prop); edits with the same `tag` in a row are one undo step. */
  setProps: (patch: Record<string, unknown>, tag?: string) => void;
  onChange: (widget: WidgetConfig, tag?: string) => void;
  plate: PlateSettingsContext;
}

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/**
 * One registry entry: everything the renderer, the page checks and the editors know of a
 * widget type. Only the props schema is read outside the browser (the server reads the
 * folder's props.schema.json); the component and the settings panel load when first drawn.
 */
export interface WidgetDefinition {
  readonly propsSchema: WidgetPropsSchema;
  readonly load: Loader<WidgetRenderProps>;
  /** The size a new component lands with. */
  readonly size: WidgetSize;
  readonly data: WidgetDataNeeds;
  /** Whether its cell carries a title (a text, a picture and the filter controls speak for themselves). */
  readonly titled: boolean;
  /** Its palette entries, in order; none: the palette does not offer it. */
  readonly kinds: readonly WidgetKind[];
  /** The palette entry a stored component is (a chart by its kind). */
  kindOf(widget: WidgetConfig): string | undefined;
  /** The props and query a new component starts with. */
  scaffold(context: ScaffoldContext): WidgetScaffold;
  /** Its own settings: in the Look tab under the title, or in a tab of their own named by `tab` (a key of the widgets texts). */
  readonly settings?: { readonly load: Loader<WidgetSettingsProps>; readonly tab?: string };
}

/** What a widget folder's widget.ts declares; see docs/widgets.md. */
export interface WidgetSpec<P> {
  propsSchema: WidgetPropsSchema;
  component: Loader<WidgetRenderProps<P>>;
  size: WidgetSize;
  /** Default: no `data`, at most two dimensions. */
  data?: { query: WidgetDataNeeds['query']; maxDimensions?: number };
  /** Default true. */
  titled?: boolean;
  kinds?: readonly WidgetKind[];
  /** Default: its first kind. */
  kindOf?: (widget: WidgetConfig) => string | undefined;
  /** Default: no props, no query. */
  scaffold?: (context: ScaffoldContext) => WidgetScaffold;
  settings?: Loader<WidgetSettingsProps>;
  settingsTab?: string;
}

/** A registry entry from a widget's declaration; the component is typed by its own props. */
export function defineWidget<P>(spec: WidgetSpec<P>): WidgetDefinition {
  const kinds = spec.kinds ?? [];
  return {
    propsSchema: spec.propsSchema,
    // The renderer hands every component props that passed its own schema, so P holds at run time.
    load: spec.component as unknown as Loader<WidgetRenderProps>,
    size: spec.size,
    data: { query: spec.data?.query ?? 'none', maxDimensions: spec.data?.maxDimensions ?? 2, refs: widgetRefsOf(spec.propsSchema) },
    titled: spec.titled ?? true,
    kinds,
    kindOf: spec.kindOf ?? (() => kinds[0]?.key),
    scaffold: spec.scaffold ?? (() => ({ props: {} })),
    settings: spec.settings ? { load: spec.settings, tab: spec.settingsTab } : undefined,
  };
}

export const isRowsResult = (result: QueryRowsResult | QueryAggregateResult): result is QueryRowsResult =>
  Array.isArray((result as QueryRowsResult).list);

/** The rows of either kind of answer. */
export const resultRows = (result: QueryRowsResult | QueryAggregateResult): Record<string, unknown>[] => {
  const rows = isRowsResult(result) ? result.list : result.rows;
  // A malformed answer reads as no rows rather than breaking the page.
  return Array.isArray(rows) ? rows : [];
};
