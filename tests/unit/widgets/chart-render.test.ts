import { SVGRenderer } from 'echarts/renderers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChartContext } from '../../../widgets/chart/chart-context.ts';
import { buildChartOption } from '../../../widgets/chart/chart-option.ts';
import type { ChartKind, ChartProps } from '../../../widgets/chart/chart-props.ts';
import { echarts } from '../../../widgets/chart/echarts-setup.ts';
import '../../../widgets/chart/china-map.ts';

/*
 * Each kind's option, drawn by the same ECharts build the widget uses (server-side, to SVG):
 * ECharts must accept it without a warning — an unregistered component or a bad option
 * would warn — and draw its marks.
 */

echarts.use([SVGRenderer]);

const context: ChartContext = {
  language: 'en',
  direction: 'ltr',
  theme: {
    palette: ['#1677ff', '#13c2c2', '#faad14'],
    text: 'rgba(0, 0, 0, 0.88)',
    textSecondary: 'rgba(0, 0, 0, 0.65)',
    axisLine: '#d9d9d9',
    splitLine: '#f0f0f0',
    background: '#ffffff',
    primary: '#1677ff',
    scaleLow: '#e6f4ff',
    fontFamily: 'sans-serif',
    fontSize: 12,
  },
  texts: { blank: '(blank)', noValue: 'No data', seriesName: (column) => column, regionName: (province) => province },
  size: { width: 640, height: 400 },
  reducedMotion: true,
};

const CATEGORY_ROWS = ['HVAC', 'Electrical', 'Plumbing', 'Elevator', 'Cleaning'].map((category, i) => ({
  category,
  status: i % 2 ? 'open' : 'closed',
  count: 10 + i * 7,
  cost: 1000 + i * 350,
  'created:month': `2026-${String(8 + (i % 3)).padStart(2, '0')}`,
}));
const PROVINCE_ROWS = ['广东', '北京', '上海', '浙江', '四川'].map((province, i) => ({ province, leased: 1000 * (i + 1) }));

/** Each case's props, rows, and the fewest marks (paths) its drawing must have. */
const CASES: Record<ChartKind, { props: ChartProps; rows: Record<string, unknown>[]; marks?: number }> = {
  bar: { props: { kind: 'bar', x: 'category', splitBy: 'status', series: [{ field: 'count' }], stack: true, labels: true }, rows: CATEGORY_ROWS },
  line: { props: { kind: 'line', x: 'category', series: [{ field: 'count' }, { field: 'cost', yAxis: 1 }] }, rows: CATEGORY_ROWS },
  area: { props: { kind: 'area', x: 'category', series: [{ field: 'count' }], smooth: true }, rows: CATEGORY_ROWS },
  pie: { props: { kind: 'pie', x: 'category', series: [{ field: 'cost' }], donut: true, labels: true }, rows: CATEGORY_ROWS },
  scatter: { props: { kind: 'scatter', x: 'count', series: [{ field: 'cost', size: 'count' }] }, rows: CATEGORY_ROWS },
  gauge: { props: { kind: 'gauge', series: [{ field: 'count' }], bands: [{ to: 50, color: '#ff4d4f' }, { to: 100, color: '#52c41a' }] }, rows: CATEGORY_ROWS },
  funnel: { props: { kind: 'funnel', x: 'category', series: [{ field: 'count' }] }, rows: CATEGORY_ROWS },
  radar: { props: { kind: 'radar', x: 'category', series: [{ field: 'count' }, { field: 'cost' }] }, rows: CATEGORY_ROWS },
  heatmap: { props: { kind: 'heatmap', x: 'created:month', y: 'category', series: [{ field: 'count' }], labels: true }, rows: CATEGORY_ROWS },
  // Every province of the geometry is a region, with or without data.
  map: { props: { kind: 'map', x: 'province', series: [{ field: 'leased' }] }, rows: PROVINCE_ROWS, marks: 34 },
};

describe('chart options drawn by ECharts', () => {
  const warnings: unknown[][] = [];
  const original = { warn: console.warn, error: console.error };
  beforeAll(() => {
    console.warn = (...args: unknown[]) => warnings.push(args);
    console.error = (...args: unknown[]) => warnings.push(args);
  });
  afterAll(() => Object.assign(console, original));

  for (const [kind, { props, rows, marks = 5 }] of Object.entries(CASES)) {
    for (const direction of ['ltr', 'rtl'] as const) {
      it(`${kind} (${direction})`, () => {
        warnings.length = 0;
        const model = buildChartOption(props, rows, { ...context, direction });
        expect(model.empty).toBe(false);
        const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 640, height: 400 });
        chart.setOption(model.option);
        const svg = chart.renderToSVGString();
        chart.dispose();
        expect(warnings).toEqual([]);
        // Bars, slices, regions, dial arcs: more than a frame.
        expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(marks);
      });
    }
  }
});
