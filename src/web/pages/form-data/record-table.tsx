import { CopyOutlined, EditOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Descriptions, Drawer, Space, Tag } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { FormRecord, RecordPage, RecordStatus } from '../../../core/contracts/record.ts';
import type { RecordSort } from '../../../core/contracts/record-query.ts';
import { formatServerDate } from '../../../core/format.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { ListTable } from '../../ui/list-table.tsx';
import { cellText } from './cell-text.ts';
import type { ListColumn } from './list-columns.ts';
import { cellContext } from './record-cells.ts';
import { PAGE_SIZES, type RecordListStore } from './record-list-store.ts';
import { textIn } from '../../../core/local-text.ts';

const STATUS_COLORS: Record<RecordStatus, string> = { none: 'default', running: 'processing', approved: 'success', rejected: 'error', withdrawn: 'warning' };

/** A list's column names (a field's label, else the system column's) and cell texts, in the reader's language. */
export function useRecordTexts(store: RecordListStore) {
  const { t, i18n } = useTranslation('forms');
  const language = languageOf(i18n);
  const context = cellContext(t, language, store.directory);
  const labelOf = (key: string) => {
    const column = store.columns.find((each) => each.key === key);
    return column?.field ? textIn(column.field.label, i18n.language) || key : t(`list.system.${key}`);
  };
  const textOf = (column: ListColumn, record: FormRecord): string => {
    if (column.field) return cellText(column.field, record.data[column.key], context);
    switch (column.key) {
      case 'number':
        return record.number ?? '';
      case 'title':
        return record.title;
      case 'status':
        return t(`list.status.${record.status}`);
      case 'createdBy':
        return record.createdByName ?? '';
      default:
        return formatServerDate(column.key === 'createTime' ? record.createTime : record.updateTime, language);
    }
  };
  return { labelOf, textOf };
}

export interface RecordTableProps {
  store: RecordListStore;
  page: RecordPage;
  /** Rows can be picked (for the list's batch delete). */
  selectable?: boolean;
  size?: 'small' | 'middle';
}

/**
 * A page of a form's records: the reader's chosen columns, server paging and sort, and per row
 * a look (in a drawer), an edit and a copy, each where the form's rights allow it. The record
 * list screen and the form widget draw their records with it. Cells wrap so that the usual
 * columns fit a wide screen beside the Actions column; more than fit scroll sideways under it.
 * On a phone each record is a card headed by its number and title.
 */
export const RecordTable = observer(function RecordTable({ store, page, selectable = false, size = 'middle' }: RecordTableProps) {
  const { t } = useTranslation('forms');
  const { labelOf, textOf } = useRecordTexts(store);
  const [viewing, setViewing] = useState<FormRecord | null>(null);
  const sortOf = (key: string) => {
    const order = store.sort.find((each) => each.field === key)?.order;
    return order === 'asc' ? ('ascend' as const) : order === 'desc' ? ('descend' as const) : null;
  };
  return (
    <>
      <ListTable<FormRecord>
        rowKey="id"
        size={size}
        dataSource={page.list}
        titleColumns={['number', 'title']}
        className="form-data-table"
        // Auto layout at the width the cells need wrapped, never less than the list's: scrolls only when they cannot fit.
        // One table for header and body (no sticky header), so that their columns line up in this layout.
        tableLayout="auto"
        scroll={{ x: true }}
        rowSelection={selectable ? { selectedRowKeys: store.selected, onChange: (keys) => store.setSelected(keys.map(Number)) } : undefined}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: page.total,
          showSizeChanger: true,
          pageSizeOptions: PAGE_SIZES.map(String),
          showTotal: (total) => t('list.total', { count: total }),
        }}
        onChange={(pagination, _filters, sorter, extra) => {
          if (extra.action === 'sort') {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const sort: RecordSort[] = one?.order && one.columnKey ? [{ field: String(one.columnKey), order: one.order === 'ascend' ? 'asc' : 'desc' }] : [];
            void store.setSort(sort);
          } else if (extra.action === 'paginate') {
            void store.setPage(pagination.current ?? 1, pagination.pageSize ?? store.pageSize);
          }
        }}
        columns={[
          ...store.visibleColumns.map(({ column, width }) => ({
            key: column.key,
            title: <span dir="auto">{labelOf(column.key)}</span>,
            width,
            ellipsis: width !== undefined,
            sorter: column.sortable,
            sortOrder: column.sortable ? sortOf(column.key) : undefined,
            sortDirections: ['ascend' as const, 'descend' as const],
            render: (_value: unknown, record: FormRecord) =>
              column.key === 'status' ? (
                <Tag color={STATUS_COLORS[record.status]}>{textOf(column, record)}</Tag>
              ) : (
                <span dir="auto" className={column.key === 'number' || width !== undefined ? 'form-data-cell form-data-cell-line' : 'form-data-cell'}>
                  {textOf(column, record)}
                </span>
              ),
          })),
          {
            key: 'actions',
            title: t('list.actions'),
            fixed: 'end' as const,
            // Three icon buttons and the cell's padding: no wider, so the usual columns fit beside it.
            width: 112,
            render: (_value: unknown, record: FormRecord) => (
              <Space size={0}>
                <Button type="text" icon={<EyeOutlined />} aria-label={t('list.view', { title: record.number ?? record.title })} onClick={() => setViewing(record)} />
                {store.can('edit') && (
                  <Link to={`/table/edit/${record.id}`} aria-label={t('list.edit', { title: record.number ?? record.title })} className="form-data-action">
                    <EditOutlined />
                  </Link>
                )}
                {store.can('create') && (
                  <Link to={`/table/copy/${record.id}`} aria-label={t('list.copy', { title: record.number ?? record.title })} className="form-data-action">
                    <CopyOutlined />
                  </Link>
                )}
              </Space>
            ),
          },
        ]}
      />
      <Drawer open={viewing !== null} onClose={() => setViewing(null)} title={viewing ? (viewing.number ?? viewing.title) : ''} size={560}>
        {viewing && (
          <Descriptions column={1} bordered size="small">
            {store.columns.map((column) => (
              <Descriptions.Item key={column.key} label={<span dir="auto">{labelOf(column.key)}</span>}>
                <span dir="auto">{textOf(column, viewing)}</span>
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Drawer>
    </>
  );
});
