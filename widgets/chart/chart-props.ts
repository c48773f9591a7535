import type { LocalText } from '../../src/core/local-text.ts';
import type { ValueFormat } from '../../src/core/value-format.ts';

/** The props of props.schema.json, defaults applied. */
export type ChartKind = 'bar' | 'line' | 'area' | 'pie' | 'scatter' | 'gauge' | 'funnel' | 'radar' | 'heatmap' | 'map';

export interface ChartSeriesProps {
  field: string;
  /** Legend and tooltip name: a text per language or one for all. */
  name?: LocalText;
  kind?: 'bar' | 'line' | 'area';
  stack?: string;
  color?: string;
  yAxis?: number;
  size?: string;
}

export interface ChartAxisProps {
  name?: LocalText;
  min?: number;
  max?: number;
  format?: ValueFormat;
}

export interface ChartProps {
  kind: ChartKind;
  x?: string;
  y?: string;
  series?: ChartSeriesProps[];
  splitBy?: string;
  stack?: boolean;
  horizontal?: boolean;
  smooth?: boolean;
  donut?: boolean;
  labels?: boolean;
  valueLabels?: Record<string, LocalText>;
  format?: ValueFormat;
  yAxes?: ChartAxisProps[];
  xAxisName?: LocalText;
  min?: number;
  max?: number;
  bands?: { to: number; color: string }[];
  visualMap?: { min?: number; max?: number; colors?: string[]; show?: boolean };
  legend?: { show?: boolean; position?: 'top' | 'bottom' | 'start' | 'end' };
  colors?: string[];
  description?: string;
}

/** The kinds, in the order the plate palette offers them. */
export const CHART_KINDS: readonly ChartKind[] = ['bar', 'line', 'area', 'pie', 'scatter', 'gauge', 'funnel', 'radar', 'heatmap', 'map'];

/** The kind a stored `props.kind` names; a bar chart for anything else. */
export const chartKindOf = (kind: unknown): ChartKind => (CHART_KINDS.includes(kind as ChartKind) ? (kind as ChartKind) : 'bar');
