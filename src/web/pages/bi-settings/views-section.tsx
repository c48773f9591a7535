import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Space, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BiView } from '../../../core/contracts/bi.ts';
import { formatServerDate } from '../../../core/format.ts';
import { ListTable } from '../../ui/list-table.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import type { BiApi } from '../../api/bi-endpoints.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { messageOf } from '../../api/error-message.ts';
import { ViewEditor } from './view-editor.tsx';

/**
 * The registered data sources of the BI settings: read-only SQL views over the tenant's forms
 * and datasets, which plates then bind to like any dataset. Only BI managers see this part.
 */
export function ViewsSection({ api }: { api: BiApi }) {
  const { t, i18n } = useTranslation('widgets');
  const { message, modal } = App.useApp();
  const [views] = useState(() => new Loadable(() => api.views()));
  const [editing, setEditing] = useState<{ view: BiView | null } | null>(null);

  useEffect(() => {
    void views.load();
  }, [views]);

  const remove = (view: BiView) => {
    modal.confirm({
      title: t('bi.views.deleteTitle', { name: view.name }),
      content: t('bi.views.deleteBody'),
      okText: t('bi.views.delete'),
      okButtonProps: { danger: true },
      cancelText: t('bi.views.cancel'),
      onOk: async () => {
        try {
          await api.deleteView(view.id);
          void message.success(t('bi.views.deleted', { name: view.name }));
          void views.load();
        } catch (failure) {
          void message.error(messageOf(failure, t('bi.views.failed')));
        }
      },
    });
  };

  const saved = (view: BiView) => {
    setEditing(null);
    void message.success(t('bi.views.saved', { name: view.name }));
    void views.load();
  };

  return (
    <Card
      title={t('bi.views.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ view: null })} data-testid="bi-view-add">
          {t('bi.views.add')}
        </Button>
      }
      className="bi-views"
    >
      <Typography.Paragraph type="secondary">{t('bi.views.intro')}</Typography.Paragraph>
      <LoadState source={views}>
        {(list) => (
          <ListTable
            size="middle"
            rowKey="id"
            pagination={false}
            dataSource={list}
            locale={{ emptyText: <Empty description={t('bi.views.empty')} /> }}
            data-testid="bi-views"
            columns={[
              {
                key: 'name',
                title: t('bi.views.name'),
                render: (_, view) => (
                  <div>
                    <div className="bi-view-name">{view.name}</div>
                    {view.description ? <Typography.Text type="secondary">{view.description}</Typography.Text> : null}
                  </div>
                ),
              },
              { key: 'code', title: t('bi.views.code'), render: (_, view) => <code>{view.code}</code> },
              {
                key: 'reads',
                title: t('bi.views.reads'),
                render: (_, view) => (
                  <Space size={[4, 4]} wrap>
                    {view.relations.map((r) => (
                      <Tag key={r}>{r}</Tag>
                    ))}
                  </Space>
                ),
              },
              { key: 'columns', title: t('bi.views.columns'), render: (_, view) => view.columns.map((c) => c.name).join(', ') },
              {
                key: 'updated',
                title: t('bi.views.updated'),
                render: (_, view) => t('bi.views.updatedBy', { time: formatServerDate(view.updateTime, languageOf(i18n)), name: view.updatedByName ?? '—' }),
              },
              {
                key: 'actions',
                title: t('bi.views.actions'),
                render: (_, view) => (
                  <Space>
                    <Button icon={<EditOutlined />} onClick={() => setEditing({ view })} aria-label={t('bi.views.editTitle', { name: view.name })} />
                    <Button danger icon={<DeleteOutlined />} onClick={() => remove(view)} aria-label={t('bi.views.deleteTitle', { name: view.name })} />
                  </Space>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {editing ? <ViewEditor api={api} view={editing.view} onSaved={saved} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
