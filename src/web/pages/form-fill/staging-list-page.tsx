import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Card } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { StagingItem } from '../../../core/contracts/staging.ts';
import { formatServerDate } from '../../../core/format.ts';
import { textIn, type LocalText } from '../../../core/local-text.ts';
import { ListTable } from '../../ui/list-table.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { useFormViewApi } from '../../forms/form-view/form-view-api.ts';
import { useLoadable } from '../../forms/form-view/use-form-version.ts';
import './form-fill.css';

/** Drafts one page shows; autosave keeps few per user, so one long page serves. */
const DRAFTS_PAGE = 100;

/** /table/staging: the user's drafts, to resume or delete. */
const StagingListPage = observer(function StagingListPage() {
  const { t, i18n } = useTranslation('forms');
  const { modal } = App.useApp();
  const api = useFormViewApi();
  const drafts = useLoadable('drafts', () => api.drafts(1, DRAFTS_PAGE));

  const remove = (draft: StagingItem) => {
    modal.confirm({
      title: t('view.drafts.deleteTitle'),
      okText: t('view.drafts.delete'),
      okButtonProps: { danger: true },
      cancelText: t('view.cancel'),
      onOk: async () => {
        await api.deleteDraft(draft.id);
        await drafts.load();
      },
    });
  };

  return (
    <div className="form-fill-page">
      <Card title={t('view.drafts.title')}>
        <LoadState source={drafts} empty={{ when: (page) => page.list.length === 0, description: t('view.drafts.empty') }}>
          {(page) => (
            <ListTable<StagingItem>
              titleColumns={['title']}
              rowKey="id"
              pagination={false}
              dataSource={page.list}
              columns={[
                { title: t('view.drafts.form'), dataIndex: 'formName', render: (name: LocalText) => <span dir="auto">{textIn(name, i18n.language)}</span> },
                { title: t('view.drafts.titleColumn'), dataIndex: 'title', render: (title: string, draft) => <Link to={`/table/staging/${draft.id}`}>{title || t('view.drafts.untitled')}</Link> },
                { title: t('view.drafts.saved'), dataIndex: 'updateTime', render: (time: string) => formatServerDate(time, i18n.language) },
                {
                  title: t('view.drafts.actions'),
                  key: 'actions',
                  render: (_, draft) => (
                    <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('view.drafts.delete')} onClick={() => remove(draft)}>
                      {t('view.drafts.delete')}
                    </Button>
                  ),
                },
              ]}
            />
          )}
        </LoadState>
      </Card>
    </div>
  );
});

export default StagingListPage;
