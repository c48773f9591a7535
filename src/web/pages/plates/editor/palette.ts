import type { WidgetConfig, WidgetGrid } from '../../../../core/pages/page-config.ts';
import { isDateField } from '../../../../core/query/check-query.ts';
import type { DatasetField, DatasetInfo, DatasetQuery } from '../../../../core/query/query-spec.ts';

/**
 * What the plate editor's palette offers: every kind of the chart widget, then the table,
 * pivot table, KPI card, text, image and filter controls. A new component comes bound to a
 * data source with a first grouping and a count, so it shows real data the moment it lands.
 */

export const CHART_KINDS = ['bar', 'line', 'area', 'pie', 'scatter', 'gauge', 'funnel', 'radar', 'heatmap', 'map'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

export type PaletteKey = ChartKind | 'table' | 'pivot' | 'kpi' | 'text' | 'image' | 'filters';

export const PALETTE_KEYS: readonly PaletteKey[] = [...CHART_KINDS, 'table', 'pivot', 'kpi', 'text', 'image', 'filters'];

/** The size a component lands with, in grid cells of a 24-column plate. */
export const PALETTE_SIZES: Readonly<Record<PaletteKey, { w: number; h: number }>> = {
  bar: { w: 8, h: 8 },
  line: { w: 8, h: 8 },
  area: { w: 8, h: 8 },
  pie: { w: 6, h: 8 },
  scatter: { w: 8, h: 8 },
  gauge: { w: 6, h: 7 },
  funnel: { w: 6, h: 8 },
  radar: { w: 6, h: 8 },
  heatmap: { w: 12, h: 8 },
  map: { w: 12, h: 10 },
  table: { w: 12, h: 8 },
  pivot: { w: 12, h: 8 },
  kpi: { w: 6, h: 4 },
  text: { w: 8, h: 4 },
  image: { w: 6, h: 6 },
  filters: { w: 24, h: 2 },
};

/** Where the palette's image component starts: a framed picture sign, until a picture is chosen. */
export const PLACEHOLDER_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 80"><rect width="120" height="80" rx="6" fill="#f0f2f5"/>' +
      '<path d="M20 62l24-28 18 20 12-12 26 20z" fill="#bfc7d5"/><circle cx="84" cy="24" r="8" fill="#bfc7d5"/></svg>',
  );

/** The widget type a palette key makes. */
export function widgetTypeOf(key: PaletteKey): string {
  switch (key) {
    case 'table':
    case 'pivot':
    case 'kpi':
    case 'image':
      return key;
    case 'text':
      return 'markdown';
    case 'filters':
      return 'filter-bar';
    default:
      return 'chart';
  }
}

/** The palette key of a component (a chart by its kind), for its icon and name. */
export function paletteKeyOf(widget: WidgetConfig): PaletteKey {
  switch (widget.type) {
    case 'markdown':
      return 'text';
    case 'filter-bar':
      return 'filters';
    case 'chart': {
      const kind = widget.props?.kind;
      return CHART_KINDS.includes(kind as ChartKind) ? (kind as ChartKind) : 'bar';
    }
    default:
      return PALETTE_KEYS.includes(widget.type as PaletteKey) ? (widget.type as PaletteKey) : 'text';
  }
}

const firstOf = (fields: readonly DatasetField[], test: (f: DatasetField) => boolean) => fields.find(test)?.name;
const isCategory = (f: DatasetField) => f.type === 'string' || f.type === 'boolean';

/** A first query over `dataset` that suits the component: the grouping it is drawn by and a count. */
export function startingQuery(key: PaletteKey, dataset: DatasetInfo): DatasetQuery | undefined {
  const { fields } = dataset;
  // A choice field groups into a few bars; any text field may be one value per record.
  const category = firstOf(fields, (f) => f.choice === true && isCategory(f)) ?? firstOf(fields, isCategory);
  const dateField = firstOf(fields, isDateField);
  const month = dateField ? `${dateField}:month` : undefined;
  const count = [{ agg: 'count' as const, as: 'count' }];
  const grouped = (...dimensions: (string | undefined)[]): DatasetQuery => {
    const chosen = dimensions.filter((d): d is string => d !== undefined).slice(0, 2);
    return { dataset: dataset.code, dimensions: chosen, measures: count };
  };
  switch (key) {
    case 'text':
    case 'image':
    case 'filters':
      return undefined;
    case 'table':
      return { dataset: dataset.code, pageSize: 100 };
    case 'kpi':
    case 'gauge':
      return { dataset: dataset.code, measures: count };
    case 'line':
    case 'area':
      return { ...grouped(month ?? category), sort: month ? [{ field: month, order: 'asc' }] : undefined };
    case 'heatmap':
    case 'pivot':
      return grouped(category, month ?? firstOf(fields, (f) => f.choice === true && f.name !== category) ?? firstOf(fields, (f) => isCategory(f) && f.name !== category));
    default:
      return { ...grouped(category ?? month), sort: [{ field: 'count', order: 'desc' }], limit: 20 };
  }
}

/** The props a component of `key` starts with: what its schema requires, and no more. */
export function startingProps(key: PaletteKey, label: string): Record<string, unknown> {
  switch (key) {
    case 'text':
      return { content: label };
    case 'image':
      return { src: PLACEHOLDER_IMAGE, alt: label, fit: 'contain' };
    case 'table':
    case 'pivot':
    case 'kpi':
    case 'filters':
      return {};
    default:
      return { kind: key };
  }
}

/** The first free id `<key><n>` among the plate's components. */
export function nextComponentId(key: string, taken: readonly WidgetConfig[]): string {
  const ids = new Set(taken.map((w) => w.id));
  for (let n = 1; ; n++) if (!ids.has(`${key}${n}`)) return `${key}${n}`;
}

/** A new component of `key` at `cell` (its size from the palette when left out), over `dataset` when it takes data. */
export function newComponent(
  key: PaletteKey,
  options: { id: string; title: string; cell: Pick<WidgetGrid, 'x' | 'y'> & Partial<WidgetGrid>; dataset: DatasetInfo | undefined },
): WidgetConfig {
  const { w, h } = PALETTE_SIZES[key];
  const widget: WidgetConfig = {
    id: options.id,
    type: widgetTypeOf(key),
    grid: { w, h, ...options.cell },
    props: startingProps(key, options.title),
  };
  if (key !== 'text' && key !== 'image' && key !== 'filters') widget.title = options.title;
  const data = options.dataset ? startingQuery(key, options.dataset) : undefined;
  if (data) widget.data = JSON.parse(JSON.stringify(data)) as DatasetQuery; // drops the undefined sort
  return widget;
}

/** The row under every component: where a component added without a drop point goes. */
export const bottomRow = (widgets: readonly WidgetConfig[]): number => widgets.reduce((y, w) => Math.max(y, w.grid.y + w.grid.h), 0);

/** The source a new component starts on: the one the plate uses most, else the first form, else the first. */
export function preferredDataset(components: readonly WidgetConfig[], datasets: readonly DatasetInfo[]): DatasetInfo | undefined {
  const uses = new Map<string, number>();
  for (const component of components) {
    const code = component.data?.dataset;
    if (code) uses.set(code, (uses.get(code) ?? 0) + 1);
  }
  let best: DatasetInfo | undefined;
  for (const dataset of datasets) {
    if ((uses.get(dataset.code) ?? 0) > (best ? (uses.get(best.code) ?? 0) : 0)) best = dataset;
  }
  return best ?? datasets.find((d) => d.code.startsWith('form_')) ?? datasets[0];
}

/**
 * Where a component of `w` × `h` cells added without a drop point goes: the first place, row
 * by row from the top, where it overlaps nothing (under the others at the latest).
 */
export function firstFreeCell(widgets: readonly WidgetConfig[], w: number, h: number, columns: number): { x: number; y: number } {
  const width = Math.min(w, columns);
  const bottom = bottomRow(widgets);
  const overlaps = (x: number, y: number) =>
    widgets.some(({ grid }) => x < grid.x + grid.w && grid.x < x + width && y < grid.y + grid.h && grid.y < y + h);
  for (let y = 0; y < bottom; y++) {
    for (let x = 0; x + width <= columns; x++) if (!overlaps(x, y)) return { x, y };
  }
  return { x: 0, y: bottom };
}
