import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { LoginResult, TenantOption } from '../../../core/entities.ts';
import { returnPathFrom, withReturnPath } from './login-path.ts';
import { handled } from '../../ui/handled.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { lazyComponent } from '../../router/chunk-loader.tsx';
import { LanguageSwitch } from '../layout/language-switch.tsx';
import { messageOf } from '../../api/error-message.ts';
import { LoginNotice } from './login-notice.tsx';
import { LoginTabs } from './login-tabs.tsx';
import { PasswordLoginForm } from './password-login-form.tsx';
import { TenantPicker } from './tenant-picker.tsx';
import './login-page.css';

type TabKey = 'password' | 'register' | 'forgot';

const AccountForms = lazyComponent(() => import('./account-forms.tsx'));

/**
 * /login, drawn without antd so the first page stays small: password sign-in,, registration
 * and password reset (loaded when opened); then tenant and workspace.
 */
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

  // A session that came back signed in but with no tenant chosen goes on at the tenant choice.
  const needsTenant = stores.sessionNeeds === 'tenant';
  useEffect(() => {
    if (!needsTenant) return;
    stores.api.listTenants().then(setTenants, (failure: unknown) => setError(messageOf(failure, t('signInFailed'))));
  }, [stores, needsTenant, t]);

  const switchTab = (key: TabKey) => {
    setTab(key);
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
        <div className="login-card">
          <h1 className="login-title">{t('title')}</h1>
          {notice && <LoginNotice kind="success" text={notice} />}
          {error && <LoginNotice kind="error" text={error} />}
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
            <LoginTabs
              active={tab}
              onChange={switchTab}
              tabs={[
                { key: 'password', label: t('tabs.password') },
                { key: 'register', label: t('tabs.register') },
                { key: 'forgot', label: t('tabs.forgotPassword') },
              ]}
            >
              {tab === 'password' ? (
                <PasswordLoginForm onSignedIn={handled(afterPasswordLogin)} />
              ) : (
                <AccountForms
                  key={tab}
                  kind={tab}
                  onDone={() => {
                    setNotice(t(tab === 'register' ? 'register.success' : 'forgotPassword.success'));
                    switchTab('password');
                  }}
                />
              )}
            </LoginTabs>
          )}
        </div>
      </main>
    </div>
  );
});

export default LoginPage;
