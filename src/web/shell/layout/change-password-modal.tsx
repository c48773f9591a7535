import { Form, Input, Modal, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSave } from '../../ui/use-save.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { FormAlerts } from '../forms/form-alerts.tsx';
import { NewPasswordFields } from '../forms/new-password-fields.tsx';
import { requiredRule } from '../login/format-rules.ts';

interface Values {
  password: string;
  newPassword: string;
}

/** Changing the password ends the user's sessions elsewhere; this one stays signed in. */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['layout', 'login']);
  const { api } = useStores();
  const [form] = Form.useForm<Values>();
  const { error, busy, save } = useSave(
    (values: Values) => api.updatePassword(values.password, values.newPassword),
    () => {
      void message.success(t('layout:user.passwordChanged'));
      form.resetFields();
      onClose();
    },
    t('layout:user.passwordChangeFailed'),
  );

  const submit = async () => save(await form.validateFields());

  return (
    <Modal
      open={open}
      title={t('layout:user.changePassword')}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} name="change-password">
        <FormAlerts error={error} />
        <Form.Item name="password" label={t('layout:user.currentPassword')} rules={[requiredRule(t('layout:user.currentPasswordRequired'))]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <NewPasswordFields name="newPassword" label={t('layout:user.newPassword')} confirmLabel={t('layout:user.confirmPassword')} />
      </Form>
    </Modal>
  );
}
