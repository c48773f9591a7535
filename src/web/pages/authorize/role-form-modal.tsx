import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { roleCreateBody, roleUpdateBody, type DataScope, type Role } from '../../../core/contracts/role.ts';
import { FormAlerts } from '../../shell/forms/form-alerts.tsx';
import { schemaRules, withoutEmpty } from '../../ui/schema-rules.ts';
import { placeServerError } from '../../ui/server-errors.ts';
import { useSave } from '../../ui/use-save.ts';
import { DataScopeOptions } from './data-scope-options.tsx';
import { useTextIn } from '../../i18n/local-text.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';

interface Values {
  code: string;
  name: string;
  description: string;
  dataScope: DataScope;
}

const FIELDS = ['code', 'name', 'description', 'dataScope'];

/** Creates a role, or edits one (`role` given): its code stays as it was. */
export function RoleFormModal({
  role,
  onSubmit,
  onClose,
}: {
  role: Role | null;
  onSubmit: (values: Values) => Promise<unknown>;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const textOf = useTextIn();
  const [form] = Form.useForm<Values>();
  const schema = role ? roleUpdateBody : roleCreateBody;
  const { error, busy, save } = useSave(
    (values: Values) => onSubmit(withoutEmpty({ ...values, description: values.description ?? '' })),
    onClose,
    (failure) => placeServerError(form, failure, FIELDS, () => 'code'),
  );

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      open
      title={role ? t('roles.editTitle', { name: textOf(role.name) }) : t('roles.createTitle')}
      okText={t('actions.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <FormAlerts error={error} />
      <Form
        form={form}
        layout="vertical"
        name="role-form"
        initialValues={role ? { code: role.code, name: role.name, description: role.description, dataScope: role.dataScope } : { dataScope: 'workspace' }}
        onFinish={() => void submit()}
      >
        <Form.Item
          name="code"
          label={t('roles.code')}
          extra={role ? t('roles.codeFixed') : t('roles.codeHelp')}
          rules={role ? [] : schemaRules(t, roleCreateBody, 'code', t('roles.codeInvalid'))}
        >
          <Input disabled={!!role} autoFocus={!role} autoComplete="off" />
        </Form.Item>
        <Form.Item name="name" label={t('roles.name')} rules={schemaRules(t, schema, 'name')}>
          <LocalTextInput autoFocus={!!role} />
        </Form.Item>
        <Form.Item name="description" label={t('roles.description')} rules={schemaRules(t, schema, 'description', t('validation.noBrackets'))}>
          <LocalTextInput multiline />
        </Form.Item>
        <Form.Item name="dataScope" label={t('roles.dataScope')} rules={schemaRules(t, schema, 'dataScope')}>
          <DataScopeOptions />
        </Form.Item>
        {/* Enter in a field submits. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
