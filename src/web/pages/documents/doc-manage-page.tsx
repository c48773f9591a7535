import {
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FolderAddOutlined,
  HistoryOutlined,
  LockOutlined,
  MoreOutlined,
  RestOutlined,
  SafetyOutlined,
  ScissorOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { App, Breadcrumb, Button, Card, Dropdown, Empty, Input, Modal, Result, Select, Space, Table, Tree, Typography } from 'antd';
import type { MenuProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocFile, DocFolder } from '../../../core/contracts/documents.ts';
import { FILE_TYPE_GROUP_NAMES, type FileTypeGroup } from '../../../core/contracts/files.ts';
import { formatServerDate, formatSize } from '../../../core/format.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { docApi, docFileUrl } from '../../api/doc-endpoints.ts';
import { apiBaseUrl } from '../../api/request.ts';
import { useFileClient } from '../../files/use-file-client.ts';
import { messageOf } from '../../api/error-message.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { GrantsDialog, NameDialog, TargetDialog } from './doc-dialogs.tsx';
import { TrashDrawer, VersionsDrawer } from './doc-drawers.tsx';
import { docIcon, previewKind } from './doc-icons.tsx';
import { DocLibraryStore, DOC_PAGE_SIZE, rowKey, type DocRow } from './doc-library-store.ts';
import { PdfViewer } from './pdf-viewer.tsx';
import '../../ui/admin.css';
import './documents.css';

type Dialog =
  | { kind: 'newFolder' }
  | { kind: 'rename'; row: DocRow }
  | { kind: 'move' | 'copy'; rows: DocRow[] }
  | { kind: 'grants'; folder: DocFolder }
  | { kind: 'versions'; doc: DocFile }
  | { kind: 'trash' }
  | { kind: 'preview'; doc: DocFile }
  | null;

const TOP_KEY = 'top';

/** The folder tree as antd's Tree wants it, the workspace's top as its root. */
function treeData(folders: readonly DocFolder[], topTitle: ReactNode) {
  type Node = { key: string; title: ReactNode; children: Node[]; icon?: ReactNode };
  const build = (parentId: number | null): Node[] =>
    folders
      .filter((f) => f.parentId === parentId)
      .map((f) => ({
        key: String(f.id),
        title: (
          <span dir="auto" data-testid={`doc-tree-${f.name}`}>
            {f.name}
            {f.restricted && <LockOutlined className="doc-lock" aria-hidden />}
          </span>
        ),
        children: build(f.id),
      }));
  return [{ key: TOP_KEY, title: topTitle, children: build(null) }];
}

/**
 * /docManage: a workspace's document library. Folders on the side, the open folder's contents
 * (or a search) beside; upload by button or by dropping files, preview images and PDFs, keep
 * versions, move, copy, delete to the recycle bin, download a selection as one zip, and name
 * the roles a folder is open to. Each action shows only where the caller's level allows it;
 * the server checks it again.
 */
const DocManagePage = observer(function DocManagePage() {
  const { t, i18n } = useTranslation('docs');
  const { message, modal } = App.useApp();
  const stores = useStores();
  const files = useFileClient();
  const api = useMemo(() => docApi(stores.api.http), [stores]);
  const store = useMemo(() => new DocLibraryStore(api, () => stores.layout.workSpace?.code), [api, stores]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dragging, setDragging] = useState(false);
  const [expanded, setExpanded] = useState<string[]>([TOP_KEY]);
  const picker = useRef<HTMLInputElement>(null);
  const dragDepth = useRef(0);

  useEffect(() => void store.start(), [store]);

  const code = store.workspaceCode;
  const tree = store.tree?.data;
  const urlOf = (id: number, options: { version?: number; inline?: boolean } = {}) => docFileUrl(apiBaseUrl(), stores.user.token || null, id, options);
  const topName = tree?.workspace.name ?? t('top');

  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
      await store.refresh();
    } catch (failure) {
      void message.error(messageOf(failure, t('failed')));
    }
  };

  /** Uploads each file (progress in the upload panel), then adds it to the open folder. */
  const uploadFiles = async (chosen: readonly File[]) => {
    if (!code || !chosen.length) return;
    const folderId = store.folderId;
    let added = 0;
    const versions: string[] = [];
    await Promise.all(
      chosen.map(async (file) => {
        try {
          const uploaded = await files.uploadFile(file, { showErrorToast: false });
          const result = await api.addFiles(code, folderId, [uploaded.fileId]);
          added++;
          versions.push(...result.newVersions);
        } catch (failure) {
          void message.error(`${file.name}: ${messageOf(failure, t('failed'))}`);
        }
      }),
    );
    if (added) void message.success(versions.length ? t('done.uploadWithVersions', { count: added, names: versions.join(', ') }) : t('done.upload', { count: added }));
    await store.refresh();
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    dragDepth.current = 0;
    setDragging(false);
    if (!store.can('upload')) return void message.warning(t('noUploadHere'));
    void uploadFiles([...event.dataTransfer.files]);
  };
  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!event.dataTransfer.types.includes('Files')) return;
      event.preventDefault();
      dragDepth.current++;
      setDragging(true);
    },
    onDragOver: (event: DragEvent) => {
      if (event.dataTransfer.types.includes('Files')) event.preventDefault();
    },
    onDragLeave: () => {
      dragDepth.current = Math.max(0, dragDepth.current - 1);
      if (!dragDepth.current) setDragging(false);
    },
    onDrop,
  };

  const download = (rows: readonly DocRow[]) => {
    const single = rows.length === 1 && rows[0]!.kind === 'file' ? rows[0] : null;
    if (single) {
      window.location.assign(urlOf(single.id));
      return;
    }
    const name = rows.length === 1 ? rows[0]!.name : (store.folder(store.folderId)?.name ?? topName);
    void api.downloadZip(store.itemsOf(rows), name).catch((failure: unknown) => void message.error(messageOf(failure, t('failed'))));
  };

  const confirmDelete = (rows: readonly DocRow[]) => {
    modal.confirm({
      title: rows.length === 1 ? t('deleteOne', { name: rows[0]!.name }) : t('deleteMany', { count: rows.length }),
      content: t('deleteContent'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => act(() => api.remove(store.itemsOf(rows)), t('done.delete', { count: rows.length })),
    });
  };

  const open = (row: DocRow) => {
    if (row.kind === 'folder') {
      store.openFolder(row.id);
      setExpanded((keys) => [...new Set([...keys, ...store.trail.map((f) => String(f.parentId ?? TOP_KEY))])]);
    } else if (previewKind(row.type)) setDialog({ kind: 'preview', doc: row });
    else download([row]);
  };

  const rowMenu = (row: DocRow): MenuProps['items'] => {
    const manages = store.managesAll([row]);
    const items: MenuProps['items'] = [
      { key: 'download', icon: <DownloadOutlined />, label: t('download'), onClick: () => download([row]) },
    ];
    if (row.kind === 'file') {
      if (previewKind(row.type)) items.unshift({ key: 'preview', icon: <EyeOutlined />, label: t('preview.open'), onClick: () => setDialog({ kind: 'preview', doc: row }) });
      items.push({ key: 'versions', icon: <HistoryOutlined />, label: t('versions.open'), onClick: () => setDialog({ kind: 'versions', doc: row }) });
    }
    if (manages) {
      items.push(
        { key: 'rename', icon: <EditOutlined />, label: t('rename'), onClick: () => setDialog({ kind: 'rename', row }) },
        { key: 'move', icon: <ScissorOutlined />, label: t('move'), onClick: () => setDialog({ kind: 'move', rows: [row] }) },
      );
    }
    items.push({ key: 'copy', icon: <CopyOutlined />, label: t('copy'), onClick: () => setDialog({ kind: 'copy', rows: [row] }) });
    if (row.kind === 'folder' && row.access === 'manage') {
      items.push({ key: 'grants', icon: <SafetyOutlined />, label: t('grants.open'), onClick: () => setDialog({ kind: 'grants', folder: row }) });
    }
    if (manages) items.push({ type: 'divider' }, { key: 'delete', icon: <DeleteOutlined />, danger: true, label: t('delete'), onClick: () => confirmDelete([row]) });
    return items;
  };

  if (store.workspaces.status === 'ready' && !store.workspaces.data?.length) {
    return <Result status="info" title={t('noWorkspace')} subTitle={t('noWorkspaceHint')} />;
  }

  const crumb = (name: string, folderId: number | null) => (
    <Button type="link" size="small" className="doc-crumb" onClick={() => store.openFolder(folderId)}>
      <span dir="auto">{name}</span>
    </Button>
  );
  const selected = store.selectedRows;
  const listing = store.listing;
  const movingIds = dialog?.kind === 'move' || dialog?.kind === 'copy' ? dialog.rows.filter((r) => r.kind === 'folder').map((r) => r.id) : [];

  return (
    <div className="admin-page doc-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('title')}</Typography.Title>
        <Space wrap>
          <Select
            aria-label={t('workspace')}
            className="doc-workspace"
            loading={store.workspaces.loading}
            value={code ?? undefined}
            options={(store.workspaces.data ?? []).map((w) => ({ value: w.code, label: w.name }))}
            onChange={(value: string) => {
              setExpanded([TOP_KEY]);
              store.openWorkspace(value);
            }}
            data-testid="doc-workspace"
          />
          <Button icon={<RestOutlined />} onClick={() => setDialog({ kind: 'trash' })} disabled={!code} data-testid="doc-trash">
            {t('trash.title')}
          </Button>
        </Space>
      </div>
      <div className="doc-layout">
        <Card size="small" className="doc-tree-card" title={t('folders')}>
          {store.tree ? (
            <LoadState source={store.tree}>
              {(data) => (
                <Tree
                  blockNode
                  showIcon={false}
                  expandedKeys={expanded}
                  onExpand={(keys) => setExpanded(keys as string[])}
                  selectedKeys={[store.folderId === null ? TOP_KEY : String(store.folderId)]}
                  onSelect={(keys) => {
                    const key = keys[0] as string | undefined;
                    if (key !== undefined) store.openFolder(key === TOP_KEY ? null : Number(key));
                  }}
                  treeData={treeData(data.folders, <span dir="auto">{data.workspace.name}</span>)}
                  aria-label={t('folders')}
                  data-testid="doc-tree"
                />
              )}
            </LoadState>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
          )}
        </Card>
        <Card size="small" className={`doc-content${dragging ? ' doc-dragging' : ''}`} {...dropHandlers} data-testid="doc-drop">
          <div className="doc-toolbar">
            <Breadcrumb
              items={[
                { title: crumb(topName, null) },
                ...store.trail.map((f) => ({ title: crumb(f.name, f.id) })),
              ]}
            />
            <Space wrap>
              <Input.Search
                allowClear
                className="doc-search"
                placeholder={t('search')}
                aria-label={t('search')}
                onSearch={(keyword) => store.search({ keyword })}
                data-testid="doc-search"
              />
              <Select<FileTypeGroup | ''>
                className="doc-type"
                aria-label={t('type')}
                value={store.query.typeGroup ?? ''}
                onChange={(value) => store.search({ typeGroup: value || undefined })}
                options={[{ value: '', label: t('types.all') }, ...FILE_TYPE_GROUP_NAMES.map((g) => ({ value: g, label: t(`types.${g}`) }))]}
                data-testid="doc-type"
              />
              {store.can('upload') && (
                <>
                  <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'newFolder' })} data-testid="doc-new-folder">
                    {t('newFolder')}
                  </Button>
                  <Button type="primary" icon={<UploadOutlined />} onClick={() => picker.current?.click()} data-testid="doc-upload">
                    {t('upload')}
                  </Button>
                  <input
                    ref={picker}
                    type="file"
                    multiple
                    hidden
                    data-testid="doc-upload-input"
                    onChange={(event) => {
                      const chosen = [...(event.target.files ?? [])];
                      event.target.value = '';
                      void uploadFiles(chosen);
                    }}
                  />
                </>
              )}
            </Space>
          </div>
          {selected.length > 0 && (
            <div className="doc-selection" role="toolbar" aria-label={t('selection', { count: selected.length })}>
              <Typography.Text strong>{t('selection', { count: selected.length })}</Typography.Text>
              <Button size="small" icon={<DownloadOutlined />} onClick={() => download(selected)} data-testid="doc-zip">
                {t('downloadZip')}
              </Button>
              <Button size="small" icon={<CopyOutlined />} onClick={() => setDialog({ kind: 'copy', rows: selected })}>
                {t('copy')}
              </Button>
              {store.managesAll(selected) && (
                <>
                  <Button size="small" icon={<ScissorOutlined />} onClick={() => setDialog({ kind: 'move', rows: selected })} data-testid="doc-move">
                    {t('move')}
                  </Button>
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)} data-testid="doc-delete">
                    {t('delete')}
                  </Button>
                </>
              )}
            </div>
          )}
          {dragging && (
            <div className="doc-drop-hint" aria-hidden>
              <UploadOutlined />
              {store.can('upload') ? t('dropHere', { folder: store.folder(store.folderId)?.name ?? topName }) : t('noUploadHere')}
            </div>
          )}
          {listing && (
            <LoadState
              source={listing}
              empty={{
                when: (data) => data.total === 0 && data.folders.length === 0,
                description: store.searching ? t('noMatch') : store.can('upload') ? t('emptyFolderDrop') : t('emptyFolder'),
              }}
            >
              {(data) => (
                <Table<DocRow>
                  rowKey={rowKey}
                  size="middle"
                  dataSource={store.rows}
                  scroll={{ x: 1000 }}
                  rowSelection={{ selectedRowKeys: store.selectedKeys, onChange: (keys) => store.setSelection(keys as string[]) }}
                  onChange={(_, __, sorter) => {
                    const one = Array.isArray(sorter) ? sorter[0] : sorter;
                    const field = one?.order ? (one.columnKey as 'name' | 'updateTime' | 'size') : 'name';
                    store.setSort(field, one?.order === 'descend' ? 'desc' : 'asc');
                  }}
                  pagination={{
                    current: store.query.pageNum,
                    pageSize: DOC_PAGE_SIZE,
                    total: data.total,
                    hideOnSinglePage: true,
                    showSizeChanger: false,
                    onChange: (pageNum) => store.setPage(pageNum),
                  }}
                  columns={[
                    {
                      key: 'name',
                      title: t('columns.name'),
                      width: 320,
                      sorter: true,
                      sortOrder: store.query.sort === 'name' ? (store.query.order === 'asc' ? 'ascend' : 'descend') : null,
                      render: (_: unknown, row) => (
                        <Space direction="vertical" size={0}>
                          <Button type="link" className="doc-name" onClick={() => open(row)} icon={docIcon(row.kind, row.kind === 'file' ? row.type : '')} data-testid={`doc-row-${row.name}`}>
                            <span dir="auto">{row.name}</span>
                            {row.kind === 'folder' && row.restricted && <LockOutlined className="doc-lock" aria-label={t('restricted')} />}
                          </Button>
                          {store.searching && row.kind === 'file' && (
                            <Typography.Text type="secondary" className="doc-path" dir="auto">
                              {data.paths?.[String(row.folderId ?? '')] || topName}
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
                      sortOrder: store.query.sort === 'size' ? (store.query.order === 'asc' ? 'ascend' : 'descend') : null,
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
                      sortOrder: store.query.sort === 'updateTime' ? (store.query.order === 'asc' ? 'ascend' : 'descend') : null,
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
          )}
        </Card>
      </div>

      {dialog?.kind === 'newFolder' && code && (
        <NameDialog
          title={t('newFolder')}
          initial=""
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            await api.createFolder({ workspaceCode: code, parentId: store.folderId, name });
            void message.success(t('done.newFolder', { name }));
            await store.refresh();
          }}
        />
      )}
      {dialog?.kind === 'rename' && (
        <NameDialog
          title={t('renameTitle', { name: dialog.row.name })}
          initial={dialog.row.name}
          onClose={() => setDialog(null)}
          onSubmit={async (name) => {
            const { row } = dialog;
            await (row.kind === 'folder' ? api.renameFolder(row.id, name) : api.renameFile(row.id, name));
            void message.success(t('done.rename'));
            await store.refresh();
          }}
        />
      )}
      {(dialog?.kind === 'move' || dialog?.kind === 'copy') && (
        <TargetDialog
          title={t(dialog.kind === 'move' ? 'moveTitle' : 'copyTitle', { count: dialog.rows.length })}
          topName={topName}
          folders={store.folders}
          rootAccess={tree?.rootAccess ?? null}
          excluded={dialog.kind === 'move' ? movingIds : []}
          onClose={() => setDialog(null)}
          onSubmit={async (targetId) => {
            const items = store.itemsOf(dialog.rows);
            await (dialog.kind === 'move' ? api.move(items, targetId) : api.copy(items, targetId));
            void message.success(t(dialog.kind === 'move' ? 'done.move' : 'done.copy', { count: dialog.rows.length }));
            await store.refresh();
          }}
        />
      )}
      {dialog?.kind === 'grants' && <GrantsDialog api={api} folder={dialog.folder} onClose={() => setDialog(null)} onSaved={() => void store.refresh()} />}
      {dialog?.kind === 'versions' && (
        <VersionsDrawer
          api={api}
          files={files}
          doc={dialog.doc}
          canUpload={store.can('upload', dialog.doc.folderId)}
          canManage={store.can('manage', dialog.doc.folderId)}
          urlOf={(version) => urlOf(dialog.doc.id, { version })}
          onChanged={() => void store.refresh()}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'trash' && code && <TrashDrawer api={api} workspaceCode={code} onChanged={() => void store.refresh()} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'preview' && (
        <Modal
          open
          width="min(1100px, 96vw)"
          title={<span dir="auto">{dialog.doc.name}</span>}
          onCancel={() => setDialog(null)}
          footer={
            <Button icon={<DownloadOutlined />} href={urlOf(dialog.doc.id)}>
              {t('download')}
            </Button>
          }
          destroyOnHidden
        >
          <div className="doc-preview" data-testid="doc-preview">
            {previewKind(dialog.doc.type) === 'pdf' ? (
              <PdfViewer url={urlOf(dialog.doc.id)} />
            ) : (
              <img src={urlOf(dialog.doc.id, { inline: true })} alt={dialog.doc.name} className="doc-preview-image" />
            )}
          </div>
        </Modal>
      )}
    </div>
  );
});

export default DocManagePage;
