import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPathFor, returnPathFrom, withReturnPath } from '../login/login-path.ts';
import { useStores } from '../../stores/stores-context.tsx';

/**
 * The middle page of a `?token=` start-up (a link from another system): the token is already
 * stored and the account loaded at start-up (RootStore.sync); continue to `path`, through the
 * tenant or workspace choice when the session still needs one.
 */
export default function SecurityMiddlePage() {
  const stores = useStores();
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = returnPathFrom(search);
    const needs = stores.sessionNeeds;
    if (!stores.user.signedIn || needs === 'tenant') navigate(loginPathFor(target), { replace: true });
    else if (needs === 'workspace') navigate(withReturnPath('/workSpace/select', target), { replace: true });
    else if (needs === 'account') setFailed(true);
    else navigate(target, { replace: true });
  }, [stores, navigate, search]);

  if (failed) {
    return (
      <Result
        status="error"
        title={t('signInFailed')}
        extra={<Button onClick={() => void navigate('/login', { replace: true })}>{t('forgotPassword.backToLogin')}</Button>}
      />
    );
  }
  return (
    <div style={{ padding: 96, textAlign: 'center' }} role="status">
      <Spin size="large" />
    </div>
  );
}
