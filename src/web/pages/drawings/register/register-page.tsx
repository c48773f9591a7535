import { AppstoreOutlined, FolderOutlined, SendOutlined, UnorderedListOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Result, Segmented, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { DRAWING_POINTS } from '../../../../core/contracts/drawings.ts';
import { useFileClient } from '../../../files/use-file-client.ts';
import { useStores } from '../../../stores/stores-context.tsx';
import { useHeldPoints } from '../../../ui/held-points.ts';
import { DRAWING_FILE_ACCEPT, DRAWING_FILE_EXTENSIONS } from '../shared/drawing-files.ts';
import { RELEASE_PATH } from '../shared/sheet-paths.ts';
import { openUploadEvents } from '../shared/upload-events.ts';
import { useDrawingApi } from '../../../drawing-kit/use-drawing-api.ts';
import { ProcessingList } from './processing-list.tsx';
import { ProcessingStore } from './processing-store.ts';
import { RegisterStore, type RegisterView } from './register-store.ts';
import { RegisterToolbar } from './register-toolbar.tsx';
import { SetsDialog } from './sets-dialog.tsx';
import { SheetGrid } from './sheet-grid.tsx';
import { SheetList } from './sheet-list.tsx';
import '../../../ui/admin.css';
import '../shared/drawings.css';

/** The caller's choice of grid or list, kept with their other screen settings. */
const VIEW_PREFERENCE = 'drawingRegisterView';

/** Only a drag of files from the desktop, not of text or a link, is a drop to upload. */
const carriesFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * /drawing/pictureList: the register of the shell's current workspace. Sheets as thumbnails
 * or as a list, searched, filtered by discipline and set, sorted and paged on the server.
 * Drawing files come in by the upload button or by dropping them on the page; each shows its
 * processing until its pages wait for review on the release screen.
 */
const RegisterPage = observer(function RegisterPage() {
  const { t } = useTranslation('drawings');
  const workspace = useStores().layout.workSpace;
  if (!workspace) return <Result status="info" title={t('noWorkspace')} />;
  return <Register key={workspace.code} workspaceCode={workspace.code} workspaceName={workspace.name} />;
});

export default RegisterPage;

const Register = observer(function Register({ workspaceCode, workspaceName }: { workspaceCode: string; workspaceName: string }) {
  const { t, i18n } = useTranslation('drawings');
  const { message } = App.useApp();
  const stores = useStores();
  const { api, fileUrl } = useDrawingApi();
  const files = useFileClient();
  const held = useHeldPoints('drawing');
  const picker = useRef<HTMLInputElement>(null);
  const [setsOpen, setSetsOpen] = useState(false);
  const [dragDepth, setDragDepth] = useState(0);
  const [register] = useState(
    () =>
      new RegisterStore(api, workspaceCode, {
        read: async () => {
          const value = await api.preference(VIEW_PREFERENCE);
          return value === 'grid' || value === 'list' ? value : null;
        },
        save: async (view: RegisterView) => void (await api.savePreference(VIEW_PREFERENCE, view)),
      }),
  );
  const [processing] = useState(
    () =>
      new ProcessingStore(api, workspaceCode, {
        upload: (file) => files.uploadFile(file, { accept: DRAWING_FILE_EXTENSIONS, showErrorToast: false }),
        settled: () => void register.refresh(),
        refused: (text) => void message.error(text),
        // Fixed to the namespace, not the language: a text is asked for in the language shown then.
        t: i18n.getFixedT(null, 'drawings'),
      }),
  );

  useEffect(() => {
    void register.start();
    void processing.start();
    const stopEvents = openUploadEvents({
      ticket: async () => (await stores.api.notifyStreamTicket()).ticket,
      workspaceCode,
      onUpload: (upload) => processing.live(upload),
    });
    return () => {
      stopEvents();
      processing.stop();
    };
  }, [register, processing, stores, workspaceCode]);

  const mayUpload = held.has(DRAWING_POINTS.upload);
  const send = (chosen: File[]) => void processing.send(chosen, register.query.setId ?? null);
  const dropHandlers = {
    onDragEnter: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragDepth((depth) => depth + 1);
    },
    onDragOver: (event: DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    },
    onDragLeave: (event: DragEvent) => {
      if (carriesFiles(event)) setDragDepth((depth) => Math.max(0, depth - 1));
    },
    onDrop: (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      setDragDepth(0);
      if (mayUpload) send([...event.dataTransfer.files]);
      else void message.warning(t('register.noUploadRight'));
    },
  };

  const uploadButton = mayUpload && (
    <Button type="primary" icon={<UploadOutlined />} onClick={() => picker.current?.click()} data-testid="drawing-upload">
      {t('register.upload')}
    </Button>
  );

  return (
    <div className={`admin-page drawing-page drawing-register${dragDepth > 0 ? ' drawing-dragging' : ''}`} {...dropHandlers} data-testid="drawing-drop">
      <div className="admin-page-header">
        <Typography.Title level={3}>
          {t('register.title')}
          <Typography.Text type="secondary" className="drawing-heading-workspace" dir="auto">
            {workspaceName}
          </Typography.Text>
        </Typography.Title>
        <Space wrap>
          <Segmented<RegisterView>
            aria-label={t('register.view')}
            value={register.view}
            onChange={(view) => register.showView(view)}
            options={[
              { value: 'grid', icon: <AppstoreOutlined />, label: t('register.grid') },
              { value: 'list', icon: <UnorderedListOutlined />, label: t('register.list') },
            ]}
            data-testid="drawing-view"
          />
          <Button icon={<FolderOutlined />} onClick={() => setSetsOpen(true)} data-testid="drawing-sets">
            {t('sets.button')}
          </Button>
          {uploadButton}
          <input
            ref={picker}
            type="file"
            multiple
            hidden
            accept={DRAWING_FILE_ACCEPT}
            data-testid="drawing-upload-input"
            onChange={(event) => {
              const chosen = [...(event.target.files ?? [])];
              event.target.value = '';
              send(chosen);
            }}
          />
        </Space>
      </div>
      {!!register.pendingTotal && (
        <Alert
          type="info"
          showIcon
          icon={<SendOutlined />}
          title={t('register.pending', { count: register.pendingTotal })}
          action={
            <Link to={RELEASE_PATH} data-testid="drawing-review-link">
              {t('register.review')}
            </Link>
          }
          data-testid="drawing-pending"
        />
      )}
      <ProcessingList processing={processing} />
      <Card size="small" className="drawing-register-body">
        <RegisterToolbar register={register} />
        {dragDepth > 0 && (
          <div className="drawing-drop-hint" aria-hidden>
            <UploadOutlined />
            {mayUpload ? t('register.dropHere', { workspace: workspaceName }) : t('register.noUploadRight')}
          </div>
        )}
        {register.view === 'grid' ? (
          <SheetGrid register={register} fileUrl={fileUrl} emptyAction={uploadButton} />
        ) : (
          <SheetList register={register} fileUrl={fileUrl} emptyAction={uploadButton} />
        )}
      </Card>
      {setsOpen && <SetsDialog register={register} mayEdit={mayUpload} onClose={() => setSetsOpen(false)} />}
    </div>
  );
});
