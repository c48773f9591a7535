import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { loginPathFor, withReturnPath } from '../shell/login/login-path.ts';
import { useStores } from '../stores/stores-context.tsx';

/** Where a signed-in user goes instead, to choose their workspace, before any other screen. */
export const WORKSPACE_CHOICE_PATH = '/workSpace/select';

/**
 * Without a token the user goes to /login with the requested path (spec §2). A session that
 * came back without its tenant or workspace goes to that choice first, with the path to go on
 * to afterwards: never to screens that half work.
 */
export const RequireSignIn = observer(function RequireSignIn() {
  const stores = useStores();
  const location = useLocation();
  const here = location.pathname + location.search;
  if (!stores.user.signedIn) return <Navigate to={loginPathFor(here)} replace />;
  if (stores.sessionNeeds === 'tenant') return <Navigate to={loginPathFor(here)} replace />;
  if (stores.sessionNeeds === 'workspace' && location.pathname !== WORKSPACE_CHOICE_PATH) {
    return <Navigate to={withReturnPath(WORKSPACE_CHOICE_PATH, here)} replace />;
  }
  if (stores.sessionNeeds === 'account') return <AccountUnavailable />;
  return <Outlet />;
});

/** The account could not be loaded and too little was kept to go on: try again, or sign out. */
const AccountUnavailable = observer(function AccountUnavailable() {
  const stores = useStores();
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const retry = () => {
    setBusy(true);
    void stores.retrySync().finally(() => setBusy(false));
  };
  return (
    <div className="chunk-state" role="alert">
      <p className="chunk-state-title">{t('session.unavailableTitle')}</p>
      <p>{t('session.unavailableDescription')}</p>
      <p>
        <button type="button" className="plain-button plain-button-primary" onClick={retry} disabled={busy} autoFocus>
          {t('actions.retry')}
        </button>{' '}
        <button type="button" className="plain-button" onClick={() => void stores.signOut()}>
          {t('session.signOut')}
        </button>
      </p>
    </div>
  );
});
