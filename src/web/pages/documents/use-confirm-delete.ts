import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DocRow } from './doc-library-store.ts';
import type { DocPageStore } from './doc-page-store.ts';

/** Asks before rows go to the recycle bin; the dialog stays busy until the delete has run. */
export function useConfirmDelete(page: DocPageStore): (rows: readonly DocRow[]) => void {
  const { t } = useTranslation('docs');
  const { modal } = App.useApp();
  return (rows) => {
    modal.confirm({
      title: rows.length === 1 ? t('deleteOne', { name: rows[0]!.name }) : t('deleteMany', { count: rows.length }),
      content: t('deleteContent'),
      okText: t('delete'),
      okButtonProps: { danger: true },
      cancelText: t('cancel'),
      onOk: () => page.remove(rows),
    });
  };
}
