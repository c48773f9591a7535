import { Empty, Spin, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { measureName } from '../../src/core/query/query-spec.ts';
import { resultRows, type WidgetRenderProps } from '../types.ts';
import type { ChartContext, ChartTexts } from './chart-context.ts';
import { buildChartOption } from './chart-option.ts';
import type { ChartProps } from './chart-props.ts';
import { describeChart } from './chart-summary.ts';
import { chartTheme, surfaceBehind } from './chart-theme.ts';
import { CHINA_PROVINCES, type ChinaProvince } from './china-provinces.ts';
import { echarts } from './echarts-setup.ts';
import { useElementSize } from './use-element-size.ts';
import './chart-widget.css';

type MapState = 'idle' | 'loading' | 'ready' | Error;

let chinaMap: Promise<unknown> | null = null;

/** Loads (once) the chunk that registers the China map. */
function useChinaMap(needed: boolean): MapState {
  const [state, setState] = useState<MapState>(needed && chinaMap ? 'loading' : 'idle');
  useEffect(() => {
    if (!needed) return;
    let live = true;
    chinaMap ??= import('./china-map.ts').catch((error: unknown) => {
      chinaMap = null; // a later mount tries again
      throw error;
    });
    setState((current) => (current === 'ready' ? current : 'loading'));
    chinaMap.then(
      () => live && setState('ready'),
      (error: unknown) => live && setState(error instanceof Error ? error : new Error(String(error))),
    );
    return () => {
      live = false;
    };
  }, [needed]);
  return needed ? state : 'ready';
}

const prefersReducedMotion = () => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

/** An ECharts chart of the widget's aggregate rows, sized to its cell, in the app's colours and reading direction. */
export default function ChartWidget({ widget, props, data }: WidgetRenderProps<ChartProps>) {
  const { t, i18n } = useTranslation('widgets');
  const { token } = theme.useToken();
  const [box, size] = useElementSize<HTMLDivElement>();
  const chartRef = useRef<ReactEChartsCore>(null);
  const [surface, setSurface] = useState<{ color: string | null; dark: boolean }>({ color: null, dark: false });
  const mapState = useChinaMap(props.kind === 'map');

  const language = i18n.resolvedLanguage ?? i18n.language;
  const direction = i18n.dir(language);
  const rows = useMemo(() => (data.status === 'ready' ? resultRows(data.result) : []), [data]);

  useEffect(() => {
    if (box.current) setSurface(surfaceBehind(box.current.parentElement));
  }, [box, token]);

  const texts = useMemo<ChartTexts>(
    () => ({
      blank: t('chart.blank'),
      noValue: t('chart.noValue'),
      seriesName: (column) => {
        const measure = widget.data?.measures?.find((m) => measureName(m) === column);
        return measure && !measure.as ? t(`chart.aggregates.${measure.agg}`, { field: measure.field ?? '' }) : column;
      },
      regionName: (province) => t(`chart.provinces.${CHINA_PROVINCES[province as ChinaProvince] ?? ''}`, { defaultValue: province }),
    }),
    [t, widget.data],
  );

  const model = useMemo(() => {
    if (!size) return null;
    const context: ChartContext = {
      language,
      direction,
      theme: chartTheme(token, surface.color, surface.dark),
      texts,
      query: widget.data,
      size,
      reducedMotion: prefersReducedMotion(),
    };
    return buildChartOption(props, rows, context);
  }, [size, language, direction, token, surface, texts, widget.data, props, rows]);

  const summary = useMemo(
    () => (model ? (props.description ?? describeChart(props.kind, model.facts, t, language, widget.title)) : ''),
    [model, props.description, props.kind, t, language, widget.title],
  );
  const option = useMemo<EChartsOption | null>(
    () => (model ? { ...model.option, aria: { enabled: true, decal: { show: false }, label: { enabled: true, description: summary } } } : null),
    [model, summary],
  );

  // The option follows the size, and ECharts redraws at the new size after it.
  useEffect(() => {
    chartRef.current?.getEchartsInstance().resize();
  }, [size]);

  if (mapState instanceof Error) throw mapState; // the cell's error boundary offers a retry
  let body;
  if (data.status === 'none') body = <Empty className="chart-widget-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.noQuery')} />;
  else if (mapState !== 'ready') body = <Spin className="chart-widget-spin" aria-label={t('chart.loadingMap')} />;
  else if (!option || !size) body = null;
  else if (model?.empty) body = <Empty className="chart-widget-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.empty')} />;
  else
    body = (
      <ReactEChartsCore
        // ECharts takes its language when it starts: a new instance for a new language.
        key={language}
        ref={chartRef}
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        autoResize={false}
        opts={{ locale: language.startsWith('zh') ? 'ZH' : 'EN' }}
        className="chart-widget-canvas"
        style={{ width: size.width, height: size.height }}
        role="img"
        aria-label={summary}
      />
    );

  return (
    <div ref={box} className="chart-widget" data-chart-kind={props.kind} dir={direction}>
      {body}
    </div>
  );
}

