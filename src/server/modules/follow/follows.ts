import type { Selectable } from 'kysely';
import type {
  FollowBulkBody,
  FollowBulkResult,
  FollowChange,
  FollowCreateBody,
  FollowDetail,
  FollowPin,
  FollowStatus,
  FollowStatusBody,
  FollowUpdateBody,
  FollowWatchBody,
} from '../../../core/contracts/follows.ts';
import { pinOnSheet } from '../../../core/follows/pin.ts';
import { checkMove } from '../../../core/follows/status-flow.ts';
import { prepareRecord } from '../../../core/forms/record-validation.ts';
import { readStoredText } from '../../../core/local-text.ts';
import { policy } from '../../access/policies.ts';
import { writeJson } from '../../db/json-column.ts';
import type { FollowTypeTable } from '../../db/schema.ts';
import { forbidden } from '../../errors.ts';
import { userNames } from '../account/user-names.ts';
import { followProblem, recordHistory, requireAllowed, workspaceByCode, type FollowCaller, type FollowWorkspace } from './context.ts';
import { FollowNotices } from './notices.ts';
import { nextFollowNumber } from './numbering.ts';
import { listValueProblem } from '../follow-settings/options.ts';
import { requireMembers } from './people.ts';
import { requirePhotoFiles } from './photos.ts';
import { assigneesOf, followDetail, numberSortKey, partiesOf, PRIORITY_RANK, visibleFollow, type FollowRecord } from './rows.ts';
import { reviewerIdsOfType, ruleOfType, usableType } from './types.ts';
import { addWatchers, others, watchersOf } from './watchers.ts';

type TypeRecord = Selectable<FollowTypeTable>;

/** A pin must sit on a live sheet of the workspace, on one of its revisions (not a rejected one), inside the sheet. */
async function requirePin(caller: FollowCaller, workspace: FollowWorkspace, pin: Pick<FollowPin, 'sheetId' | 'revisionId' | 'x' | 'y'>): Promise<void> {
  const revision = await caller.scope
    .selectFrom('drawing_revision')
    .innerJoin('drawing_sheet', 'drawing_sheet.id', 'drawing_revision.sheet_id')
    .select(['drawing_revision.width', 'drawing_revision.height', 'drawing_revision.status'])
    .where('drawing_revision.id', '=', pin.revisionId)
    .where('drawing_revision.sheet_id', '=', pin.sheetId)
    .where('drawing_sheet.workspace_id', '=', workspace.id)
    .where('drawing_sheet.deleted_time', 'is', null)
    .executeTakeFirst();
  if (!revision || revision.status === 'rejected') throw followProblem(400, 'sheetUnavailable', 'pin: no such sheet revision in this workspace');
  if (!pinOnSheet(pin, revision)) throw followProblem(400, 'pinOutside', 'pin: the point lies outside the sheet');
}

/** A trade must be an option the workspace's trade list offers (any text while it keeps none); one a follow-up had stays. */
async function requireTrade(caller: FollowCaller, workspace: FollowWorkspace, trade: string | null | undefined, previous: string | null = null): Promise<void> {
  const problem = await listValueProblem(caller.scope, workspace.id, 'trade', trade?.trim() || null, previous);
  if (problem) throw followProblem(400, 'optionUnavailable', `trade: ${problem}`, { list: 'trade', value: trade ?? '' });
}

/** The data template's values checked by the template form version's rules (as a record's are). */
async function templateOf(caller: FollowCaller, type: TypeRecord, values: Record<string, unknown> | undefined, mode: 'create' | 'update', now: Date) {
  if (type.template_form_id === null) return null;
  const form = await caller.scope.selectFrom('form').selectAll().where('id', '=', type.template_form_id).executeTakeFirst();
  if (!form || form.current_version === null) return null;
  const version = await caller.versions.get(caller.scope, form.id, form.current_version);
  if (!version) return null;
  const prepared = prepareRecord(version, values ?? {}, { now, mode });
  if (prepared.errors.length) {
    throw followProblem(400, 'templateValues', `templateValues: ${prepared.errors[0]!.message}`, { errors: prepared.errors });
  }
  return { formId: form.id, version: version.version, values: prepared.data };
}

/** Creates a follow-up: numbered by its type's rule in the same transaction, with its history row, watchers and notices. */
export async function createFollow(caller: FollowCaller, body: FollowCreateBody): Promise<FollowDetail> {
  const workspace = await workspaceByCode(caller, body.workspaceCode);
  requireAllowed(policy.follow.create(caller), 'create follow-ups');
  const type = await usableType(caller, workspace, body.typeId);
  const { scope, session } = caller;
  const assigneeIds = body.assigneeIds ?? [];
  let reviewerId = body.reviewerId;
  if (reviewerId === undefined) {
    const people = reviewerIdsOfType(type);
    reviewerId = people[0] ?? null;
  }
  await requireMembers(caller, workspace, [...assigneeIds, ...(reviewerId === null ? [] : [reviewerId])]);
  if (body.pin) await requirePin(caller, workspace, body.pin);
  await requireTrade(caller, workspace, body.trade);
  const photos = await requirePhotoFiles(caller, body.photoFileIds ?? []);
  const time = caller.now();
  const now = new Date(time);
  const template = await templateOf(caller, type, body.templateValues, 'create', now);
  const notices = new FollowNotices(caller.bus, scope);
  const actor = (await userNames(scope, [session.userId])).get(session.userId) ?? '';
  const id = await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const number = await nextFollowNumber(tx, workspace.id, type.numbering, now);
    const { id } = await tx
      .insertInto('follow_up', [
        {
          workspace_id: workspace.id,
          type_id: type.id,
          number,
          number_sort: numberSortKey(number),
          title: body.title.trim(),
          description: body.description ?? '',
          status: 'open',
          priority: body.priority ?? 'normal',
          priority_rank: PRIORITY_RANK[body.priority ?? 'normal'],
          reviewer_id: reviewerId,
          due_date: body.dueDate ?? null,
          trade: body.trade?.trim() || null,
          location: body.location?.trim() || null,
          sheet_id: body.pin?.sheetId ?? null,
          pin_revision_id: body.pin?.revisionId ?? null,
          pin_x: body.pin?.x ?? null,
          pin_y: body.pin?.y ?? null,
          model_element_id: body.pin?.modelElementId ?? null,
          template_form_id: template?.formId ?? null,
          template_version: template?.version ?? null,
          template_values: template ? writeJson(template.values) : null,
          comment_count: 0,
          photo_count: photos.length,
          revision: 1,
          created_by: session.userId,
          create_time: time,
          updated_by: session.userId,
          update_time: time,
        },
      ])
      .returning('id')
      .executeTakeFirstOrThrow();
    if (assigneeIds.length) await tx.insertInto('follow_assignee', assigneeIds.map((user_id) => ({ follow_id: id, user_id }))).execute();
    if (photos.length) await tx.insertInto('follow_photo', photos.map((file) => ({ follow_id: id, file_id: file.id, added_by: session.userId, create_time: time }))).execute();
    await addWatchers(tx, id, [session.userId, ...assigneeIds, reviewerId]);
    await recordHistory(tx, { workspaceId: workspace.id, followId: id, userId: session.userId, time, action: 'create', note: number });
    const subject = { id, typeId: type.id, number, title: body.title.trim() };
    await notices.add(tx, 'followAssigned', others(assigneeIds, session.userId), subject, { actor, time });
    notices.changed(workspace.code, id, 'create', await watchersOf(tx, id));
    return id;
  });
  await notices.publish();
  return followDetail(caller, id);
}

/** 409 naming who saved it since the caller loaded it. */
async function stale(caller: FollowCaller, id: number): Promise<never> {
  const row = await caller.scope.selectFrom('follow_up').select(['number', 'updated_by', 'update_time']).where('id', '=', id).executeTakeFirst();
  const by = row?.updated_by == null ? '' : ((await userNames(caller.scope, [row.updated_by])).get(row.updated_by) ?? '');
  throw followProblem(409, 'stale', `${row?.number ?? 'The follow-up'} was changed by ${by || 'someone else'} at ${row?.update_time ?? ''}. Reload to see it, then try again.`, {
    by,
    at: row?.update_time ?? null,
  });
}

/** Reader's-terms values of the fields a change names. */
async function describe(caller: FollowCaller, field: string, value: unknown): Promise<unknown> {
  const { scope } = caller;
  if (field === 'assignees' && Array.isArray(value)) {
    const names = await userNames(scope, value as number[]);
    return (value as number[]).map((id) => ({ id, name: names.get(id) ?? '' }));
  }
  if (field === 'reviewer') return value === null ? null : { id: value, name: (await userNames(scope, [value as number])).get(value as number) ?? '' };
  if (field === 'type') {
    const type = await scope.selectFrom('follow_type').select(['id', 'name']).where('id', '=', value as number).executeTakeFirst();
    return type ? { id: type.id, name: readStoredText(type.name) } : null;
  }
  if (field === 'pin' && value && typeof value === 'object') {
    const pin = value as FollowPin;
    const sheet = await scope.selectFrom('drawing_sheet').select(['number', 'title']).where('id', '=', pin.sheetId).executeTakeFirst();
    return { ...pin, sheetNumber: sheet?.number ?? '', sheetTitle: sheet?.title ?? '' };
  }
  return value;
}

const pinOf = (row: FollowRecord): FollowPin | null =>
  row.sheet_id !== null && row.pin_revision_id !== null && row.pin_x !== null && row.pin_y !== null
    ? { sheetId: row.sheet_id, revisionId: row.pin_revision_id, x: row.pin_x, y: row.pin_y, modelElementId: row.model_element_id }
    : null;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Changes a follow-up's fields (its editors: creator or assignee with follow:create, or follow:manage); a stale revision answers 409. */
export async function updateFollow(caller: FollowCaller, body: FollowUpdateBody): Promise<FollowDetail> {
  const { row, workspace } = await visibleFollow(caller, body.id);
  const { scope, session } = caller;
  const assigneeIds = (await assigneesOf(scope, [row.id])).get(row.id)!;
  requireAllowed(policy.follow.edit(caller, partiesOf(row, assigneeIds)), 'edit this follow-up');
  if (row.revision !== body.revision) await stale(caller, row.id);
  const type = body.typeId !== undefined && body.typeId !== row.type_id ? await usableType(caller, workspace, body.typeId) : null;
  if (body.assigneeIds || body.reviewerId) await requireMembers(caller, workspace, [...(body.assigneeIds ?? []), ...(body.reviewerId ? [body.reviewerId] : [])]);
  if (body.pin) await requirePin(caller, workspace, body.pin);
  if (body.trade !== undefined) await requireTrade(caller, workspace, body.trade, row.trade);
  const time = caller.now();
  const typeRow = type ?? (await scope.selectFrom('follow_type').selectAll().where('id', '=', row.type_id).executeTakeFirstOrThrow());
  const template = body.templateValues !== undefined || type ? await templateOf(caller, typeRow, body.templateValues ?? {}, 'update', new Date(time)) : undefined;

  const before: Record<string, unknown> = {
    type: row.type_id,
    title: row.title,
    description: row.description,
    priority: row.priority,
    assignees: assigneeIds,
    reviewer: row.reviewer_id,
    dueDate: row.due_date,
    trade: row.trade,
    location: row.location,
    pin: pinOf(row),
  };
  const after: Record<string, unknown> = {
    type: body.typeId ?? row.type_id,
    title: body.title?.trim() ?? row.title,
    description: body.description ?? row.description,
    priority: body.priority ?? row.priority,
    assignees: body.assigneeIds ?? assigneeIds,
    reviewer: body.reviewerId !== undefined ? body.reviewerId : row.reviewer_id,
    dueDate: body.dueDate !== undefined ? body.dueDate : row.due_date,
    trade: body.trade !== undefined ? body.trade?.trim() || null : row.trade,
    location: body.location !== undefined ? body.location?.trim() || null : row.location,
    pin: body.pin !== undefined ? (body.pin ? { ...body.pin, modelElementId: body.pin.modelElementId ?? null } : null) : pinOf(row),
  };
  const changes: FollowChange[] = [];
  for (const field of Object.keys(before)) {
    if (!same(before[field], after[field])) changes.push({ field, from: await describe(caller, field, before[field]), to: await describe(caller, field, after[field]) });
  }
  if (template !== undefined) changes.push({ field: 'templateValues', from: null, to: null });
  const newAssignees = (after.assignees as number[]).filter((id) => !assigneeIds.includes(id));
  const notices = new FollowNotices(caller.bus, scope);
  const actor = (await userNames(scope, [session.userId])).get(session.userId) ?? '';
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const pin = after.pin as FollowPin | null;
    const priority = after.priority as keyof typeof PRIORITY_RANK;
    const updated = await tx
      .updateTable('follow_up')
      .set({
        type_id: after.type as number,
        title: after.title as string,
        description: after.description as string,
        priority,
        priority_rank: PRIORITY_RANK[priority],
        reviewer_id: after.reviewer as number | null,
        due_date: after.dueDate as string | null,
        trade: after.trade as string | null,
        location: after.location as string | null,
        sheet_id: pin?.sheetId ?? null,
        pin_revision_id: pin?.revisionId ?? null,
        pin_x: pin?.x ?? null,
        pin_y: pin?.y ?? null,
        model_element_id: pin?.modelElementId ?? null,
        ...(template !== undefined && {
          template_form_id: template?.formId ?? null,
          template_version: template?.version ?? null,
          template_values: template ? writeJson(template.values) : null,
        }),
        revision: row.revision + 1,
        updated_by: session.userId,
        update_time: time,
      })
      .where('id', '=', row.id)
      .where('revision', '=', body.revision)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) await stale(caller, row.id);
    if (body.assigneeIds && !same(assigneeIds, body.assigneeIds)) {
      await tx.deleteFrom('follow_assignee').where('follow_id', '=', row.id).execute();
      if (body.assigneeIds.length) await tx.insertInto('follow_assignee', body.assigneeIds.map((user_id) => ({ follow_id: row.id, user_id }))).execute();
    }
    await addWatchers(tx, row.id, [...newAssignees, after.reviewer as number | null]);
    await recordHistory(tx, { workspaceId: workspace.id, followId: row.id, userId: session.userId, time, action: newAssignees.length ? 'assign' : 'update', changes });
    const subject = { id: row.id, typeId: after.type as number, number: row.number, title: after.title as string };
    await notices.add(tx, 'followAssigned', others(newAssignees, session.userId), subject, { actor, time });
    notices.changed(workspace.code, row.id, 'update', await watchersOf(tx, row.id));
  });
  await notices.publish();
  return followDetail(caller, row.id);
}

/**
 * Moves one follow-up to another status inside a transaction: the flow and the type's rule
 * decide (refusals name the problem), the history row and the notices go with it.
 */
async function moveOne(
  caller: FollowCaller,
  row: FollowRecord,
  workspace: FollowWorkspace,
  to: FollowStatus,
  expectedRevision: number,
  comment: string | undefined,
  notices: FollowNotices,
): Promise<void> {
  const { scope, session } = caller;
  const assigneeIds = (await assigneesOf(scope, [row.id])).get(row.id)!;
  const type = await scope.selectFrom('follow_type').select('status_rule').where('id', '=', row.type_id).executeTakeFirstOrThrow();
  const from = row.status as FollowStatus;
  const check = checkMove(from, to, policy.follow.roles(caller, partiesOf(row, assigneeIds)), ruleOfType(type));
  if (!check.ok) {
    throw check.problem === 'statusNotInFlow'
      ? followProblem(400, 'statusNotInFlow', `to: a follow-up that is ${from} cannot move to ${to}`, { from, to })
      : followProblem(403, 'statusRefused', `You may not move this follow-up from ${from} to ${to}`, { from, to });
  }
  const time = caller.now();
  const actor = (await userNames(scope, [session.userId])).get(session.userId) ?? '';
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const updated = await tx
      .updateTable('follow_up')
      .set((eb) => ({
        status: to,
        closed_time: to === 'closed' ? time : null,
        revision: row.revision + 1,
        updated_by: session.userId,
        update_time: time,
        ...(comment && { comment_count: eb('comment_count', '+', 1) }),
      }))
      .where('id', '=', row.id)
      .where('revision', '=', expectedRevision)
      .where('deleted_time', 'is', null)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) await stale(caller, row.id);
    if (comment) await tx.insertInto('follow_comment', [{ follow_id: row.id, author_id: session.userId, text: comment, mention_ids: writeJson([]), create_time: time }]).execute();
    await recordHistory(tx, {
      workspaceId: workspace.id,
      followId: row.id,
      userId: session.userId,
      time,
      action: 'status',
      changes: [{ field: 'status', from, to }],
      note: comment ?? check.move,
    });
    const watchers = await watchersOf(tx, row.id);
    await notices.add(tx, 'followStatus', others(watchers, session.userId), { id: row.id, typeId: row.type_id, number: row.number, title: row.title }, { actor, status: to, comment, time });
    notices.changed(workspace.code, row.id, 'status', watchers);
  });
}

export async function moveFollow(caller: FollowCaller, body: FollowStatusBody): Promise<FollowDetail> {
  const { row, workspace } = await visibleFollow(caller, body.id);
  if (row.revision !== body.revision) await stale(caller, row.id);
  const notices = new FollowNotices(caller.bus, caller.scope);
  await moveOne(caller, row, workspace, body.to, body.revision, body.comment?.trim() || undefined, notices);
  await notices.publish();
  return followDetail(caller, row.id);
}

/**
 * Changes many follow-ups at once (follow:manage): each in its own transaction, so one the
 * flow refuses is reported and the others still change. Any not visible is 404 for the whole call.
 */
export async function bulkChange(caller: FollowCaller, body: FollowBulkBody): Promise<FollowBulkResult> {
  const found: { row: FollowRecord; workspace: FollowWorkspace }[] = [];
  for (const id of body.ids) found.push(await visibleFollow(caller, id));
  requireAllowed(policy.follow.manage(caller), 'change follow-ups in bulk');
  const result: FollowBulkResult = { changed: [], refused: [] };
  const notices = new FollowNotices(caller.bus, caller.scope);
  const { status, ids: _ids, ...fields } = body;
  for (const { row: loaded, workspace } of found) {
    let row = loaded;
    try {
      if (status && status !== row.status) {
        await moveOne(caller, row, workspace, status, row.revision, undefined, notices);
        row = (await visibleFollow(caller, row.id)).row;
      }
      if (Object.keys(fields).length) {
        // The same checks and history as one edit, with the revision just read.
        await updateFollow(caller, { id: row.id, revision: row.revision, ...fields });
      }
      result.changed.push(row.id);
    } catch (error) {
      const problem = (error as { data?: { problem?: string } }).data?.problem;
      if (problem === 'statusNotInFlow' || problem === 'statusRefused' || problem === 'stale' || problem === 'notMember' || problem === 'optionUnavailable') {
        result.refused.push({ id: row.id, number: row.number, code: problem });
      } else throw error;
    }
  }
  await notices.publish();
  return result;
}

/** Deletes follow-ups (follow:manage): kept with who and when, their numbers never reused. */
export async function deleteFollows(caller: FollowCaller, ids: readonly number[]): Promise<void> {
  const found: { row: FollowRecord; workspace: FollowWorkspace }[] = [];
  for (const id of ids) found.push(await visibleFollow(caller, id));
  requireAllowed(policy.follow.manage(caller), 'delete follow-ups');
  const { scope, session } = caller;
  const time = caller.now();
  const notices = new FollowNotices(caller.bus, scope);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    for (const { row, workspace } of found) {
      await tx.updateTable('follow_up').set({ deleted_time: time, deleted_by: session.userId, revision: row.revision + 1 }).where('id', '=', row.id).execute();
      await recordHistory(tx, { workspaceId: workspace.id, followId: row.id, userId: session.userId, time, action: 'delete', note: row.number });
      notices.changed(workspace.code, row.id, 'delete', await watchersOf(tx, row.id));
    }
  });
  await notices.publish();
}

/** Starts or stops watching: oneself with view rights, anyone else (a member) with follow:manage. */
export async function watchFollow(caller: FollowCaller, body: FollowWatchBody): Promise<FollowDetail> {
  const { row, workspace } = await visibleFollow(caller, body.id);
  const { scope, session } = caller;
  const userId = body.userId ?? session.userId;
  if (!policy.follow.watch(caller, userId)) throw forbidden('You may only change your own watching');
  await requireMembers(caller, workspace, [userId]);
  const time = caller.now();
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const watching = (await watchersOf(tx, row.id)).includes(userId);
    if (watching === body.watching) return;
    if (body.watching) await tx.insertInto('follow_watcher', [{ follow_id: row.id, user_id: userId }]).execute();
    else await tx.deleteFrom('follow_watcher').where('follow_id', '=', row.id).where('user_id', '=', userId).execute();
    const name = (await userNames(tx, [userId])).get(userId) ?? '';
    await recordHistory(tx, { workspaceId: workspace.id, followId: row.id, userId: session.userId, time, action: body.watching ? 'watch' : 'unwatch', note: name });
  });
  return followDetail(caller, row.id);
}

