import type { ScheduleProblemCode, ScheduleAction, SchedulePerson } from '../../../core/contracts/schedules.ts';
import { SCHEDULE_EVENT } from '../../../core/contracts/schedules.ts';
import type { ChangeCounts, ScheduleChange } from '../../../core/schedule/changes.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import { writeJson } from '../../db/json-column.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { NotifyBus } from '../notify/bus.ts';
import type { Selectable } from 'kysely';

/** Who is asking, the time of the request and where live pushes go. */
export interface ScheduleCaller extends Caller {
  now: () => string;
  bus: NotifyBus;
}

export interface ScheduleWorkspace {
  id: number;
  code: string;
}

export type ScheduleRow = Selectable<DB['schedule']>;

/** A workspace whose schedules the caller may see; 404 for one they do not belong to, as for one that is not there. */
export async function workspaceByCode(caller: ScheduleCaller, code: string): Promise<ScheduleWorkspace> {
  const workspace = await caller.scope.selectFrom('workspace').select(['id', 'code']).where('code', '=', code).executeTakeFirst();
  if (!workspace || !policy.schedule.view(caller, workspace.code)) throw notFound('Workspace');
  return workspace;
}

/** A live schedule the caller may see, with its workspace; 404 otherwise. */
export async function visibleSchedule(caller: ScheduleCaller, id: number): Promise<{ row: ScheduleRow; workspace: ScheduleWorkspace }> {
  const row = await caller.scope.selectFrom('schedule').selectAll().where('id', '=', id).where('deleted_time', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Schedule');
  const workspace = await caller.scope.selectFrom('workspace').select(['id', 'code']).where('id', '=', row.workspace_id).executeTakeFirst();
  if (!workspace || !policy.schedule.view(caller, workspace.code)) throw notFound('Schedule');
  return { row, workspace };
}

/** 403 unless the policy allows it: the caller sees the schedule but may not do this to it. */
export function requireAllowed(allowed: boolean, what: string): void {
  if (!allowed) throw forbidden(`You do not have permission to ${what}`);
}

/** A refusal the browser words from its code (`schedules:problem.<code>`), with the English for logs. */
export function scheduleProblem(status: 400 | 409, code: ScheduleProblemCode, message: string, params: Record<string, unknown> = {}): AppError {
  return new AppError(status, status === 400 ? ResultCode.BAD_REQUEST : ResultCode.CONFLICT, message, { problem: code, params });
}

/** Names of users by id. */
export async function peopleOf(scope: TenantScope, ids: readonly (number | null)[]): Promise<Map<number, SchedulePerson>> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await scope.db.selectFrom('app_user').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, name: r.name }]));
}

/** One history entry, written in the transaction of the change it tells of. */
export async function recordChange(
  tx: TenantScope,
  entry: { scheduleId: number; revision: number; action: ScheduleAction; userId: number; time: string; changes?: readonly ScheduleChange[]; counts?: ChangeCounts; note?: string | null },
): Promise<void> {
  await tx
    .insertInto('schedule_change', [
      {
        schedule_id: entry.scheduleId,
        revision: entry.revision,
        action: entry.action,
        changes: writeJson(entry.changes ?? []),
        counts: writeJson(entry.counts ?? {}),
        note: entry.note ?? null,
        user_id: entry.userId,
        create_time: entry.time,
      },
    ])
    .execute();
}

/**
 * Tells the workspace's open streams (its members and the tenant's ADMINs) that a schedule
 * changed, so an editor open on it takes the new revision without a reload.
 */
export async function pushChanged(
  caller: ScheduleCaller,
  workspace: ScheduleWorkspace,
  data: { id: number; revision: number; action: ScheduleAction | 'delete'; by: number; changes?: readonly ScheduleChange[] },
): Promise<void> {
  const { scope } = caller;
  const members = await scope.selectFrom('workspace_member').select('user_id').where('workspace_id', '=', workspace.id).execute();
  const admins = await scope.selectFrom('tenant_member').select('user_id').where('type', '=', 'ADMIN').execute();
  const userIds = new Set([...members, ...admins].map((m) => m.user_id));
  for (const userId of userIds) {
    caller.bus.publish({ tenantId: scope.tenantId, userId, type: SCHEDULE_EVENT, data: { ...data, workspaceCode: workspace.code } });
  }
}
