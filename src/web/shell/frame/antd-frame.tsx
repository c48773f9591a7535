import { App as AntApp, ConfigProvider } from 'antd';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { antdLocaleOf } from '../../i18n/antd-locale.ts';
import { directionOf, languageOf } from '../../i18n/i18n.ts';
import { useReducedMotion } from '../../ui/reduced-motion.ts';
import { toasts } from '../toasts.ts';
import { THEME } from './theme.ts';

function ToastBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => toasts.attach(message), [message]);
  return null;
}

/**
 * antd's language, direction and theme around the screens drawn with antd; Arabic mirrors
 * them, and a person who asked for less motion gets none. Loaded with the first such screen,
 * so the sign-in screen does not carry antd.
 */
export function AntdFrame({ children }: { children: ReactNode }) {
  // useTranslation re-renders on every language change.
  const { i18n } = useTranslation();
  const language = languageOf(i18n);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => (reducedMotion ? { ...THEME, token: { ...THEME.token, motion: false } } : THEME), [reducedMotion]);
  return (
    <ConfigProvider locale={antdLocaleOf(language)} direction={directionOf(language)} theme={theme}>
      <AntApp>
        <ToastBridge />
        {children}
      </AntApp>
    </ConfigProvider>
  );
}

/** The frame as a layout route around every screen but the sign-in screen. */
export default function AntdFrameRoute() {
  return (
    <AntdFrame>
      <Outlet />
    </AntdFrame>
  );
}
