import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { AppRouter } from './router/app-router.tsx';
import type { RootStore } from './stores/root-store.ts';
import { StoresProvider } from './stores/stores-context.tsx';

/**
 * Translations and stores around every screen. antd's language, direction and theme come
 * with the antd frame (shell/frame), which the router puts around every screen but sign-in.
 */
export function App({ stores, i18n }: { stores: RootStore; i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <StoresProvider stores={stores}>
        <AppRouter />
      </StoresProvider>
    </I18nextProvider>
  );
}
