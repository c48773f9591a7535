import type { ChartContext, ChartModel, Row } from './chart-context.ts';
import { markPicked } from './chart-highlight.ts';
import type { ChartKind, ChartProps } from './chart-props.ts';
import { categoryChart, scatterChart } from './options/cartesian.ts';
import { gaugeChart } from './options/gauge.ts';
import { heatmapChart } from './options/heatmap.ts';
import { mapChart } from './options/map.ts';
import { funnelChart, pieChart } from './options/pie.ts';
import { radarChart } from './options/radar.ts';

type Builder = (props: ChartProps, rows: readonly Row[], context: ChartContext) => ChartModel;

const BUILDERS: Record<ChartKind, Builder> = {
  bar: categoryChart,
  line: categoryChart,
  area: categoryChart,
  scatter: scatterChart,
  pie: pieChart,
  funnel: funnelChart,
  gauge: gaugeChart,
  radar: radarChart,
  heatmap: heatmapChart,
  map: mapChart,
};

/** The ECharts option of a chart's props and rows, with what it shows. Pure: no DOM, no ECharts at run time. */
export function buildChartOption(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const model = BUILDERS[props.kind](props, rows, context);
  return context.picked ? { ...model, option: markPicked(model.option, props.kind, context.picked, context) } : model;
}
