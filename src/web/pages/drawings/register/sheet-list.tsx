import { HistoryOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { SheetRow, SheetSort } from '../../../../core/contracts/drawings.ts';
import { formatNumber } from '../../../../core/value-format.ts';
import { ListTable } from '../../../ui/list-table.tsx';
import { LoadState } from '../../../ui/load-state.tsx';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import { historyPath, sheetPath } from '../shared/sheet-paths.ts';
import { REGISTER_PAGE_SIZE } from './register-store.ts';
import { registerEmpty, type SheetViewProps } from './sheet-grid.tsx';

/** The register as a list (cards on a phone): a sheet per row, sorted by a column's heading. */
export const SheetList = observer(function SheetList({ register, emptyAction }: SheetViewProps) {
  const { t } = useTranslation('drawings');
  const { discipline, date, language } = useDrawingTexts();
  const { query } = register;
  const sortOrder = (column: SheetSort) => (query.sort === column ? (query.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null);
  return (
    <LoadState
      source={register.listing}
      empty={registerEmpty(register, emptyAction, t)}
    >
      {(data) => (
        <ListTable<SheetRow>
          rowKey="id"
          size="middle"
          dataSource={data.rows}
          titleColumns={['number', 'title']}
          tableLayout="auto"
          data-testid="drawing-list"
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            if (!one?.order) register.setSort('number', 'asc');
            else register.setSort(one.columnKey as SheetSort, one.order === 'descend' ? 'desc' : 'asc');
          }}
          pagination={{
            current: query.page,
            pageSize: REGISTER_PAGE_SIZE,
            total: data.total,
            hideOnSinglePage: true,
            showSizeChanger: false,
            showTotal: (total) => t('register.total', { count: total }),
            onChange: (page) => register.setPage(page),
          }}
          columns={[
            {
              key: 'number',
              title: t('columns.number'),
              sorter: true,
              sortOrder: sortOrder('number'),
              render: (_: unknown, sheet) =>
                sheet.current ? (
                  <Link to={sheetPath(sheet.current.id)} className="drawing-number" data-testid={`drawing-row-${sheet.number}`}>
                    <bdi>{sheet.number}</bdi>
                  </Link>
                ) : (
                  <bdi className="drawing-number">{sheet.number}</bdi>
                ),
            },
            {
              key: 'title',
              title: t('columns.title'),
              sorter: true,
              sortOrder: sortOrder('title'),
              render: (_: unknown, sheet) => <span dir="auto">{sheet.title || t('register.untitled')}</span>,
            },
            { key: 'discipline', title: t('columns.discipline'), sorter: true, sortOrder: sortOrder('discipline'), render: (_: unknown, sheet) => discipline(sheet.discipline) },
            { key: 'set', title: t('columns.set'), render: (_: unknown, sheet) => (sheet.setName ? <bdi>{sheet.setName}</bdi> : '—') },
            { key: 'revision', title: t('columns.revision'), render: (_: unknown, sheet) => sheet.current?.label ?? '—' },
            { key: 'revisions', title: t('columns.revisions'), render: (_: unknown, sheet) => formatNumber(sheet.revisionCount, language) },
            {
              key: 'pending',
              title: t('columns.pending'),
              render: (_: unknown, sheet) => (sheet.pendingCount > 0 ? <Badge status="warning" text={t('register.pendingCount', { count: sheet.pendingCount })} /> : '—'),
            },
            {
              key: 'updateTime',
              title: t('columns.updated'),
              sorter: true,
              sortOrder: sortOrder('updateTime'),
              render: (_: unknown, sheet) => <span className="drawing-nowrap">{date(sheet.updateTime)}</span>,
            },
            { key: 'updatedBy', title: t('columns.updatedBy'), render: (_: unknown, sheet) => (sheet.updatedBy ? <bdi>{sheet.updatedBy}</bdi> : '—') },
            {
              key: 'actions',
              title: t('columns.actions'),
              render: (_: unknown, sheet) => (
                <Link to={historyPath(sheet.id)} tabIndex={-1}>
                  <Button size="small" icon={<HistoryOutlined />} aria-label={t('register.historyOf', { number: sheet.number })}>
                    {t('register.history')}
                  </Button>
                </Link>
              ),
            },
          ]}
        />
      )}
    </LoadState>
  );
});
