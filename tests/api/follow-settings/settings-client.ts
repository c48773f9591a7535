import { expect } from 'vitest';
import { FOLLOW_SETTINGS_PREFIX } from '../../../src/core/contracts/follow-settings.ts';
import type { TestApp } from '../../helpers/test-app.ts';

/** Calls of the follow-up settings API as the settings screens make them, for one test app. */
export function settingsClient(t: TestApp) {
  const call = <T = unknown>(method: 'GET' | 'POST', path: string, token: string | undefined, input?: Record<string, unknown>) =>
    method === 'GET'
      ? t.call<T>(method, `${FOLLOW_SETTINGS_PREFIX}/${path}`, { token, query: input as Record<string, string | number | boolean> })
      : t.call<T>(method, `${FOLLOW_SETTINGS_PREFIX}/${path}`, { token, body: input ?? {} });

  const ok = async <T = unknown>(method: 'GET' | 'POST', path: string, token: string, input?: Record<string, unknown>): Promise<T> => {
    const result = await call<T>(method, path, token, input);
    expect(result.status, `${path}: ${result.body?.message}`).toBe(200);
    return result.body.data;
  };

  /** The option sheet of a list, as the browser downloads it. */
  const exportSheet = async (token: string, workspaceCode: string, source: string): Promise<{ status: number; bytes: Buffer; disposition: string | null }> => {
    const target = new URL(`/api${FOLLOW_SETTINGS_PREFIX}/option/export`, t.url);
    target.searchParams.set('workspaceCode', workspaceCode);
    target.searchParams.set('source', source);
    const response = await fetch(target, { headers: { token } });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()), disposition: response.headers.get('content-disposition') };
  };

  /** Sends an option sheet as the import form does (multipart). */
  const importSheet = async (token: string | undefined, fields: Record<string, string>, bytes: Buffer) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(bytes)]), 'options.xlsx');
    const response = await fetch(new URL(`/api${FOLLOW_SETTINGS_PREFIX}/option/import`, t.url), { method: 'POST', headers: token ? { token } : {}, body: form });
    return { status: response.status, body: (await response.json()) as { success: boolean; message: string; data: unknown } };
  };

  return { call, ok, exportSheet, importSheet };
}
