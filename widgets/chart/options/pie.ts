import type { EChartsOption } from 'echarts';
import {
  baseOption,
  categoryKey,
  isRtl,
  categoryLabel,
  extremes,
  formatValue,
  legendOption,
  legendPlace,
  tooltipBase,
  tooltipLine,
  type ChartContext,
  type ChartModel,
  type LabelParams,
  paramNumber,
  type Row,
  seriesTitle,
} from '../chart-context.ts';
import { chartColumns, distinctKeys, sumByKey } from '../chart-data.ts';
import type { ChartProps } from '../chart-props.ts';

interface Slice {
  name: string;
  value: number;
}

/** Slices of a part-of-whole chart: the first series summed per category; only positive values have a share. */
function slices(props: ChartProps, rows: readonly Row[], context: ChartContext): { slices: Slice[]; seriesName: string } {
  const columns = chartColumns(props, context);
  const spec = columns.series[0];
  if (!spec) return { slices: [], seriesName: '' };
  const x = columns.x;
  const sums = sumByKey(rows, (row) => (x ? categoryKey(row[x]) : ''), spec.field);
  const list = distinctKeys(rows, x)
    .filter((key) => (sums.get(key) ?? 0) > 0)
    .map((key) => ({ name: categoryLabel(key, props, context, x), value: sums.get(key)! }));
  return { slices: list, seriesName: seriesTitle(spec, context) };
}

const percent = (value: number, total: number, context: ChartContext) =>
  formatValue(total > 0 ? (value / total) * 100 : null, context, { decimals: 1, unit: '%' });

function itemTooltip(props: ChartProps, context: ChartContext, total: number) {
  return {
    ...tooltipBase(context, 'item'),
    formatter: (params: unknown) => {
      const p = params as { name: string; value: number; color: string };
      return tooltipLine(p.color, p.name, `${formatValue(p.value, context, props.format)} · ${percent(p.value, total, context)}`);
    },
  } as EChartsOption['tooltip'];
}

/** Where the plot sits beside its legend: centre and the largest radius that fits. */
function plotArea(place: ReturnType<typeof legendPlace>, context: ChartContext): { center: [string, string]; radius: number } {
  const { width, height } = context.size;
  const legendBox = { w: place === 'left' || place === 'right' ? Math.min(160, width * 0.28) : 0, h: place === 'top' || place === 'bottom' ? 32 : 0 };
  const w = width - legendBox.w;
  const h = height - legendBox.h;
  const cx = place === 'left' ? legendBox.w + w / 2 : w / 2;
  const cy = place === 'top' ? legendBox.h + h / 2 : h / 2;
  return { center: [`${((cx / width) * 100).toFixed(1)}%`, `${((cy / height) * 100).toFixed(1)}%`], radius: Math.max(10, Math.min(w, h) / 2 - 12) };
}

/** pie (or donut): the share of each category. */
export function pieChart(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const { slices: data, seriesName } = slices(props, rows, context);
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  const place = legendPlace(props, context, true);
  const { center, radius } = plotArea(place, context);
  // Outside labels need room around the pie.
  const outer = props.labels ? radius * 0.72 : radius;
  const option: EChartsOption = {
    ...baseOption(props, context),
    legend: legendOption(place, data.map((slice) => slice.name), context),
    tooltip: itemTooltip(props, context, total),
    series: [
      {
        type: 'pie',
        name: seriesName,
        center,
        radius: props.donut ? [Math.round(outer * 0.58), Math.round(outer)] : [0, Math.round(outer)],
        data,
        avoidLabelOverlap: true,
        itemStyle: { borderColor: context.theme.background, borderWidth: 2, borderRadius: props.donut ? 4 : 0 },
        label: {
          show: props.labels === true,
          color: context.theme.text,
          formatter: (params: LabelParams) => `${params.name}\n${percent(paramNumber(params) ?? 0, total, context)}`,
        },
        labelLine: { show: props.labels === true },
        emphasis: { scaleSize: 4 },
      },
    ],
  };
  return {
    option,
    facts: { series: [seriesName], points: data.length, ...extremes(data.map((slice) => ({ label: slice.name, value: slice.value })), context, props.format) },
    empty: data.length === 0,
  };
}

/** funnel: stages from the largest down, each named beside its band. */
export function funnelChart(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const { slices: data, seriesName } = slices(props, rows, context);
  const total = data.reduce((sum, slice) => sum + slice.value, 0);
  const place = legendPlace(props, context, true);
  const top = place === 'top' ? 40 : 12;
  const bottom = place === 'bottom' ? 40 : 12;
  const side = place === 'left' || place === 'right' ? Math.min(160, context.size.width * 0.28) : 12;
  const rtl = isRtl(context);
  // Names beside the bands, on the end side: small bands have no room for text inside.
  const labelRoom = Math.round(context.size.width * 0.36);
  const option: EChartsOption = {
    ...baseOption(props, context),
    legend: legendOption(place, data.map((slice) => slice.name), context),
    tooltip: itemTooltip(props, context, total),
    series: [
      {
        type: 'funnel',
        name: seriesName,
        top,
        bottom,
        left: (place === 'left' ? side : 12) + (rtl ? labelRoom : 0),
        right: (place === 'right' ? side : 12) + (rtl ? 0 : labelRoom),
        sort: 'descending',
        gap: 2,
        minSize: '8%',
        data,
        itemStyle: { borderColor: context.theme.background, borderWidth: 1 },
        label: {
          show: true,
          position: rtl ? 'left' : 'right',
          color: context.theme.text,
          width: labelRoom - 12,
          overflow: 'truncate',
          formatter: (params: LabelParams) =>
            props.labels ? `${params.name} ${formatValue(paramNumber(params), context, props.format)} · ${percent(paramNumber(params) ?? 0, total, context)}` : params.name,
        },
      },
    ],
  };
  return {
    option,
    facts: { series: [seriesName], points: data.length, ...extremes(data.map((slice) => ({ label: slice.name, value: slice.value })), context, props.format) },
    empty: data.length === 0,
  };
}
