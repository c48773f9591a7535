import { DownloadOutlined, ReloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Dropdown, Empty, Skeleton, Spin } from 'antd';
import { observer } from 'mobx-react-lite';
import { useId, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { rowsToCsv } from '../../core/csv.ts';
import { exportFileName } from '../../core/file-names.ts';
import type { WidgetConfig } from '../../core/pages/page-config.ts';
import { saveDownload } from '../api/download.ts';
import { resultRows, type PageFilterState, type WidgetDefinition, type WidgetRenderProps } from '../../../widgets/types.ts';
import { lazyComponent, type LazyComponent } from '../router/chunk-loader.tsx';
import type { DatasetFields, PageDataSource } from './page-data-source.ts';
import { useWidgetData } from './use-widget-data.ts';
import { WidgetErrorBoundary } from './widget-error-boundary.tsx';
import { useWidgetRegistry } from './widget-registry-context.ts';
import { checkWidgetProps, type PropsProblem } from './widget-props.ts';
import { applicableFilters, filterClauses, selectionClauses } from './widget-query.ts';
import { textIn } from '../../core/local-text.ts';

const components = new WeakMap<WidgetDefinition, LazyComponent<WidgetRenderProps>>();

/** The lazily loaded component of a widget type, one per type. */
export function widgetComponent(definition: WidgetDefinition): LazyComponent<WidgetRenderProps> {
  let component = components.get(definition);
  if (!component) {
    component = lazyComponent(definition.load);
    components.set(definition, component);
  }
  return component;
}

/**
 * What a cell shows, as its `data-widget-state` attribute says: `ready` once the widget is
 * handed its data (or needs none), so tests and benchmarks can tell a drawn page from the DOM.
 */
export type WidgetCellState = 'loading' | 'ready' | 'empty' | 'error' | 'invalid';

export interface WidgetCellProps {
  widget: WidgetConfig;
  source: PageDataSource;
  filters: PageFilterState;
  /** Dataset fields; undefined while they load, null where the source cannot tell. */
  fields: DatasetFields | null | undefined;
  /** A new value asks for the data again (the page's refresh). */
  refreshToken?: number;
  /** Offers the widget's data as CSV and a chart as PNG. */
  exportable?: boolean;
}

/** The chart's canvas on the cell's own background, as a PNG file. */
function saveCanvasAsPng(cell: HTMLElement, name: string): boolean {
  const chart = cell.querySelector('canvas');
  if (!chart) return false;
  const copy = document.createElement('canvas');
  copy.width = chart.width;
  copy.height = chart.height;
  const paint = copy.getContext('2d');
  if (!paint) return false;
  paint.fillStyle = getComputedStyle(cell).backgroundColor || '#fff';
  paint.fillRect(0, 0, copy.width, copy.height);
  paint.drawImage(chart, 0, 0);
  copy.toBlob((blob) => blob && saveDownload(blob, null, name), 'image/png');
  return true;
}

/** A panel naming what is wrong with a widget, in place of the widget. */
function ProblemPanel({ title, lines, action }: { title: string; lines: ReactNode[]; action?: ReactNode }) {
  return (
    <div className="widget-problem" role="alert">
      <p className="widget-problem-title">
        <WarningOutlined aria-hidden /> {title}
      </p>
      <ul className="widget-problem-list">
        {lines.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {action}
    </div>
  );
}

function PropsProblems({ problems }: { problems: PropsProblem[] }) {
  const { t } = useTranslation('widgets');
  return (
    <ProblemPanel
      title={t('cell.invalidProps')}
      lines={problems.map((problem) => (
        <>
          <code>{problem.path}</code> {problem.message}
        </>
      ))}
    />
  );
}

/**
 * One cell of the page grid: the widget's title, and its loading, error, empty and invalid
 * states around the widget itself, which only draws.
 */
export const WidgetCell = observer(function WidgetCell({ widget, source, filters, fields, refreshToken, exportable }: WidgetCellProps) {
  const cellRef = useRef<HTMLElement>(null);
  const { t, i18n } = useTranslation('widgets');
  const titleId = useId();
  const definition = useWidgetRegistry().definition(widget.type);
  const check = useMemo(() => (definition ? checkWidgetProps(definition.propsSchema, widget.props) : null), [definition, widget.props]);

  // Read here, inside the observer, so a filter change re-renders this cell (and only the cells it concerns).
  const clauses =
    fields === undefined
      ? null
      : [
          ...applicableFilters(widget, filters.definitions, fields).flatMap((filter) =>
            filterClauses(filter, filters.value(filter.id), fields?.get(widget.data?.dataset ?? '')?.get(filter.field)),
          ),
          ...selectionClauses(widget, filters.selection, fields),
        ];
  const { data, fetchData } = useWidgetData(widget, source, definition && check?.ok ? clauses : null, refreshToken);

  let body: ReactNode;
  let state: WidgetCellState;
  if (!definition) {
    state = 'invalid';
    body = <ProblemPanel title={t('cell.unknownType', { type: widget.type })} lines={[t('cell.unknownTypeHint')]} />;
  } else if (!check!.ok) {
    state = 'invalid';
    body = <PropsProblems problems={check!.problems} />;
  } else if (data.status === 'loading') {
    state = 'loading';
    body = (
      <div className="widget-loading" role="status" aria-label={t('cell.loading')}>
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      </div>
    );
  } else if (data.status === 'error') {
    state = 'error';
    body = (
      <ProblemPanel
        title={t('cell.loadFailed')}
        lines={data.message ? [data.message] : []}
        action={
          <Button size="small" icon={<ReloadOutlined />} onClick={data.retry}>
            {t('cell.retry')}
          </Button>
        }
      />
    );
  } else if (data.status === 'ready' && resultRows(data.result).length === 0) {
    state = 'empty';
    body = <Empty className="widget-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('cell.empty')} />;
  } else {
    state = 'ready';
    const Widget = widgetComponent(definition);
    body = (
      <WidgetErrorBoundary
        fallback={(error, retry) => (
          <ProblemPanel
            title={t('cell.crashed')}
            lines={[error.message]}
            action={
              <Button size="small" icon={<ReloadOutlined />} onClick={retry}>
                {t('cell.retry')}
              </Button>
            }
          />
        )}
      >
        <Widget widget={widget} props={check!.props} data={data} fetchData={fetchData} filters={filters} />
      </WidgetErrorBoundary>
    );
  }

  const refreshing = data.status === 'ready' && data.refreshing;
  const shownTitle = textIn(widget.title, i18n.language);
  const title = shownTitle || widget.id;
  const exportMenu =
    exportable && state === 'ready' && data.status === 'ready' ? (
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'csv', label: t('cell.exportCsv') },
            ...(widget.type === 'chart' ? [{ key: 'png', label: t('cell.exportPng') }] : []),
          ],
          onClick: ({ key }) => {
            if (key === 'csv') {
              // A BOM so spreadsheet programs read the UTF-8 (Chinese, Arabic) as such.
              saveDownload(new Blob(['\ufeff', rowsToCsv(resultRows(data.result))], { type: 'text/csv;charset=utf-8' }), null, exportFileName(title, 'csv'));
            } else if (cellRef.current) {
              saveCanvasAsPng(cellRef.current, exportFileName(title, 'png'));
            }
          },
        }}
      >
        <Button type="text" size="small" icon={<DownloadOutlined />} aria-label={t('cell.export', { title })} data-testid={`export-${widget.id}`} />
      </Dropdown>
    ) : null;
  return (
    <section
      ref={cellRef}
      className={`widget-cell widget-cell-${widget.type}`}
      aria-labelledby={shownTitle ? titleId : undefined}
      aria-busy={data.status === 'loading' || refreshing}
      data-widget-id={widget.id}
      data-widget-state={state}
    >
      {shownTitle || exportMenu ? (
        <div className="widget-cell-head">
          <h2 id={titleId} className="widget-cell-title" dir="auto">
            {shownTitle}
          </h2>
          {refreshing ? <Spin size="small" aria-label={t('cell.refreshing')} /> : null}
          {exportMenu}
        </div>
      ) : null}
      <div className="widget-cell-body">{body}</div>
    </section>
  );
});
