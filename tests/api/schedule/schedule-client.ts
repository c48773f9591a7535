import { expect } from 'vitest';
import { SCHEDULE_PREFIX, type ScheduleSummary } from '../../../src/core/contracts/schedules.ts';
import type { Task } from '../../../src/core/schedule/model.ts';
import type { TestApp } from '../../helpers/test-app.ts';

/** Calls of the schedule API as a browser makes them, for one test app. */
export function scheduleClient(t: TestApp) {
  const call = <T = unknown>(method: 'GET' | 'POST', path: string, token: string | undefined, input?: Record<string, unknown>) =>
    method === 'GET'
      ? t.call<T>(method, `${SCHEDULE_PREFIX}/${path}`, { token, query: input as Record<string, string | number> })
      : t.call<T>(method, `${SCHEDULE_PREFIX}/${path}`, { token, body: input ?? {} });

  const ok = async <T = unknown>(method: 'GET' | 'POST', path: string, token: string, input?: Record<string, unknown>): Promise<T> => {
    const result = await call<T>(method, path, token, input);
    expect(result.status, `${path}: ${result.body?.message}`).toBe(200);
    return result.body.data;
  };

  /** Only the status: for calls that may answer a file rather than JSON (the export). */
  const statusOf = async (method: 'GET' | 'POST', path: string, token: string | undefined, input?: Record<string, unknown>): Promise<number> => {
    const target = new URL(`/api${SCHEDULE_PREFIX}/${path}`, t.url);
    if (method === 'GET') for (const [key, value] of Object.entries(input ?? {})) target.searchParams.set(key, String(value));
    const headers: Record<string, string> = token === undefined ? {} : { token };
    if (method === 'POST') headers['content-type'] = 'application/json';
    const response = await fetch(target, { method, headers, body: method === 'POST' ? JSON.stringify(input ?? {}) : undefined });
    await response.arrayBuffer();
    return response.status;
  };

  const create = (token: string, workspaceCode: string, name: string) => ok<ScheduleSummary>('POST', 'create', token, { workspaceCode, name });

  return { call, ok, statusOf, create };
}

/** A work row of the model, as the editor inserts one. */
export const taskOf = (id: number, name: string, level = 1, duration = 480): Task => ({
  id,
  name,
  level,
  duration,
  unit: 'd',
  milestone: false,
  constraint: { type: 'ASAP' },
  percentComplete: 0,
  assignees: [],
});
