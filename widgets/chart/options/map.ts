import type { EChartsOption } from 'echarts';
import { baseOption, categoryKey, extremes, formatValue, isRtl, toNumber, tooltipBase, tooltipLine, type ChartContext, type ChartModel, type Row, seriesTitle } from '../chart-context.ts';
import { chartColumns } from '../chart-data.ts';
import type { ChartProps } from '../chart-props.ts';
import { CHINA_PROVINCES, chinaProvince, type ChinaProvince } from '../china-provinces.ts';
import { colourScale } from './heatmap.ts';

/** The name the China map is registered under (china-map.ts). */
export const CHINA_MAP = 'china';

/** map: the provinces of China coloured by the first series; `x` names the province. */
export function mapChart(props: ChartProps, rows: readonly Row[], context: ChartContext): ChartModel {
  const columns = chartColumns(props, context);
  const spec = columns.series[0];
  const x = columns.x;
  const sums = new Map<ChinaProvince, number>();
  for (const row of rows) {
    const province = x ? chinaProvince(categoryKey(row[x])) : undefined;
    const value = spec ? toNumber(row[spec.field]) : null;
    if (province && value !== null) sums.set(province, (sums.get(province) ?? 0) + value);
  }
  // Regions show in the reader's language: the geometry's names are mapped, and the data named alike.
  const nameMap = Object.fromEntries(Object.keys(CHINA_PROVINCES).map((province) => [province, context.texts.regionName(province)]));
  const data = [...sums].map(([province, value]) => ({ name: nameMap[province]!, value }));
  const name = spec ? (seriesTitle(spec, context)) : '';
  const scale = colourScale(
    props,
    context,
    data.map((d) => d.value),
    { bottom: 8, side: isRtl(context) ? 'right' : 'left' },
  );

  const option: EChartsOption = {
    ...baseOption(props, context),
    tooltip: {
      ...tooltipBase(context, 'item'),
      formatter: (params: unknown) => {
        const p = params as { name: string; value: number; color: string };
        return tooltipLine(Number.isFinite(p.value) ? p.color : undefined, p.name, formatValue(Number.isFinite(p.value) ? p.value : null, context, props.format));
      },
    },
    visualMap: scale as EChartsOption['visualMap'],
    series: [
      {
        type: 'map',
        map: CHINA_MAP,
        name,
        nameMap,
        data,
        roam: false,
        // The whole country, a little above the colour scale.
        layoutCenter: ['50%', '46%'],
        layoutSize: '92%',
        itemStyle: { areaColor: context.theme.splitLine, borderColor: context.theme.background, borderWidth: 0.8 },
        label: { show: props.labels === true, color: context.theme.text, fontSize: 10 },
        emphasis: { label: { show: true, color: context.theme.text }, itemStyle: { areaColor: context.theme.primary, opacity: 0.8 } },
        select: { disabled: true },
      },
    ],
  };
  return {
    option,
    facts: { series: [name], points: data.length, ...extremes(data.map((d) => ({ label: d.name, value: d.value })), context, props.format) },
    empty: data.length === 0,
  };
}
