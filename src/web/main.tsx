import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createI18n } from './i18n/i18n.ts';
import { watchCssChunkErrors } from './router/chunk-loader.tsx';
import { takeStartupToken } from './session/startup-token.ts';
import { createStores } from './app-services.ts';
import { App } from './app.tsx';
import { preloadRoute } from './router/app-router.tsx';
import './global.css';

async function start(): Promise<void> {
  watchCssChunkErrors();
  // A `?token=` in the address replaces any stored session (spec §4); the address is cleaned.
  const cleaned = takeStartupToken(window.location.href);
  if (cleaned !== null) window.history.replaceState(window.history.state, '', cleaned);
  preloadRoute(window.location.pathname);
  const [i18n, stores] = await Promise.all([createI18n(), createStores()]);
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App stores={stores} i18n={i18n} />
    </StrictMode>,
  );
}

void start();
