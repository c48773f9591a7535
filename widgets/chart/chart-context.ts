import type { DefaultLabelFormatterCallbackParams, EChartsOption } from 'echarts';
import { formatServerDate } from '../../src/core/format.ts';
import type { DatasetQuery, ResultColumn } from '../../src/core/query/query-spec.ts';
import { formatNumber, resultValueText, type ValueFormat, type ValueWords } from '../../src/core/value-format.ts';
import { valueText } from '../../src/core/value-text.ts';
import { textIn, type LocalText } from '../../src/core/local-text.ts';
import type { ChartProps, ChartSeriesProps } from './chart-props.ts';

/** Colours and type of the chart, taken from the app theme (see chart-theme.ts). */
export interface ChartTheme {
  palette: string[];
  /** Titles, legend, labels. */
  text: string;
  /** Axis labels. */
  textSecondary: string;
  axisLine: string;
  splitLine: string;
  /** The surface the chart sits on: slice borders, tooltip background. */
  background: string;
  primary: string;
  /** The low end of colour scales. */
  scaleLow: string;
  fontFamily: string;
  fontSize: number;
}

/** The translated words a chart needs; the widget fills them from the `widgets` namespace. */
export interface ChartTexts {
  /** Label of an empty category value. */
  blank: string;
  /** Tooltip of a region or cell without a value. */
  noValue: string;
  /** Series name of a column that has no `name`. */
  seriesName(column: string): string;
  /** Display name of a province of China (short Chinese name, as the map geometry has it). */
  regionName(province: string): string;
}

/** Everything besides props and rows that decides an option. */
export interface ChartContext {
  language: string;
  direction: 'ltr' | 'rtl';
  theme: ChartTheme;
  texts: ChartTexts;
  /** The widget's query: `x` and `series` default to its dimensions and measures. */
  query?: DatasetQuery;
  /** What the answer says its columns hold (option labels, names, types), by column name. */
  columns?: ReadonlyMap<string, ResultColumn>;
  /** The words values read with (statuses, yes and no); needed with `columns`. */
  words?: ValueWords;
  /** The label of the category this chart's click picked for the cross-filter: drawn standing out. */
  picked?: string;
  /** The chart's size in px; small cells drop the legend and shrink fonts. */
  size: { width: number; height: number };
  reducedMotion?: boolean;
}

/** A series' legend and tooltip name in the reader's language: its own `name`, else its column's title. */
export function seriesTitle(spec: ChartSeriesProps, context: ChartContext): string {
  return textIn(spec.name, context.language) || context.texts.seriesName(spec.field);
}

/** An axis title in the reader's language; undefined draws none. */
export function axisTitle(name: LocalText | undefined, context: ChartContext): string | undefined {
  return textIn(name, context.language) || undefined;
}

/** What the chart shows, for the summary screen readers hear. */
export interface ChartFacts {
  series: string[];
  /** Categories, slices, cells or regions with a value. */
  points: number;
  highest?: { label: string; value: string };
  lowest?: { label: string; value: string };
  /** gauge: the one value. */
  value?: string;
}

/** An option and what it shows; `empty` when there is no value to draw. */
export interface ChartModel {
  option: EChartsOption;
  facts: ChartFacts;
  empty: boolean;
}

export type Row = Record<string, unknown>;

/** What ECharts hands a label formatter. */
export type LabelParams = DefaultLabelFormatterCallbackParams;

/** The number in a formatter's `value`: itself, or its `index`th entry when the value is a tuple. */
export function paramNumber(params: LabelParams, index = 0): number | null {
  const value = Array.isArray(params.value) ? params.value[index] : params.value;
  return toNumber(value);
}

export const isRtl = (context: ChartContext) => context.direction === 'rtl';

/** A value as a number, or null when it is none (SQL drivers may hand numbers over as strings). */
export function toNumber(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/** The key of a category value; null and undefined are the blank category. */
export const categoryKey = (value: unknown): string => (value === null || value === undefined ? '' : valueText(value));

/**
 * How a category value of `column` reads: its `valueLabels` entry, else as the form shows it
 * (an option's label, a person's name, a date in the reader's form), else a date, else itself.
 */
export function categoryLabel(key: string, props: ChartProps, context: ChartContext, column: string | undefined): string {
  if (key === '') return context.texts.blank;
  const labelled = textIn(props.valueLabels?.[key], context.language);
  if (labelled) return labelled;
  const about = column === undefined ? undefined : context.columns?.get(column);
  if (about && context.words) return resultValueText(about, key, context.words) || key;
  return formatServerDate(key, context.language);
}

export function formatValue(value: number | null | undefined, context: ChartContext, format: ValueFormat | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return context.texts.noValue;
  return formatNumber(value, context.language, format ?? {});
}

/** Axis labels: short forms unless the format asks for full numbers, and no padding zeros (20%, not 20.0%). */
export function axisFormat(format: ValueFormat | undefined): ValueFormat {
  const { decimals: _decimals, ...rest } = format ?? {};
  return { ...rest, compact: format?.compact ?? true };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Tooltips are HTML: data values must not become markup. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** One tooltip line: a colour dot, the name and the value, laid out in the reading direction. */
export function tooltipLine(color: string | undefined, name: string, value: string): string {
  const dot = color
    ? `<span style="display:inline-block;width:8px;height:8px;border-radius:50%;background:${escapeHtml(color)};margin-inline-end:6px"></span>`
    : '';
  return `<div style="display:flex;align-items:center;gap:12px;justify-content:space-between"><span>${dot}${escapeHtml(name)}</span><b dir="ltr">${escapeHtml(value)}</b></div>`;
}

export function tooltipTitle(title: string): string {
  return `<div style="margin-bottom:4px;font-weight:600">${escapeHtml(title)}</div>`;
}

/** The shared tooltip frame: themed, and written in the page's direction. */
export function tooltipBase(context: ChartContext, trigger: 'axis' | 'item'): Record<string, unknown> {
  return {
    trigger,
    confine: true,
    backgroundColor: context.theme.background,
    borderColor: context.theme.splitLine,
    textStyle: { color: context.theme.text, fontFamily: context.theme.fontFamily, fontSize: context.theme.fontSize },
    extraCssText: `direction:${context.direction};text-align:start;box-shadow:0 3px 12px rgba(0,0,0,0.12);`,
    ...(trigger === 'axis' ? { axisPointer: { type: 'shadow', shadowStyle: { opacity: 0.25 } } } : {}),
  };
}

const LEGEND_MIN_WIDTH = 240;
const LEGEND_MIN_HEIGHT = 160;

export type LegendPlace = 'top' | 'bottom' | 'left' | 'right' | 'none';

/** Where the legend goes: the props' position with start/end mirrored in right-to-left pages; none in a tiny cell. */
export function legendPlace(props: ChartProps, context: ChartContext, defaultShow: boolean): LegendPlace {
  const show = props.legend?.show ?? defaultShow;
  if (!show || context.size.width < LEGEND_MIN_WIDTH || context.size.height < LEGEND_MIN_HEIGHT) return 'none';
  const position = props.legend?.position ?? 'top';
  if (position === 'start') return isRtl(context) ? 'right' : 'left';
  if (position === 'end') return isRtl(context) ? 'left' : 'right';
  return position;
}

/** The legend option of a place; a row reads from the start side (right to left in Arabic). */
export function legendOption(place: LegendPlace, names: string[], context: ChartContext): Record<string, unknown> {
  if (place === 'none') return { show: false };
  const vertical = place === 'left' || place === 'right';
  const rtl = isRtl(context);
  return {
    show: true,
    type: 'scroll',
    orient: vertical ? 'vertical' : 'horizontal',
    data: !vertical && rtl ? [...names].reverse() : names,
    ...(vertical ? { [place]: 4, top: 'middle' } : { [place]: 0, left: 'center' }),
    // The symbol before the name in reading order: on its right in Arabic.
    align: rtl ? 'right' : 'left',
    itemWidth: 14,
    itemHeight: 10,
    textStyle: { color: context.theme.text, fontFamily: context.theme.fontFamily },
    pageIconColor: context.theme.primary,
    pageIconInactiveColor: context.theme.splitLine,
    pageTextStyle: { color: context.theme.textSecondary },
  };
}

/** Room the plot leaves for the legend, in px, on each side. */
export function legendRoom(place: LegendPlace, context: ChartContext): { top: number; bottom: number; left: number; right: number } {
  const room = { top: 8, bottom: 8, left: 8, right: 8 };
  if (place === 'top' || place === 'bottom') room[place] = 32;
  if (place === 'left' || place === 'right') room[place] = Math.min(160, Math.round(context.size.width * 0.28));
  return room;
}

/** What every chart shares: palette, type, motion, and the aria description that names the chart. */
export function baseOption(props: ChartProps, context: ChartContext): EChartsOption {
  return {
    color: props.colors?.length ? props.colors : context.theme.palette,
    backgroundColor: 'transparent',
    textStyle: { fontFamily: context.theme.fontFamily, fontSize: context.theme.fontSize, color: context.theme.text },
    animation: !context.reducedMotion,
    animationDuration: 400,
    animationDurationUpdate: 300,
    // The description is filled in by the widget once the facts are known (see chart-summary.ts).
    aria: { enabled: true, decal: { show: false } },
  };
}

/** The highest and lowest of labelled values, for the summary. */
export function extremes(points: { label: string; value: number }[], context: ChartContext, format: ValueFormat | undefined): Pick<ChartFacts, 'highest' | 'lowest'> {
  if (points.length === 0) return {};
  let high = points[0]!;
  let low = points[0]!;
  for (const point of points) {
    if (point.value > high.value) high = point;
    if (point.value < low.value) low = point;
  }
  const facts: Pick<ChartFacts, 'highest' | 'lowest'> = { highest: { label: high.label, value: formatValue(high.value, context, format) } };
  if (points.length > 1) facts.lowest = { label: low.label, value: formatValue(low.value, context, format) };
  return facts;
}
