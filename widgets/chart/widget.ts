import {
  AreaChartOutlined,
  BarChartOutlined,
  DashboardOutlined,
  DotChartOutlined,
  FunnelPlotOutlined,
  GlobalOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  PieChartOutlined,
  RadarChartOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';
import { startingQuery, type QueryShape } from '../starting-query.ts';
import { defineWidget, type WidgetSize } from '../types.ts';
import { CHART_KINDS, chartKindOf, type ChartKind, type ChartProps } from './chart-props.ts';
import propsSchema from './props.schema.json';

const ICONS: Record<ChartKind, ComponentType> = {
  bar: BarChartOutlined,
  line: LineChartOutlined,
  area: AreaChartOutlined,
  pie: PieChartOutlined,
  scatter: DotChartOutlined,
  gauge: DashboardOutlined,
  funnel: FunnelPlotOutlined,
  radar: RadarChartOutlined,
  heatmap: HeatMapOutlined,
  map: GlobalOutlined,
};

/** Kinds that need another size than half the plate's width (12 × 8): the round ones are as wide as high. */
const SIZES: Partial<Record<ChartKind, WidgetSize>> = {
  pie: { w: 6, h: 8 },
  gauge: { w: 6, h: 7 },
  funnel: { w: 6, h: 8 },
  radar: { w: 6, h: 8 },
  map: { w: 12, h: 10 },
};

/** The grouping each kind starts on; the others rank a category. */
const SHAPES: Partial<Record<ChartKind, QueryShape>> = { line: 'trend', area: 'trend', gauge: 'total', heatmap: 'cross' };

/** One palette entry per kind; a new chart starts grouped the way its kind is read. */
export default defineWidget<ChartProps>({
  propsSchema,
  component: () => import('./chart-widget.tsx'),
  settings: () => import('./chart-settings.tsx'),
  // A year of months along a bar chart's axis reads at half the plate's width, not at a third.
  size: { w: 12, h: 8 },
  data: { query: 'groups' },
  kinds: CHART_KINDS.map((kind) => ({ key: kind, group: 'charts' as const, icon: ICONS[kind], size: SIZES[kind], maxDimensions: kind === 'gauge' ? 1 : undefined })),
  kindOf: (widget) => chartKindOf(widget.props?.kind),
  scaffold: ({ kind, dataset }) => ({ props: { kind }, data: dataset && startingQuery(SHAPES[kind as ChartKind] ?? 'ranked', dataset) }),
});
