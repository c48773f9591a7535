import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { DocFile } from '../../../core/contracts/documents.ts';
import type { FileClient } from '../../files/file-client.ts';
import { GrantsDialog, NameDialog, TargetDialog } from './doc-dialogs.tsx';
import { TrashDrawer, VersionsDrawer } from './doc-drawers.tsx';
import { previewKind } from './doc-icons.tsx';
import type { DocPageStore } from './doc-page-store.ts';
import { PdfViewer } from './pdf-viewer.tsx';

/** An image or PDF shown in the page, with its download. */
function PreviewDialog({ page, doc }: { page: DocPageStore; doc: DocFile }) {
  const { t } = useTranslation('docs');
  return (
    <Modal
      open
      width="min(1100px, 96vw)"
      title={<span dir="auto">{doc.name}</span>}
      onCancel={() => page.close()}
      footer={
        <Button icon={<DownloadOutlined />} href={page.urlOf(doc.id)}>
          {t('download')}
        </Button>
      }
      destroyOnHidden
    >
      <div className="doc-preview" data-testid="doc-preview">
        {previewKind(doc.type) === 'pdf' ? (
          <PdfViewer url={page.urlOf(doc.id)} />
        ) : (
          <img src={page.urlOf(doc.id, { inline: true })} alt={doc.name} className="doc-preview-image" />
        )}
      </div>
    </Modal>
  );
}

/** The dialog or drawer the screen has open, if any. */
export const DocPageDialogs = observer(function DocPageDialogs({ page, files }: { page: DocPageStore; files: FileClient }) {
  const { t } = useTranslation('docs');
  const { dialog, library, api } = page;
  const code = library.workspaceCode;
  const close = () => page.close();
  const refresh = () => void library.refresh();
  switch (dialog?.kind) {
    case 'newFolder':
      return code ? <NameDialog title={t('newFolder')} initial="" onClose={close} onSubmit={(name) => page.createFolder(name)} /> : null;
    case 'rename':
      return <NameDialog title={t('renameTitle', { name: dialog.row.name })} initial={dialog.row.name} onClose={close} onSubmit={(name) => page.rename(dialog.row, name)} />;
    case 'move':
    case 'copy':
      return (
        <TargetDialog
          title={t(dialog.kind === 'move' ? 'moveTitle' : 'copyTitle', { count: dialog.rows.length })}
          topName={page.topName}
          folders={library.folders}
          rootAccess={library.tree?.data?.rootAccess ?? null}
          excluded={page.movingIds}
          onClose={close}
          onSubmit={(targetId) => page.transfer(dialog.kind, dialog.rows, targetId)}
        />
      );
    case 'grants':
      return <GrantsDialog api={api} folder={dialog.folder} onClose={close} onSaved={refresh} />;
    case 'versions':
      return (
        <VersionsDrawer
          api={api}
          files={files}
          doc={dialog.doc}
          canUpload={library.can('upload', dialog.doc.folderId)}
          canManage={library.can('manage', dialog.doc.folderId)}
          urlOf={(version) => page.urlOf(dialog.doc.id, { version })}
          onChanged={refresh}
          onClose={close}
        />
      );
    case 'trash':
      return code ? <TrashDrawer api={api} workspaceCode={code} onChanged={refresh} onClose={close} /> : null;
    case 'preview':
      return <PreviewDialog page={page} doc={dialog.doc} />;
    default:
      return null;
  }
});
