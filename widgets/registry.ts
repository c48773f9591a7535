import chartSchema from './chart/props.schema.json';
import filterBarSchema from './filter-bar/props.schema.json';
import iframeSchema from './iframe/props.schema.json';
import imageSchema from './image/props.schema.json';
import kpiSchema from './kpi/props.schema.json';
import markdownSchema from './markdown/props.schema.json';
import pivotSchema from './pivot/props.schema.json';
import tableSchema from './table/props.schema.json';
import videoSchema from './video/props.schema.json';
import { defineWidget, type WidgetDefinition } from './types.ts';

/**
 * Widget type -> its props schema and its lazily loaded component. React-free at run time
 * (the server imports it for the props schemas). Adding a widget: one folder, one line here.
 */
export const widgetRegistry = {
  markdown: defineWidget(markdownSchema, () => import('./markdown/markdown-widget.tsx')),
  kpi: defineWidget(kpiSchema, () => import('./kpi/kpi-widget.tsx')),
  table: defineWidget(tableSchema, () => import('./table/table-widget.tsx')),
  pivot: defineWidget(pivotSchema, () => import('./pivot/pivot-widget.tsx')),
  chart: defineWidget(chartSchema, () => import('./chart/chart-widget.tsx')),
  video: defineWidget(videoSchema, () => import('./video/video-widget.tsx')),
  image: defineWidget(imageSchema, () => import('./image/image-widget.tsx')),
  iframe: defineWidget(iframeSchema, () => import('./iframe/iframe-widget.tsx')),
  'filter-bar': defineWidget(filterBarSchema, () => import('./filter-bar/filter-bar-widget.tsx')),
} satisfies Record<string, WidgetDefinition>;

export type WidgetType = keyof typeof widgetRegistry;

/** The registry entry of `type`, or undefined for a type the registry does not know. */
export function widgetDefinition(type: string): WidgetDefinition | undefined {
  return Object.hasOwn(widgetRegistry, type) ? widgetRegistry[type as WidgetType] : undefined;
}
