import { Alert, Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import ReactGridLayout, { useContainerWidth } from 'react-grid-layout';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COLUMNS, DEFAULT_GAP, DEFAULT_ROW_HEIGHT, type PageConfig } from '../../core/pages/page-config.ts';
import { PageLookContext, type PageLook } from '../../../widgets/page-look.ts';
import { directionOf } from '../i18n/languages.ts';
import { useAccessVersion } from '../stores/stores-context.tsx';
import { breakpointOf, gridItems } from './grid-layout.ts';
import type { DatasetFields, PageDataSource } from './page-data-source.ts';
import { PageFilterStore } from './page-filter-store.ts';
import { WidgetCell, widgetComponent } from './widget-cell.tsx';
import { useWidgetRegistry } from './widget-registry-context.ts';
import 'react-grid-layout/css/styles.css';
import './page-renderer.css';
import { textIn } from '../../core/local-text.ts';

export interface PageRendererProps {
  config: PageConfig;
  source: PageDataSource;
  /** Show the page's title and description above the grid (default true). */
  showHeader?: boolean;
  /** Drawn at the end of the title row, e.g. the "Edit page" button of an editor. */
  actions?: ReactNode;
  /** Changing it asks every widget for its data again, keeping what it shows until the answer comes. */
  refreshToken?: number;
  /** Each widget offers its data as CSV, a chart also as PNG. */
  exportable?: boolean;
  /** Defaults of the screen around the page (a plate's BI settings): the charts' palette. */
  look?: PageLook;
}

/** Dataset fields for the filters: undefined while loading; null where unknown or unreadable. */
function useDatasetFields(source: PageDataSource, needed: boolean): DatasetFields | null | undefined {
  const [fields, setFields] = useState<DatasetFields | null | undefined>(needed ? undefined : null);
  useEffect(() => {
    if (!needed) return;
    let live = true;
    // Without the field list, filters fall back to the fields each query names.
    source.datasetFields().then(
      (found) => live && setFields(found),
      () => live && setFields(null),
    );
    return () => {
      live = false;
    };
  }, [source, needed]);
  return fields;
}

/** The function points that `visibleIf` asks about and the reader holds; null while loading. */
function useHeldPoints(config: PageConfig, source: PageDataSource): { held: ReadonlySet<string> | null; failed: boolean } {
  const modules = useMemo(
    () => [...new Set(config.widgets.flatMap((w) => (w.visibleIf ? [w.visibleIf.functionPoint.split(':')[0]!] : [])))].sort(),
    [config],
  );
  const [state, setState] = useState<{ held: ReadonlySet<string> | null; failed: boolean }>({ held: modules.length ? null : new Set(), failed: false });
  // Read again at each access check of the shell (a grant or revocation may have happened).
  const accessVersion = useAccessVersion();
  useEffect(() => {
    if (modules.length === 0) return;
    let live = true;
    source.heldPoints(modules).then(
      (held) => live && setState({ held, failed: false }),
      // Unknown rights show nothing that needs them; the server's check stays the rule anyway.
      // A failed re-read keeps what was read before.
      () => live && setState((before) => (before.held && !before.failed ? before : { held: new Set(), failed: true })),
    );
    return () => {
      live = false;
    };
  }, [source, modules, accessVersion]);
  return state;
}

const PageView = observer(function PageView({ config, source, showHeader = true, actions, refreshToken, exportable, look }: PageRendererProps) {
  const { t, i18n } = useTranslation('widgets');
  const [filters] = useState(() => new PageFilterStore(config.filters ?? [], (dataset, field) => source.distinct(dataset, field)));
  const fields = useDatasetFields(source, config.widgets.some((w) => w.data));
  const { held, failed } = useHeldPoints(config, source);
  const { width, containerRef } = useContainerWidth({ initialWidth: 1200 });
  const registry = useWidgetRegistry();

  const visible = useMemo(
    () => config.widgets.filter((w) => !w.visibleIf || (held?.has(w.visibleIf.functionPoint) ?? false)),
    [config, held],
  );
  // Every widget type's chunk starts loading with the page, in parallel with the data.
  useEffect(() => {
    for (const widget of visible) {
      const definition = registry.definition(widget.type);
      if (definition) void widgetComponent(definition).preload();
    }
  }, [visible, registry]);

  const layout = config.layout ?? {};
  const gap = layout.gap ?? DEFAULT_GAP;
  const { cols, items } = gridItems(visible, layout.columns ?? DEFAULT_COLUMNS, breakpointOf(width), directionOf(i18n.language) === 'rtl');

  return (
    <div className="page-renderer" style={layout.background ? { background: layout.background } : undefined}>
      {showHeader ? (
        <header className="page-renderer-head">
          <div className="page-renderer-heading">
            <h1 className="page-renderer-title" dir="auto">{textIn(config.title, i18n.language)}</h1>
            {config.description ? <p className="page-renderer-description" dir="auto">{textIn(config.description, i18n.language)}</p> : null}
          </div>
          {actions ? <div className="page-renderer-actions">{actions}</div> : null}
        </header>
      ) : null}
      {failed ? <Alert className="page-renderer-notice" type="warning" showIcon title={t('page.rightsUnknown')} /> : null}
      {filters.selection ? (
        <Alert
          className="page-renderer-notice"
          type="info"
          showIcon
          role="status"
          title={t('page.crossFilter', {
            label: filters.selection.label,
            widget: config.widgets.find((w) => w.id === filters.selection!.widgetId)?.title ?? '',
          })}
          action={
            <Button size="small" onClick={() => filters.select(null)} data-testid="clear-cross-filter">
              {t('page.clearCrossFilter')}
            </Button>
          }
        />
      ) : null}
      <PageLookContext.Provider value={look ?? NO_LOOK}>
        <div ref={containerRef} className="page-renderer-grid">
          {visible.length === 0 ? (
            <p className="page-renderer-empty">{t('page.noWidgets')}</p>
          ) : (
            <ReactGridLayout
              width={width}
              layout={items}
              gridConfig={{ cols, rowHeight: layout.rowHeight ?? DEFAULT_ROW_HEIGHT, margin: [gap, gap], containerPadding: [0, 0] }}
              dragConfig={{ enabled: false }}
              resizeConfig={{ enabled: false }}
            >
              {visible.map((widget) => (
                <div key={widget.id} className="page-renderer-item">
                  <WidgetCell widget={widget} source={source} filters={filters} fields={fields} refreshToken={refreshToken} exportable={exportable} />
                </div>
              ))}
            </ReactGridLayout>
          )}
        </div>
      </PageLookContext.Provider>
    </div>
  );
});

const NO_LOOK: PageLook = {};
const configKeys = new WeakMap<PageConfig, number>();
let nextKey = 1;

/**
 * A page config drawn through the widget registry: a static responsive grid of widget
 * cells sharing the page's filters. A new config (another page, an edit) starts afresh.
 */
export function PageRenderer(props: PageRendererProps) {
  let key = configKeys.get(props.config);
  if (key === undefined) {
    key = nextKey++;
    configKeys.set(props.config, key);
  }
  return <PageView key={key} {...props} />;
}
