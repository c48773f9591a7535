import { sql, type Selectable } from 'kysely';
import type {
  FormRecord,
  RecordCreateBody,
  RecordDetail,
  RecordListBody,
  RecordOption,
  RecordOptionsQuery,
  RecordPage,
  RecordStatus,
  RecordUpdateBody,
} from '../../../core/contracts/record.ts';
import type { FieldError, RecordData } from '../../../core/forms/form-design.ts';
import { keepDesignFields, prepareRecord } from '../../../core/forms/record-validation.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import type { Clock } from '../../clock.ts';
import type { ViewRunner } from '../../db/confined-reads.ts';
import type { Dialect } from '../../db/database.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import type { FormRecordTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import { userNames } from '../account/user-names.ts';
import { linkRecordFiles, unlinkRecords } from '../filestore/file-links.ts';
import { currentVersionOf, englishFormName, findForm, formNameOf, type FormRow } from '../form/service.ts';
import { presentVersion, type FormVersionCache, type LoadedVersion } from '../form/versions.ts';
import type { RecordHooks } from './hooks.ts';
import { nextRecordNumber } from './numbering.ts';
import { checkQuery, filterSql, keywordSql, orderSql, queryColumns } from './record-query.ts';
import { referenceErrors, type ReferencedData } from './references.ts';

export type RecordRow = Selectable<FormRecordTable>;

/** What record handlers share: the caller and their rights, the clock, the database and the hooks. */
export interface RecordContext {
  scope: TenantScope;
  /** The caller, with their rights (src/server/access/). */
  access: Caller;
  clock: Clock;
  dialect: Dialect;
  versions: FormVersionCache;
  hooks: RecordHooks;
  /** Where a registered view's query runs; set only under a time limit (dataset service's withTimeLimit). */
  views?: ViewRunner;
}

const nowOf = (clock: Clock) => new Date(clock.now());

export function presentRecord(row: RecordRow, createdByName: string | null): FormRecord {
  return {
    id: row.id,
    formId: row.form_id,
    version: row.version,
    number: row.number,
    title: row.title,
    data: readJson<RecordData>(row.data),
    status: row.status,
    workspaceCode: row.workspace_code,
    createdBy: row.created_by,
    createdByName,
    createTime: row.create_time,
    updatedBy: row.updated_by,
    updateTime: row.update_time,
    revision: row.revision,
  };
}

/** 400 naming every bad field of a record; `data.errors` lists them for the form to show. */
export function invalidRecord(errors: readonly FieldError[], prefix = 'data'): AppError {
  const message = errors.map((e) => (e.field ? `${prefix}.${e.message}` : e.message)).join('; ');
  return new AppError(400, ResultCode.BAD_REQUEST, message, { errors });
}

/** 400 naming every field whose value names something the tenant does not have (see references.ts). */
async function requireKnownReferences(scope: TenantScope, version: LoadedVersion, record: ReferencedData): Promise<void> {
  const [errors] = await referenceErrors(scope, version.design, [record]);
  if (errors!.length) throw invalidRecord(errors!);
}

// ---------------------------------------------------------------- service API for other modules (flows)

/** A record of the scope's tenant, without any access check; undefined when there is none. */
export async function readRecord(scope: TenantScope, id: number): Promise<RecordRow | undefined> {
  return scope.selectFrom('form_record').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Sets a record's approval status (the flow engine's decision), bumping its revision. */
export async function setRecordStatus(scope: TenantScope, id: number, status: RecordStatus, clock: Clock, userId?: number): Promise<void> {
  await scope
    .updateTable('form_record')
    .set((eb) => ({
      status,
      revision: eb('revision', '+', 1),
      update_time: nowOf(clock).toISOString(),
      ...(userId !== undefined && { updated_by: userId }),
    }))
    .where('id', '=', id)
    .execute();
}

/**
 * Validates and stores new data of a record against `version` (the record's own, or a newer
 * one it moves to), when `revision` is still the stored one: 409 otherwise, 400 naming every
 * bad field. Used by record/update and by approvers editing fields in a flow.
 */
export async function storeRecordData(
  scope: TenantScope,
  input: { record: RecordRow; version: LoadedVersion; data: RecordData; revision: number; userId: number; now: Date },
): Promise<RecordRow> {
  const prepared = prepareRecord(input.version, input.data, { now: input.now, mode: 'update' });
  if (prepared.errors.length) throw invalidRecord(prepared.errors);
  await requireKnownReferences(scope, input.version, { data: prepared.data, held: readJson<RecordData>(input.record.data) });
  const result = await scope
    .updateTable('form_record')
    .set((eb) => ({
      data: writeJson(prepared.data),
      title: prepared.title,
      version: input.version.version,
      revision: eb('revision', '+', 1),
      updated_by: input.userId,
      update_time: input.now.toISOString(),
    }))
    .where('id', '=', input.record.id)
    .where('revision', '=', input.revision)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw staleRecord(input.record, input.revision);
  const stored = (await readRecord(scope, input.record.id))!;
  await linkRecordFiles(scope, [stored]);
  return stored;
}

function staleRecord(record: RecordRow, revision: number): AppError {
  const name = record.number ?? `#${record.id}`;
  return conflict(`Record ${name} was changed by someone else since you opened it (revision ${record.revision}, yours ${revision}); reload it and apply your change again`);
}

// ---------------------------------------------------------------- access

/** The form of a record list or create, open to the caller; 404 for forms of other tenants or workspaces. */
export async function openForm(ctx: RecordContext, formId: number): Promise<FormRow> {
  // The row kept between requests while neither forms nor records change (see FormVersionCache.form).
  const form = await ctx.versions.form(ctx.scope, formId);
  if (!form || !policy.form.open(ctx.access, form)) throw notFound('Form');
  return form;
}

async function grantedByHook(ctx: RecordContext, formId: number, recordId: number | null): Promise<boolean> {
  for (const grant of ctx.hooks.readGrants) {
    if (await grant(ctx.scope, ctx.access.session.userId, { formId, recordId })) return true;
  }
  return false;
}

/** 403 unless the caller may read the form's records (its points, or a hook such as a flow task). */
export async function requireRecordReader(ctx: RecordContext, form: FormRow, version: LoadedVersion, recordId: number | null = null): Promise<void> {
  if (policy.record.list(ctx.access, version.settings)) return;
  if (await grantedByHook(ctx, form.id, recordId)) return;
  throw forbidden();
}

/** A record the caller may see: in the tenant, on an open form, inside their data scope (else 404). */
export async function visibleRecord(ctx: RecordContext, id: number, field = 'Record'): Promise<{ record: RecordRow; form: FormRow }> {
  const record = await readRecord(ctx.scope, id);
  if (!record) throw notFound(field);
  const form = await findForm(ctx.scope, record.form_id);
  const open = policy.form.open(ctx.access, form) && policy.record.inScope(ctx.access, record);
  if (!open && !(await grantedByHook(ctx, form.id, record.id))) throw notFound(field);
  return { record, form };
}

async function versionOf(ctx: RecordContext, formId: number, version: number): Promise<LoadedVersion> {
  const loaded = await ctx.versions.get(ctx.scope, formId, version);
  if (!loaded) throw new Error(`form ${formId} lacks version ${version}`);
  return loaded;
}

// ---------------------------------------------------------------- handlers

export async function recordDetail(ctx: RecordContext, id: number): Promise<RecordDetail> {
  const { record, form } = await visibleRecord(ctx, id);
  const version = await versionOf(ctx, form.id, record.version);
  await requireRecordReader(ctx, form, version, record.id);
  const names = await userNames(ctx.scope, [record.created_by]);
  const flow = ctx.hooks.flowState ? await ctx.hooks.flowState(ctx.access, record) : null;
  const presented = presentRecord(record, record.created_by === null ? null : (names.get(record.created_by) ?? null));
  // An approver who reads the record only through their task does not get the fields their step hides.
  for (const key of flow?.hiddenFields ?? []) delete presented.data[key];
  return {
    record: presented,
    form: { id: form.id, name: formNameOf(form), currentVersion: form.current_version, status: form.status },
    version: presentVersion(version, formNameOf(form)),
    flow,
  };
}

/** The workspace a new record belongs to: the form's, else the one asked for (one of the caller's). */
export async function recordWorkspace(ctx: RecordContext, form: FormRow, asked: string | null | undefined): Promise<string | null> {
  if (form.workspace_code !== null) {
    if (asked && asked !== form.workspace_code) throw badRequest('workspaceCode', `the form belongs to workspace ${form.workspace_code}`);
    return form.workspace_code;
  }
  if (!asked) return null;
  if (!policy.workspace.enter(ctx.access, asked)) throw notFound('workspaceCode: Workspace');
  return asked;
}

/** Deletes the caller's draft that a create or update came from; 404 when it is not theirs. */
async function consumeDraft(scope: TenantScope, userId: number, draftId: number, formId: number): Promise<void> {
  const result = await scope.deleteFrom('form_draft').where('id', '=', draftId).where('user_id', '=', userId).where('form_id', '=', formId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw notFound('draftId: Draft');
}

export async function createRecord(ctx: RecordContext, body: RecordCreateBody): Promise<FormRecord> {
  const form = await openForm(ctx, body.formId);
  if (form.status === 'disabled') throw badRequest('formId', `form "${englishFormName(form)}" is switched off and takes no new records`);
  const version = await currentVersionOf(ctx.scope, ctx.versions, form);
  policy.record.requireButton(ctx.access, version.settings, 'create');
  const workspaceCode = await recordWorkspace(ctx, form, body.workspaceCode);
  const now = nowOf(ctx.clock);
  const prepared = prepareRecord(version, body.data, { now, mode: 'create' });
  if (prepared.errors.length) throw invalidRecord(prepared.errors);
  await requireKnownReferences(ctx.scope, version, { data: prepared.data });
  const { userId } = ctx.access.session;
  const committed: (() => Promise<void>)[] = [];
  const record = await ctx.scope.db.transaction().execute(async (trx) => {
    const scope = ctx.scope.with(trx);
    const rule = version.settings.numbering?.rule;
    const number = rule ? await nextRecordNumber(trx, scope.tenantId, form.id, rule, now) : null;
    const time = now.toISOString();
    const [row] = await scope
      .insertInto('form_record', [
        {
          form_id: form.id,
          version: version.version,
          number,
          title: prepared.title,
          data: writeJson(prepared.data),
          status: 'none',
          workspace_code: workspaceCode,
          created_by: userId,
          create_time: time,
          updated_by: userId,
          update_time: time,
        },
      ])
      .returningAll()
      .execute();
    await linkRecordFiles(scope, [row!], { created: true });
    if (body.draftId !== undefined) await consumeDraft(scope, userId, body.draftId, form.id);
    for (const hook of ctx.hooks.afterCreate) {
      await hook({ scope, session: ctx.access.session, record: row!, version, now: time, afterCommit: (task) => committed.push(task) });
    }
    return (await readRecord(scope, row!.id))!;
  });
  for (const task of committed) await task();
  const names = await userNames(ctx.scope, [userId]);
  return presentRecord(record, names.get(userId) ?? null);
}

export async function updateRecord(ctx: RecordContext, body: RecordUpdateBody): Promise<FormRecord> {
  const { record, form } = await visibleRecord(ctx, body.id);
  const own = await versionOf(ctx, form.id, record.version);
  policy.record.requireButton(ctx.access, own.settings, 'edit');
  if (record.status === 'running') {
    throw conflict(`Record ${record.number ?? `#${record.id}`} is in an approval flow; change it through its task or withdraw it first`);
  }
  if (record.revision !== body.revision) throw staleRecord(record, body.revision);
  const version = body.upgradeToVersion ? await currentVersionOf(ctx.scope, ctx.versions, form) : own;
  // Moving to the current version drops the values of fields it no longer has.
  const data = body.upgradeToVersion ? keepDesignFields(version.design, body.data) : body.data;
  const { userId } = ctx.access.session;
  const updated = await ctx.scope.db.transaction().execute(async (trx) => {
    const scope = ctx.scope.with(trx);
    const row = await storeRecordData(scope, { record, version, data, revision: body.revision, userId, now: nowOf(ctx.clock) });
    if (body.draftId !== undefined) await consumeDraft(scope, userId, body.draftId, form.id);
    return row;
  });
  const names = await userNames(ctx.scope, [updated.created_by]);
  return presentRecord(updated, updated.created_by === null ? null : (names.get(updated.created_by) ?? null));
}

/** Deletes records (each checked: tenant, data scope, the form's delete point), all or none. */
export async function deleteRecords(ctx: RecordContext, ids: readonly number[]): Promise<{ deleted: number }> {
  const checkedForms = new Set<number>();
  for (const [i, id] of ids.entries()) {
    const { form } = await visibleRecord(ctx, id, `ids[${i}]: Record`);
    if (checkedForms.has(form.id)) continue;
    const version = await currentVersionOf(ctx.scope, ctx.versions, form);
    policy.record.requireButton(ctx.access, version.settings, 'delete');
    checkedForms.add(form.id);
  }
  const result = await ctx.scope.db.transaction().execute(async (trx) => {
    const scope = ctx.scope.with(trx);
    await unlinkRecords(scope, ids);
    return scope.deleteFrom('form_record').where('id', 'in', [...ids]).executeTakeFirst();
  });
  return { deleted: Number(result.numDeletedRows) };
}

/** The list query of a form, filtered, in the caller's data scope; the version gives the fields. */
export function recordQuery(ctx: RecordContext, form: FormRow, version: LoadedVersion, body: Pick<RecordListBody, 'filters' | 'keyword'>) {
  const columns = queryColumns(version.design);
  // The form id as a literal lets both planners use the form's partial expression indexes.
  let query = ctx.scope.selectFrom('form_record').where('form_record.form_id', '=', sql.lit(form.id));
  const inScope = policy.record.scopeCondition(ctx.access);
  if (inScope) query = query.where(inScope);
  for (const filter of body.filters) query = query.where(filterSql(ctx.dialect, columns.get(filter.field)!, filter));
  const keyword = body.keyword?.trim();
  if (keyword) query = query.where(keywordSql(keyword));
  return { query, columns };
}

/** The form and its current version for a list or export, with the caller's read right checked. */
export async function listedForm(ctx: RecordContext, formId: number): Promise<{ form: FormRow; version: LoadedVersion }> {
  const form = await openForm(ctx, formId);
  const version = await currentVersionOf(ctx.scope, ctx.versions, form);
  await requireRecordReader(ctx, form, version);
  return { form, version };
}

export async function listRecords(ctx: RecordContext, body: RecordListBody): Promise<RecordPage> {
  const { form, version } = await listedForm(ctx, body.formId);
  checkQuery(queryColumns(version.design), body.filters, body.sort);
  const { query, columns } = recordQuery(ctx, form, version, body);
  let page = query.leftJoin('app_user', 'app_user.id', 'form_record.created_by').selectAll('form_record').select('app_user.name as created_by_name');
  for (const term of orderSql(ctx.dialect, columns, body.sort)) page = page.orderBy(term);
  const [{ total }, rows] = await Promise.all([
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    page.limit(body.pageSize).offset((body.pageNum - 1) * body.pageSize).execute(),
  ]);
  return {
    list: rows.map((row) => presentRecord(row, row.created_by_name)),
    total: Number(total),
    pageNum: body.pageNum,
    pageSize: body.pageSize,
  };
}

/** Records to pick for a linked-record field: title or number matching the keyword, newest first, at most 50. */
export async function recordOptions(ctx: RecordContext, query: RecordOptionsQuery): Promise<RecordOption[]> {
  const { form, version } = await listedForm(ctx, query.formId);
  const { query: base } = recordQuery(ctx, form, version, { filters: [], keyword: query.keyword });
  const rows = await base
    .select(['form_record.id', 'form_record.title', 'form_record.number'])
    .orderBy('form_record.create_time', 'desc')
    .orderBy('form_record.id', 'desc')
    .limit(50)
    .execute();
  return rows.map((r) => ({ formId: form.id, recordId: r.id, title: r.title || r.number || `#${r.id}`, number: r.number }));
}
