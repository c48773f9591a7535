import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { handled } from '../../ui/handled.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { FormAlerts } from '../forms/form-alerts.tsx';
import { NewPasswordFields } from '../forms/new-password-fields.tsx';
import { formatRule, requiredRule } from './format-rules.ts';
import { useSendCode } from './use-send-code.ts';
import { VerificationCodeField } from './verification-code-field.tsx';

interface RegisterValues {
  mobilePhone: string;
  verificationCode: string;
  name: string;
  password: string;
}

/** Registration with an SMS code; afterwards the user signs in with the new account. */
export function RegisterForm({ onRegistered }: { onRegistered: (mobilePhone: string) => void }) {
  const { t } = useTranslation('login');
  const { api } = useStores();
  const [form] = Form.useForm<RegisterValues>();
  const { error, notice, busy, sendCode, submitting } = useSendCode(form, {
    field: 'mobilePhone',
    send: (mobilePhone) => api.sendRegisterCode(mobilePhone),
    sentNotice: (phone) => t('code.sentToPhone', { phone }),
  });

  const submit = (values: RegisterValues) =>
    submitting(async () => {
      await api.register({ ...values, mobilePhone: values.mobilePhone.trim(), name: values.name.trim() });
      onRegistered(values.mobilePhone.trim());
    }, 'register.failed');

  return (
    <Form form={form} layout="vertical" onFinish={handled(submit)} requiredMark={false} name="register">
      <FormAlerts error={error} notice={notice} />
      <Form.Item
        name="mobilePhone"
        label={t('register.mobilePhone')}
        rules={[requiredRule(t('register.mobilePhoneRequired')), formatRule('mobilePhone', t('format.mobilePhone'))]}
      >
        <Input autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <VerificationCodeField onSend={sendCode} />
      <Form.Item
        name="name"
        label={t('register.name')}
        rules={[requiredRule(t('register.nameRequired')), { max: 64 }, { pattern: /^[^<>]*$/, message: t('register.nameInvalid') }]}
      >
        <Input autoComplete="name" />
      </Form.Item>
      <NewPasswordFields name="password" label={t('register.password')} />
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
