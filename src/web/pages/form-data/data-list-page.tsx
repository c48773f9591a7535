import {
  DeleteOutlined,
  DownloadOutlined,
  FilterOutlined,
  PlusOutlined,
  SaveOutlined,
  SearchOutlined,
  SettingOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Button, Card, Input, Result, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { textIn } from '../../../core/local-text.ts';
import { useTextIn } from '../../i18n/local-text.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { useAdminApi } from '../../ui/use-admin-api.ts';
import { saveDownload } from '../../api/download.ts';
import { ColumnSettings } from './column-settings.tsx';
import { FilterControl } from './filter-control.tsx';
import { ImportModal } from './import-modal.tsx';
import { filterableColumns } from './list-filters.ts';
import { keywordHint } from './keyword-hint.ts';
import { RecordListStore } from './record-list-store.ts';
import { RecordTable, useRecordTexts } from './record-table.tsx';
import { useFormDataApi } from './use-form-data-api.ts';
import '../../ui/admin.css';
import './form-data.css';

/** /table/dataList/:id — one form's records: filter bar, server paging and sort, chosen columns, export, import, batch delete. */
const DataListPage = observer(function DataListPage() {
  const { id } = useParams();
  const formId = Number(id);
  if (!Number.isInteger(formId) || formId < 1) return <NotFound />;
  return <RecordList key={formId} formId={formId} />;
});

function NotFound() {
  const { t } = useTranslation('forms');
  return <Result status="404" title={t('list.notFound')} extra={<Link to="/table/formData">{t('list.backToForms')}</Link>} />;
}

const RecordList = observer(function RecordList({ formId }: { formId: number }) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const { modal, message } = App.useApp();
  const api = useFormDataApi();
  const adminApi = useAdminApi();
  const [store] = useState(() => new RecordListStore(api, formId, adminApi));
  const [columnsOpen, setColumnsOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    void store.open();
  }, [store]);
  const { labelOf } = useRecordTexts(store);

  if (store.form.status === 'failed' && store.form.error === 'not-found') return <NotFound />;

  const exportRows = async () => {
    setExporting(true);
    try {
      // The server names the file by the form's English name; the same when its name is missing.
      const name = saveDownload(await store.exportRecords(), null, `${textIn(store.form.data?.option.name, 'en') || 'records'}.xlsx`);
      void message.success(t('list.exported', { name }));
    } finally {
      setExporting(false);
    }
  };
  const confirmDelete = () => {
    modal.confirm({
      title: t('list.deleteTitle', { count: store.selected.length }),
      content: t('list.deleteContent'),
      okText: t('list.delete'),
      okButtonProps: { danger: true },
      cancelText: t('list.cancel'),
      onOk: async () => {
        const count = await store.deleteSelected();
        void message.success(t('list.deleted', { count }));
      },
    });
  };
  const saveSearch = async () => {
    await store.saveSearch();
    void message.success(t('list.searchSaved'));
  };

  return (
    <div className="admin-page form-data-page">
      <LoadState source={store.form}>
        {({ option }) => (
          <>
            <div className="admin-page-header">
              <Typography.Title level={3}>
                <span dir="auto">{textOf(option.name)}</span>
              </Typography.Title>
              <Space wrap>
                {store.can('create') && (
                  <Link to={`/table/create/${formId}`}>
                    <Button type="primary" icon={<PlusOutlined />} tabIndex={-1}>
                      {t('list.create')}
                    </Button>
                  </Link>
                )}
                {store.can('import') && (
                  <Button icon={<UploadOutlined />} onClick={() => setImportOpen(true)}>
                    {t('list.import.button')}
                  </Button>
                )}
                {store.can('export') && (
                  <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportRows()}>
                    {t('list.export')}
                  </Button>
                )}
                <Button icon={<SettingOutlined />} onClick={() => setColumnsOpen(true)}>
                  {t('list.columns.button')}
                </Button>
              </Space>
            </div>
            <FilterBar store={store} labelOf={labelOf} onSave={() => void saveSearch()} />
            <Card className="form-data-records">
              {store.can('delete') && (
                <Space className="admin-toolbar" wrap>
                  <Button danger icon={<DeleteOutlined />} disabled={store.selected.length === 0} onClick={confirmDelete} data-testid="batch-delete">
                    {t('list.deleteSelected', { count: store.selected.length })}
                  </Button>
                </Space>
              )}
              <LoadState source={store.records} empty={{ when: (page) => page.total === 0, description: t('list.empty') }}>
                {(page) => <RecordTable store={store} page={page} selectable={store.can('delete')} />}
              </LoadState>
            </Card>
            <ColumnSettings open={columnsOpen} preferences={store.columnPreferences} labelOf={labelOf} onClose={() => setColumnsOpen(false)} onSave={(preferences) => store.saveColumns(preferences)} onReset={() => store.resetToDefaults()} />
            <ImportModal open={importOpen} onClose={() => setImportOpen(false)} onImport={(file) => store.importRecords(file)} />
          </>
        )}
      </LoadState>
    </div>
  );
});

/** Keyword, the shown filters with their controls, and the buttons that search, clear and keep the search. */
const FilterBar = observer(function FilterBar({ store, labelOf, onSave }: { store: RecordListStore; labelOf: (key: string) => string; onSave: () => void }) {
  const { t } = useTranslation('forms');
  const byKey = new Map(store.columns.map((column) => [column.key, column]));
  return (
    <Card size="small" className="form-data-filters">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void store.search();
        }}
        aria-label={t('list.filter.title')}
      >
        <div className="form-data-filter-grid">
          <label className="form-data-filter">
            <span>{t('list.keyword')}</span>
            <Input allowClear placeholder={keywordHint(t, store.form.data?.version.settings, labelOf)} value={store.keyword} onChange={(event) => store.setKeyword(event.target.value)} className="form-data-filter-input" />
          </label>
          {store.shownFilters.map((key) => {
            const column = byKey.get(key);
            if (!column) return null;
            return (
              <div className="form-data-filter" key={key} data-filter={key}>
                <span dir="auto">{labelOf(key)}</span>
                <FilterControl column={column} label={labelOf(key)} value={store.filterValues.get(key)} directory={store.directory} onChange={(filter) => store.setFilter(key, filter)} />
              </div>
            );
          })}
        </div>
        <Space wrap className="form-data-filter-actions">
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search">
            {t('list.search')}
          </Button>
          <Button onClick={() => void store.resetFilters()}>{t('list.reset')}</Button>
          <Select
            mode="multiple"
            className="form-data-choose-filters"
            aria-label={t('list.filter.choose')}
            placeholder={t('list.filter.choose')}
            prefix={<FilterOutlined />}
            maxTagCount={0}
            // Looks like an active filter only when one is: applied filters in the accent colour, else a plain count of the fields shown.
            maxTagPlaceholder={() =>
              store.appliedFilters.length > 0 ? (
                <span className="form-data-filter-count form-data-filter-count-applied">{t('list.filter.applied', { count: store.appliedFilters.length })}</span>
              ) : (
                <span className="form-data-filter-count">{t('list.filter.chosen', { count: store.shownFilters.length })}</span>
              )
            }
            value={store.shownFilters}
            options={filterableColumns(store.columns).map((column) => ({ value: column.key, label: labelOf(column.key) }))}
            onChange={(keys: string[]) => store.setShownFilters(keys)}
            data-testid="choose-filters"
          />
          <Button icon={<SaveOutlined />} onClick={onSave} data-testid="save-search">
            {t('list.saveSearch')}
          </Button>
        </Space>
      </form>
    </Card>
  );
});

export default DataListPage;
