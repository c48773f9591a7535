import { Alert, Card, Tabs, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginResult, TenantOption } from '../../../core/entities.ts';
import { returnPathFrom, withReturnPath } from '../../../core/login-path.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { messageOf } from './api-error.ts';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { TenantPicker } from './tenant-picker.tsx';
import './login-page.css';

type TabKey = 'password' | 'register' | 'forgot';

/** /login: password sign-in, registration, password reset; then tenant and workspace. */
const LoginPage = observer(function LoginPage() {
  const { t } = useTranslation('login');
  const stores = useStores();
  const navigate = useNavigate();
  const location = useLocation();
  const returnPath = returnPathFrom(location.search);
  const [tab, setTab] = useState<TabKey>(stores.layout.register ? 'register' : 'password');
  const [tenants, setTenants] = useState<TenantOption[] | null>(null);
  const [busyTenant, setBusyTenant] = useState<number | null>(null);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState('');

  const enterTenant = async (tenantId: number) => {
    setBusyTenant(tenantId);
    setError('');
    try {
      await stores.signedIn(await stores.api.loginByToken(tenantId));
      const choices = await stores.settleWorkspace();
      if (choices) navigate(withReturnPath('/workSpace/select', returnPath), { replace: true });
      else navigate(returnPath, { replace: true });
    } catch (failure) {
      setError(messageOf(failure, t('signInFailed')));
      setBusyTenant(null);
    }
  };

  // The tenant-less token only serves to list tenants and choose one.
  const afterPasswordLogin = async (result: LoginResult) => {
    stores.holdToken(result.token);
    try {
      const list = await stores.api.listTenants();
      if (list.length === 0) {
        setError(t('tenant.empty'));
        await stores.signOut();
      } else if (list.length === 1) {
        await enterTenant(list[0]!.tenantId);
      } else {
        setTenants(list);
      }
    } catch (failure) {
      setError(messageOf(failure, t('signInFailed')));
    }
  };

  const switchTab = (key: string) => {
    setTab(key as TabKey);
    setError('');
    stores.layout.setRegister(key === 'register');
  };

  return (
    <div className="login-page">
      <section className="login-brand" aria-hidden="true">
        <div className="login-brand-mark">Plinth</div>
        <p>{t('subtitle')}</p>
      </section>
      <main className="login-main">
        <div className="login-toolbar">
          <LanguageSwitch />
        </div>
        <Card className="login-card">
          <Typography.Title level={2} className="login-title">
            {t('title')}
          </Typography.Title>
          {notice && <Alert type="success" showIcon message={notice} style={{ marginBottom: 16 }} role="status" />}
          {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} role="alert" />}
          {tenants ? (
            <TenantPicker
              tenants={tenants}
              busyTenant={busyTenant}
              onPick={(tenant) => void enterTenant(tenant.tenantId)}
              onBack={() => {
                setTenants(null);
                void stores.signOut();
              }}
            />
          ) : (
            <Tabs
              activeKey={tab}
              onChange={switchTab}
              // Narrower than antd's 32 px so the three tabs fit the card in every language.
              tabBarGutter={16}
              items={[
                { key: 'password', label: t('tabs.password'), children: <PasswordLoginForm onSignedIn={afterPasswordLogin} /> },
                {
                  key: 'register',
                  label: t('tabs.register'),
                  children: (
                    <RegisterForm
                      onRegistered={() => {
                        setNotice(t('register.success'));
                        switchTab('password');
                      }}
                    />
                  ),
                },
                {
                  key: 'forgot',
                  label: t('tabs.forgotPassword'),
                  children: (
                    <ForgotPasswordForm
                      onReset={() => {
                        setNotice(t('forgotPassword.success'));
                        switchTab('password');
                      }}
                    />
                  ),
                },
              ]}
            />
          )}
        </Card>
      </main>
    </div>
  );
});

export default LoginPage;
