import { App } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { DEFAULT_MENU_REFRESH_SECONDS, MENU_REFRESH_META, secondsSetting } from '../../../core/client-settings.ts';
import type { RootStore } from '../../stores/root-store.ts';

/** The server's interval between menu checks (a `<meta>` of index.html) in ms; 0 when turned off. */
export function menuRefreshInterval(doc: Document = document): number {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${MENU_REFRESH_META}"]`)?.content;
  return secondsSetting(content, DEFAULT_MENU_REFRESH_SECONDS) * 1000;
}

/**
 * Keeps the menu and the held function points in step with the server while the shell is
 * open: when the window comes back into view or regains focus, and at the server's interval
 * while it is visible (a hidden window asks nothing). A 403 and an administrator's own saves
 * trigger the same check elsewhere (app-services, admin-endpoints). When a check takes away the
 * page on screen, the user lands on the home page with a word why.
 */
export function useAccessRefresh(stores: RootStore): void {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const { t } = useTranslation('layout');

  useEffect(() => {
    const visible = () => document.visibilityState === 'visible';
    const refresh = () => void stores.refreshAccess();
    const onVisibility = () => visible() && refresh();
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', onVisibility);
    const interval = menuRefreshInterval();
    const timer = interval > 0 ? window.setInterval(onVisibility, interval) : undefined;
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', onVisibility);
      window.clearInterval(timer);
    };
  }, [stores]);

  useEffect(
    () =>
      stores.onPageWithdrawn(() => {
        void message.warning(t('access.pageWithdrawn'));
        navigate('/home', { replace: true });
      }),
    [stores, message, navigate, t],
  );
}
