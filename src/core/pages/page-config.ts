import type { PAGE_CONFIG_VERSION } from '../config-versions/page-config-versions.ts';
import type { LocalText } from '../local-text.ts';
import type { DatasetQuery } from '../query/query-spec.ts';

/**
 * A page config (schemas/meta/page.schema.json): what a customer page, a public website or
 * any other schema-driven screen stores. The renderer draws it through the widget registry.
 */
export interface PageConfig {
  /** The version of this format (src/core/config-versions): what the server stores and hands out; none: stored before versions. */
  version?: typeof PAGE_CONFIG_VERSION;
  title: LocalText;
  description?: LocalText;
  layout?: PageLayout;
  filters?: PageFilter[];
  widgets: WidgetConfig[];
}

export interface PageLayout {
  /** Grid columns at full width; default {@link DEFAULT_COLUMNS}. */
  columns?: number;
  /** px per grid row; default {@link DEFAULT_ROW_HEIGHT}. */
  rowHeight?: number;
  /** px between cells; default {@link DEFAULT_GAP}. */
  gap?: number;
  background?: string;
}

export const DEFAULT_COLUMNS = 24;
export const DEFAULT_ROW_HEIGHT = 32;
export const DEFAULT_GAP = 12;

/** Breakpoints of the grid by the page's width: below this the medium layout applies. */
export const MEDIUM_BELOW_PX = 1200;
/** Below this width the cells stack in one column, in reading order. */
export const STACK_BELOW_PX = 768;

export interface FilterOption {
  value: string | number;
  label: string;
}

export interface PageFilter {
  id: string;
  type: 'dateRange' | 'select';
  label: LocalText;
  /** The dataset field it narrows, in every widget whose dataset has that field. */
  field: string;
  options?: FilterOption[];
  optionsDataset?: string;
  multiple?: boolean;
  /** dateRange: [from, to] (YYYY-MM-DD) or a relative name (`last30days`, `thisYear`, ...). */
  default?: string | number | (string | number | null)[];
}

export interface WidgetGrid {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface WidgetConfig {
  id: string;
  /** A key of widgets/registry.ts. */
  type: string;
  title?: LocalText;
  /** The cell on wide screens ({@link MEDIUM_BELOW_PX} and more). */
  grid: WidgetGrid;
  /** The cell on medium screens; left out: as `grid`. Below {@link STACK_BELOW_PX} cells stack. */
  gridMedium?: WidgetGrid;
  /** Checked against the widget type's props schema. */
  props?: Record<string, unknown>;
  data?: DatasetQuery;
  filterIds?: string[];
  visibleIf?: { functionPoint: string };
}

/** A stored page as the API hands it out. */
export interface StoredPage {
  id: number;
  /** The address it answers at, e.g. `/roche`; null for a page reached only by id. */
  route: string | null;
  /** `page`: behind sign-in, in the menu; `website`: public at /website/{id} once published. */
  kind: 'page' | 'website';
  published: boolean;
  config: PageConfig;
  updateTime: string;
}
