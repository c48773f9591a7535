import { DeleteOutlined, DownloadOutlined, RollbackOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Drawer, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocFile, DocTrashEntry, DocVersion } from '../../../core/contracts/documents.ts';
import { formatServerDate, formatSize } from '../../../core/format.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useSave } from '../../ui/use-save.ts';
import type { DocApi } from '../../api/doc-endpoints.ts';
import type { FileClient } from '../../files/file-client.ts';
import { messageOf } from '../../api/error-message.ts';
import { docIcon } from './doc-icons.tsx';

/** A document's versions, newest first: download any, restore an old one, upload a new one. */
export const VersionsDrawer = observer(function VersionsDrawer(props: {
  api: DocApi;
  files: FileClient;
  doc: DocFile;
  canUpload: boolean;
  canManage: boolean;
  urlOf: (version: number) => string;
  onChanged: () => void;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('docs');
  const { message } = App.useApp();
  const { api, doc } = props;
  const source = useMemo(() => new Loadable(() => api.versions(doc.id)), [api, doc.id]);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => void source.load(), [source]);

  const { busy, save: changed } = useSave(
    async (run: () => Promise<unknown>, done: string) => {
      await run();
      void message.success(done);
      await source.load();
    },
    props.onChanged,
    (failure) => {
      void message.error(messageOf(failure, t('failed')));
      return '';
    },
  );
  const uploadVersion = (file: File) =>
    changed(async () => {
      const uploaded = await props.files.uploadFile(file, { showErrorToast: false });
      await api.addVersion(doc.id, uploaded.fileId);
    }, t('done.version'));

  return (
    <Drawer open width={640} title={t('versions.title', { name: doc.name })} onClose={props.onClose} destroyOnHidden>
      {props.canUpload && (
        <>
          <input
            ref={picker}
            type="file"
            hidden
            accept={`.${doc.type}`}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void uploadVersion(file);
            }}
          />
          <Button icon={<UploadOutlined />} loading={busy} onClick={() => picker.current?.click()} className="admin-block" data-testid="doc-version-upload">
            {t('versions.upload')}
          </Button>
        </>
      )}
      <LoadState source={source}>
        {(versions) => (
          <Table<DocVersion>
            rowKey="version"
            size="small"
            dataSource={versions}
            pagination={false}
            columns={[
              {
                title: t('versions.version'),
                dataIndex: 'version',
                width: 90,
                render: (version: number, row) => (
                  <Space>
                    {`v${version}`}
                    {row.current && <Tag color="blue">{t('versions.current')}</Tag>}
                  </Space>
                ),
              },
              { title: t('columns.size'), dataIndex: 'size', width: 100, render: (size: number) => formatSize(size) },
              { title: t('versions.by'), dataIndex: 'createdBy', render: (name: string | null) => <span dir="auto">{name ?? '—'}</span> },
              { title: t('versions.time'), dataIndex: 'createTime', render: (time: string) => formatServerDate(time, i18n.language) },
              {
                title: t('columns.actions'),
                width: 110,
                render: (_: unknown, row) => (
                  <Space size={0}>
                    <Button type="link" size="small" icon={<DownloadOutlined />} href={props.urlOf(row.version)} aria-label={t('versions.download', { version: row.version })} />
                    {props.canManage && !row.current && (
                      <Button
                        type="link"
                        size="small"
                        icon={<RollbackOutlined />}
                        disabled={busy}
                        aria-label={t('versions.restore', { version: row.version })}
                        title={t('versions.restore', { version: row.version })}
                        onClick={() => void changed(() => api.restoreVersion(doc.id, row.version), t('done.restoreVersion', { version: row.version }))}
                      />
                    )}
                  </Space>
                ),
              },
            ]}
          />
        )}
      </LoadState>
    </Drawer>
  );
});

const entryKey = (entry: Pick<DocTrashEntry, 'kind' | 'id'>) => `${entry.kind}-${entry.id}`;

/** The recycle bin of the workspace: what the caller may manage, to restore or delete for good. */
export const TrashDrawer = observer(function TrashDrawer(props: { api: DocApi; workspaceCode: string; onChanged: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation('docs');
  const { message, modal } = App.useApp();
  const { api, workspaceCode } = props;
  const source = useMemo(() => new Loadable(() => api.trash(workspaceCode)), [api, workspaceCode]);
  const [selected, setSelected] = useState<string[]>([]);
  useEffect(() => void source.load(), [source]);

  const itemsOf = (entries: readonly DocTrashEntry[]) => ({
    folderIds: entries.filter((e) => e.kind === 'folder').map((e) => e.id),
    fileIds: entries.filter((e) => e.kind === 'file').map((e) => e.id),
  });
  const chosen = () => (source.data ?? []).filter((e) => selected.includes(entryKey(e)));
  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      void message.success(done);
      setSelected([]);
      await source.load();
      props.onChanged();
    } catch (failure) {
      void message.error(messageOf(failure, t('failed')));
    }
  };
  const restore = (entries: readonly DocTrashEntry[]) => run(() => api.restore(itemsOf(entries)), t('done.restore', { count: entries.length }));
  const purge = (entries: readonly DocTrashEntry[]) => {
    modal.confirm({
      title: t('trash.purgeTitle', { count: entries.length }),
      content: t('trash.purgeContent'),
      okText: t('trash.purge'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => run(() => api.purge(itemsOf(entries)), t('done.purge', { count: entries.length })),
    });
  };

  return (
    <Drawer open width={760} title={t('trash.title')} onClose={props.onClose} destroyOnHidden>
      <Space className="admin-block">
        <Button icon={<RollbackOutlined />} disabled={!selected.length} onClick={() => void restore(chosen())} data-testid="trash-restore">
          {t('trash.restore')}
        </Button>
        <Button danger icon={<DeleteOutlined />} disabled={!selected.length} onClick={() => purge(chosen())}>
          {t('trash.purge')}
        </Button>
      </Space>
      <LoadState source={source} empty={{ when: (entries) => entries.length === 0, description: t('trash.empty') }}>
        {(entries) => (
          <Table<DocTrashEntry>
            rowKey={entryKey}
            size="small"
            dataSource={entries}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
            columns={[
              {
                title: t('columns.name'),
                dataIndex: 'name',
                render: (name: string, entry) => (
                  <Space>
                    {docIcon(entry.kind, entry.type)}
                    <span dir="auto">{name}</span>
                  </Space>
                ),
              },
              { title: t('trash.from'), dataIndex: 'path', render: (path: string) => <Typography.Text type="secondary" dir="auto">{path || t('top')}</Typography.Text> },
              { title: t('trash.by'), dataIndex: 'deletedBy', render: (name: string | null) => <span dir="auto">{name ?? '—'}</span> },
              { title: t('trash.time'), dataIndex: 'deletedTime', render: (time: string) => formatServerDate(time, i18n.language) },
              {
                title: t('columns.actions'),
                width: 90,
                render: (_: unknown, entry) => (
                  <Space size={0}>
                    <Button type="link" size="small" icon={<RollbackOutlined />} onClick={() => void restore([entry])} aria-label={t('trash.restoreOne', { name: entry.name })} title={t('trash.restore')} />
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => purge([entry])} aria-label={t('trash.purgeOne', { name: entry.name })} title={t('trash.purge')} />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </LoadState>
    </Drawer>
  );
});
