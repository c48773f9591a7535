import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { makeAutoObservable } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import type { FollowPerson, FollowType } from '../../../core/contracts/follows.ts';
import { ListTable } from '../../ui/list-table.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import type { SettingsApi } from './settings-api.ts';
import { useSettingsTexts } from './settings-texts.ts';
import { TypeChip } from './type-chip.tsx';
import { numberingPreview } from './settings-rules.ts';
import { TypeDialog } from './type-dialog.tsx';

class TypesStore {
  readonly types: Loadable<FollowType[]>;
  readonly people: Loadable<FollowPerson[]>;
  constructor(api: SettingsApi, workspaceCode: string) {
    this.types = new Loadable(() => api.types(workspaceCode));
    this.people = new Loadable(() => api.people(workspaceCode));
    makeAutoObservable(this);
  }
}

/** The workspace's follow-up types: each with its numbering (and the next numbers), reviewers and how many follow-ups it has. */
export const TypesTab = observer(function TypesTab({ api, workspaceCode, mayChange }: { api: SettingsApi; workspaceCode: string; mayChange: boolean }) {
  const { t } = useTranslation('followSettings');
  const { textIn, count } = useSettingsTexts();
  const [store] = useState(() => new TypesStore(api, workspaceCode));
  const [editing, setEditing] = useState<FollowType | 'new' | null>(null);
  useEffect(() => {
    void store.types.load();
    void store.people.load();
  }, [store]);
  return (
    <>
      {mayChange && (
        <div className="follow-settings-toolbar">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="type-add">
            {t('types.add')}
          </Button>
        </div>
      )}
      <LoadState source={store.types} empty={{ when: (types) => types.length === 0, description: t('types.empty') }}>
        {(types) => (
          <ListTable<FollowType>
            rowKey="id"
            dataSource={types}
            pagination={false}
            titleColumns={['name']}
            data-testid="type-list"
            columns={[
              { key: 'name', title: t('types.name'), render: (_: unknown, type) => <TypeChip type={type} /> },
              {
                key: 'numbering',
                title: t('types.numbering'),
                render: (_: unknown, type) => {
                  const preview = numberingPreview(type.numbering);
                  return (
                    <Space direction="vertical" size={0}>
                      <bdi dir="ltr" className="follow-settings-preview">{type.numbering}</bdi>
                      {'numbers' in preview && <Typography.Text type="secondary"><bdi dir="ltr">{preview.numbers[0]}</bdi></Typography.Text>}
                    </Space>
                  );
                },
              },
              { key: 'reviewers', title: t('types.reviewers'), render: (_: unknown, type) => type.defaultReviewers.map((r) => r.name).join(', ') || '—' },
              { key: 'uses', title: t('types.uses'), render: (_: unknown, type) => count(type.useCount) },
              {
                key: 'actions',
                title: t('actions'),
                render: (_: unknown, type) => (
                  <Button size="small" icon={mayChange ? <EditOutlined /> : <EyeOutlined />} onClick={() => setEditing(type)} aria-label={t('types.editOf', { name: textIn(type.name) })} data-testid={`type-edit-${type.id}`}>
                    {mayChange ? t('edit') : t('view')}
                  </Button>
                ),
              },
            ]}
          />
        )}
      </LoadState>
      {editing && (
        <TypeDialog
          api={api}
          workspaceCode={workspaceCode}
          type={editing === 'new' ? null : editing}
          people={store.people.data ?? []}
          mayChange={mayChange}
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            void store.types.load();
          }}
        />
      )}
    </>
  );
});
