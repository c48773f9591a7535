import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/stores-context.tsx';
import { messageOf } from './api-error.ts';
import { confirmRule, formatRule, passwordRules, requiredRule } from './format-rules.ts';
import { isFieldValidationFailure, VerificationCodeField } from './verification-code-field.tsx';

interface ResetValues {
  email: string;
  verificationCode: string;
  newPassword: string;
}

/** Password reset by an e-mailed code; problems show in the form, not as toasts (spec §7). */
export function ForgotPasswordForm({ onReset }: { onReset: (email: string) => void }) {
  const { t } = useTranslation('login');
  const { api } = useStores();
  const [form] = Form.useForm<ResetValues>();
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const sendCode = async (): Promise<boolean> => {
    setError('');
    try {
      const { email } = await form.validateFields(['email']);
      await api.sendResetCode(email.trim());
      setNotice(t('forgotPassword.codeSent'));
      return true;
    } catch (failure) {
      if (isFieldValidationFailure(failure)) return false;
      setError(messageOf(failure, t('code.sendFailed')));
      return false;
    }
  };

  const submit = async (values: ResetValues) => {
    setBusy(true);
    setError('');
    try {
      await api.resetPassword({ ...values, email: values.email.trim() });
      onReset(values.email.trim());
    } catch (failure) {
      setError(messageOf(failure, t('forgotPassword.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="forgot-password">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      {notice && !error && <Alert type="info" showIcon message={notice} style={{ marginBottom: 16 }} role="status" />}
      <Form.Item
        name="email"
        label={t('forgotPassword.email')}
        rules={[requiredRule(t('forgotPassword.emailRequired')), formatRule('email', t('format.email'))]}
      >
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <VerificationCodeField onSend={sendCode} />
      <Form.Item name="newPassword" label={t('forgotPassword.newPassword')} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('passwordRules.confirm')}
        dependencies={['newPassword']}
        rules={[requiredRule(t('passwordRules.confirmRequired')), confirmRule(t, 'newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('forgotPassword.submit')}
      </Button>
    </Form>
  );
}
