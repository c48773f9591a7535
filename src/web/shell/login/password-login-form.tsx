import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '../../../core/entities.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { messageOf } from './api-error.ts';
import { requiredRule } from './format-rules.ts';

export function PasswordLoginForm({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const { t } = useTranslation('login');
  const { api } = useStores();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (values: { account: string; password: string }) => {
    setBusy(true);
    setError('');
    try {
      onSignedIn(await api.passwordLogin(values.account.trim(), values.password));
    } catch (failure) {
      setError(messageOf(failure, t('signInFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" onFinish={submit} requiredMark={false} name="password-login">
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
      <Form.Item name="account" label={t('password.account')} rules={[requiredRule(t('password.accountRequired'))]}>
        <Input prefix={<UserOutlined />} placeholder={t('password.accountPlaceholder')} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item name="password" label={t('password.password')} rules={[requiredRule(t('password.passwordRequired'))]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={busy}>
        {t('password.submit')}
      </Button>
    </Form>
  );
}
