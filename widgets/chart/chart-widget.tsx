import { ArrowUpOutlined } from '@ant-design/icons';
import { Button, Empty, Spin, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useContext, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { measureName, type ResultColumn } from '../../src/core/query/query-spec.ts';
import { columnTitle } from '../../src/core/value-format.ts';
import { prefersReducedMotion } from '../../src/web/ui/reduced-motion.ts';
import { PageLookContext } from '../page-look.ts';
import { resultRows, type WidgetRenderProps } from '../types.ts';
import { columnsByName, useValueWords } from '../value-words.ts';
import type { ChartContext, ChartTexts, Row } from './chart-context.ts';
import { pickOf } from './chart-pick.ts';
import { buildChartOption } from './chart-option.ts';
import type { ChartProps } from './chart-props.ts';
import { describeChart } from './chart-summary.ts';
import { chartTheme, surfaceBehind } from './chart-theme.ts';
import { CHINA_PROVINCES, type ChinaProvince } from './china-provinces.ts';
import { echarts } from './echarts-setup.ts';
import { useElementSize } from './use-element-size.ts';
import './chart-widget.css';
import { textIn } from '../../src/core/local-text.ts';

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


/** One step down a date hierarchy: the finer dimension, the period clicked, and its label for the way back. */
interface DrillStep {
  ref: string;
  range: [string, string];
  label: string;
}

type DrilledRows = { status: 'loading' } | { status: 'ready'; rows: Row[]; columns?: ResultColumn[] } | { status: 'error'; message: string };

/**
 * An ECharts chart of the widget's aggregate rows, sized to its cell, in the app's colours and
 * reading direction. A click on a category filters the page's other components by it; on a
 * date bucket above days it also drills this chart into that period, one bucket finer.
 */
export default function ChartWidget({ widget, props: ownProps, data, filters, fetchData }: WidgetRenderProps<ChartProps>) {
  const { t, i18n } = useTranslation('widgets');
  const { token } = theme.useToken();
  const [box, size] = useElementSize<HTMLDivElement>();
  const chartRef = useRef<ReactEChartsCore>(null);
  const [surface, setSurface] = useState<{ color: string | null; dark: boolean }>({ color: null, dark: false });
  const mapState = useChinaMap(ownProps.kind === 'map');
  const { palette } = useContext(PageLookContext);

  const language = i18n.resolvedLanguage ?? i18n.language;
  const direction = i18n.dir(language);
  const [drill, setDrill] = useState<DrillStep[]>([]);
  const [drilled, setDrilled] = useState<DrilledRows | null>(null);
  const step = drill.at(-1);
  // A drill lasts as long as this chart's pick: "Clear", a reset or another component's pick ends it.
  const pickedHere = filters.selection?.widgetId === widget.id;
  useEffect(() => {
    if (!pickedHere) setDrill((steps) => (steps.length ? [] : steps));
  }, [pickedHere]);
  // Drilled, the chart draws the finer dimension in place of its category axis.
  const props = useMemo<ChartProps>(() => (step ? { ...ownProps, x: step.ref } : ownProps), [ownProps, step]);
  const query = useMemo(() => {
    if (!step || !widget.data) return widget.data;
    const x = ownProps.x ?? widget.data.dimensions?.find((d) => d !== ownProps.splitBy);
    return { ...widget.data, dimensions: (widget.data.dimensions ?? []).map((d) => (d === x ? step.ref : d)), sort: [{ field: step.ref, order: 'asc' as const }] };
  }, [step, widget.data, ownProps.x, ownProps.splitBy]);

  useEffect(() => {
    if (!step || !query) {
      setDrilled(null);
      return;
    }
    let live = true;
    setDrilled({ status: 'loading' });
    const field = step.ref.split(':')[0]!;
    fetchData({ dimensions: query.dimensions, sort: query.sort, filters: [{ field, op: 'between', value: step.range }] }).then(
      (result) => live && setDrilled({ status: 'ready', rows: resultRows(result), columns: result.columns }),
      (failure: unknown) => live && setDrilled({ status: 'error', message: failure instanceof Error ? failure.message : String(failure) }),
    );
    return () => {
      live = false;
    };
    // The page's filters reach fetchData itself; a new answer of the plain chart (a refresh) asks again too.
  }, [step, query, fetchData, data]);

  const rows = useMemo(() => {
    if (step) return drilled?.status === 'ready' ? drilled.rows : [];
    return data.status === 'ready' ? resultRows(data.result) : [];
  }, [data, step, drilled]);
  // What the answer says its columns hold: categories and series read as the form shows them.
  const described = useMemo(() => {
    if (step) return columnsByName(drilled?.status === 'ready' ? drilled.columns : undefined);
    return columnsByName(data.status === 'ready' ? data.result.columns : undefined);
  }, [data, step, drilled]);
  const words = useValueWords();

  useEffect(() => {
    if (box.current) setSurface(surfaceBehind(box.current.parentElement));
  }, [box, token]);

  const texts = useMemo<ChartTexts>(
    () => ({
      blank: t('chart.blank'),
      noValue: t('chart.noValue'),
      seriesName: (column) => {
        const about = described.get(column);
        if (about) return columnTitle(about, words);
        const measure = widget.data?.measures?.find((m) => measureName(m) === column);
        return measure && !measure.as ? t(`chart.aggregates.${measure.agg}`, { field: measure.field ?? '' }) : column;
      },
      regionName: (province) => t(`chart.provinces.${CHINA_PROVINCES[province as ChinaProvince] ?? ''}`, { defaultValue: province }),
    }),
    [t, widget.data, described, words],
  );

  const context = useMemo<ChartContext | null>(
    () =>
      size
        ? {
            language,
            direction,
            theme: { ...chartTheme(token, surface.color, surface.dark), ...(palette?.length ? { palette: [...palette] } : {}) },
            texts,
            query,
            columns: described,
            words,
            // A pick that drilled the chart shows its period instead; a plain pick stands out among the rest.
            picked: pickedHere && !step ? filters.selection?.label : undefined,
            size,
            reducedMotion: prefersReducedMotion(),
          }
        : null,
    [size, language, direction, token, surface, texts, query, palette, described, words, pickedHere, step, filters.selection],
  );
  const model = useMemo(() => (context ? buildChartOption(props, rows, context) : null), [context, props, rows]);

  const onEvents = useMemo(
    () => ({
      click: (params: { name?: string }) => {
        if (!context || !params.name) return;
        const pick = pickOf(props, rows, context, params.name);
        if (!pick) return;
        filters.select({ widgetId: widget.id, clauses: pick.clauses, label: pick.label });
        if (pick.drill) setDrill((steps) => [...steps, { ...pick.drill!, label: pick.label }]);
      },
    }),
    [context, props, rows, filters, widget.id],
  );

  const up = () => {
    const rest = drill.slice(0, -1);
    setDrill(rest);
    // The way back up also widens what the other components show: to the period above, or none.
    const above = rest.at(-1);
    filters.select(above ? { widgetId: widget.id, clauses: [{ field: above.ref.split(':')[0]!, op: 'between', value: above.range }], label: above.label } : null);
  };

  const summary = useMemo(
    () => (model ? (props.description ?? describeChart(props.kind, model.facts, t, language, textIn(widget.title, language))) : ''),
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
  if (step && drilled?.status === 'error') body = <Empty className="chart-widget-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={drilled.message} />;
  else if (step && drilled?.status !== 'ready') body = <Spin className="chart-widget-spin" aria-label={t('chart.drilling')} />;
  else if (data.status === 'none') body = <Empty className="chart-widget-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('chart.noQuery')} />;
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
        onEvents={onEvents}
        className="chart-widget-canvas"
        style={{ width: size.width, height: size.height }}
        role="img"
        aria-label={summary}
      />
    );

  return (
    <div
      ref={box}
      className={step ? 'chart-widget chart-widget-drilled' : 'chart-widget'}
      data-chart-kind={props.kind}
      data-picked={context?.picked}
      dir={direction}
    >
      {step && (
        <div className="chart-widget-drill">
          <Button size="small" icon={<ArrowUpOutlined />} onClick={up} data-testid={`drill-up-${widget.id}`}>
            {t('chart.drillUp')}
          </Button>
          <span className="chart-widget-drill-path" dir="auto">
            {drill.map((d) => d.label).join(' › ')}
          </span>
        </div>
      )}
      {body}
    </div>
  );
}

