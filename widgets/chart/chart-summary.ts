import type { TFunction } from 'i18next';
import type { ChartFacts } from './chart-context.ts';
import type { ChartKind } from './chart-props.ts';

/**
 * What a screen reader hears for a chart: its kind and title, the series, how many values it
 * shows and the highest and lowest of them (or the one value of a gauge).
 */
export function describeChart(kind: ChartKind, facts: ChartFacts, t: TFunction, language: string, title?: string): string {
  const kindName = t(`widgets:chart.kinds.${kind}`);
  const parts = [title ? t('widgets:chart.summary.titled', { kind: kindName, title }) : `${kindName}.`];
  const series = facts.series.filter(Boolean);
  if (series.length) parts.push(t('widgets:chart.summary.series', { series: new Intl.ListFormat(language, { type: 'conjunction' }).format(series) }));
  if (facts.value !== undefined) {
    parts.push(t('widgets:chart.summary.value', { value: facts.value }));
    return parts.join(' ');
  }
  parts.push(t('widgets:chart.summary.points', { count: facts.points }));
  if (facts.highest && facts.lowest) {
    parts.push(t('widgets:chart.summary.range', { highLabel: facts.highest.label, highValue: facts.highest.value, lowLabel: facts.lowest.label, lowValue: facts.lowest.value }));
  } else if (facts.highest) {
    parts.push(t('widgets:chart.summary.highest', { label: facts.highest.label, value: facts.highest.value }));
  }
  return parts.join(' ');
}
