// ECharts assembled from the parts Plinth's charts use, so the chart chunk carries nothing else.
import { BarChart, FunnelChart, GaugeChart, HeatmapChart, LineChart, MapChart, PieChart, RadarChart, ScatterChart } from 'echarts/charts';
import { AriaComponent, GridComponent, LegendScrollComponent, RadarComponent, TooltipComponent, VisualMapContinuousComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { CanvasRenderer } from 'echarts/renderers';

echarts.use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GaugeChart,
  FunnelChart,
  RadarChart,
  HeatmapChart,
  MapChart,
  GridComponent,
  TooltipComponent,
  LegendScrollComponent,
  VisualMapContinuousComponent,
  RadarComponent,
  AriaComponent,
  LabelLayout,
  CanvasRenderer,
]);

export { echarts };
