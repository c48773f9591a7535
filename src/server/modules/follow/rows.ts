import type { Selectable } from 'kysely';
import type { FollowDetail, FollowPerson, FollowPinShown, FollowPriority, FollowRow, FollowStatus } from '../../../core/contracts/follows.ts';
import { dueState } from '../../../core/follows/due.ts';
import { allowedMoves, type FollowParties } from '../../../core/follows/status-flow.ts';
import { readStoredText } from '../../../core/local-text.ts';
import { policy } from '../../access/policies.ts';
import { readJsonOrNull } from '../../db/json-column.ts';
import type { FollowUpTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { notFound } from '../../errors.ts';
import { userNames } from '../account/user-names.ts';
import { todayOf, workspaceById, type FollowCaller, type FollowWorkspace } from './context.ts';
import { ruleOfType } from './types.ts';

export type FollowRecord = Selectable<FollowUpTable>;

export const PRIORITY_RANK: Record<FollowPriority, number> = { low: 1, normal: 2, high: 3, critical: 4 };

/** The digit runs zero-padded, so PI-9 sorts before PI-10. */
export const numberSortKey = (number: string): string => number.replace(/\d+/g, (digits) => digits.padStart(10, '0'));

/** Assignee ids per follow-up, read once for a page. */
export async function assigneesOf(scope: TenantScope, followIds: readonly number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>(followIds.map((id) => [id, []]));
  if (!followIds.length) return map;
  const rows = await scope.selectFrom('follow_assignee').select(['follow_id', 'user_id']).where('follow_id', 'in', [...followIds]).orderBy('id').execute();
  for (const row of rows) map.get(row.follow_id)?.push(row.user_id);
  return map;
}

export const partiesOf = (row: FollowRecord, assigneeIds: readonly number[]): FollowParties => ({
  assigneeIds,
  reviewerId: row.reviewer_id,
  createdBy: row.created_by,
});

/** Rows as the list, the pins and the detail show them: names for ids, the type's name and colour, the pin's sheet. */
export async function presentRows(caller: FollowCaller, workspaceCode: string, rows: readonly FollowRecord[]): Promise<FollowRow[]> {
  const { scope } = caller;
  const ids = rows.map((r) => r.id);
  const assignees = await assigneesOf(scope, ids);
  const typeIds = [...new Set(rows.map((r) => r.type_id))];
  const types = new Map(
    typeIds.length ? (await scope.selectFrom('follow_type').select(['id', 'name', 'color', 'icon']).where('id', 'in', typeIds).execute()).map((t) => [t.id, t]) : [],
  );
  const names = await userNames(scope, [...rows.flatMap((r) => [r.reviewer_id, r.created_by, r.updated_by]), ...[...assignees.values()].flat()]);
  const person = (id: number | null): FollowPerson | null => (id === null ? null : { id, name: names.get(id) ?? '' });
  const sheetIds = [...new Set(rows.map((r) => r.sheet_id).filter((id): id is number => id !== null))];
  const sheets = new Map(
    sheetIds.length ? (await scope.selectFrom('drawing_sheet').select(['id', 'number', 'title']).where('id', 'in', sheetIds).execute()).map((s) => [s.id, s]) : [],
  );
  const revisionIds = [...new Set(rows.map((r) => r.pin_revision_id).filter((id): id is number => id !== null))];
  const labels = new Map(
    revisionIds.length ? (await scope.selectFrom('drawing_revision').select(['id', 'label']).where('id', 'in', revisionIds).execute()).map((r) => [r.id, r.label]) : [],
  );
  const today = todayOf(caller);
  return rows.map((r) => {
    const type = types.get(r.type_id);
    const sheet = r.sheet_id === null ? undefined : sheets.get(r.sheet_id);
    const pin: FollowPinShown | null =
      sheet && r.pin_revision_id !== null && r.pin_x !== null && r.pin_y !== null
        ? {
            sheetId: sheet.id,
            revisionId: r.pin_revision_id,
            x: r.pin_x,
            y: r.pin_y,
            modelElementId: r.model_element_id,
            sheetNumber: sheet.number,
            sheetTitle: sheet.title,
            revisionLabel: labels.get(r.pin_revision_id) ?? '',
          }
        : null;
    return {
      id: r.id,
      workspaceCode,
      number: r.number,
      title: r.title,
      status: r.status as FollowStatus,
      priority: r.priority as FollowPriority,
      typeId: r.type_id,
      typeName: type ? readStoredText(type.name) : '',
      typeColor: type?.color ?? '#8c8c8c',
      typeIcon: type?.icon ?? '',
      assignees: (assignees.get(r.id) ?? []).map((id) => person(id)!),
      reviewer: person(r.reviewer_id),
      dueDate: r.due_date,
      dueState: dueState(r.due_date, r.status as FollowStatus, today),
      trade: r.trade,
      location: r.location,
      pin,
      photoCount: r.photo_count,
      commentCount: r.comment_count,
      createdBy: person(r.created_by) ?? { id: 0, name: '' },
      createTime: r.create_time,
      updatedBy: person(r.updated_by),
      updateTime: r.update_time,
      closedTime: r.closed_time,
    };
  });
}

/** A live follow-up the caller may see, with its workspace; 404 otherwise (another tenant's or workspace's too). */
export async function visibleFollow(caller: FollowCaller, id: number): Promise<{ row: FollowRecord; workspace: FollowWorkspace }> {
  const row = await caller.scope.selectFrom('follow_up').selectAll().where('id', '=', id).where('deleted_time', 'is', null).executeTakeFirst();
  if (!row) throw notFound('Follow-up');
  return { row, workspace: await workspaceById(caller, row.workspace_id, 'Follow-up') };
}

/** The detail: the row plus description, watchers, photos, template values, and what the caller may do. */
export async function followDetail(caller: FollowCaller, id: number): Promise<FollowDetail> {
  const { row, workspace } = await visibleFollow(caller, id);
  const { scope, session } = caller;
  const [shown] = await presentRows(caller, workspace.code, [row]);
  const watcherRows = await scope.selectFrom('follow_watcher').select('user_id').where('follow_id', '=', id).orderBy('id').execute();
  const photoRows = await scope
    .selectFrom('follow_photo')
    .innerJoin('file_object', 'file_object.id', 'follow_photo.file_id')
    .select(['follow_photo.id', 'follow_photo.file_id', 'follow_photo.added_by', 'follow_photo.create_time', 'file_object.name', 'file_object.size'])
    .where('follow_photo.follow_id', '=', id)
    .orderBy('follow_photo.id')
    .execute();
  const names = await userNames(scope, [...watcherRows.map((w) => w.user_id), ...photoRows.map((p) => p.added_by)]);
  const type = await scope.selectFrom('follow_type').select('status_rule').where('id', '=', row.type_id).executeTakeFirstOrThrow();
  const parties = partiesOf(row, shown!.assignees.map((a) => a.id));
  const values = readJsonOrNull<Record<string, unknown>>(row.template_values);
  return {
    ...shown!,
    description: row.description,
    watchers: watcherRows.map((w) => ({ id: w.user_id, name: names.get(w.user_id) ?? '' })),
    watching: watcherRows.some((w) => w.user_id === session.userId),
    photos: photoRows.map((p) => ({
      id: p.id,
      fileId: p.file_id,
      fileName: p.name,
      size: Number(p.size),
      addedBy: { id: p.added_by ?? 0, name: p.added_by === null ? '' : (names.get(p.added_by) ?? '') },
      addedTime: p.create_time,
    })),
    template: row.template_form_id !== null && row.template_version !== null ? { formId: row.template_form_id, version: row.template_version, values: values ?? {} } : null,
    moves: allowedMoves(row.status as FollowStatus, policy.follow.roles(caller, parties), ruleOfType(type)),
    canEdit: policy.follow.edit(caller, parties),
    canComment: policy.follow.contribute(caller, parties),
    revision: row.revision,
  };
}
