import { DeleteOutlined, EditOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { FORM_NAME_MAX, FORM_POINTS, formCreateBody, type FormListItem, type FormStatus } from '../../../core/contracts/form.ts';
import { normalizeText, textMatches, type LocalText } from '../../../core/local-text.ts';
import { formatServerDate } from '../../../core/format.ts';
import type { HeldPoints } from '../../ui/held-points.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useSave } from '../../ui/use-save.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { schemaRules } from '../../ui/schema-rules.ts';
import { useTextIn } from '../../i18n/local-text.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { messageOf } from '../../api/error-message.ts';
import type { DesignerApi } from './designer-api.ts';
import { ADVANCE_PATH, designerPath } from './designer-paths.ts';

const STATUS_COLOR: Record<FormStatus, string> = { draft: 'orange', published: 'green', disabled: 'default' };

/** /table/customerForm/form without a form chosen: the tenant's forms, to create, open, switch off and delete. */
export const FormList = observer(function FormList({ api, held }: { api: DesignerApi; held: HeldPoints }) {
  const { t, i18n } = useTranslation('forms');
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const [forms] = useState(() => new Loadable(api.allForms));
  const [keyword, setKeyword] = useState('');
  const [creating, setCreating] = useState(false);
  const textIn = useTextIn();

  useEffect(() => {
    void forms.load();
  }, [forms]);

  const confirmDelete = (form: FormListItem) => {
    modal.confirm({
      title: t('designer.list.deleteTitle', { name: textIn(form.name) }),
      content: t('designer.list.deleteContent'),
      okText: t('designer.actions.delete'),
      okButtonProps: { danger: true },
      cancelText: t('designer.actions.cancel'),
      onOk: async () => {
        try {
          await api.remove(form.id);
          void forms.load();
          void message.success(t('designer.list.deleted'));
        } catch (failure) {
          void message.error(messageOf(failure, t('designer.list.deleteFailed')));
        }
      },
    });
  };

  const switchStatus = async (form: FormListItem) => {
    try {
      await api.update({ id: form.id, revision: form.revision, status: form.status === 'disabled' ? 'published' : 'disabled' });
      void forms.load();
    } catch (failure) {
      void message.error(messageOf(failure, ''));
    }
  };

  const needle = keyword.trim().toLowerCase();
  const createButton = held.has(FORM_POINTS.create) && (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="create-form">
      {t('designer.list.create')}
    </Button>
  );
  return (
    <div className="admin-page">
      <div className="admin-page-header">
        <Typography.Title level={3}>{t('designer.list.title')}</Typography.Title>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('designer.list.search')}
            aria-label={t('designer.list.search')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            className="admin-search"
          />
          <Link to={ADVANCE_PATH}>
            <Button icon={<SettingOutlined />}>{t('designer.advance.title')}</Button>
          </Link>
          {createButton}
        </Space>
      </div>
      <Card>
        <LoadState source={forms} empty={{ when: (list) => list.length === 0, description: t('designer.list.empty'), action: createButton }}>
          {(list) => (
            <Table<FormListItem>
              rowKey="id"
              size="middle"
              dataSource={needle ? list.filter((form) => textMatches(form.name, needle)) : list}
              pagination={{ pageSize: 20, hideOnSinglePage: true }}
              scroll={{ x: 760 }}
              locale={{ emptyText: t('designer.list.noMatch') }}
              columns={[
                {
                  title: t('designer.list.name'),
                  dataIndex: 'name',
                  sorter: (a, b) => textIn(a.name).localeCompare(textIn(b.name)),
                  render: (name: LocalText, form) => (
                    <Link to={designerPath(form.id)} dir="auto">
                      {textIn(name)}
                    </Link>
                  ),
                },
                {
                  title: t('designer.list.status'),
                  dataIndex: 'status',
                  width: 120,
                  render: (status: FormStatus) => <Tag color={STATUS_COLOR[status]}>{t(`designer.status.${status}`)}</Tag>,
                },
                {
                  title: t('designer.list.version'),
                  dataIndex: 'currentVersion',
                  width: 110,
                  render: (version: number | null) => (version === null ? '—' : `v${version}`),
                },
                {
                  title: t('designer.list.updated'),
                  dataIndex: 'updateTime',
                  width: 180,
                  defaultSortOrder: 'descend',
                  sorter: (a, b) => a.updateTime.localeCompare(b.updateTime),
                  render: (time: string) => (
                    <bdi dir="ltr" className="admin-nowrap">
                      {formatServerDate(time, languageOf(i18n))}
                    </bdi>
                  ),
                },
                {
                  title: t('designer.list.actions'),
                  key: 'actions',
                  width: 200,
                  render: (_value, form) => (
                    <Space size={0}>
                      <Button type="text" icon={<EditOutlined />} aria-label={t('designer.list.open', { name: textIn(form.name) })} onClick={() => void navigate(designerPath(form.id))} />
                      {form.status !== 'draft' && held.has(FORM_POINTS.edit) && (
                        <Button type="link" onClick={() => void switchStatus(form)}>
                          {form.status === 'disabled' ? t('designer.list.enable') : t('designer.list.disable')}
                        </Button>
                      )}
                      {held.has(FORM_POINTS.delete) && (
                        <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('designer.list.deleteTitle', { name: textIn(form.name) })} onClick={() => confirmDelete(form)} />
                      )}
                    </Space>
                  ),
                },
              ]}
            />
          )}
        </LoadState>
      </Card>
      <CreateFormDialog open={creating} api={api} onClose={() => setCreating(false)} onCreated={(id) => void navigate(designerPath(id))} />
    </div>
  );
});

function CreateFormDialog({ open, api, onClose, onCreated }: { open: boolean; api: DesignerApi; onClose: () => void; onCreated: (id: number) => void }) {
  const { t } = useTranslation('forms');
  const [form] = Form.useForm<{ name: LocalText; description?: string }>();
  const { busy: saving, save } = useSave(
    (values: { name: LocalText; description?: string }) => api.create({ name: normalizeText(values.name), description: values.description ?? '', design: { version: 1, items: [] } }),
    (created) => onCreated(created.id),
    (failure) => {
      form.setFields([{ name: 'name', errors: [messageOf(failure, '')] }]);
      return '';
    },
  );
  const submit = async () => save(await form.validateFields());
  return (
    <Modal
      open={open}
      title={t('designer.list.create')}
      okText={t('designer.actions.create')}
      cancelText={t('designer.actions.cancel')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="create-form" onFinish={() => void submit()}>
        <Form.Item name="name" label={t('designer.list.name')} rules={[{ required: true, message: t('designer.list.nameRequired') }, ...schemaRules(t, formCreateBody, 'name')]}>
          <LocalTextInput autoFocus maxLength={FORM_NAME_MAX} data-testid="form-name" />
        </Form.Item>
        <Form.Item name="description" label={t('designer.props.description')}>
          <Input.TextArea maxLength={500} autoSize={{ minRows: 2, maxRows: 5 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
