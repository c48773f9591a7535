/**
 * The pages the renderer benchmark stores: an empty page, a page of 24 widgets of every
 * kind the registry has (taken from the seed customer pages, so each is a real, checked
 * config), and one table over a dataset of 100,000 work orders.
 */
import { DEFAULT_COLUMNS, type PageConfig, type WidgetConfig } from '../src/core/pages/page-config.ts';
import { readSeedPages } from '../src/server/modules/page/seed.ts';

export const BIG_DATASET = 'work_orders_100k';
export const BIG_ROWS = 100_000;
export const TABLE_WIDGET_ID = 'orders';
/** Rows per block the table fetches as it scrolls (the seed work-order table's size). */
const TABLE_BLOCK_ROWS = 200;

/** Seed page (file name) and widget id of each widget of the 24-widget page, in reading order. */
const PICKS: readonly [page: string, widget: string][] = [
  ['bayer', 'filters'],
  ['bayer', 'open'],
  ['bayer', 'spend'],
  ['monitoring', 'electricity'],
  ['weishitong-2', 'occupancy'],
  ['project-dashboard', 'budget'],
  ['acrolmmune', 'events'],
  ['bayer', 'byCategory'], // bar
  ['bayer', 'weekly'], // stacked area
  ['bayer', 'byPriority'], // donut
  ['weishitong-2', 'trend'], // line
  ['monitoring', 'heat'], // heatmap
  ['weishitong-2', 'map'], // China map
  ['project-dashboard', 'gauge'],
  ['project-dashboard2', 'radar'],
  ['bim5d', 'scatter'],
  ['acrolmmune', 'byType'], // funnel
  ['monitoring', 'buildings'], // bar
  ['roche', 'photo'],
  ['roche', 'facts'], // markdown
  ['website-portfolio', 'hero'],
  ['bim', 'about'], // markdown
  ['bayer', 'orders'], // table
  ['acrolmmune', 'log'], // table
];

/** Cell size (grid columns x rows) of each widget type on the 24-widget page. */
const SIZES: Record<string, { w: number; h: number }> = {
  'filter-bar': { w: 24, h: 2 },
  kpi: { w: 4, h: 5 },
  chart: { w: 8, h: 9 },
  image: { w: 6, h: 8 },
  markdown: { w: 6, h: 8 },
  table: { w: 12, h: 10 },
};

/** Places cells left to right in rows of the grid's width, a row as tall as its tallest cell. */
function packRows(widgets: Omit<WidgetConfig, 'grid'>[], sizes: { w: number; h: number }[]): WidgetConfig[] {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return widgets.map((widget, i) => {
    const { w, h } = sizes[i]!;
    if (x + w > DEFAULT_COLUMNS) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const placed = { ...widget, grid: { x, y, w, h } };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return placed;
  });
}

export const emptyPage = (): PageConfig => ({ title: 'Benchmark: empty page', widgets: [] });

/** 24 widgets of the seed pages, with the Bayer page's filters for its filter bar. */
export function widgetsPage(): PageConfig {
  const seeds = new Map(readSeedPages().map((page) => [page.key, page.file.config]));
  const widgets = PICKS.map(([pageKey, widgetId]) => {
    const found = seeds.get(pageKey)?.widgets.find((w) => w.id === widgetId);
    if (!found) throw new Error(`seed page ${pageKey} has no widget ${widgetId}`);
    // Page filters apply by field; the ids of another page's filters mean nothing here.
    const { grid: _grid, filterIds: _filterIds, ...widget } = structuredClone(found);
    return { ...widget, id: `${pageKey}-${widgetId}` };
  });
  return {
    title: 'Benchmark: 24 widgets',
    filters: structuredClone(seeds.get('bayer')!.filters),
    widgets: packRows(
      widgets,
      widgets.map((w) => SIZES[w.type]!),
    ),
  };
}

/** One tall table over the big dataset, in stored order, as the seed work-order table draws it. */
export function tablePage(): PageConfig {
  const orders = readSeedPages()
    .find((page) => page.key === 'bayer')
    ?.file.config.widgets.find((w) => w.id === 'orders');
  if (!orders) throw new Error('seed page bayer has no widget orders');
  return {
    title: 'Benchmark: 100,000 work orders',
    widgets: [
      {
        id: TABLE_WIDGET_ID,
        type: 'table',
        title: 'Work orders',
        grid: { x: 0, y: 0, w: DEFAULT_COLUMNS, h: 16 },
        props: structuredClone(orders.props),
        data: { dataset: BIG_DATASET, pageSize: TABLE_BLOCK_ROWS },
      },
    ],
  };
}
