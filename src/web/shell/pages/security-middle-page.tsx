import { Button, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPathFor, returnPathFrom, withReturnPath } from '../login/login-path.ts';
import { useStores } from '../../stores/stores-context.tsx';

/**
 * The middle page of a `?token=` start-up (a link from another system): the token is already
 * stored; load the account, settle the workspace, then continue to `path`.
 */
export default function SecurityMiddlePage() {
  const stores = useStores();
  const { t } = useTranslation('login');
  const navigate = useNavigate();
  const { search } = useLocation();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const target = returnPathFrom(search);
    if (!stores.user.signedIn) {
      navigate(loginPathFor(target), { replace: true });
      return;
    }
    stores.settleWorkspace().then(
      (choices) => navigate(choices ? withReturnPath('/workSpace/select', target) : target, { replace: true }),
      () => setFailed(true),
    );
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
