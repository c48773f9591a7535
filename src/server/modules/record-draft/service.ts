import type { StagingDetail, StagingItem, StagingListQuery, StagingSaveBody } from '../../../core/contracts/staging.ts';
import type { PageResult } from '../../../core/envelope.ts';
import type { RecordData } from '../../../core/forms/form-design.ts';
import { readStoredText } from '../../../core/local-text.ts';
import { recordTitle } from '../../../core/forms/record-validation.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import { notFound } from '../../errors.ts';
import { policy } from '../../access/policies.ts';
import { openForm, visibleRecord, type RecordContext } from '../record/service.ts';
import { currentVersionOf } from '../form/service.ts';

/**
 * Drafts (staging): a user's unfinished fill of a new record or edit of one, saved as they
 * type. Only the owner sees a draft; its data is not validated (it may be half filled) until
 * it becomes a record (record/create or record/update with `draftId`, which deletes it).
 */

function draftQuery(ctx: RecordContext) {
  return ctx.scope
    .selectFrom('form_draft')
    .innerJoin('form', 'form.id', 'form_draft.form_id')
    .where('form_draft.user_id', '=', ctx.access.session.userId)
    .select([
      'form_draft.id',
      'form_draft.form_id',
      'form.name as form_name',
      'form_draft.record_id',
      'form_draft.version',
      'form_draft.title',
      'form_draft.create_time',
      'form_draft.update_time',
    ]);
}

type DraftRow = Awaited<ReturnType<ReturnType<typeof draftQuery>['executeTakeFirstOrThrow']>>;

const presentDraft = (row: DraftRow): StagingItem => ({
  id: row.id,
  formId: row.form_id,
  formName: readStoredText(row.form_name),
  recordId: row.record_id,
  version: row.version,
  title: row.title,
  createTime: row.create_time,
  updateTime: row.update_time,
});

export async function listDrafts(ctx: RecordContext, query: StagingListQuery): Promise<PageResult<StagingItem>> {
  let base = draftQuery(ctx);
  if (query.formId !== undefined) base = base.where('form_draft.form_id', '=', query.formId);
  const [{ total }, rows] = await Promise.all([
    ctx.scope
      .selectFrom('form_draft')
      .where('user_id', '=', ctx.access.session.userId)
      .$if(query.formId !== undefined, (q) => q.where('form_id', '=', query.formId!))
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
    base.orderBy('form_draft.update_time', 'desc').orderBy('form_draft.id', 'desc').limit(query.pageSize).offset((query.pageNum - 1) * query.pageSize).execute(),
  ]);
  return { list: rows.map(presentDraft), total: Number(total), pageNum: query.pageNum, pageSize: query.pageSize };
}

export async function draftDetail(ctx: RecordContext, id: number): Promise<StagingDetail> {
  const row = await draftQuery(ctx).select('form_draft.data').where('form_draft.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Draft');
  return { ...presentDraft(row), data: readJson<RecordData>(row.data) };
}

/**
 * Creates or overwrites (autosave) a draft. A new record's draft follows the form's current
 * version and needs the create point; an edit's draft the record's version and the edit point.
 */
export async function saveDraft(ctx: RecordContext, body: StagingSaveBody): Promise<StagingItem> {
  const form = await openForm(ctx, body.formId);
  const current = await currentVersionOf(ctx.scope, ctx.versions, form);
  let version = current;
  if (body.recordId !== undefined) {
    const { record } = await visibleRecord(ctx, body.recordId, 'recordId: Record');
    if (record.form_id !== form.id) throw notFound('recordId: Record');
    version = (await ctx.versions.get(ctx.scope, form.id, record.version))!;
    policy.record.requireButton(ctx.access, version.settings, 'edit');
  } else {
    policy.record.requireButton(ctx.access, version.settings, 'create');
  }
  const time = new Date(ctx.clock.now()).toISOString();
  const fields = { data: writeJson(body.data), title: recordTitle(version.design, version.settings, body.data), version: version.version, update_time: time };
  let id = body.id;
  if (id !== undefined) {
    const result = await ctx.scope
      .updateTable('form_draft')
      .set({ ...fields, form_id: form.id, record_id: body.recordId ?? null })
      .where('id', '=', id)
      .where('user_id', '=', ctx.access.session.userId)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw notFound('Draft');
  } else {
    const [row] = await ctx.scope
      .insertInto('form_draft', [{ ...fields, form_id: form.id, user_id: ctx.access.session.userId, record_id: body.recordId ?? null, create_time: time }])
      .returning('id')
      .execute();
    id = row!.id;
  }
  const saved = await draftQuery(ctx).where('form_draft.id', '=', id).executeTakeFirstOrThrow();
  return presentDraft(saved);
}

export async function deleteDraft(ctx: RecordContext, id: number): Promise<void> {
  const result = await ctx.scope.deleteFrom('form_draft').where('id', '=', id).where('user_id', '=', ctx.access.session.userId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw notFound('Draft');
}
