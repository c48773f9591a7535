import { CopyOutlined, DeleteOutlined, DownloadOutlined, EditOutlined, EyeOutlined, HistoryOutlined, LockOutlined, MoreOutlined, SafetyOutlined, ScissorOutlined } from '@ant-design/icons';
import { Button, Dropdown, Space, Table, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatServerDate, formatSize } from '../../../core/format.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { docIcon, previewKind } from './doc-icons.tsx';
import { DOC_PAGE_SIZE, rowKey, type DocQuery, type DocRow } from './doc-library-store.ts';
import type { DocPageStore } from './doc-page-store.ts';
import { useConfirmDelete } from './use-confirm-delete.ts';

/** A column's sort arrow from the list's query. */
const sortOrder = (query: DocQuery, column: DocQuery['sort']) => (query.sort === column ? (query.order === 'asc' ? 'ascend' : 'descend') : null);

/** The open folder's subfolders and documents (or a search's), a page at a time, each with its actions. */
export const DocTable = observer(function DocTable({ page }: { page: DocPageStore }) {
  const { t, i18n } = useTranslation('docs');
  const confirmDelete = useConfirmDelete(page);
  const { library } = page;
  const listing = library.listing;
  if (!listing) return null;

  /** What a row offers: each action only where the caller's level allows it. */
  const rowMenu = (row: DocRow): MenuProps['items'] => {
    const manages = library.managesAll([row]);
    const items: MenuProps['items'] = [{ key: 'download', icon: <DownloadOutlined />, label: t('download'), onClick: () => page.download([row]) }];
    if (row.kind === 'file') {
      if (previewKind(row.type)) items.unshift({ key: 'preview', icon: <EyeOutlined />, label: t('preview.open'), onClick: () => page.show({ kind: 'preview', doc: row }) });
      items.push({ key: 'versions', icon: <HistoryOutlined />, label: t('versions.open'), onClick: () => page.show({ kind: 'versions', doc: row }) });
    }
    if (manages) {
      items.push(
        { key: 'rename', icon: <EditOutlined />, label: t('rename'), onClick: () => page.show({ kind: 'rename', row }) },
        { key: 'move', icon: <ScissorOutlined />, label: t('move'), onClick: () => page.show({ kind: 'move', rows: [row] }) },
      );
    }
    items.push({ key: 'copy', icon: <CopyOutlined />, label: t('copy'), onClick: () => page.show({ kind: 'copy', rows: [row] }) });
    if (row.kind === 'folder' && row.access === 'manage') {
      items.push({ key: 'grants', icon: <SafetyOutlined />, label: t('grants.open'), onClick: () => page.show({ kind: 'grants', folder: row }) });
    }
    if (manages) items.push({ type: 'divider' }, { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('delete'), onClick: () => confirmDelete([row]) });
    return items;
  };

  return (
    <LoadState
      source={listing}
      empty={{
        when: (data) => data.total === 0 && data.folders.length === 0,
        description: library.searching ? t('noMatch') : library.can('upload') ? t('emptyFolderDrop') : t('emptyFolder'),
      }}
    >
      {(data) => (
        <Table<DocRow>
          rowKey={rowKey}
          size="middle"
          dataSource={library.rows}
          scroll={{ x: 1000 }}
          rowSelection={{ selectedRowKeys: library.selectedKeys, onChange: (keys) => library.setSelection(keys as string[]) }}
          onChange={(_, __, sorter) => {
            const one = Array.isArray(sorter) ? sorter[0] : sorter;
            const field = one?.order ? (one.columnKey as DocQuery['sort']) : 'name';
            library.setSort(field, one?.order === 'descend' ? 'desc' : 'asc');
          }}
          pagination={{
            current: library.query.pageNum,
            pageSize: DOC_PAGE_SIZE,
            total: data.total,
            hideOnSinglePage: true,
            showSizeChanger: false,
            onChange: (pageNum) => library.setPage(pageNum),
          }}
          columns={[
            {
              key: 'name',
              title: t('columns.name'),
              width: 320,
              sorter: true,
              sortOrder: sortOrder(library.query, 'name'),
              render: (_: unknown, row) => (
                <Space direction="vertical" size={0}>
                  <Button type="link" className="doc-name" onClick={() => page.open(row)} icon={docIcon(row.kind, row.kind === 'file' ? row.type : '')} data-testid={`doc-row-${row.name}`}>
                    <span dir="auto">{row.name}</span>
                    {row.kind === 'folder' && row.restricted && <LockOutlined className="doc-lock" aria-label={t('restricted')} />}
                  </Button>
                  {library.searching && row.kind === 'file' && (
                    <Typography.Text type="secondary" className="doc-path" dir="auto">
                      {data.paths?.[String(row.folderId ?? '')] || page.topName}
                    </Typography.Text>
                  )}
                </Space>
              ),
            },
            {
              key: 'size',
              title: t('columns.size'),
              width: 110,
              sorter: true,
              sortOrder: sortOrder(library.query, 'size'),
              render: (_: unknown, row) => (row.kind === 'file' ? formatSize(row.size) : '—'),
            },
            { key: 'version', title: t('columns.version'), width: 90, render: (_: unknown, row) => (row.kind === 'file' ? `v${row.version}` : '—') },
            {
              key: 'updatedBy',
              title: t('columns.updatedBy'),
              width: 150,
              render: (_: unknown, row) => <span dir="auto">{row.kind === 'file' ? (row.updatedBy ?? '—') : '—'}</span>,
            },
            {
              key: 'updateTime',
              title: t('columns.updateTime'),
              width: 190,
              sorter: true,
              sortOrder: sortOrder(library.query, 'updateTime'),
              render: (_: unknown, row) => formatServerDate(row.updateTime, i18n.language),
            },
            {
              key: 'actions',
              title: t('columns.actions'),
              width: 80,
              fixed: 'right',
              render: (_: unknown, row) => (
                <Dropdown menu={{ items: rowMenu(row) }} trigger={['click']}>
                  <Button type="text" icon={<MoreOutlined />} aria-label={t('actionsOf', { name: row.name })} data-testid={`doc-actions-${row.name}`} />
                </Dropdown>
              ),
            },
          ]}
        />
      )}
    </LoadState>
  );
});
