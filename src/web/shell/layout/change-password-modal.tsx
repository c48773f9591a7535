import { Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/stores-context.tsx';
import { messageOf } from '../login/api-error.ts';
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
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const values = await form.validateFields();
    setBusy(true);
    setError('');
    try {
      await api.updatePassword(values.password, values.newPassword);
      void message.success(t('layout:user.passwordChanged'));
      form.resetFields();
      onClose();
    } catch (failure) {
      setError(messageOf(failure, t('layout:user.passwordChangeFailed')));
    } finally {
      setBusy(false);
    }
  };

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
