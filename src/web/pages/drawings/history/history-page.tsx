import { ArrowLeftOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Card, Result, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import type { RevisionRow } from '../../../../core/contracts/drawings.ts';
import { formatNumber } from '../../../../core/value-format.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { ListTable } from '../../../ui/list-table.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import { RevisionStatus } from '../shared/revision-status.tsx';
import { sheetPath } from '../shared/sheet-paths.ts';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { HistoryStore } from './history-store.ts';
import { RevisionCompare } from './revision-compare.tsx';
import { SheetPicker } from './sheet-picker.tsx';
import '../../../ui/admin.css';
import '../shared/drawings.css';

const sheetIdOf = (raw: string | null) => (raw && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null);

/**
 * /drawing/pictureHistory?sheetId=: every revision of a sheet with who uploaded and published
 * it and when; any two compared side by side or as an overlay. Without a sheet, a search for
 * one comes first.
 */
const HistoryPage = observer(function HistoryPage() {
  const { t } = useTranslation('drawings');
  const workspace = useStores().layout.workSpace;
  const [params, setParams] = useSearchParams();
  const sheetId = sheetIdOf(params.get('sheetId'));
  if (!workspace) return <Result status="info" title={t('noWorkspace')} />;
  if (sheetId === null) {
    return <SheetPicker key={workspace.code} workspaceCode={workspace.code} onPick={(id) => setParams({ sheetId: String(id) })} />;
  }
  return <SheetHistory key={`${workspace.code}-${sheetId}`} sheetId={sheetId} onOther={() => setParams({})} />;
});

export default HistoryPage;

const SheetHistory = observer(function SheetHistory({ sheetId, onOther }: { sheetId: number; onOther: () => void }) {
  const { t } = useTranslation('drawings');
  const { discipline, date, language } = useDrawingTexts();
  const { api, fileUrl } = useDrawingApi();
  const [store] = useState(() => new HistoryStore(api, sheetId));
  useEffect(() => void store.start(), [store]);

  const back = (
    <Button icon={<ArrowLeftOutlined className="drawing-flip" />} onClick={onOther} data-testid="drawing-history-other">
      {t('history.other')}
    </Button>
  );
  if (store.detail.status === 'failed' && !store.detail.data) {
    return <Result status="404" title={t('history.notFound')} subTitle={store.detail.error || undefined} extra={back} />;
  }

  const source = (row: RevisionRow) => (row.page === null ? row.fileName : t('release.filePage', { file: row.fileName, page: formatNumber(row.page, language) }));
  return (
    <div className="admin-page drawing-page drawing-history">
      <div className="admin-page-header">
        <Typography.Title level={3}>
          {store.detail.data ? (
            <>
              <bdi>{store.detail.data.sheet.number}</bdi>
              <Typography.Text type="secondary" className="drawing-heading-workspace" dir="auto">
                {store.detail.data.sheet.title}
              </Typography.Text>
            </>
          ) : (
            t('history.title')
          )}
        </Typography.Title>
        <Space wrap>
          {back}
          {store.detail.data?.sheet.current && (
            <Link to={sheetPath(store.detail.data.sheet.current.id)} tabIndex={-1}>
              <Button type="primary" icon={<EyeOutlined />}>
                {t('history.openCurrent')}
              </Button>
            </Link>
          )}
        </Space>
      </div>
      <LoadState source={store.detail}>
        {(detail) => (
          <>
            <Typography.Paragraph type="secondary" className="drawing-history-summary">
              {[discipline(detail.sheet.discipline), detail.sheet.setName, t('history.count', { count: detail.revisions.length, shown: formatNumber(detail.revisions.length, language) })]
                .filter(Boolean)
                .join(' · ')}
            </Typography.Paragraph>
            <Card size="small" title={t('history.revisions')}>
              <Typography.Paragraph type="secondary">{t('history.pickTwo')}</Typography.Paragraph>
              <ListTable<RevisionRow>
                rowKey="id"
                size="middle"
                dataSource={detail.revisions}
                pagination={false}
                titleColumns={['label', 'status']}
                tableLayout="auto"
                data-testid="drawing-history-list"
                rowSelection={{
                  selectedRowKeys: store.picked,
                  hideSelectAll: true,
                  onChange: (keys) => store.setPicked(keys as number[]),
                  getCheckboxProps: (row) => ({ 'aria-label': t('history.pick', { label: row.label }) }),
                }}
                columns={[
                  { key: 'label', title: t('columns.revision'), render: (_: unknown, row) => <strong>{row.label}</strong> },
                  { key: 'status', title: t('columns.status'), render: (_: unknown, row) => <RevisionStatus status={row.status} /> },
                  { key: 'file', title: t('columns.file'), render: (_: unknown, row) => <bdi>{source(row)}</bdi> },
                  {
                    key: 'uploaded',
                    title: t('columns.uploaded'),
                    render: (_: unknown, row) => t('history.by', { name: row.uploadedBy, date: date(row.createTime) }),
                  },
                  {
                    key: 'published',
                    title: t('columns.published'),
                    render: (_: unknown, row) => (row.publishTime ? t('history.by', { name: row.publishedBy ?? '—', date: date(row.publishTime) }) : '—'),
                  },
                  {
                    key: 'actions',
                    title: t('columns.actions'),
                    render: (_: unknown, row) => (
                      <Link to={sheetPath(row.id)} tabIndex={-1}>
                        <Button size="small" icon={<EyeOutlined />} aria-label={t('history.openOf', { label: row.label })}>
                          {t('history.open')}
                        </Button>
                      </Link>
                    ),
                  },
                ]}
              />
            </Card>
            <RevisionCompare store={store} number={detail.sheet.number} fileUrl={fileUrl} />
          </>
        )}
      </LoadState>
    </div>
  );
});
