import type { EChartsOption } from 'echarts';
import {
  baseOption,
  categoryLabel,
  extremes,
  formatValue,
  isRtl,
  legendOption,
  legendPlace,
  legendRoom,
  tooltipBase,
  tooltipLine,
  tooltipTitle,
  type ChartContext,
  type ChartModel,
  type LabelParams,
  paramNumber,
  type Row,
} from '../chart-context.ts';
import { chartColumns, distinctKeys, niceCeil, seriesValues } from '../chart-data.ts';
import type { ChartProps } from '../chart-props.ts';

/** radar: a spoke per category, a polygon per series (or per value of `splitBy`). */
export function radarChart(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const columns = chartColumns(props, context);
  let keys = distinctKeys(rows, columns.x);
  // Spokes follow each other counter-clockwise from the top; in Arabic clockwise, the mirror image.
  if (isRtl(context) && keys.length > 2) keys = [keys[0]!, ...keys.slice(1).reverse()];
  const labels = keys.map((key) => categoryLabel(key, props, context, columns.x));
  const series = seriesValues(rows, props, columns, context);
  const values = series.flatMap((s) => [...s.values.values()]);
  const max = props.max ?? niceCeil(Math.max(0, ...values));
  const min = props.min ?? Math.min(0, ...values);
  const place = legendPlace(props, context, true);
  const room = legendRoom(place, context);
  const side = Math.min(context.size.width - room.left - room.right, context.size.height - room.top - room.bottom);
  const cx = room.left + (context.size.width - room.left - room.right) / 2;
  const cy = room.top + (context.size.height - room.top - room.bottom) / 2;

  const option: EChartsOption = {
    ...baseOption(props, context),
    legend: legendOption(place, series.map((s) => s.name), context),
    tooltip: {
      ...tooltipBase(context, 'item'),
      formatter: (params: unknown) => {
        const p = params as { seriesIndex: number; dataIndex: number; color: string };
        const s = series[p.dataIndex]!;
        return tooltipTitle(s.name) + keys.map((key, i) => tooltipLine(undefined, labels[i]!, formatValue(s.values.get(key), context, props.format))).join('');
      },
    },
    radar: {
      indicator: labels.map((name) => ({ name, max, min })),
      center: [cx, cy],
      radius: Math.max(10, side / 2 - 28),
      axisName: { color: context.theme.textSecondary },
      splitLine: { lineStyle: { color: context.theme.splitLine } },
      splitArea: { show: false },
      axisLine: { lineStyle: { color: context.theme.splitLine } },
    },
    series: [
      {
        type: 'radar',
        symbolSize: 4,
        data: series.map((s) => ({
          name: s.name,
          value: keys.map((key) => s.values.get(key) ?? 0),
          areaStyle: { opacity: 0.15 },
          ...(s.spec.color ? { itemStyle: { color: s.spec.color }, lineStyle: { color: s.spec.color } } : {}),
          label: { show: props.labels === true, color: context.theme.text, formatter: (p: LabelParams) => formatValue(paramNumber(p), context, props.format) },
        })),
      },
    ],
  };
  const points = series.flatMap((s) => keys.flatMap((key, i) => (s.values.has(key) ? [{ label: labels[i]!, value: s.values.get(key)! }] : [])));
  return {
    option,
    facts: { series: series.map((s) => s.name), points: keys.length, ...extremes(points, context, props.format) },
    empty: points.length === 0 || keys.length < 3,
  };
}
