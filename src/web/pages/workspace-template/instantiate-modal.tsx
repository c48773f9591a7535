import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ManagedWorkspace } from '../../../core/contracts/management.ts';
import {
  workspaceTemplateInstantiateBody,
  type WorkspaceTemplate,
  type WorkspaceTemplateInstantiateBody,
} from '../../../core/contracts/workspace-template.ts';
import { schemaRules } from '../../ui/schema-rules.ts';
import { placeServerError } from '../../ui/server-errors.ts';
import { useSave } from '../../ui/use-save.ts';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';

type Values = Omit<WorkspaceTemplateInstantiateBody, 'id'>;

/** A new workspace from a template: its menu is the template's menus and the menu entries of its pages. */
export function InstantiateModal({
  template,
  onSubmit,
  onClose,
}: {
  template: WorkspaceTemplate;
  onSubmit: (body: WorkspaceTemplateInstantiateBody) => Promise<ManagedWorkspace>;
  onClose: (created?: ManagedWorkspace) => void;
}) {
  const { t } = useTranslation('admin');
  const [form] = Form.useForm<Values>();
  const { error, busy, save } = useSave(
    (values: Values) => onSubmit({ id: template.id, code: values.code, name: values.name }),
    onClose,
    (failure) => placeServerError(form, failure, ['code', 'name'], () => 'code'),
  );

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      open
      title={t('templates.instantiateTitle', { name: template.name })}
      okText={t('templates.instantiate')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={() => onClose()}
      confirmLoading={busy}
      destroyOnHidden
    >
      <FormAlerts error={error} notice={t('templates.instantiateHelp')} />
      <Form form={form} layout="vertical" name="template-instantiate">
        <Form.Item
          name="code"
          label={t('workspaces.code')}
          extra={t('workspaces.codeHelp')}
          rules={schemaRules(t, workspaceTemplateInstantiateBody, 'code', t('workspaces.codeInvalid'))}
          normalize={(value: string) => value.toUpperCase()}
        >
          <Input autoFocus autoComplete="off" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item name="name" label={t('workspaces.name')} rules={schemaRules(t, workspaceTemplateInstantiateBody, 'name', t('validation.noBrackets'))}>
          <Input autoComplete="off" onPressEnter={() => void submit()} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
