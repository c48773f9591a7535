import type {
  ScheduleArchiveBody,
  ScheduleCopyBody,
  ScheduleCreateBody,
  ScheduleDetail,
  ScheduleHistoryEntry,
  ScheduleListBody,
  ScheduleListResult,
  ScheduleRenameBody,
  ScheduleSaveBody,
  ScheduleSaved,
  ScheduleStatus,
  ScheduleSummary,
  ScheduleAction,
} from '../../../core/contracts/schedules.ts';
import { applyChanges, countChanges, describeCounts, ScheduleChangeError, type ChangeCounts } from '../../../core/schedule/changes.ts';
import { sql } from 'kysely';
import { standardCalendar, type ScheduleModel } from '../../../core/schedule/model.ts';
import { policy } from '../../access/policies.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import { containsText } from '../../db/like.ts';
import {
  peopleOf,
  pushChanged,
  recordChange,
  requireAllowed,
  scheduleProblem,
  visibleSchedule,
  type ScheduleCaller,
  type ScheduleRow,
  type ScheduleWorkspace,
} from './context.ts';
import { datesOf, figuresOf, scheduledDates, scheduleOrRefuse } from './scheduled.ts';

/** Rows in the answer's terms: owner and last editor by name. */
export async function summariesOf(caller: ScheduleCaller, rows: readonly ScheduleRow[], workspaceCode: string): Promise<ScheduleSummary[]> {
  const people = await peopleOf(caller.scope, rows.flatMap((r) => [r.owner_id, r.updated_by]));
  return rows.map((r) => ({
    id: r.id,
    workspaceCode,
    name: r.name,
    status: r.status as ScheduleStatus,
    owner: r.owner_id === null ? null : (people.get(r.owner_id) ?? null),
    revision: r.revision,
    taskCount: r.task_count,
    start: r.start_time,
    finish: r.finish_time,
    progress: Number(r.progress),
    createTime: r.create_time,
    updateTime: r.update_time,
    updatedBy: r.updated_by === null ? null : (people.get(r.updated_by) ?? null),
  }));
}

export async function listSchedules(caller: ScheduleCaller, workspace: ScheduleWorkspace, body: ScheduleListBody): Promise<ScheduleListResult> {
  let query = caller.scope.selectFrom('schedule').where('workspace_id', '=', workspace.id).where('deleted_time', 'is', null);
  if (body.status !== 'all') query = query.where('status', '=', body.status);
  const search = body.search.trim();
  if (search) query = query.where(containsText(sql.ref('schedule.name'), search));
  const { total } = await query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await query
    .selectAll()
    .orderBy('update_time', 'desc')
    .orderBy('id', 'desc')
    .limit(body.size)
    .offset((body.page - 1) * body.size)
    .execute();
  return { rows: await summariesOf(caller, rows, workspace.code), total: Number(total) };
}

export async function scheduleDetail(caller: ScheduleCaller, id: number): Promise<ScheduleDetail> {
  const { row, workspace } = await visibleSchedule(caller, id);
  const [summary] = await summariesOf(caller, [row], workspace.code);
  const model = readJson<ScheduleModel>(row.model);
  return {
    ...summary!,
    model,
    scheduled: scheduledDates(model, scheduleOrRefuse(model)),
    canEdit: policy.schedule.edit(caller) && row.status === 'active',
    canManage: policy.schedule.manage(caller),
  };
}

/** An empty schedule: the standard calendar, starting at 08:00 of the given day (today when none). */
export function emptyModel(start: number): ScheduleModel {
  return {
    settings: { start, calendarId: 1, minutesPerDay: 480, minutesPerWeek: 2400, daysPerMonth: 20, nearCriticalMinutes: 0 },
    calendars: [standardCalendar()],
    tasks: [],
    links: [],
    baselines: [],
  };
}

/** Stores a new schedule of the workspace with its first history entry. */
export async function insertSchedule(
  caller: ScheduleCaller,
  workspace: ScheduleWorkspace,
  input: { name: string; model: ScheduleModel; action: ScheduleAction; note?: string | null },
): Promise<ScheduleRow> {
  const { scope, session } = caller;
  const time = caller.now();
  const figures = figuresOf(input.model);
  const row = await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const inserted = await tx
      .insertInto('schedule', [
        {
          workspace_id: workspace.id,
          name: input.name.trim(),
          status: 'active',
          owner_id: session.userId,
          revision: 1,
          model: writeJson(input.model),
          task_count: figures.taskCount,
          start_time: figures.start,
          finish_time: figures.finish,
          progress: figures.progress,
          seed_key: null,
          created_by: session.userId,
          create_time: time,
          updated_by: session.userId,
          update_time: time,
        },
      ])
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordChange(tx, { scheduleId: inserted.id, revision: 1, action: input.action, userId: session.userId, time, note: input.note ?? null });
    return inserted;
  });
  await pushChanged(caller, workspace, { id: row.id, revision: 1, action: input.action, by: session.userId });
  return row;
}

export async function createSchedule(caller: ScheduleCaller, workspace: ScheduleWorkspace, body: ScheduleCreateBody): Promise<ScheduleSummary> {
  requireAllowed(policy.schedule.edit(caller), 'create schedules');
  const today = Math.floor(Date.parse(caller.now()) / 86_400_000) * 1440;
  const start = Math.floor((body.start ?? today) / 1440) * 1440 + 8 * 60;
  const row = await insertSchedule(caller, workspace, { name: body.name, model: emptyModel(start), action: 'create' });
  return (await summariesOf(caller, [row], workspace.code))[0]!;
}

export async function copySchedule(caller: ScheduleCaller, body: ScheduleCopyBody): Promise<ScheduleSummary> {
  const { row, workspace } = await visibleSchedule(caller, body.id);
  requireAllowed(policy.schedule.edit(caller), 'copy schedules');
  const copy = await insertSchedule(caller, workspace, { name: body.name, model: readJson<ScheduleModel>(row.model), action: 'copy', note: row.name });
  return (await summariesOf(caller, [copy], workspace.code))[0]!;
}

/** Renames, archives or restores: the model and its revision stay as they are. */
async function changeRow(
  caller: ScheduleCaller,
  id: number,
  allowed: (caller: ScheduleCaller) => boolean,
  what: string,
  change: (row: ScheduleRow) => { set: Partial<Pick<ScheduleRow, 'name' | 'status'>>; action: ScheduleAction; note: string | null } | null,
): Promise<ScheduleSummary> {
  const { row, workspace } = await visibleSchedule(caller, id);
  requireAllowed(allowed(caller), what);
  const made = change(row);
  if (made) {
    const time = caller.now();
    const { scope, session } = caller;
    await scope.db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      await tx
        .updateTable('schedule')
        .set({ ...made.set, updated_by: session.userId, update_time: time })
        .where('id', '=', row.id)
        .execute();
      await recordChange(tx, { scheduleId: row.id, revision: row.revision, action: made.action, userId: session.userId, time, note: made.note });
    });
    await pushChanged(caller, workspace, { id: row.id, revision: row.revision, action: made.action, by: session.userId });
  }
  const fresh = await caller.scope.selectFrom('schedule').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  return (await summariesOf(caller, [fresh], workspace.code))[0]!;
}

export const renameSchedule = (caller: ScheduleCaller, body: ScheduleRenameBody): Promise<ScheduleSummary> =>
  changeRow(caller, body.id, policy.schedule.edit, 'rename schedules', (row) => {
    const name = body.name.trim();
    return name === row.name ? null : { set: { name }, action: 'rename', note: `${row.name} → ${name}` };
  });

export const archiveSchedule = (caller: ScheduleCaller, body: ScheduleArchiveBody): Promise<ScheduleSummary> =>
  changeRow(caller, body.id, policy.schedule.manage, 'archive schedules', (row) => {
    const status: ScheduleStatus = body.archived ? 'archived' : 'active';
    return status === row.status ? null : { set: { status }, action: body.archived ? 'archive' : 'unarchive', note: null };
  });

/** Deletes a schedule: kept with who and when, gone from the list, its public links dead with it. */
export async function deleteSchedule(caller: ScheduleCaller, id: number): Promise<void> {
  const { row, workspace } = await visibleSchedule(caller, id);
  requireAllowed(policy.schedule.manage(caller), 'delete schedules');
  const time = caller.now();
  await caller.scope.updateTable('schedule').set({ deleted_time: time, deleted_by: caller.session.userId }).where('id', '=', row.id).execute();
  await pushChanged(caller, workspace, { id: row.id, revision: row.revision, action: 'delete', by: caller.session.userId });
}

/** 409 naming who saved the schedule since `baseRevision`, when, and what they changed. */
async function stale(caller: ScheduleCaller, row: Pick<ScheduleRow, 'id' | 'name'>, baseRevision: number): Promise<never> {
  const latest = await caller.scope
    .selectFrom('schedule_change')
    .select(['revision', 'user_id', 'create_time', 'counts'])
    .where('schedule_id', '=', row.id)
    .where('action', '=', 'save')
    .where('revision', '>', baseRevision)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const by = latest?.user_id == null ? null : ((await peopleOf(caller.scope, [latest.user_id])).get(latest.user_id)?.name ?? null);
  const counts = latest ? readJson<ChangeCounts>(latest.counts) : {};
  throw scheduleProblem(409, 'stale', `${row.name} was changed by ${by ?? 'someone else'} at ${latest?.create_time ?? ''} (${describeCounts(counts)}). Reload to see it, then try again.`, {
    by,
    at: latest?.create_time ?? null,
    revision: latest?.revision ?? null,
    counts,
  });
}

/**
 * Applies a save's changes to the stored model, as the editor applied them to its copy: only
 * on the revision the editor started from (409 otherwise), each change checked, the whole
 * result checked, stored with its history entry in one transaction, then pushed.
 */
export async function saveSchedule(caller: ScheduleCaller, body: ScheduleSaveBody): Promise<ScheduleSaved> {
  const { row, workspace } = await visibleSchedule(caller, body.id);
  requireAllowed(policy.schedule.edit(caller), 'change schedules');
  if (row.status === 'archived') throw scheduleProblem(409, 'archived', `${row.name} is archived: restore it to change it`);
  if (row.revision !== body.baseRevision) await stale(caller, row, body.baseRevision);
  let model: ScheduleModel;
  try {
    model = applyChanges(readJson<ScheduleModel>(row.model), body.changes, { datesOf });
  } catch (error) {
    if (!(error instanceof ScheduleChangeError)) throw error;
    throw scheduleProblem(400, 'changeRefused', error.message, { change: error.index, reason: error.problem });
  }
  const { scope, session } = caller;
  const time = caller.now();
  const revision = row.revision + 1;
  const figures = figuresOf(model);
  const counts = countChanges(body.changes);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const updated = await tx
      .updateTable('schedule')
      .set({
        model: writeJson(model),
        revision,
        task_count: figures.taskCount,
        start_time: figures.start,
        finish_time: figures.finish,
        progress: figures.progress,
        updated_by: session.userId,
        update_time: time,
      })
      .where('id', '=', row.id)
      .where('revision', '=', body.baseRevision)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) await stale(caller, row, body.baseRevision);
    await recordChange(tx, { scheduleId: row.id, revision, action: 'save', userId: session.userId, time, changes: body.changes, counts });
  });
  await pushChanged(caller, workspace, { id: row.id, revision, action: 'save', by: session.userId, changes: body.changes });
  const fresh = await scope.selectFrom('schedule').selectAll().where('id', '=', row.id).executeTakeFirstOrThrow();
  return { revision, summary: (await summariesOf(caller, [fresh], workspace.code))[0]! };
}

export async function scheduleHistory(caller: ScheduleCaller, id: number): Promise<ScheduleHistoryEntry[]> {
  const { row } = await visibleSchedule(caller, id);
  const rows = await caller.scope
    .selectFrom('schedule_change')
    .select(['id', 'action', 'revision', 'user_id', 'create_time', 'counts', 'note'])
    .where('schedule_id', '=', row.id)
    .orderBy('id', 'desc')
    .limit(1000)
    .execute();
  const people = await peopleOf(caller.scope, rows.map((r) => r.user_id));
  return rows.map((r) => ({
    id: r.id,
    action: r.action as ScheduleAction,
    revision: r.revision,
    user: r.user_id === null ? null : (people.get(r.user_id) ?? null),
    time: r.create_time,
    counts: readJson<ChangeCounts>(r.counts),
    note: r.note,
  }));
}
