import { CopyOutlined, DeleteOutlined, DownloadOutlined, ScissorOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { DocPageStore } from './doc-page-store.ts';
import { useConfirmDelete } from './use-confirm-delete.ts';

/** The batch actions on the selected rows: a zip, copy, and (where the caller manages them all) move and delete. */
export const DocSelectionBar = observer(function DocSelectionBar({ page }: { page: DocPageStore }) {
  const { t } = useTranslation('docs');
  const confirmDelete = useConfirmDelete(page);
  const selected = page.library.selectedRows;
  if (!selected.length) return null;
  return (
    <div className="doc-selection" role="toolbar" aria-label={t('selection', { count: selected.length })}>
      <Typography.Text strong>{t('selection', { count: selected.length })}</Typography.Text>
      <Button size="small" icon={<DownloadOutlined />} onClick={() => page.download(selected)} data-testid="doc-zip">
        {t('downloadZip')}
      </Button>
      <Button size="small" icon={<CopyOutlined />} onClick={() => page.show({ kind: 'copy', rows: selected })}>
        {t('copy')}
      </Button>
      {page.library.managesAll(selected) && (
        <>
          <Button size="small" icon={<ScissorOutlined />} onClick={() => page.show({ kind: 'move', rows: selected })} data-testid="doc-move">
            {t('move')}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} onClick={() => confirmDelete(selected)} data-testid="doc-delete">
            {t('delete')}
          </Button>
        </>
      )}
    </div>
  );
});
