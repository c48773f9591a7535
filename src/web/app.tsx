import { App as AntApp, ConfigProvider } from 'antd';
import type { i18n as I18n } from 'i18next';
import { useEffect, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { antdLocaleOf, directionOf, languageOf } from './i18n/i18n.ts';
import { AppRouter } from './router/app-router.tsx';
import { toasts } from './shell/toasts.ts';
import type { RootStore } from './stores/root-store.ts';
import { StoresProvider } from './stores/stores-context.tsx';

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => toasts.attach(message), [message]);
  return null;
}

/** Language, direction and theme around every screen; Arabic mirrors the whole layout. */
export function App({ stores, i18n }: { stores: RootStore; i18n: I18n }) {
  const [language, setLanguage] = useState(languageOf(i18n));
  useEffect(() => {
    const update = () => setLanguage(languageOf(i18n));
    i18n.on('languageChanged', update);
    return () => i18n.off('languageChanged', update);
  }, [i18n]);

  return (
    <I18nextProvider i18n={i18n}>
      <ConfigProvider locale={antdLocaleOf(language)} direction={directionOf(language)} theme={{ token: { colorPrimary: '#1677ff', borderRadius: 6 } }}>
        <AntApp>
          <ToastBridge />
          <StoresProvider stores={stores}>
            <AppRouter />
          </StoresProvider>
        </AntApp>
      </ConfigProvider>
    </I18nextProvider>
  );
}
