import { expect } from 'vitest';
import { FOLLOW_PREFIX, type FollowDetail, type FollowType } from '../../../src/core/contracts/follows.ts';
import type { Notification } from '../../../src/core/entities.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { TestApp } from '../../helpers/test-app.ts';

/** Calls of the follow-up API as a browser makes them, for one test app. */
export function followClient(t: TestApp) {
  const call = <T = unknown>(method: 'GET' | 'POST', path: string, token: string | undefined, input?: Record<string, unknown>) =>
    method === 'GET'
      ? t.call<T>(method, `${FOLLOW_PREFIX}/${path}`, { token, query: input as Record<string, string | number> })
      : t.call<T>(method, `${FOLLOW_PREFIX}/${path}`, { token, body: input ?? {} });

  /** Only the status: for calls that may answer bytes (photo/file, export). */
  const statusOf = async (method: 'GET' | 'POST', path: string, token: string | undefined, input?: Record<string, unknown>): Promise<number> => {
    const response = await raw(method, path, token, input);
    await response.arrayBuffer();
    return response.status;
  };

  const raw = (method: 'GET' | 'POST', path: string, token: string | undefined, input?: Record<string, unknown>) => {
    const target = new URL(`/api${FOLLOW_PREFIX}/${path}`, t.url);
    if (method === 'GET') for (const [key, value] of Object.entries(input ?? {})) target.searchParams.set(key, String(value));
    const headers: Record<string, string> = token === undefined ? {} : { token };
    if (method === 'POST') headers['content-type'] = 'application/json';
    return fetch(target, { method, headers, body: method === 'POST' ? JSON.stringify(input ?? {}) : undefined });
  };

  const ok = async <T = unknown>(method: 'GET' | 'POST', path: string, token: string, input?: Record<string, unknown>): Promise<T> => {
    const result = await call<T>(method, path, token, input);
    expect(result.status, `${path}: ${result.body?.message}`).toBe(200);
    return result.body.data;
  };

  const types = (token: string, workspaceCode: string) => ok<FollowType[]>('GET', 'type/list', token, { workspaceCode });

  const create = (token: string, body: Record<string, unknown>) => ok<FollowDetail>('POST', 'create', token, body);

  /** The notifications of the caller, newest first. */
  const notices = async (token: string): Promise<Notification[]> => {
    const result = await t.call<PageResult<Notification>>('POST', '/proptech_notify/notify/page', { token, body: { pageSize: 100 } });
    expect(result.status).toBe(200);
    return result.body.data.list;
  };

  return { call, raw, statusOf, ok, types, create, notices };
}
