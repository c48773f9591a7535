import type { EChartsOption } from 'echarts';
import type { ValueFormat } from '../../../src/core/value-format.ts';
import {
  axisFormat,
  baseOption,
  categoryKey,
  categoryLabel,
  extremes,
  formatValue,
  isRtl,
  legendOption,
  legendPlace,
  legendRoom,
  toNumber,
  tooltipBase,
  tooltipLine,
  tooltipTitle,
  type ChartContext,
  type ChartModel,
  type LabelParams,
  paramNumber,
  type Row,
  axisTitle,
  seriesTitle,
} from '../chart-context.ts';
import { chartColumns, distinctKeys, seriesValues, type SeriesValues } from '../chart-data.ts';
import type { ChartAxisProps, ChartProps } from '../chart-props.ts';

/** The value axes: the props' (at most two), one more when a series asks for the second. */
function valueAxes(props: ChartProps, series: SeriesValues[]): ChartAxisProps[] {
  const axes: ChartAxisProps[] = props.yAxes?.length ? [...props.yAxes] : [{}];
  if (axes.length < 2 && series.some((s) => s.spec.yAxis === 1)) axes.push({});
  return axes;
}

const axisIndex = (spec: { yAxis?: number }, axes: ChartAxisProps[]) => Math.min(spec.yAxis ?? 0, axes.length - 1);

function valueAxisOption(axis: ChartAxisProps, format: ValueFormat | undefined, context: ChartContext, side: string, horizontal: boolean) {
  const rtl = isRtl(context);
  return {
    type: 'value' as const,
    name: axisTitle(axis.name, context),
    nameTextStyle: { color: context.theme.textSecondary },
    min: axis.min,
    max: axis.max,
    position: side,
    // Bars grow from the start side: leftwards in Arabic.
    inverse: horizontal && rtl,
    axisLabel: {
      color: context.theme.textSecondary,
      formatter: (value: number) => formatValue(value, context, axisFormat(axis.format ?? format)),
      hideOverlap: true,
    },
    axisLine: { show: false },
    splitLine: { lineStyle: { color: context.theme.splitLine } },
  };
}

/** Narrowest room in which a category label still reads, in px. */
const MIN_LABEL_WIDTH = 48;
/** Longest a slanted label grows before it is cut short. */
const SLANTED_LABEL_WIDTH = 100;
/** Beyond this many categories, labels are thinned out rather than slanted. */
const MAX_SLANTED_LABELS = 24;
/** Narrowest band in which slanted labels stay a line apart (a 16 px line at 35°: 16 / sin 35°). */
const MIN_SLANTED_BAND = 28;

/**
 * How category labels fit: level at the room their band leaves while that is readable (long
 * names cut short), slanted when the bands are narrower, thinned out by ECharts when there are
 * too many to slant or the bands are too narrow for slanted lines to stay apart.
 */
function labelFit(count: number, context: ChartContext, horizontal: boolean): { width: number; every: boolean; rotate: number } {
  if (horizontal) return { width: Math.max(48, Math.round(context.size.width * 0.3)), every: true, rotate: 0 };
  const band = Math.floor((context.size.width - 72) / Math.max(1, count)) - 6;
  if (band >= MIN_LABEL_WIDTH) return { width: Math.min(band, 240), every: true, rotate: 0 };
  // Slanted up towards the end side: mirrored in Arabic.
  if (count <= MAX_SLANTED_LABELS && band >= MIN_SLANTED_BAND) return { width: SLANTED_LABEL_WIDTH, every: true, rotate: isRtl(context) ? -35 : 35 };
  return { width: SLANTED_LABEL_WIDTH, every: false, rotate: 0 };
}

function categoryAxisOption(labels: string[], props: ChartProps, context: ChartContext, horizontal: boolean) {
  const rtl = isRtl(context);
  const boundaryGap = props.kind === 'bar' || horizontal;
  const { width, every, rotate } = labelFit(labels.length, context, horizontal);
  return {
    type: 'category' as const,
    data: labels,
    name: axisTitle(props.xAxisName, context),
    nameLocation: 'middle' as const,
    nameGap: 28,
    nameTextStyle: { color: context.theme.textSecondary },
    position: horizontal ? (rtl ? 'right' : 'left') : 'bottom',
    boundaryGap,
    axisTick: { alignWithLabel: true },
    axisLine: { lineStyle: { color: context.theme.axisLine } },
    axisLabel: {
      color: context.theme.textSecondary,
      width,
      overflow: 'truncate' as const,
      rotate,
      // ECharts measures overlap before cutting labels short: judge by the room instead.
      ...(every ? { interval: 0, hideOverlap: false } : { hideOverlap: true }),
      // Lines run to the plot's edges: keep the end labels inside it. Not slanted ones: aligned so,
      // they would cross their neighbours (the grid's bounds keep them in the chart).
      ...(boundaryGap || rotate ? {} : { alignMinLabel: 'left' as const, alignMaxLabel: 'right' as const }),
    },
  };
}

/**
 * Categories in the order the axis draws them (ECharts draws from the left, and upwards): reversed
 * to run from the right in Arabic, or down from the top when bars lie. Reversing the data rather
 * than setting the axis's `inverse` keeps ECharts' label-fitting layout correct.
 */
export function placedInOrder<T>(keys: T[], reverse: boolean): T[] {
  return reverse ? [...keys].reverse() : keys;
}

/** Sides of the value axes: the first on the start side, the second opposite. */
function axisSides(context: ChartContext, horizontal: boolean): [string, string] {
  if (horizontal) return ['bottom', 'top'];
  return isRtl(context) ? ['right', 'left'] : ['left', 'right'];
}

/** bar (plain, stacked, horizontal), line, area: categories along one axis, values along the other. */
export function categoryChart(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const columns = chartColumns(props, context);
  const horizontal = props.kind === 'bar' && props.horizontal === true;
  const keys = placedInOrder(distinctKeys(rows, columns.x), horizontal || isRtl(context));
  const labels = keys.map((key) => categoryLabel(key, props, context, columns.x));
  const series = seriesValues(rows, props, columns, context);
  const axes = valueAxes(props, series);
  const sides = axisSides(context, horizontal);
  const place = legendPlace(props, context, series.length > 1);
  const room = legendRoom(place, context);
  // Values written past the ends of lying bars need room beyond the plot.
  if (horizontal && props.labels) room[isRtl(context) ? 'left' : 'right'] += 72;
  const formatOf = (s: SeriesValues) => axes[axisIndex(s.spec, axes)]?.format ?? props.format;

  const drawn = series.map((s) => {
    const kind = s.spec.kind ?? (props.kind === 'bar' ? 'bar' : props.kind === 'area' ? 'area' : 'line');
    const stack = props.stack ? 'total' : s.spec.stack;
    const data = keys.map((key) => s.values.get(key) ?? null);
    const label = {
      show: props.labels === true,
      position: kind === 'bar' ? (stack ? 'inside' : horizontal ? (isRtl(context) ? 'left' : 'right') : 'top') : 'top',
      color: kind === 'bar' && stack ? '#fff' : context.theme.text,
      formatter: (params: LabelParams) => formatValue(paramNumber(params), context, formatOf(s)),
    };
    const common = {
      name: s.name,
      data,
      stack,
      label,
      ...(s.spec.color ? { itemStyle: { color: s.spec.color } } : {}),
      emphasis: { focus: 'series' as const },
    };
    const axisKey = horizontal ? 'xAxisIndex' : 'yAxisIndex';
    if (kind === 'bar') {
      return { ...common, type: 'bar' as const, [axisKey]: axisIndex(s.spec, axes), barMaxWidth: 48 };
    }
    return {
      ...common,
      type: 'line' as const,
      [axisKey]: axisIndex(s.spec, axes),
      smooth: props.smooth === true,
      showSymbol: keys.length <= 24,
      symbolSize: 6,
      connectNulls: false,
      ...(kind === 'area' ? { areaStyle: { opacity: stack ? 0.55 : 0.2 } } : {}),
    };
  });

  const categoryAxis = categoryAxisOption(labels, props, context, horizontal);
  const valueAxisList = axes.map((axis, i) => valueAxisOption(axis, props.format, context, sides[i]!, horizontal));
  const points = series.flatMap((s) => keys.flatMap((key, i) => (s.values.has(key) ? [{ label: labels[i]!, value: s.values.get(key)! }] : [])));

  const option: EChartsOption = {
    ...baseOption(props, context),
    legend: legendOption(place, series.map((s) => s.name), context),
    grid: { ...room, top: room.top + (axes.some((a) => a.name) ? 16 : 4), outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: {
      ...tooltipBase(context, 'axis'),
      formatter: (params: unknown) => {
        const list = params as { seriesIndex: number; dataIndex: number; color: string }[];
        const first = list[0];
        if (!first) return '';
        const lines = list.map((p) => {
          const s = series[p.seriesIndex]!;
          const value = s.values.get(keys[p.dataIndex]!);
          return tooltipLine(s.spec.color ?? p.color, s.name, formatValue(value, context, formatOf(s)));
        });
        return tooltipTitle(labels[first.dataIndex] ?? '') + lines.join('');
      },
    },
    xAxis: (horizontal ? valueAxisList : categoryAxis) as EChartsOption['xAxis'],
    yAxis: (horizontal ? categoryAxis : valueAxisList) as EChartsOption['yAxis'],
    series: drawn as EChartsOption['series'],
  };
  return {
    option,
    facts: { series: series.map((s) => s.name), points: keys.length, ...extremes(points, context, props.format) },
    empty: points.length === 0,
  };
}

/** scatter: x against y per row (numbers on both axes, or categories along x), optionally sized by a column. */
export function scatterChart(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const columns = chartColumns(props, context);
  const x = columns.x;
  const rtl = isRtl(context);
  const numericX = !!x && rows.length > 0 && rows.every((row) => row[x] === null || row[x] === undefined || toNumber(row[x]) !== null);
  const keys = numericX ? [] : placedInOrder(distinctKeys(rows, x), rtl);
  const categoryLabels = keys.map((key) => categoryLabel(key, props, context, x));
  const groups: { name: string; color?: string; sizeField?: string; rows: readonly Row[]; field: string }[] = [];
  const first = columns.series[0];
  if (props.splitBy && first) {
    const split = props.splitBy;
    for (const key of distinctKeys(rows, split)) {
      groups.push({ name: categoryLabel(key, props, context, split), sizeField: first.size, field: first.field, rows: rows.filter((row) => categoryKey(row[split]) === key) });
    }
  } else {
    for (const spec of columns.series) {
      groups.push({ name: seriesTitle(spec, context), color: spec.color, sizeField: spec.size, field: spec.field, rows });
    }
  }

  const sizes = groups.flatMap((g) => (g.sizeField ? g.rows.map((row) => toNumber(row[g.sizeField!])).filter((n): n is number => n !== null) : []));
  const maxSize = Math.max(1, ...sizes.map(Math.abs));
  const points: { label: string; value: number }[] = [];
  const series = groups.map((group) => ({
    type: 'scatter' as const,
    name: group.name,
    ...(group.color ? { itemStyle: { color: group.color } } : {}),
    data: group.rows.flatMap((row) => {
      const yValue = toNumber(row[group.field]);
      const xValue = numericX ? toNumber(row[x]) : keys.indexOf(categoryKey(x ? row[x] : null));
      if (yValue === null || xValue === null) return [];
      const label = numericX ? formatValue(xValue, context, undefined) : categoryLabels[xValue]!;
      points.push({ label, value: yValue });
      const size = group.sizeField ? toNumber(row[group.sizeField]) : null;
      return [{ value: [xValue, yValue], symbolSize: size === null ? 10 : 6 + 30 * Math.sqrt(Math.abs(size) / maxSize), label }];
    }),
    emphasis: { focus: 'series' as const },
  }));

  const place = legendPlace(props, context, groups.length > 1);
  const room = legendRoom(place, context);
  const axis = props.yAxes?.[0] ?? {};
  const option: EChartsOption = {
    ...baseOption(props, context),
    legend: legendOption(place, groups.map((g) => g.name), context),
    grid: { ...room, top: room.top + (axis.name ? 16 : 4), outerBoundsMode: 'same', outerBoundsContain: 'axisLabel' },
    tooltip: {
      ...tooltipBase(context, 'item'),
      formatter: (params: unknown) => {
        const p = params as { seriesName: string; color: string; data: { value: [number, number]; label: string } };
        return tooltipTitle(p.data.label) + tooltipLine(p.color, p.seriesName, formatValue(p.data.value[1], context, props.format));
      },
    },
    xAxis: {
      type: numericX ? 'value' : 'category',
      ...(numericX ? { scale: true } : { data: categoryLabels }),
      name: axisTitle(props.xAxisName, context),
      nameLocation: 'middle',
      nameGap: 28,
      nameTextStyle: { color: context.theme.textSecondary },
      // Numbers grow towards the end side; categories are already placed from the start side.
      inverse: numericX && rtl,
      axisLine: { lineStyle: { color: context.theme.axisLine } },
      axisLabel: { color: context.theme.textSecondary, hideOverlap: true },
      splitLine: { show: numericX, lineStyle: { color: context.theme.splitLine } },
    },
    yAxis: { ...valueAxisOption(axis, props.format, context, rtl ? 'right' : 'left', false), scale: true } as EChartsOption['yAxis'],
    series: series as EChartsOption['series'],
  };
  return {
    option,
    facts: { series: groups.map((g) => g.name), points: points.length, ...extremes(points, context, props.format) },
    empty: points.length === 0,
  };
}
