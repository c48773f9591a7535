import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/stores-context.tsx';
import { messageOf } from './api-error.ts';
import { confirmRule, formatRule, passwordRules, requiredRule } from './format-rules.ts';
import { isFieldValidationFailure, VerificationCodeField } from './verification-code-field.tsx';

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
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [busy, setBusy] = useState(false);

  const sendCode = async (): Promise<boolean> => {
    setError('');
    try {
      const { mobilePhone } = await form.validateFields(['mobilePhone']);
      await api.sendRegisterCode(mobilePhone.trim());
      setNotice(t('code.sentToPhone', { phone: mobilePhone.trim() }));
      return true;
    } catch (failure) {
      if (isFieldValidationFailure(failure)) return false;
      setError(messageOf(failure, t('code.sendFailed')));
      return false;
    }
  };

  const submit = async (values: RegisterValues) => {
    setBusy(true);
    setError('');
    try {
      await api.register({ ...values, mobilePhone: values.mobilePhone.trim(), name: values.name.trim() });
      onRegistered(values.mobilePhone.trim());
    } catch (failure) {
      setError(messageOf(failure, t('register.failed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} name="register">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      {notice && !error && <Alert type="info" showIcon message={notice} style={{ marginBottom: 16 }} role="status" />}
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
      <Form.Item name="password" label={t('register.password')} rules={passwordRules(t)}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={t('passwordRules.confirm')}
        dependencies={['password']}
        rules={[requiredRule(t('passwordRules.confirmRequired')), confirmRule(t, 'password')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('register.submit')}
      </Button>
    </Form>
  );
}
