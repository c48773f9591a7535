import type { WidgetConfig, WidgetGrid } from '../src/core/pages/page-config.ts';
import type { DatasetInfo, DatasetQuery } from '../src/core/query/query-spec.ts';
import type { PaletteEntry } from './widget-registry.ts';

/** The first free id `<key><n>` among the components. */
export function nextComponentId(key: string, taken: readonly WidgetConfig[]): string {
  const ids = new Set(taken.map((w) => w.id));
  for (let n = 1; ; n++) if (!ids.has(`${key}${n}`)) return `${key}${n}`;
}

/**
 * A new component of a palette entry at `cell` (the entry's size where left out), made by its
 * widget's scaffold: over `dataset` when it takes data, so it shows something the moment it lands.
 */
export function newComponent(
  entry: PaletteEntry,
  options: { id: string; title: string; cell: Pick<WidgetGrid, 'x' | 'y'> & Partial<WidgetGrid>; dataset: DatasetInfo | undefined },
): WidgetConfig {
  const { w, h } = entry.size;
  const scaffold = entry.definition.scaffold({ kind: entry.key, title: options.title, dataset: options.dataset });
  const widget: WidgetConfig = { id: options.id, type: entry.type, grid: { w, h, ...options.cell }, props: scaffold.props };
  if (entry.definition.titled) widget.title = options.title;
  if (scaffold.data) widget.data = JSON.parse(JSON.stringify(scaffold.data)) as DatasetQuery; // drops an undefined sort
  return widget;
}
