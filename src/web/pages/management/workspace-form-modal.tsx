import { Form, Input, Modal, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { workspaceCreateBody, workspaceUpdateBody, type ManagedWorkspace } from '../../../core/contracts/management.ts';
import { schemaRules, withoutEmpty } from '../../ui/schema-rules.ts';
import { placeServerError } from '../../ui/server-errors.ts';
import { useSave } from '../../ui/use-save.ts';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import type { WorkspacesStore } from './workspaces-store.ts';

interface Values {
  code: string;
  name: string;
  templateId?: number;
}

/** Creates a workspace (optionally from a template), or renames one (`workspace` given). */
export const WorkspaceFormModal = observer(function WorkspaceFormModal({
  store,
  workspace,
  onClose,
}: {
  store: WorkspacesStore;
  workspace: ManagedWorkspace | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const { error, busy, save } = useSave(
    async (values: Values) => {
      if (workspace) await store.rename(workspace.id, values.name);
      else await store.create(withoutEmpty(values));
    },
    onClose,
    (failure) => placeServerError(form, failure, ['code', 'name', 'templateId'], () => 'code'),
  );

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      open
      title={workspace ? t('workspaces.renameTitle', { name: workspace.name }) : t('workspaces.createTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <FormAlerts error={error} />
      <Form form={form} layout="vertical" name="workspace-form" initialValues={workspace ? { code: workspace.code, name: workspace.name } : {}}>
        <Form.Item
          name="code"
          label={t('workspaces.code')}
          extra={workspace ? t('workspaces.codeFixed') : t('workspaces.codeHelp')}
          rules={workspace ? [] : schemaRules(t, workspaceCreateBody, 'code', t('workspaces.codeInvalid'))}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input disabled={!!workspace} autoFocus={!workspace} autoComplete="off" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item name="name" label={t('workspaces.name')} rules={schemaRules(t, workspace ? workspaceUpdateBody : workspaceCreateBody, 'name', t('validation.noBrackets'))}>
          <Input autoFocus={!!workspace} autoComplete="off" onPressEnter={() => void submit()} />
        </Form.Item>
        {!workspace && (
          <Form.Item name="templateId" label={t('workspaces.template')} extra={t('workspaces.templateHelp')}>
            <Select
              allowClear
              placeholder={t('workspaces.noTemplate')}
              loading={store.templates.loading}
              options={(store.templates.data ?? []).map((template) => ({ value: template.id, label: template.name }))}
            />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
});
