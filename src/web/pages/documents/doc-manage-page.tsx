import { RestOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Result, Select, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useMemo, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { docApi, docFileUrl } from '../../api/doc-endpoints.ts';
import { apiBaseUrl } from '../../api/request.ts';
import { useFileClient } from '../../files/use-file-client.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { DocFolderTree } from './doc-folder-tree.tsx';
import { DocLibraryStore } from './doc-library-store.ts';
import { DocPageDialogs } from './doc-page-dialogs.tsx';
import { DocPageStore } from './doc-page-store.ts';
import { DocSelectionBar } from './doc-selection-bar.tsx';
import { DocTable } from './doc-table.tsx';
import { DocToolbar } from './doc-toolbar.tsx';
import '../../ui/admin.css';
import './documents.css';

/** Only a drag of files from the desktop, not of text or a link, is a drop to upload. */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * /docManage: a workspace's document library. Folders on the side, the open folder's contents
 * (or a search) beside; upload by button or by dropping files, preview images and PDFs, keep
 * versions, move, copy, delete to the recycle bin, download a selection as one zip, and name
 * the roles a folder is open to. Each action shows only where the caller's level allows it;
 * the server checks it again.
 */
const DocManagePage = observer(function DocManagePage() {
  const { t, i18n } = useTranslation('docs');
  const { message } = App.useApp();
  const stores = useStores();
  const files = useFileClient();
  const page = useMemo(() => {
    const api = docApi(stores.api.http);
    const library = new DocLibraryStore(api, () => stores.layout.workSpace?.code);
    return new DocPageStore(library, api, {
      upload: (file) => files.uploadFile(file, { showErrorToast: false }),
      fileUrl: (id, options) => docFileUrl(apiBaseUrl(), stores.user.token || null, id, options),
      visit: (url) => window.location.assign(url),
      notices: { success: (text) => void message.success(text), error: (text) => void message.error(text), warning: (text) => void message.warning(text) },
      // Fixed to the namespace, not the language: a text is asked for in the language shown then.
      t: i18n.getFixedT(null, 'docs'),
    });
  }, [stores, files, message, i18n]);
  const { library } = page;

  useEffect(() => void library.start(), [library]);

  if (library.workspaces.status === 'ready' && !library.workspaces.data?.length) {
    return <Result status="info" title={t('noWorkspace')} subTitle={t('noWorkspaceHint')} />;
  }

  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      page.dragEnter();
    },
    onDragOver: (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    },
    onDragLeave: () => page.dragLeave(),
    onDrop: (event: DragEvent) => {
      event.preventDefault();
      page.drop([...event.dataTransfer.files]);
    },
  };

  return (
    <div className="admin-page doc-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('title')}</Typography.Title>
        <Space wrap>
          <Select
            aria-label={t('workspace')}
            className="doc-workspace"
            loading={library.workspaces.loading}
            value={library.workspaceCode ?? undefined}
            options={(library.workspaces.data ?? []).map((w) => ({ value: w.code, label: w.name }))}
            onChange={(value: string) => page.openWorkspace(value)}
            data-testid="doc-workspace"
          />
          <Button icon={<RestOutlined />} onClick={() => page.show({ kind: 'trash' })} disabled={!library.workspaceCode} data-testid="doc-trash">
            {t('trash.title')}
          </Button>
        </Space>
      </div>
      <div className="doc-layout">
        <DocFolderTree page={page} />
        <Card size="small" className={`doc-content${page.dragging ? ' doc-dragging' : ''}`} {...dropHandlers} data-testid="doc-drop">
          <DocToolbar page={page} />
          <DocSelectionBar page={page} />
          {page.dragging && (
            <div className="doc-drop-hint" aria-hidden>
              <UploadOutlined />
              {library.can('upload') ? t('dropHere', { folder: page.folderName }) : t('noUploadHere')}
            </div>
          )}
          <DocTable page={page} />
        </Card>
      </div>
      <DocPageDialogs page={page} files={files} />
    </div>
  );
});

export default DocManagePage;
