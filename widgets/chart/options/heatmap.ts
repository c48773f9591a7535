import type { EChartsOption } from 'echarts';
import {
  axisFormat,
  baseOption,
  categoryKey,
  categoryLabel,
  extremes,
  formatValue,
  isRtl,
  tooltipBase,
  tooltipLine,
  tooltipTitle,
  type ChartContext,
  type ChartModel,
  type LabelParams,
  paramNumber,
  type Row,
  seriesTitle,
} from '../chart-context.ts';
import { chartColumns, distinctKeys, sumByKey } from '../chart-data.ts';
import { placedInOrder } from './cartesian.ts';
import type { ChartProps } from '../chart-props.ts';

/** The continuous colour scale of heatmap and map: the data's range unless the props fix it. */
export function colourScale(props: ChartProps, context: ChartContext, values: number[], place: { bottom: number; side: 'left' | 'right' | 'center' }) {
  const rtl = isRtl(context);
  const show = (props.visualMap?.show ?? true) && context.size.height >= 160 && context.size.width >= 200;
  const min = props.visualMap?.min ?? Math.min(0, ...values);
  const max = props.visualMap?.max ?? Math.max(min + 1, ...values);
  return {
    show,
    type: 'continuous' as const,
    min,
    max,
    calculable: true,
    orient: 'horizontal' as const,
    [place.side === 'center' ? 'left' : place.side]: place.side === 'center' ? 'center' : 8,
    bottom: place.bottom,
    itemWidth: 10,
    itemHeight: Math.min(160, context.size.width * 0.3),
    // Low to high along the reading direction.
    inverse: rtl,
    inRange: { color: props.visualMap?.colors ?? [context.theme.scaleLow, context.theme.primary] },
    textStyle: { color: context.theme.textSecondary },
    formatter: (value: number) => formatValue(value, context, axisFormat(props.format)),
  };
}

/** heatmap: the first series coloured over `x` × `y`. */
export function heatmapChart(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const columns = chartColumns(props, context);
  const spec = columns.series[0];
  const { x, y } = columns;
  const rtl = isRtl(context);
  // Columns from the start side, rows from the top, as a table reads.
  const xKeys = placedInOrder(distinctKeys(rows, x), rtl);
  const yKeys = placedInOrder(distinctKeys(rows, y), true);
  const xLabels = xKeys.map((key) => categoryLabel(key, props, context, x));
  const yLabels = yKeys.map((key) => categoryLabel(key, props, context, y));
  const sums = spec && x && y ? sumByKey(rows, (row) => `${categoryKey(row[x])}\u0000${categoryKey(row[y])}`, spec.field) : new Map<string, number>();
  const cells: [number, number, number][] = [];
  const points: { label: string; value: number }[] = [];
  xKeys.forEach((xKey, xi) =>
    yKeys.forEach((yKey, yi) => {
      const value = sums.get(`${xKey}\u0000${yKey}`);
      if (value === undefined) return;
      cells.push([xi, yi, value]);
      points.push({ label: `${xLabels[xi]} · ${yLabels[yi]}`, value });
    }),
  );
  const name = spec ? (seriesTitle(spec, context)) : '';
  const scale = colourScale(
    props,
    context,
    cells.map((cell) => cell[2]),
    { bottom: 0, side: 'center' },
  );
  const axisCommon = {
    type: 'category' as const,
    splitArea: { show: true, areaStyle: { color: ['transparent', 'transparent'] } },
    axisLine: { lineStyle: { color: context.theme.axisLine } },
    axisLabel: { color: context.theme.textSecondary, hideOverlap: true },
    axisTick: { show: false },
  };
  const option: EChartsOption = {
    ...baseOption(props, context),
    tooltip: {
      ...tooltipBase(context, 'item'),
      formatter: (params: unknown) => {
        const p = params as { value: [number, number, number]; color: string };
        return tooltipTitle(`${xLabels[p.value[0]]} · ${yLabels[p.value[1]]}`) + tooltipLine(p.color, name, formatValue(p.value[2], context, props.format));
      },
    },
    grid: { top: 8, left: 8, right: 8, bottom: scale.show ? 44 : 8, outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    xAxis: { ...axisCommon, data: xLabels },
    yAxis: { ...axisCommon, data: yLabels, position: rtl ? 'right' : 'left' },
    visualMap: scale as EChartsOption['visualMap'],
    series: [
      {
        type: 'heatmap',
        name,
        data: cells,
        itemStyle: { borderColor: context.theme.background, borderWidth: 1 },
        label: {
          show: props.labels === true,
          color: context.theme.text,
          formatter: (p: LabelParams) => formatValue(paramNumber(p, 2), context, axisFormat(props.format)),
        },
        emphasis: { itemStyle: { borderColor: context.theme.text } },
      },
    ],
  };
  return { option, facts: { series: [name], points: cells.length, ...extremes(points, context, props.format) }, empty: cells.length === 0 };
}
