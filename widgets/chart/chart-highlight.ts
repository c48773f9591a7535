import type { EChartsOption } from 'echarts';
import type { ChartContext } from './chart-context.ts';
import type { ChartKind } from './chart-props.ts';

/** How much of its colour a category keeps while another is picked. */
export const UNPICKED_OPACITY = 0.3;

type Series = Record<string, unknown> & { data?: unknown[] };

const asSeries = (option: EChartsOption): Series[] => {
  const series = option.series;
  return (Array.isArray(series) ? series : series ? [series] : []) as Series[];
};

/** The labels of the option's category axis, if it has one. */
function categoryLabels(option: EChartsOption): unknown[] | null {
  for (const axis of [option.xAxis, option.yAxis]) {
    for (const each of Array.isArray(axis) ? axis : axis ? [axis] : []) {
      const { type, data } = each as { type?: string; data?: unknown[] };
      if (type === 'category' && Array.isArray(data)) return data;
    }
  }
  return null;
}

/**
 * The option with the category a click picked for the cross-filter standing out: the other
 * bars, points and slices faded, the picked one outlined (a slice also pulled out), so the
 * chart shows what the rest of the plate is narrowed to. Unchanged when nothing of it is drawn.
 */
export function markPicked(option: EChartsOption, kind: ChartKind, picked: string | undefined, context: ChartContext): EChartsOption {
  if (!picked) return option;
  const outline = { borderColor: context.theme.text, borderWidth: 2 };
  if (kind === 'pie' || kind === 'funnel') {
    const series = asSeries(option).map((s) => {
      const data = (s.data ?? []) as { name?: string; itemStyle?: object }[];
      if (!data.some((slice) => slice.name === picked)) return s;
      return {
        ...s,
        selectedMode: 'single',
        selectedOffset: 8,
        data: data.map((slice) =>
          slice.name === picked ? { ...slice, selected: true, itemStyle: { ...slice.itemStyle, ...outline } } : { ...slice, itemStyle: { ...slice.itemStyle, opacity: UNPICKED_OPACITY } },
        ),
      };
    });
    return { ...option, series };
  }
  if (kind !== 'bar' && kind !== 'line' && kind !== 'area') return option;
  const index = categoryLabels(option)?.indexOf(picked) ?? -1;
  if (index < 0) return option;
  const series = asSeries(option).map((s) => ({
    ...s,
    data: (s.data ?? []).map((value, i) => {
      if (value === null) return value;
      if (i !== index) return { value, itemStyle: { opacity: UNPICKED_OPACITY } };
      return { value, itemStyle: outline, ...(s.type === 'line' ? { symbolSize: 10 } : {}) };
    }),
  }));
  return { ...option, series };
}
