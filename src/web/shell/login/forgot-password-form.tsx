import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { handled } from '../../ui/handled.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { FormAlerts } from '../forms/form-alerts.tsx';
import { NewPasswordFields } from '../forms/new-password-fields.tsx';
import { formatRule, requiredRule } from './format-rules.ts';
import { useSendCode } from './use-send-code.ts';
import { VerificationCodeField } from './verification-code-field.tsx';

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
  const { error, notice, busy, sendCode, submitting } = useSendCode(form, {
    field: 'email',
    send: (email) => api.sendResetCode(email),
    sentNotice: () => t('forgotPassword.codeSent'),
  });

  const submit = (values: ResetValues) =>
    submitting(async () => {
      await api.resetPassword({ ...values, email: values.email.trim() });
      onReset(values.email.trim());
    }, 'forgotPassword.failed');

  return (
    <Form form={form} layout="vertical" onFinish={handled(submit)} requiredMark={false} name="forgot-password">
      <FormAlerts error={error} notice={notice} />
      <Form.Item
        name="email"
        label={t('forgotPassword.email')}
        rules={[requiredRule(t('forgotPassword.emailRequired')), formatRule('email', t('format.email'))]}
      >
        <Input autoComplete="email" inputMode="email" />
      </Form.Item>
      <VerificationCodeField onSend={sendCode} />
      <NewPasswordFields name="newPassword" label={t('forgotPassword.newPassword')} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('forgotPassword.submit')}
      </Button>
    </Form>
  );
}
