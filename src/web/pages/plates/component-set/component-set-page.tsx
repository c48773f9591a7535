import { ArrowLeftOutlined, CheckOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Empty, Result, Space, Table, Tabs, Tooltip } from 'antd';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_GAP, DEFAULT_ROW_HEIGHT, type WidgetConfig } from '../../../../core/pages/page-config.ts';
import { checkDatasetQuery, type QueryProblem } from '../../../../core/query/check-query.ts';
import { columnTitle, resultValueText } from '../../../../core/value-format.ts';
import { valueText } from '../../../../core/value-text.ts';
import { useValueWords } from '../../../../../widgets/value-words.ts';
import { problemSentence } from '../../../ui/problem-sentence.ts';
import { useUnsavedChanges } from '../../../ui/use-unsaved-changes.ts';
import { pageApi, type QueryResult } from '../../../api/page-endpoints.ts';
import { signedInDataSource, type PageDataSource } from '../../../renderer/page-data-source.ts';
import { PageFilterStore } from '../../../renderer/page-filter-store.ts';
import { WidgetCell } from '../../../renderer/widget-cell.tsx';
import { useStores } from '../../../stores/stores-context.tsx';
import { newComponent } from '../../../../../widgets/new-component.ts';
import { resultRows, type PlateSettingsContext } from '../../../../../widgets/types.ts';
import { useWidgetRegistry } from '../../../renderer/widget-registry-context.ts';
import { PLATE_LIST_PATH } from '../plate-view-page.tsx';
import { EditorSelects } from '../editor/editor-selects.tsx';
import { componentKindName } from '../editor/palette.ts';
import { CREATE_PLATE_PATH, EDIT_PLATE_PATH, plateEditorPath } from '../editor/plate-paths.ts';
import { DataSettings } from './data-settings.tsx';
import { LookSettings } from './look-settings.tsx';
import { WidgetSettingsPanel } from './widget-settings-panel.tsx';
import '../plates.css';
import '../editor/plate-editor.css';
import './component-set.css';
import { usePlateSources } from '../editor/use-plate-sources.ts';
import { textIn } from '../../../../core/local-text.ts';

/** Rows of the query result listed under the preview. */
const RESULT_ROWS_SHOWN = 50;

/** The page's data source, telling the preview's result table each answer the component got. */
function watchedSource(source: PageDataSource, onResult: (result: QueryResult | Error) => void): PageDataSource {
  return {
    ...source,
    run: (widget, query, extras) =>
      source.run(widget, query, extras).then(
        (result) => {
          onResult(result);
          return result;
        },
        (failure: unknown) => {
          onResult(failure instanceof Error ? failure : new Error(String(failure)));
          throw failure;
        },
      ),
  };
}

/**
 * /dataAnalysisPlate/ComponentSet: the settings of the component the plate store's `editIdx`
 * names — its data (source, dimensions, measures, filters, sort, top N), its look, or, for the
 * filter controls, the plate's filters — beside a live preview and the query's result rows.
 * Edits go straight into the plate's draft (undoable); the editor saves them.
 */
const ComponentSetPage = observer(function ComponentSetPage() {
  const { t, i18n } = useTranslation('widgets');
  const stores = useStores();
  const registry = useWidgetRegistry();
  const store = stores.plate;
  const navigate = useNavigate();
  const pages = useMemo(() => pageApi(stores.api.http), [stores]);
  const [result, setResult] = useState<QueryResult | Error | null>(null);
  const words = useValueWords();
  const source = useMemo(() => watchedSource(signedInDataSource(pages), setResult), [pages]);
  const { datasets, fields } = usePlateSources(pages, source);
  const widget = store.editedComponent;
  const editorPath = store.componentSet.type === 'create' || store.plateId === null ? CREATE_PLATE_PATH : plateEditorPath(store.plateId);

  useUnsavedChanges(() => store.dirty, {
    keepsEdits: (next) => next.pathname === CREATE_PLATE_PATH || next.pathname === EDIT_PLATE_PATH,
    onLeave: () => store.close(),
  });

  const filtersKey = JSON.stringify(store.filters);
  const filters = useMemo(() => new PageFilterStore(store.filters, (dataset, field) => source.distinct(dataset, field)), [filtersKey, source]);

  const back = () => {
    store.closeSettings();
    navigate(editorPath, { state: { fromSettings: true } });
  };

  if (!widget) {
    return (
      <Result
        status="info"
        title={t('plates.settings.noneChosen')}
        subTitle={t('plates.settings.noneChosenHint')}
        extra={
          <Button type="primary" onClick={() => void navigate(store.open ? editorPath : PLATE_LIST_PATH)} autoFocus>
            {store.open ? t('plates.settings.backToEditor') : t('plates.view.allPlates')}
          </Button>
        }
      />
    );
  }

  const definition = registry.definition(widget.type);
  const entry = registry.entryOf(widget);
  const kindName = componentKindName(t, entry, widget);
  const dataset = datasets?.find((d) => d.code === widget.data?.dataset);
  const problems: QueryProblem[] = widget.data && dataset ? checkDatasetQuery(widget.data, dataset) : [];
  const update = (next: WidgetConfig, tag?: string) => store.updateEdited(next, tag ?? null);
  const usedDatasets = [...new Set(store.components.flatMap((c) => (c.data ? [c.data.dataset] : [])))];
  const plate: PlateSettingsContext = { filters: store.filters, setFilters: (next, tag) => store.setFilters(next, tag ?? null), datasets, usedDatasets };

  const dataTab = widget.data
    ? {
        key: 'data',
        label: t('plates.settings.dataTab'),
        children:
          datasets === null ? (
            <p className="component-set-hint">{t('plates.settings.loadingSources')}</p>
          ) : datasets.length === 0 ? (
            <Empty description={t('plates.settings.noSources')} />
          ) : (
            <DataSettings
              query={widget.data}
              datasets={datasets}
              rowsAllowed={definition?.data.query === 'rows'}
              maxDimensions={entry?.maxDimensions ?? definition?.data.maxDimensions}
              onChange={(data, tag) => update({ ...widget, data }, tag)}
              onSourceChange={(next) => {
                // The component starts over on the new source, as its widget starts one.
                const data = entry ? newComponent(entry, { id: widget.id, title: textIn(widget.title, i18n.language) || kindName, dataset: next, cell: widget.grid }).data : { dataset: next.code };
                update({ ...widget, data });
              }}
            />
          ),
      }
    : null;
  const lookTab = { key: 'look', label: t('plates.settings.lookTab'), children: <LookSettings widget={widget} definition={definition} plate={plate} onChange={update} /> };
  // A widget's settings with a tab of their own (the filter controls': the plate's filters).
  const ownSettings = definition?.settings;
  const ownTab = ownSettings?.tab
    ? { key: 'widget', label: t(ownSettings.tab), children: <WidgetSettingsPanel widget={widget} settings={ownSettings} plate={plate} onChange={update} /> }
    : null;
  const tabs = [dataTab, ownTab, lookTab].filter((tab) => tab !== null);

  const rowHeight = store.layout.rowHeight ?? DEFAULT_ROW_HEIGHT;
  const previewHeight = Math.min(520, Math.max(160, widget.grid.h * rowHeight + (widget.grid.h - 1) * (store.layout.gap ?? DEFAULT_GAP)));
  const rows = result && !(result instanceof Error) ? resultRows(result) : [];
  // The result as the form shows it: field titles, labels and names, dates in the author's form.
  const described = result && !(result instanceof Error) ? (result.columns ?? []) : [];
  const columns = (described.length ? described.map((c) => c.name) : Object.keys(rows[0] ?? {})).map((name) => {
    const about = described.find((c) => c.name === name);
    return {
      title: about ? columnTitle(about, words) : name,
      dataIndex: name,
      key: name,
      ellipsis: true,
      render: (v: unknown) => (about ? resultValueText(about, v, words) : v === null || v === undefined ? '' : valueText(v)),
    };
  });

  return (
    <div className="component-set" data-testid="component-set">
      <header className="plate-editor-bar">
        <Tooltip title={t('plates.settings.backToEditor')}>
          <Button icon={<ArrowLeftOutlined className="plate-editor-back-icon" />} onClick={back} aria-label={t('plates.settings.backToEditor')} />
        </Tooltip>
        <h1 className="component-set-title">
          {t('plates.settings.heading', { name: textIn(widget.title, i18n.language) || kindName, plate: textIn(store.name, i18n.language) })}
        </h1>
        {store.dirty ? <span className="plate-editor-dirty">{t('plates.editor.unsaved')}</span> : null}
        <Space className="plate-editor-actions">
          <Tooltip title={t('plates.editor.undo')}>
            <Button icon={<UndoOutlined />} disabled={!store.history.canUndo} onClick={() => store.undo()} aria-label={t('plates.editor.undo')} />
          </Tooltip>
          <Tooltip title={t('plates.editor.redo')}>
            <Button icon={<RedoOutlined />} disabled={!store.history.canRedo} onClick={() => store.redo()} aria-label={t('plates.editor.redo')} />
          </Tooltip>
          <Button type="primary" icon={<CheckOutlined />} onClick={back} data-testid="component-set-done">
            {t('plates.settings.done')}
          </Button>
        </Space>
      </header>
      <div className="component-set-body">
        <section className="component-set-settings" aria-label={t('plates.settings.label')}>
          <EditorSelects>
            <Tabs items={tabs} />
          </EditorSelects>
        </section>
        <section className="component-set-preview" aria-label={t('plates.settings.preview')}>
          <h2 className="plate-palette-heading">{t('plates.settings.preview')}</h2>
          {problems.length ? (
            <Alert
              type="warning"
              showIcon
              className="component-set-problems"
              title={t('plates.settings.problems')}
              description={
                <ul>
                  {problems.map((p, i) => (
                    <li key={i}>{problemSentence(t, p)}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          <div className="component-set-cell page-renderer-item" style={{ height: previewHeight }} data-testid="component-preview">
            <WidgetCell widget={widget} source={source} filters={filters} fields={fields} />
          </div>
          {widget.data ? (
            <>
              <h2 className="plate-palette-heading">
                {result instanceof Error
                  ? t('plates.settings.resultFailed')
                  : t('plates.settings.resultRows', { count: result && 'total' in result ? result.total : rows.length })}
              </h2>
              {result instanceof Error ? (
                <Alert type="error" showIcon title={result.message} />
              ) : (
                <Table
                  size="small"
                  rowKey={(_, i) => String(i)}
                  dataSource={rows.slice(0, RESULT_ROWS_SHOWN)}
                  columns={columns}
                  pagination={false}
                  scroll={{ x: true, y: 260 }}
                  data-testid="component-result"
                />
              )}
            </>
          ) : null}
        </section>
      </div>
    </div>
  );
});

export default ComponentSetPage;
