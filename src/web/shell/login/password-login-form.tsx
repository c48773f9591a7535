import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '../../../core/entities.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { messageOf } from '../../api/error-message.ts';
import { LoginIcon } from './login-icons.tsx';
import { LoginNotice } from './login-notice.tsx';

type Field = 'account' | 'password';

/**
 * Account and password. Plain markup (ids as antd's Form would give them), so the sign-in
 * screen loads without antd; the fields only need to be filled in, the server checks the rest.
 */
export function PasswordLoginForm({ onSignedIn }: { onSignedIn: (result: LoginResult) => void }) {
  const { t } = useTranslation('login');
  const { api } = useStores();
  const [values, setValues] = useState<Record<Field, string>>({ account: '', password: '' });
  const [missing, setMissing] = useState<Partial<Record<Field, boolean>>>({});
  const [showPassword, setShowPassword] = useState(false);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (value.trim()) setMissing((current) => ({ ...current, [field]: false }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const absent = { account: !values.account.trim(), password: !values.password.trim() };
    setMissing(absent);
    if (absent.account || absent.password) {
      event.currentTarget.querySelector<HTMLInputElement>(absent.account ? '#password-login_account' : '#password-login_password')?.focus();
      return;
    }
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
    <form id="password-login" className="login-form" onSubmit={(event) => void submit(event)} noValidate>
      {error && <LoginNotice kind="error" text={error} />}
      <div className="login-field">
        <label htmlFor="password-login_account">{t('password.account')}</label>
        <div className={`login-input${missing.account ? ' login-input-invalid' : ''}`}>
          <LoginIcon name="user" />
          <input
            id="password-login_account"
            value={values.account}
            onChange={(event) => change('account', event.target.value)}
            placeholder={t('password.accountPlaceholder')}
            autoComplete="username"
            aria-invalid={missing.account || undefined}
            aria-describedby={missing.account ? 'password-login_account_help' : undefined}
          />
        </div>
        {missing.account && (
          <div id="password-login_account_help" className="login-field-error">
            {t('password.accountRequired')}
          </div>
        )}
      </div>
      <div className="login-field">
        <label htmlFor="password-login_password">{t('password.password')}</label>
        <div className={`login-input${missing.password ? ' login-input-invalid' : ''}`}>
          <LoginIcon name="lock" />
          <input
            id="password-login_password"
            type={showPassword ? 'text' : 'password'}
            value={values.password}
            onChange={(event) => change('password', event.target.value)}
            autoComplete="current-password"
            aria-invalid={missing.password || undefined}
            aria-describedby={missing.password ? 'password-login_password_help' : undefined}
          />
          <button
            type="button"
            className="login-input-action"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={t(showPassword ? 'password.hide' : 'password.show')}
            aria-pressed={showPassword}
          >
            <LoginIcon name={showPassword ? 'eyeOff' : 'eye'} />
          </button>
        </div>
        {missing.password && (
          <div id="password-login_password_help" className="login-field-error">
            {t('password.passwordRequired')}
          </div>
        )}
      </div>
      <button type="submit" className="plain-button plain-button-primary plain-button-block" disabled={busy} aria-busy={busy}>
        {busy && <span className="spinner spinner-small" aria-hidden="true" />}
        {busy ? t('password.signingIn') : t('password.submit')}
      </button>
    </form>
  );
}
