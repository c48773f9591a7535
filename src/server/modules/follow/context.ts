import type { FollowChange, FollowHistoryAction, FollowProblemCode } from '../../../core/contracts/follows.ts';
import { calendarDay } from '../../../core/follows/due.ts';
import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import { writeJson } from '../../db/json-column.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import type { FormVersionCache } from '../form/versions.ts';
import type { NotifyBus } from '../notify/bus.ts';

/** Who is asking, what the tenant lets them do, the time of the request and where live pushes go. */
export interface FollowCaller extends Caller {
  now: () => string;
  bus: NotifyBus;
  /** Published form versions (the data templates). */
  versions: FormVersionCache;
}

export interface FollowWorkspace {
  id: number;
  code: string;
  name: string;
}

/** The workspace's calendar day now (due dates, age buckets, the due check). */
export const todayOf = (caller: Pick<FollowCaller, 'now'>): string => calendarDay(new Date(caller.now()));

/** A workspace whose follow-ups the caller may see; 404 for one they do not belong to, as for one that is not there. */
export async function workspaceByCode(caller: FollowCaller, code: string): Promise<FollowWorkspace> {
  const workspace = await caller.scope.selectFrom('workspace').select(['id', 'code', 'name']).where('code', '=', code).executeTakeFirst();
  if (!workspace || !policy.follow.view(caller, workspace.code)) throw notFound('Workspace');
  return workspace;
}

/** The workspace a follow-up or type lives in, under the same rule. */
export async function workspaceById(caller: FollowCaller, id: number, what: string): Promise<FollowWorkspace> {
  const workspace = await caller.scope.selectFrom('workspace').select(['id', 'code', 'name']).where('id', '=', id).executeTakeFirst();
  if (!workspace || !policy.follow.view(caller, workspace.code)) throw notFound(what);
  return workspace;
}

/** 403 unless the policy allows it: the caller sees the thing but may not do this to it. */
export function requireAllowed(allowed: boolean, what: string): void {
  if (!allowed) throw forbidden(`You do not have permission to ${what}`);
}

/** A refusal the browser words from its code (`follows:problem.<code>`), with the English for logs and tools. */
export function followProblem(status: 400 | 403 | 409, code: FollowProblemCode, message: string, params: Record<string, unknown> = {}): AppError {
  const resultCode = status === 400 ? ResultCode.BAD_REQUEST : status === 403 ? ResultCode.FORBIDDEN : ResultCode.CONFLICT;
  return new AppError(status, resultCode, message, { problem: code, params });
}

/**
 * One history row of a follow-up: who did what, when, which fields changed from what to what
 * (in the reader's terms). Written in the transaction of the change it tells of.
 */
export async function recordHistory(
  tx: TenantScope,
  entry: { workspaceId: number; followId: number; userId: number | null; time: string; action: FollowHistoryAction; changes?: FollowChange[]; note?: string | null },
): Promise<void> {
  await tx
    .insertInto('follow_history', [
      {
        workspace_id: entry.workspaceId,
        follow_id: entry.followId,
        action: entry.action,
        changes: writeJson(entry.changes ?? []),
        note: entry.note ?? null,
        user_id: entry.userId,
        create_time: entry.time,
      },
    ])
    .execute();
}
