import type { Http } from '../../src/web/api/endpoints.ts';
import { createRequest } from '../../src/web/api/request.ts';
import type { TestApp } from './test-app.ts';

/**
 * The browser's request layer against the test server, signed in with `token`, for screen
 * stores run outside a browser. Error toasts the layer would show are collected in `toasts`.
 */
export function webRequest(t: TestApp, token: string, currentPath: string, toasts: string[]): Http {
  return createRequest({
    baseUrl: `${t.url}/api`,
    getToken: () => token,
    signOut: () => undefined,
    navigate: () => undefined,
    currentPath: () => currentPath,
    showError: (message) => toasts.push(message),
    closeToasts: () => undefined,
  });
}
