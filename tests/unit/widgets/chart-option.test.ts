import { describe, expect, it } from 'vitest';
import type { DatasetQuery, ResultColumn } from '../../../src/core/query/query-spec.ts';
import type { ChartContext, ChartTheme } from '../../../widgets/chart/chart-context.ts';
import { buildChartOption } from '../../../widgets/chart/chart-option.ts';
import type { ChartProps } from '../../../widgets/chart/chart-props.ts';
import { chinaProvince } from '../../../widgets/chart/china-provinces.ts';
import { pickOf } from '../../../widgets/chart/chart-pick.ts';
import { formatServerDate } from '../../../src/core/format.ts';

/* The option builders are pure: props + rows + context in, an ECharts option out. */

const THEME: ChartTheme = {
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
};

const REGION_NAMES: Record<string, string> = { 广东: 'Guangdong', 北京: 'Beijing', 上海: 'Shanghai' };

function context(overrides: Partial<ChartContext> = {}): ChartContext {
  return {
    language: 'en',
    direction: 'ltr',
    theme: THEME,
    texts: {
      blank: '(blank)',
      noValue: 'No data',
      seriesName: (column) => `column ${column}`,
      regionName: (province) => REGION_NAMES[province] ?? province,
    },
    size: { width: 600, height: 360 },
    ...overrides,
  };
}

const rtl = (overrides: Partial<ChartContext> = {}) => context({ direction: 'rtl', language: 'ar', ...overrides });

// ECharts options are loosely typed unions; the tests read them as plain data.
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-return -- read as plain data (Loose) */
type Loose = Record<string, any>;
const build = (props: ChartProps, rows: Loose[], ctx = context()) => {
  const model = buildChartOption(props, rows, ctx);
  return { ...model, option: model.option as Loose };
};
const seriesOf = (option: Loose): Loose[] => option.series as Loose[];
const asList = (value: unknown): Loose[] => (Array.isArray(value) ? value : [value]) as Loose[];

const COSTS = [
  { building: 'Tower A', sum_cost: 1200, count: 4 },
  { building: 'Tower B', sum_cost: 800, count: 2 },
  { building: 'Depot', sum_cost: 300, count: 1 },
];

describe('bar', () => {
  it('puts the categories along x and one series per measure, defaulting to the query', () => {
    const query: DatasetQuery = { dataset: 'work_orders', dimensions: ['building'], measures: [{ field: 'cost', agg: 'sum' }, { agg: 'count' }] };
    const { option, facts, empty } = build({ kind: 'bar' }, COSTS, context({ query }));
    expect(empty).toBe(false);
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Tower A', 'Tower B', 'Depot'] });
    expect(asList(option.yAxis)[0]).toMatchObject({ type: 'value', position: 'left' });
    expect(seriesOf(option).map((s) => [s.type, s.name, s.data])).toEqual([
      ['bar', 'column sum_cost', [1200, 800, 300]],
      ['bar', 'column count', [4, 2, 1]],
    ]);
    expect(option.legend).toMatchObject({ show: true, data: ['column sum_cost', 'column count'] });
    expect(option.aria).toMatchObject({ enabled: true });
    expect(facts).toMatchObject({ points: 3, highest: { label: 'Tower A', value: '1,200' }, lowest: { label: 'Depot', value: '1' } });
  });

  it('stacks every series, split by a dimension, summing rows of the same group', () => {
    const rows = [
      { month: '2026-10', meter: 'water', v: 5 },
      { month: '2026-10', meter: 'electricity', v: 10 },
      { month: '2026-10', meter: 'electricity', v: 2 },
      { month: '2026-11', meter: 'electricity', v: 7 },
    ];
    const { option } = build(
      { kind: 'bar', x: 'month', splitBy: 'meter', series: [{ field: 'v', color: '#000000' }], stack: true, valueLabels: { water: 'Water' } },
      rows,
    );
    const series = seriesOf(option);
    expect(series.map((s) => [s.name, s.stack, s.data])).toEqual([
      ['Water', 'total', [5, null]],
      ['electricity', 'total', [12, 7]],
    ]);
    // Split series take the palette, not the colour given for the measure.
    expect(series.every((s) => s.itemStyle === undefined)).toBe(true);
    // Dates read the English way in English.
    expect(option.xAxis.data).toEqual(['Oct 2026', 'Nov 2026']);
  });

  it('lays bars down with `horizontal`, first category on top', () => {
    const { option } = build({ kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }], horizontal: true }, COSTS);
    expect(asList(option.xAxis)[0]).toMatchObject({ type: 'value', inverse: false });
    // ECharts draws a vertical axis upwards: the data runs backwards.
    expect(option.yAxis).toMatchObject({ type: 'category', position: 'left', data: ['Depot', 'Tower B', 'Tower A'] });
    expect(seriesOf(option)[0]).toMatchObject({ xAxisIndex: 0, data: [300, 800, 1200] });
    // Labels past the bar ends get room on the end side.
    const labelled = build({ kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }], horizontal: true, labels: true }, COSTS);
    expect(labelled.option.grid.right).toBeGreaterThan(option.grid.right + 60);
    expect(build({ kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }], horizontal: true, labels: true }, COSTS, rtl()).option.grid.left).toBeGreaterThan(option.grid.left + 60);
  });

  it('mirrors axes and legend in right-to-left pages', () => {
    const props: ChartProps = { kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }, { field: 'count', yAxis: 1 }], legend: { position: 'start' } };
    const { option } = build(props, COSTS, rtl());
    // Categories from the right: the data runs backwards (and the tooltip follows it).
    expect(option.xAxis.data).toEqual(['Depot', 'Tower B', 'Tower A']);
    expect(seriesOf(option)[0]!.data).toEqual([300, 800, 1200]);
    expect(option.tooltip.formatter([{ seriesIndex: 0, dataIndex: 0, color: '#1677ff' }])).toContain('Depot');
    expect(asList(option.yAxis).map((axis) => axis.position)).toEqual(['right', 'left']);
    expect(option.legend).toMatchObject({ orient: 'vertical', right: 4, align: 'right' });
    const horizontal = build({ ...props, horizontal: true, legend: { position: 'top' } }, COSTS, rtl()).option;
    expect(asList(horizontal.xAxis)[0]).toMatchObject({ inverse: true });
    expect(horizontal.yAxis).toMatchObject({ position: 'right', data: ['Depot', 'Tower B', 'Tower A'] });
    // A legend row reads from the right.
    expect(horizontal.legend.data).toEqual(['column count', 'column sum_cost']);
  });

  it('draws a series as a line on a second axis, with named axes and formatted labels', () => {
    const { option } = build(
      {
        kind: 'bar',
        x: 'building',
        series: [{ field: 'sum_cost', name: 'Cost' }, { field: 'count', name: 'Orders', kind: 'line', yAxis: 1 }],
        yAxes: [{ name: 'CNY', format: { currency: 'CNY' } }, { name: 'orders', min: 0 }],
      },
      COSTS,
    );
    const [bars, line] = seriesOf(option);
    expect(bars).toMatchObject({ type: 'bar', yAxisIndex: 0 });
    expect(line).toMatchObject({ type: 'line', yAxisIndex: 1 });
    const axes = asList(option.yAxis);
    expect(axes.map((a) => [a.name, a.position, a.min])).toEqual([
      ['CNY', 'left', undefined],
      ['orders', 'right', 0],
    ]);
    expect(axes[0]!.axisLabel.formatter(1_250_000)).toBe('¥1.3M');
    expect(option.tooltip.formatter([{ seriesIndex: 0, dataIndex: 0, color: '#1677ff' }])).toContain('¥1,200.00');
  });

  it('shows every category name at a readable width (cut short when long), slanted when narrow, thinned out when crowded', () => {
    const bar = (rows: Loose[], ctx = context()) => build({ kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }] }, rows, ctx).option.xAxis.axisLabel;
    expect(bar(COSTS)).toMatchObject({ interval: 0, overflow: 'truncate', width: 170, rotate: 0 });
    const twelve = Array.from({ length: 12 }, (_, i) => ({ building: `Building ${i}`, sum_cost: i }));
    expect(bar(twelve)).toMatchObject({ interval: 0, rotate: 35, width: 100 });
    expect(bar(twelve, rtl())).toMatchObject({ rotate: -35 });
    const crowded = Array.from({ length: 40 }, (_, i) => ({ building: `B${i}`, sum_cost: i }));
    expect(bar(crowded)).toMatchObject({ hideOverlap: true, rotate: 0 });
    expect(bar(crowded).interval).toBeUndefined();
  });

  it('thins out labels rather than slant them so close that they touch, and leaves slanted end labels where they lean', () => {
    const weeks = Array.from({ length: 12 }, (_, i) => ({ week: `11月${i + 1}日`, opened: i }));
    const line = (ctx: ChartContext) => build({ kind: 'line', x: 'week', series: [{ field: 'opened' }] }, weeks, ctx).option.xAxis.axisLabel;
    // A third of a 1440 px screen, or a phone: about 340 px for twelve weeks.
    expect(line(context({ size: { width: 340, height: 300 } }))).toMatchObject({ hideOverlap: true, rotate: 0 });
    expect(line(context({ size: { width: 340, height: 300 } })).interval).toBeUndefined();
    const slanted = line(context({ size: { width: 500, height: 300 } }));
    expect(slanted).toMatchObject({ interval: 0, rotate: 35 });
    expect(slanted.alignMinLabel).toBeUndefined();
    expect(line(rtl({ size: { width: 500, height: 300 } }))).toMatchObject({ rotate: -35 });
  });

  it('writes axis numbers without padding zeros, tooltips with the decimals asked for', () => {
    const { option } = build({ kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }], format: { unit: '%', decimals: 1 } }, [{ building: 'A', sum_cost: 20 }]);
    expect(asList(option.yAxis)[0]!.axisLabel.formatter(20)).toBe('20%');
    expect(option.tooltip.formatter([{ seriesIndex: 0, dataIndex: 0, color: '#1677ff' }])).toContain('20.0%');
  });

  it('escapes category names in the tooltip', () => {
    const { option } = build({ kind: 'bar', x: 'b', series: [{ field: 'v' }] }, [{ b: '<img src=x onerror=alert(1)>', v: 1 }]);
    const html = option.tooltip.formatter([{ seriesIndex: 0, dataIndex: 0, color: '#1677ff' }]) as string;
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('is empty when no row carries a number', () => {
    const { empty } = build({ kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }] }, [{ building: 'A', sum_cost: null }]);
    expect(empty).toBe(true);
  });

  it('writes numbers in the reader’s language', () => {
    const { option } = build({ kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }], format: { unit: 'kWh' } }, COSTS, context({ language: 'zh-CN' }));
    expect(asList(option.yAxis)[0]!.axisLabel.formatter(123_456)).toBe('12.3万 kWh');
  });
});

describe('line and area', () => {
  it('line: smooth curves, symbols only while they fit', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ day: `2026-11-${String(i + 1).padStart(2, '0')}`, v: i }));
    const { option } = build({ kind: 'line', x: 'day', series: [{ field: 'v', name: 'Value' }], smooth: true }, rows);
    expect(seriesOf(option)[0]).toMatchObject({ type: 'line', smooth: true, showSymbol: false });
    expect(option.xAxis).toMatchObject({ boundaryGap: false });
    expect(option.legend).toEqual({ show: false });
  });

  it('keeps the end labels inside the plot, time running from the right in Arabic', () => {
    const rows = [{ d: '2026-01', v: 1 }, { d: '2026-02', v: 2 }];
    expect(build({ kind: 'line', x: 'd', series: [{ field: 'v' }] }, rows).option.xAxis.axisLabel).toMatchObject({ alignMinLabel: 'left', alignMaxLabel: 'right' });
    expect(build({ kind: 'line', x: 'd', series: [{ field: 'v' }] }, rows, rtl()).option.xAxis).toMatchObject({ data: ['2026-02', '2026-01'], axisLabel: { alignMinLabel: 'left', alignMaxLabel: 'right' } });
  });

  it('area: filled lines, stacked when asked', () => {
    const rows = [
      { week: '2026-W01', planned: 10, actual: 8 },
      { week: '2026-W02', planned: 20, actual: 18 },
    ];
    const { option } = build({ kind: 'area', x: 'week', series: [{ field: 'planned' }, { field: 'actual', stack: 'progress' }] }, rows);
    const [planned, actual] = seriesOf(option);
    expect(planned).toMatchObject({ type: 'line', areaStyle: { opacity: 0.2 }, data: [10, 20] });
    expect(planned!.stack).toBeUndefined();
    expect(actual).toMatchObject({ stack: 'progress', data: [8, 18] });
  });
});

describe('pie and funnel', () => {
  it('pie: the share of each category, positive values only', () => {
    const rows = [...COSTS, { building: 'Empty lot', sum_cost: 0 }, { building: 'Refund', sum_cost: -50 }];
    const { option, facts } = build({ kind: 'pie', x: 'building', series: [{ field: 'sum_cost', name: 'Cost' }] }, rows);
    const [pie] = seriesOf(option);
    expect(pie).toMatchObject({ type: 'pie', name: 'Cost' });
    expect(pie!.data).toEqual([
      { name: 'Tower A', value: 1200 },
      { name: 'Tower B', value: 800 },
      { name: 'Depot', value: 300 },
    ]);
    expect(pie!.radius[0]).toBe(0);
    expect(option.legend).toMatchObject({ show: true });
    expect(option.tooltip.formatter({ name: 'Depot', value: 300, color: '#1677ff' })).toContain('300 · 13.0%');
    expect(facts).toMatchObject({ series: ['Cost'], points: 3 });
  });

  it('donut: a ring', () => {
    const { option } = build({ kind: 'pie', x: 'building', series: [{ field: 'sum_cost' }], donut: true }, COSTS);
    const [inner, outer] = seriesOf(option)[0]!.radius as number[];
    expect(inner).toBeGreaterThan(0);
    expect(outer).toBeGreaterThan(inner!);
  });

  it('funnel: stages from the largest down, named beside them on the end side', () => {
    const rows = [
      { status: 'closed', count: 40 },
      { status: 'open', count: 100 },
      { status: 'in_progress', count: 60 },
    ];
    const { option } = build({ kind: 'funnel', x: 'status', series: [{ field: 'count' }], valueLabels: { in_progress: 'In progress' } }, rows);
    const [funnel] = seriesOf(option);
    expect(funnel).toMatchObject({ type: 'funnel', sort: 'descending', label: { show: true, position: 'right' } });
    expect(funnel!.right).toBeGreaterThan(funnel!.left);
    expect(funnel!.data.map((d: Loose) => d.name)).toEqual(['closed', 'open', 'In progress']);
    const mirrored = seriesOf(build({ kind: 'funnel', x: 'status', series: [{ field: 'count' }] }, rows, rtl()).option)[0]!;
    expect(mirrored.label.position).toBe('left');
    expect(mirrored.left).toBeGreaterThan(mirrored.right);
  });
});

describe('scatter', () => {
  it('plots numbers against numbers, sized by a column', () => {
    const rows = [
      { area: 1000, rent: 50_000, leased: 800 },
      { area: 4000, rent: 150_000, leased: 3200 },
    ];
    const { option, facts } = build({ kind: 'scatter', x: 'area', series: [{ field: 'rent', size: 'leased' }] }, rows);
    expect(option.xAxis).toMatchObject({ type: 'value', scale: true });
    const points = seriesOf(option)[0]!.data as Loose[];
    expect(points.map((p) => p.value)).toEqual([
      [1000, 50_000],
      [4000, 150_000],
    ]);
    expect(points[1]!.symbolSize).toBeGreaterThan(points[0]!.symbolSize);
    expect(facts.points).toBe(2);
  });

  it('uses a category axis for text values, mirrored in Arabic', () => {
    const { option } = build({ kind: 'scatter', x: 'building', series: [{ field: 'sum_cost' }] }, COSTS, rtl());
    expect(option.xAxis).toMatchObject({ type: 'category', data: ['Depot', 'Tower B', 'Tower A'], inverse: false });
    expect(seriesOf(option)[0]!.data[2].value).toEqual([0, 300]);
  });
});

describe('gauge', () => {
  it('shows the first value on a dial with coloured bands', () => {
    const props: ChartProps = {
      kind: 'gauge',
      series: [{ field: 'avg_rate', name: 'Occupancy' }],
      min: 0,
      max: 100,
      format: { unit: '%', decimals: 1 },
      bands: [
        { to: 90, color: '#faad14' },
        { to: 70, color: '#ff4d4f' },
      ],
    };
    const { option, facts } = build(props, [{ avg_rate: 87.25 }]);
    const [gauge] = seriesOf(option);
    expect(gauge).toMatchObject({ type: 'gauge', min: 0, max: 100, startAngle: 225, endAngle: -45, data: [{ value: 87.25, name: 'Occupancy' }] });
    expect(gauge!.axisLine.lineStyle.color).toEqual([
      [0.7, '#ff4d4f'],
      [0.9, '#faad14'],
      [1, '#faad14'],
    ]);
    expect(gauge!.detail.formatter(87.25)).toBe('87.3%');
    expect(facts.value).toBe('87.3%');
  });

  it('fills from the right in Arabic, and is empty without a value', () => {
    const { option } = build({ kind: 'gauge', series: [{ field: 'v' }] }, [{ v: 3 }], rtl());
    expect(seriesOf(option)[0]).toMatchObject({ startAngle: -45, endAngle: 225, clockwise: false, progress: { show: true } });
    expect(build({ kind: 'gauge', series: [{ field: 'v' }] }, [{ v: null }]).empty).toBe(true);
  });
});

describe('radar', () => {
  const rows = [
    { category: 'HVAC', count: 30, avg_cost: 12 },
    { category: 'Electrical', count: 18, avg_cost: 40 },
    { category: 'Plumbing', count: 25, avg_cost: 22 },
    { category: 'Elevator', count: 9, avg_cost: 87 },
  ];

  it('has a spoke per category and a polygon per series, spokes rounded up to a common end', () => {
    const { option } = build({ kind: 'radar', x: 'category', series: [{ field: 'count' }, { field: 'avg_cost' }] }, rows);
    expect(option.radar.indicator).toEqual(['HVAC', 'Electrical', 'Plumbing', 'Elevator'].map((name) => ({ name, max: 100, min: 0 })));
    expect(seriesOf(option)[0]!.data.map((d: Loose) => [d.name, d.value])).toEqual([
      ['column count', [30, 18, 25, 9]],
      ['column avg_cost', [12, 40, 22, 87]],
    ]);
  });

  it('runs the spokes the other way round in Arabic, the first still on top', () => {
    const { option } = build({ kind: 'radar', x: 'category', series: [{ field: 'count' }], max: 50 }, rows, rtl());
    expect(option.radar.indicator.map((i: Loose) => i.name)).toEqual(['HVAC', 'Elevator', 'Plumbing', 'Electrical']);
    expect(option.radar.indicator[0].max).toBe(50);
    expect(seriesOf(option)[0]!.data[0].value).toEqual([30, 9, 25, 18]);
  });
});

describe('heatmap', () => {
  const rows = [
    { 'created:month': '2026-10', category: 'HVAC', count: 4 },
    { 'created:month': '2026-10', category: 'Plumbing', count: 1 },
    { 'created:month': '2026-11', category: 'HVAC', count: 9 },
  ];

  it('colours x × y cells by the measure, with a scale over the data range', () => {
    const query: DatasetQuery = { dataset: 'work_orders', dimensions: ['created:month', 'category'], measures: [{ agg: 'count' }] };
    const { option, facts } = build({ kind: 'heatmap' }, rows, context({ query }));
    expect(option.xAxis).toMatchObject({ data: ['Oct 2026', 'Nov 2026'] });
    // The first row on top: ECharts draws upwards, so the rows run backwards.
    expect(option.yAxis).toMatchObject({ data: ['Plumbing', 'HVAC'], position: 'left' });
    expect(seriesOf(option)[0]!.data).toEqual([
      [0, 0, 1],
      [0, 1, 4],
      [1, 1, 9],
    ]);
    expect(option.visualMap).toMatchObject({ type: 'continuous', min: 0, max: 9, inRange: { color: [THEME.scaleLow, THEME.primary] } });
    expect(facts).toMatchObject({ points: 3, highest: { label: 'Nov 2026 · HVAC', value: '9' } });
  });

  it('takes a fixed scale and mirrors in Arabic', () => {
    const { option } = build({ kind: 'heatmap', x: 'created:month', y: 'category', series: [{ field: 'count' }], visualMap: { min: 0, max: 20, colors: ['#ffffff', '#ff0000'] } }, rows, rtl());
    expect(option.xAxis).toMatchObject({ data: ['2026-11', '2026-10'] });
    expect(option.yAxis).toMatchObject({ position: 'right' });
    expect(option.visualMap).toMatchObject({ min: 0, max: 20, inverse: true, inRange: { color: ['#ffffff', '#ff0000'] } });
  });
});

describe('map of China', () => {
  const rows = [
    { province: '广东', leased: 1000 },
    { province: '广东省', leased: 500 },
    { province: '北京市', leased: 800 },
    { province: 'Atlantis', leased: 99 },
    { province: '上海', leased: null },
  ];

  it('colours provinces (short or full names) by the measure, named in the reader’s language', () => {
    const { option, facts } = build({ kind: 'map', x: 'province', series: [{ field: 'leased', name: 'Leased' }], format: { unit: 'm²' } }, rows);
    const [map] = seriesOf(option);
    expect(map).toMatchObject({ type: 'map', map: 'china', name: 'Leased' });
    expect(map!.data).toEqual([
      { name: 'Guangdong', value: 1500 },
      { name: 'Beijing', value: 800 },
    ]);
    expect(map!.nameMap['广东']).toBe('Guangdong');
    expect(Object.keys(map!.nameMap)).toHaveLength(35);
    expect(option.visualMap).toMatchObject({ min: 0, max: 1500, left: 8 });
    expect(option.tooltip.formatter({ name: 'Shanghai', value: NaN, color: '#ccc' })).toContain('No data');
    expect(option.tooltip.formatter({ name: 'Guangdong', value: 1500, color: '#ccc' })).toContain('1,500 m²');
    expect(facts).toMatchObject({ points: 2, highest: { label: 'Guangdong', value: '1,500 m²' }, lowest: { label: 'Beijing' } });
  });

  it('puts the colour scale on the right in Arabic', () => {
    const { option } = build({ kind: 'map', x: 'province', series: [{ field: 'leased' }] }, rows, rtl());
    expect(option.visualMap).toMatchObject({ right: 8, inverse: true });
  });

  it('reads full province names', () => {
    expect(['广西壮族自治区', '香港特别行政区', '新疆维吾尔自治区', '内蒙古自治区', '重庆市', '浙江'].map(chinaProvince)).toEqual(['广西', '香港', '新疆', '内蒙古', '重庆', '浙江']);
    expect(chinaProvince('Guangdong')).toBeUndefined();
  });
});

describe('legend and size', () => {
  it('leaves the legend out of a small cell and when switched off', () => {
    expect(build({ kind: 'pie', x: 'building', series: [{ field: 'sum_cost' }] }, COSTS, context({ size: { width: 200, height: 120 } })).option.legend).toEqual({ show: false });
    expect(build({ kind: 'pie', x: 'building', series: [{ field: 'sum_cost' }], legend: { show: false } }, COSTS).option.legend).toEqual({ show: false });
  });

  it('uses the props’ colours instead of the palette', () => {
    expect(build({ kind: 'pie', x: 'building', series: [{ field: 'sum_cost' }], colors: ['#111111'] }, COSTS).option.color).toEqual(['#111111']);
    expect(build({ kind: 'pie', x: 'building', series: [{ field: 'sum_cost' }] }, COSTS).option.color).toEqual(THEME.palette);
  });

  it('turns animation off for readers who ask for less motion', () => {
    expect(build({ kind: 'bar', x: 'building', series: [{ field: 'sum_cost' }] }, COSTS, context({ reducedMotion: true })).option.animation).toBe(false);
  });
});

describe('a click on a category (pickOf)', () => {
  const byBuilding: ChartProps = { kind: 'bar', x: 'building', series: [{ field: 'n' }], valueLabels: { eastgate: 'Eastgate Mall' } };
  const rows = [
    { building: 'eastgate', n: 3 },
    { building: 'tower', n: 5 },
  ];

  it('filters by the value behind the drawn label', () => {
    expect(pickOf(byBuilding, rows, context(), 'Eastgate Mall')).toEqual({
      clauses: [{ field: 'building', op: 'eq', value: 'eastgate' }],
      label: 'Eastgate Mall',
      drill: null,
    });
    expect(pickOf(byBuilding, rows, context(), 'tower')?.clauses).toEqual([{ field: 'building', op: 'eq', value: 'tower' }]);
    expect(pickOf(byBuilding, rows, context(), 'nowhere')).toBeNull();
  });

  it('filters a date bucket by its days and drills one bucket finer, down to days', () => {
    const months: ChartProps = { kind: 'line', x: 'reportedAt:month', series: [{ field: 'n' }] };
    const monthRows = [
      { 'reportedAt:month': '2026-02', n: 1 },
      { 'reportedAt:month': '2026-03', n: 2 },
    ];
    const label = formatServerDate('2026-02', 'en');
    const pick = pickOf(months, monthRows, context(), label)!;
    expect(pick.clauses).toEqual([{ field: 'reportedAt', op: 'between', value: ['2026-02-01', '2026-02-28'] }]);
    expect(pick.drill).toEqual({ ref: 'reportedAt:week', range: ['2026-02-01', '2026-02-28'] });
    const days: ChartProps = { kind: 'bar', x: 'reportedAt:day', series: [{ field: 'n' }] };
    const day = pickOf(days, [{ 'reportedAt:day': '2026-02-03', n: 1 }], context(), formatServerDate('2026-02-03', 'en'))!;
    expect(day.drill).toBeNull();
    expect(day.clauses).toEqual([{ field: 'reportedAt', op: 'between', value: ['2026-02-03', '2026-02-03'] }]);
  });

  it('picks nothing on charts without categories', () => {
    expect(pickOf({ kind: 'gauge', series: [{ field: 'n' }] }, [{ n: 1 }], context(), '1')).toBeNull();
  });
});

describe('charts read their answer as the form shows it', () => {
  const described = new Map<string, ResultColumn>([
    ['building', { name: 'building', title: 'Building', type: 'string', labels: { tower: 'Northwind Tower', eastgate: 'Eastgate Mall' } }],
    ['createdBy', { name: 'createdBy', title: 'Created by', type: 'integer', record: true, refers: 'user', labels: { 2: 'Alice Chen' } }],
  ]);
  const words = { language: 'en', yes: 'Yes', no: 'No', status: (code: string) => code, recordColumn: (name: string) => name, measure: (agg: string) => agg };
  const rows = [
    { building: 'tower', createdBy: 2, count: 4 },
    { building: 'eastgate', createdBy: 3, count: 2 },
  ];

  it('names categories by option labels and people by name, unless the chart names them itself', () => {
    const bar = build({ kind: 'bar', x: 'building', series: [{ field: 'count' }] }, rows, context({ columns: described, words }));
    expect(asList(bar.option.xAxis)[0]!.data).toEqual(['Northwind Tower', 'Eastgate Mall']);
    const byPerson = build({ kind: 'pie', x: 'createdBy', series: [{ field: 'count' }] }, rows, context({ columns: described, words }));
    expect(seriesOf(byPerson.option)[0]!.data.map((slice: Loose) => slice.name)).toEqual(['Alice Chen', '#3']);
    const own = build({ kind: 'bar', x: 'building', series: [{ field: 'count' }], valueLabels: { tower: 'HQ' } }, rows, context({ columns: described, words }));
    expect(asList(own.option.xAxis)[0]!.data).toEqual(['HQ', 'Eastgate Mall']);
  });

  it('picks by the label it draws', () => {
    const pick = pickOf({ kind: 'bar', x: 'building', series: [{ field: 'count' }] }, rows, context({ columns: described, words }), 'Eastgate Mall');
    expect(pick?.clauses).toEqual([{ field: 'building', op: 'eq', value: 'eastgate' }]);
  });

  it('makes the picked bar or slice stand out and fades the others', () => {
    const bar = build({ kind: 'bar', x: 'building', series: [{ field: 'count' }] }, rows, context({ columns: described, words, picked: 'Eastgate Mall' }));
    const [tower, eastgate] = seriesOf(bar.option)[0]!.data as Loose[];
    expect(tower).toEqual({ value: 4, itemStyle: { opacity: 0.3 } });
    expect(eastgate!.value).toBe(2);
    expect(eastgate!.itemStyle.borderWidth).toBe(2);
    const pie = build({ kind: 'pie', x: 'building', series: [{ field: 'count' }] }, rows, context({ columns: described, words, picked: 'Northwind Tower' }));
    const slices = seriesOf(pie.option)[0]!.data as Loose[];
    expect(slices.map((slice) => [slice.name, slice.selected === true, slice.itemStyle?.opacity])).toEqual([
      ['Northwind Tower', true, undefined],
      ['Eastgate Mall', false, 0.3],
    ]);
    // Nothing picked, or a label not drawn: the chart as it was.
    const plain = build({ kind: 'bar', x: 'building', series: [{ field: 'count' }] }, rows, context({ columns: described, words }));
    expect(seriesOf(plain.option)[0]!.data).toEqual([4, 2]);
    const other = build({ kind: 'bar', x: 'building', series: [{ field: 'count' }] }, rows, context({ columns: described, words, picked: 'Depot' }));
    expect(seriesOf(other.option)[0]!.data).toEqual([4, 2]);
  });
});

describe('texts written in several languages', () => {
  it('names series, axes and values in the reader\'s language, else English', () => {
    const props: ChartProps = {
      kind: 'bar',
      x: 'building',
      series: [{ field: 'sum_cost', name: { en: 'Cost', 'zh-CN': '费用', ar: 'التكلفة' } }, { field: 'count', name: 'Orders' }],
      yAxes: [{ name: { en: 'CNY', 'zh-CN': '元' } }],
      valueLabels: { Depot: { en: 'Depot shed', 'zh-CN': '仓库棚', ar: 'سقيفة المستودع' } },
    };
    const arabic = build(props, COSTS, rtl()).option;
    expect(seriesOf(arabic).map((s) => s.name)).toEqual(['التكلفة', 'Orders']);
    expect(asList(arabic.yAxis)[0]!.name).toBe('CNY');
    // Right to left: the categories run from the right.
    expect(arabic.xAxis.data).toEqual(['سقيفة المستودع', 'Tower B', 'Tower A']);
    const chinese = build(props, COSTS, context({ language: 'zh-CN' })).option;
    expect(seriesOf(chinese)[0]!.name).toBe('费用');
    expect(asList(chinese.yAxis)[0]!.name).toBe('元');
  });
});
