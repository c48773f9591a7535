import type { FollowStatusRule, FollowType, FollowTypeSaveBody } from '../../../core/contracts/follows.ts';
import { completeRule, DEFAULT_STATUS_RULE } from '../../../core/follows/status-flow.ts';
import { parseNumberingRule } from '../../../core/forms/numbering.ts';
import { readStoredText, storedText, type LocalText } from '../../../core/local-text.ts';
import { policy } from '../../access/policies.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import type { FollowTypeTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { conflict, notFound } from '../../errors.ts';
import { userNames } from '../account/user-names.ts';
import type { Dialect } from '../../db/database.ts';
import { dropTemplateForm } from '../follow-settings/template-forms.ts';
import { followProblem, requireAllowed, workspaceById, type FollowCaller, type FollowWorkspace } from './context.ts';
import { requireMembers } from './people.ts';
import type { Selectable } from 'kysely';

type TypeRecord = Selectable<FollowTypeTable>;

/** The types a workspace starts with, so follow-ups can be written before anyone opens the settings. */
export const DEFAULT_TYPES: { name: LocalText; color: string; icon: string; numbering: string }[] = [
  { name: { en: 'Punch item', 'zh-CN': '尾项', ar: 'بند ملاحظات التسليم' }, color: '#d4380d', icon: 'CheckSquareOutlined', numbering: 'PI-{####}' },
  { name: { en: 'Safety observation', 'zh-CN': '安全观察', ar: 'ملاحظة سلامة' }, color: '#faad14', icon: 'SafetyOutlined', numbering: 'SO-{####}' },
  { name: { en: 'Question', 'zh-CN': '疑问', ar: 'استفسار' }, color: '#1677ff', icon: 'QuestionCircleOutlined', numbering: 'Q-{####}' },
  { name: { en: 'Defect', 'zh-CN': '缺陷', ar: 'عيب' }, color: '#cf1322', icon: 'BugOutlined', numbering: 'DF-{####}' },
];

/**
 * Adds the default types to a workspace that has none (in the caller's transaction). Two first
 * reads at once must not both add them: each claims the workspace's `#types` counter row (no
 * numbering rule is spelt so, a rule needs a sequence), and the one that finds it claimed
 * (waiting on PostgreSQL for the other to commit) adds nothing.
 */
export async function ensureTypes(tx: TenantScope, workspaceId: number, time: string, userId: number | null): Promise<void> {
  const any = await tx.selectFrom('follow_type').select('id').where('workspace_id', '=', workspaceId).limit(1).executeTakeFirst();
  if (any) return;
  const claimed = await tx.db
    .insertInto('follow_counter')
    .values({ tenant_id: tx.tenantId, workspace_id: workspaceId, rule: '#types', period: '', value: 1 })
    .onConflict((oc) => oc.columns(['tenant_id', 'workspace_id', 'rule', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!claimed) return;
  await tx
    .insertInto(
      'follow_type',
      DEFAULT_TYPES.map((type, index) => ({
        workspace_id: workspaceId,
        name: storedText(type.name),
        color: type.color,
        icon: type.icon,
        numbering: type.numbering,
        status_rule: writeJson(DEFAULT_STATUS_RULE),
        default_reviewer_ids: writeJson([]),
        template_form_id: null,
        retired: 0,
        sort: index + 1,
        revision: 1,
        created_by: userId,
        create_time: time,
        updated_by: userId,
        update_time: time,
      })),
    )
    .execute();
}

export const ruleOfType = (row: Pick<TypeRecord, 'status_rule'>): FollowStatusRule => completeRule(readJson<Partial<FollowStatusRule>>(row.status_rule));
export const reviewerIdsOfType = (row: Pick<TypeRecord, 'default_reviewer_ids'>): number[] => readJson<number[]>(row.default_reviewer_ids);

async function presentTypes(scope: TenantScope, workspaceCode: string, rows: readonly TypeRecord[]): Promise<FollowType[]> {
  const names = await userNames(scope, rows.flatMap(reviewerIdsOfType));
  const counts = rows.length
    ? await scope
        .selectFrom('follow_up')
        .select(['type_id', (eb) => eb.fn.countAll<number | string>().as('n')])
        .where('type_id', 'in', rows.map((r) => r.id))
        .where('deleted_time', 'is', null)
        .groupBy('type_id')
        .execute()
    : [];
  const useCount = new Map(counts.map((c) => [c.type_id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    workspaceCode,
    name: readStoredText(r.name),
    color: r.color,
    icon: r.icon,
    numbering: r.numbering,
    statusRule: ruleOfType(r),
    defaultReviewers: reviewerIdsOfType(r).map((id) => ({ id, name: names.get(id) ?? '' })),
    templateFormId: r.template_form_id,
    retired: r.retired === 1,
    sort: r.sort,
    revision: r.revision,
    useCount: useCount.get(r.id) ?? 0,
  }));
}

/** The workspace's types, the defaults made first when it has none; retired ones too (marked). */
export async function listTypes(caller: FollowCaller, workspace: FollowWorkspace): Promise<FollowType[]> {
  const { scope, session } = caller;
  await scope.db.transaction().execute((trx) => ensureTypes(scope.with(trx), workspace.id, caller.now(), session.userId));
  const rows = await scope.selectFrom('follow_type').selectAll().where('workspace_id', '=', workspace.id).orderBy('sort').orderBy('id').execute();
  return presentTypes(scope, workspace.code, rows);
}

/** A type of the workspace, for a follow-up made or changed with it; a retired one takes no new follow-ups. */
export async function usableType(caller: FollowCaller, workspace: FollowWorkspace, typeId: number): Promise<TypeRecord> {
  const row = await caller.scope.selectFrom('follow_type').selectAll().where('id', '=', typeId).where('workspace_id', '=', workspace.id).executeTakeFirst();
  if (!row || row.retired === 1) throw followProblem(400, 'typeUnavailable', 'typeId: the type is retired or not of this workspace');
  return row;
}

/**
 * The data templates (follow/settings/template) make a type's template and link it; a type save
 * keeps the link it has. One that names a template names that one, or none.
 */
function requireSameTemplate(named: number | null | undefined, current: number | null): void {
  if (named != null && named !== current) throw followProblem(400, 'templateForm', 'templateFormId: a type\'s template is made on its data template screen');
}

/** Creates a type (no id) or changes one (id with the revision loaded: 409 when stale); follow:settings. */
export async function saveType(caller: FollowCaller, workspace: FollowWorkspace, body: FollowTypeSaveBody): Promise<FollowType> {
  requireAllowed(policy.follow.settings(caller), 'change follow-up types');
  const parsed = parseNumberingRule(body.numbering);
  if ('error' in parsed) throw followProblem(400, 'numberingRule', `numbering: ${parsed.error}`, { key: parsed.key, ...parsed.params });
  await requireMembers(caller, workspace, body.defaultReviewerIds ?? []);
  const { scope, session } = caller;
  const time = caller.now();
  const columns = {
    name: storedText(body.name),
    color: body.color,
    icon: body.icon,
    numbering: body.numbering,
    status_rule: writeJson(body.statusRule),
    default_reviewer_ids: writeJson(body.defaultReviewerIds ?? []),
    retired: body.retired ? 1 : 0,
    sort: body.sort ?? 0,
    updated_by: session.userId,
    update_time: time,
  };
  let id = body.id;
  if (id === undefined) {
    requireSameTemplate(body.templateFormId, null);
    ({ id } = await scope
      .insertInto('follow_type', [{ ...columns, template_form_id: null, workspace_id: workspace.id, revision: 1, created_by: session.userId, create_time: time }])
      .returning('id')
      .executeTakeFirstOrThrow());
  } else {
    const existing = await scope.selectFrom('follow_type').select(['id', 'revision', 'template_form_id']).where('id', '=', id).where('workspace_id', '=', workspace.id).executeTakeFirst();
    if (!existing) throw notFound('Follow-up type');
    requireSameTemplate(body.templateFormId, existing.template_form_id);
    const updated = await scope
      .updateTable('follow_type')
      .set({ ...columns, revision: existing.revision + 1 })
      .where('id', '=', id)
      .where('revision', '=', body.revision ?? existing.revision)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict('The type was changed meanwhile. Reload to see it, then try again.');
  }
  const row = await scope.selectFrom('follow_type').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await presentTypes(scope, workspace.code, [row]))[0]!;
}

/**
 * Deletes a type no follow-up uses; one in use is refused (retire it instead). Its data-template
 * form goes with it in the same transaction (retired instead while follow-ups hold a version).
 */
export async function deleteType(caller: FollowCaller, id: number, dialect: Dialect): Promise<void> {
  const { scope } = caller;
  const row = await scope.selectFrom('follow_type').select(['id', 'workspace_id']).where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Follow-up type');
  await workspaceById(caller, row.workspace_id, 'Follow-up type');
  requireAllowed(policy.follow.settings(caller), 'change follow-up types');
  const forms = await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const used = await tx.selectFrom('follow_up').select('id').where('type_id', '=', id).limit(1).executeTakeFirst();
    if (used) throw followProblem(409, 'typeInUse', 'The type has follow-ups: retire it instead');
    const type = await tx.selectFrom('follow_type').select('template_form_id').where('id', '=', id).executeTakeFirst();
    const template = await tx.selectFrom('follow_template').select('form_id').where('type_id', '=', id).executeTakeFirst();
    await tx.deleteFrom('follow_type').where('id', '=', id).execute();
    const formIds = [...new Set([type?.template_form_id, template?.form_id].filter((f): f is number => typeof f === 'number'))];
    for (const formId of formIds) await dropTemplateForm(tx, dialect, formId, caller.now());
    return formIds;
  });
  for (const formId of forms) caller.versions.forgetForm(scope.tenantId, formId);
}
