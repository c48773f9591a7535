import { Alert, Form, Input, Modal, message } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/stores-context.tsx';
import { messageOf } from '../login/api-error.ts';
import { confirmRule, passwordRules, requiredRule } from '../login/format-rules.ts';

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
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form.Item name="password" label={t('layout:user.currentPassword')} rules={[requiredRule(t('layout:user.currentPasswordRequired'))]}>
          <Input.Password autoComplete="current-password" autoFocus />
        </Form.Item>
        <Form.Item name="newPassword" label={t('layout:user.newPassword')} rules={passwordRules(t)}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label={t('layout:user.confirmPassword')}
          dependencies={['newPassword']}
          rules={[requiredRule(t('login:passwordRules.confirmRequired')), confirmRule(t, 'newPassword')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
