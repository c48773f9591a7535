import { shellApi } from './api/endpoints.ts';
import { apiBaseUrl, createRequest } from './api/request.ts';
import type { RequestDeps } from './api/request-types.ts';
import { createUpload } from './api/upload.ts';
import { browserSessionPersistence } from './session/browser-session.ts';
import { RootStore } from './stores/root-store.ts';
import { toasts } from './shell/toasts.ts';

/** Wires the request layer to the stores, the router and the toasts; restores the session. */
export async function createStores(): Promise<RootStore> {
  let stores: RootStore | null = null;
  const deps: RequestDeps = {
    baseUrl: apiBaseUrl(),
    getToken: () => browserSessionPersistence.readToken(),
    signOut: () => stores?.clear(),
    // A full navigation: whatever screen was open is dropped along with the session.
    navigate: (url) => window.location.assign(url),
    currentPath: () => window.location.pathname + window.location.search,
    showError: (message, seconds) => toasts.error(message, seconds),
    closeToasts: () => toasts.closeAll(),
    onForbidden: () => void stores?.refreshAccess(),
  };
  const http = createRequest(deps);
  stores = new RootStore(shellApi(http), browserSessionPersistence, createUpload(deps));
  // Opening the bare site, a returning user goes on where they left off.
  await stores.sync({ resumeLastPage: window.location.pathname === '/' });
  stores.startAutoPersist();
  return stores;
}
