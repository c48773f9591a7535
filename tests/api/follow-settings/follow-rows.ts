import { expect } from 'vitest';
import { FOLLOW_PREFIX, type FollowDetail, type FollowType } from '../../../src/core/contracts/follows.ts';
import type { TestApp } from '../../helpers/test-app.ts';

/**
 * Follow-up types and follow-ups made through the follow-up API, for the settings rules that
 * read them: templates belong to a type, and an option is in use when a follow-up holds its code.
 */
export function followRows(t: TestApp, adminToken: () => string) {
  const ok = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const result = await t.call<T>('POST', `${FOLLOW_PREFIX}/${path}`, { token: adminToken(), body });
    expect(result.status, `${path}: ${result.body?.message}`).toBe(200);
    return result.body.data;
  };

  const type = async (workspaceCode: string, name: string): Promise<number> =>
    (
      await ok<FollowType>('type/save', {
        workspaceCode,
        name,
        color: '#1677ff',
        icon: 'FlagOutlined',
        numbering: 'SO-{####}',
        statusRule: { start: ['assignee'], submit: ['assignee'], return: ['reviewer'], close: ['reviewer'], reopen: ['manager'] },
      })
    ).id;

  const followUp = (workspaceCode: string, typeId: number, fields: { trade?: string; templateValues?: Record<string, unknown> }) =>
    ok<FollowDetail>('create', { workspaceCode, typeId, title: 'Guardrail missing at the stair core', ...fields });

  const get = async (id: number): Promise<FollowDetail> => {
    const result = await t.call<FollowDetail>('GET', `${FOLLOW_PREFIX}/get`, { token: adminToken(), query: { id } });
    expect(result.status, result.body?.message).toBe(200);
    return result.body.data;
  };

  return { type, followUp, get };
}
