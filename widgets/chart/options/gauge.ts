import type { EChartsOption } from 'echarts';
import { baseOption, formatValue, isRtl, toNumber, type ChartContext, type ChartModel, type Row, seriesTitle } from '../chart-context.ts';
import { chartColumns } from '../chart-data.ts';
import type { ChartProps } from '../chart-props.ts';

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** gauge: the first series' value of the first row on a dial from `min` to `max`, with optional coloured bands. */
export function gaugeChart(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const spec = chartColumns(props, context).series[0];
  const value = spec ? (rows.map((row) => toNumber(row[spec.field])).find((n) => n !== null) ?? null) : null;
  const name = spec ? (seriesTitle(spec, context)) : '';
  const min = props.min ?? 0;
  const max = props.max ?? 100;
  const span = max - min || 1;
  const bands = [...(props.bands ?? [])].sort((a, b) => a.to - b.to);
  const bandStops = bands.map((band) => [clamp((band.to - min) / span, 0, 1), band.color] as [number, string]);
  if (bandStops.length && bandStops[bandStops.length - 1]![0] < 1) bandStops.push([1, bandStops[bandStops.length - 1]![1]]);
  const side = Math.min(context.size.width, context.size.height);
  const width = clamp(Math.round(side / 16), 6, 18);
  // The dial fills from the start side: clockwise from the lower left, or from the lower right in Arabic.
  const angles = isRtl(context) ? { startAngle: -45, endAngle: 225, clockwise: false } : { startAngle: 225, endAngle: -45, clockwise: true };

  const option: EChartsOption = {
    ...baseOption(props, context),
    series: [
      {
        type: 'gauge',
        name,
        min,
        max,
        ...angles,
        radius: '88%',
        center: ['50%', '56%'],
        progress: { show: bandStops.length === 0, width, itemStyle: { color: props.colors?.[0] ?? context.theme.primary } },
        axisLine: { lineStyle: { width, color: bandStops.length ? bandStops : [[1, context.theme.splitLine]] } },
        pointer: { show: bandStops.length > 0, width: Math.max(3, width / 3), itemStyle: { color: context.theme.text } },
        anchor: { show: bandStops.length > 0, size: width, itemStyle: { color: context.theme.text } },
        axisTick: { show: side > 220, distance: -width - 4, length: 4, lineStyle: { color: context.theme.axisLine } },
        splitLine: { show: side > 160, distance: -width - 4, length: 8, lineStyle: { color: context.theme.axisLine } },
        axisLabel: {
          show: side > 200,
          distance: width + 14,
          fontSize: 11,
          color: context.theme.textSecondary,
          formatter: (n: number) => formatValue(n, context, { ...props.format, compact: true, decimals: 0 }),
        },
        title: { show: !!name && side > 140, offsetCenter: [0, '72%'], color: context.theme.textSecondary, fontSize: clamp(Math.round(side / 18), 11, 16) },
        detail: {
          valueAnimation: !context.reducedMotion,
          offsetCenter: [0, bandStops.length ? '40%' : '8%'],
          color: context.theme.text,
          fontWeight: 600,
          fontSize: clamp(Math.round(side / 8), 14, 40),
          formatter: (n: number) => formatValue(n, context, props.format),
        },
        data: value === null ? [] : [{ value, name }],
      },
    ],
  };
  const text = formatValue(value, context, props.format);
  return { option, facts: { series: [name], points: value === null ? 0 : 1, value: text }, empty: value === null };
}
