import { ArrowDownOutlined, ArrowUpOutlined, MinusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatNumber, formatPercentChange, type ValueFormat } from '../../src/core/value-format.ts';
import { resultRows, type WidgetRenderProps } from '../types.ts';
import { kpiFigures, thresholdColor, valueColumn, type KpiComparison } from './kpi-value.ts';
import './kpi-widget.css';

export interface KpiProps {
  value?: string;
  format?: ValueFormat;
  caption?: string;
  comparison?: KpiComparison;
  thresholds?: { from: number; color: string }[];
  trend: boolean;
}

const STATUS_COLORS: Record<string, string> = { success: '#389e0d', warning: '#d48806', error: '#cf1322', info: '#1677ff' };
const cssColor = (color: string | undefined) => (color ? (STATUS_COLORS[color] ?? color) : undefined);

/** A small line of the values, oldest first: on the left, or on the right where the page reads right to left (as the charts do). */
function Sparkline({ values, color }: { values: number[]; color: string }) {
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const points = values.map((v, i) => `${((i / (values.length - 1)) * 100).toFixed(2)},${(28 - ((v - min) / span) * 24).toFixed(2)}`).join(' ');
  return (
    <svg className="kpi-widget-trend" viewBox="0 0 100 30" preserveAspectRatio="none" aria-hidden="true">
      <polyline points={points} fill="none" stroke={color} strokeWidth="1.6" vectorEffect="non-scaling-stroke" />
    </svg>
  );
}

/** One key figure, its comparison and its trend. */
export default function KpiWidget({ widget, props, data }: WidgetRenderProps<KpiProps>) {
  const { t, i18n } = useTranslation('widgets');
  const rows = data.status === 'ready' ? resultRows(data.result) : [];
  const column = valueColumn(props.value, widget.data, rows[0]);
  const { value, other, series } = kpiFigures(rows, column, props.comparison);
  const language = i18n.language;
  const color = cssColor(thresholdColor(value, props.thresholds));

  let comparison = null;
  if (props.comparison && value !== null && other !== null) {
    const { show, higherIsBetter, label } = props.comparison;
    const diff = value - other;
    const text =
      show === 'delta'
        ? `${diff > 0 ? '+' : ''}${formatNumber(diff, language, props.format ?? {})}`
        : show === 'ratio'
          ? formatNumber(other === 0 ? NaN : (value / other) * 100, language, { decimals: 1, unit: '%' })
          : formatPercentChange(other === 0 ? NaN : diff / Math.abs(other), language);
    // A change too small to show (0.0%) reads as no change, not as good or bad news.
    const shown = show === 'delta' ? Math.abs(diff) >= 0.5 * 10 ** -(props.format?.decimals ?? 2) : other !== 0 && Math.abs(diff / other) >= 0.0005;
    const direction = !shown ? 0 : Math.sign(diff);
    const tone = direction === 0 ? 'neutral' : direction > 0 === higherIsBetter ? 'good' : 'bad';
    const Icon = direction > 0 ? ArrowUpOutlined : direction < 0 ? ArrowDownOutlined : MinusOutlined;
    comparison = (
      <p className={`kpi-widget-compare kpi-widget-compare-${tone}`}>
        {show !== 'ratio' ? <Icon aria-hidden /> : null}
        <span dir="auto">{text || t('kpi.noComparison')}</span>
        {label ? <span className="kpi-widget-compare-label">{label}</span> : null}
      </p>
    );
  }

  return (
    <div className="kpi-widget">
      <p className="kpi-widget-value" style={color ? { color } : undefined} dir="auto">
        {value === null ? t('kpi.noValue') : formatNumber(value, language, props.format ?? {})}
      </p>
      {props.caption ? <p className="kpi-widget-caption">{props.caption}</p> : null}
      {comparison}
      {props.trend && series.length > 2 ? <Sparkline values={series} color={color ?? '#1677ff'} /> : null}
    </div>
  );
}
