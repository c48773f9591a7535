import { type Kysely, type Selectable, type Updateable } from 'kysely';
import type {
  FormCreateBody,
  FormDetail,
  FormListItem,
  FormListQuery,
  FormOption,
  FormSettingsBody,
  FormUpdateBody,
  FormVersionDetail,
  FormVersionItem,
} from '../../../core/contracts/form.ts';
import type { PageResult } from '../../../core/envelope.ts';
import { mapText, readStoredText, storedText, textIn, textMatches, type LocalText } from '../../../core/local-text.ts';
import { compileFormDesign } from '../../../core/forms/compile-form-design.ts';
import { valueFields, type FormDesign, type FormSettings } from '../../../core/forms/form-design.ts';
import { validateFlowDefinition } from '../../../core/flows/validate-flow-definition.ts';
import { newFormSettings, titleFieldAfter } from '../../../core/forms/new-form-settings.ts';
import { problem } from '../../../core/validation/problems.ts';
import { validateFormDesign } from '../../../core/forms/validate-form-design.ts';
import type { Clock } from '../../clock.ts';
import type { Dialect } from '../../db/database.ts';
import { readJson, writeJson, writeJsonOrNull } from '../../db/json-column.ts';
import { readFlowOrNull, readFormDesign, upgradeSentFormDesign } from '../../db/stored-configs.ts';
import type { DB, FormTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, conflict, notFound, refused } from '../../errors.ts';
import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import { tenantPointCodes } from '../../access/rights.ts';
import type { Session } from '../auth/tokens.ts';
import { dropFieldIndexes, syncFieldIndexes } from '../record/field-indexes.ts';
import { indexType, pruneSettings, settingsProblems } from './settings-check.ts';
import { presentVersion, type FormVersionCache, type LoadedVersion } from './versions.ts';
import { isTemplateForm } from '../follow-settings/template-forms.ts';

export type FormRow = Selectable<FormTable>;

/** What the form handlers share: the caller, the clock and the database. */
export interface FormContext {
  scope: TenantScope;
  session: Session;
  clock: Clock;
  dialect: Dialect;
  versions: FormVersionCache;
}

export const EMPTY_DESIGN: FormDesign = { version: 1, items: [] };

const now = (clock: Clock) => new Date(clock.now()).toISOString();

/** A form's name as stored: a text per language (JSON) or one string for all, like plate names. */
export const formNameOf = (row: Pick<FormRow, 'name'>): LocalText => readStoredText(row.name);

/** A sent name as the column keeps it: each language's text trimmed, as a plain name always was. */
const storedName = (name: LocalText): string => storedText(mapText(name, (each) => each.trim()));

/** A form's name in English: what server messages, exports and record titles say. */
export const englishFormName = (row: Pick<FormRow, 'name'>): string => textIn(formNameOf(row), 'en');

export const presentFormItem = (row: FormRow): FormListItem => ({
  id: row.id,
  name: formNameOf(row),
  description: row.description,
  icon: row.icon,
  status: row.status,
  workspaceCode: row.workspace_code,
  currentVersion: row.current_version,
  revision: row.revision,
  createTime: row.create_time,
  updateTime: row.update_time,
});

export async function findForm(scope: TenantScope, id: number): Promise<FormRow> {
  const row = await scope.selectFrom('form').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Form');
  return row;
}

/** The current published version of a form, or 400 naming the form when it has none. */
export async function currentVersionOf(scope: TenantScope, versions: FormVersionCache, form: FormRow): Promise<LoadedVersion> {
  if (form.current_version === null) throw badRequest('formId', `form "${englishFormName(form)}" is not published yet`);
  const version = await versions.get(scope, form.id, form.current_version);
  if (!version) throw new Error(`form ${form.id} lacks its version ${form.current_version}`);
  return version;
}

export async function listForms(scope: TenantScope, query: FormListQuery): Promise<PageResult<FormListItem>> {
  // Data templates are edited on the follow-up settings' data template screen, not here.
  let base = scope.selectFrom('form').where((eb) => eb.not(isTemplateForm(eb)));
  if (query.status) base = base.where('status', '=', query.status);
  const keyword = query.keyword?.trim().toLowerCase();
  if (keyword) {
    // A name in several languages is stored as JSON: a LIKE over it would also find its
    // language keys and quotes, so names are matched per language here (a tenant's forms are few).
    const named = await base.select(['id', 'name']).orderBy('update_time', 'desc').orderBy('id', 'desc').execute();
    const found = named.filter((row) => textMatches(formNameOf(row), keyword)).map((row) => row.id);
    const page = found.slice((query.pageNum - 1) * query.pageSize, query.pageNum * query.pageSize);
    const rows = page.length ? await scope.selectFrom('form').selectAll().where('id', 'in', page).execute() : [];
    const byId = new Map(rows.map((row) => [row.id, row]));
    return { list: page.flatMap((id) => byId.get(id) ?? []).map(presentFormItem), total: found.length, pageNum: query.pageNum, pageSize: query.pageSize };
  }
  const [{ total }, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    base
      .selectAll()
      .orderBy('update_time', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
  ]);
  return { list: rows.map(presentFormItem), total: Number(total), pageNum: query.pageNum, pageSize: query.pageSize };
}

/** Deep equality of JSON values regardless of key order (jsonb reorders keys). */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
  }
  return (a ?? null) === (b ?? null);
}

export async function formDetail(ctx: Pick<FormContext, 'scope' | 'versions'>, id: number): Promise<FormDetail> {
  const row = await findForm(ctx.scope, id);
  const design = readFormDesign(row.design);
  const settings = readJson<FormSettings>(row.settings);
  const flow = readFlowOrNull(row.flow);
  const current = row.current_version === null ? undefined : await ctx.versions.get(ctx.scope, id, row.current_version);
  const unpublishedChanges =
    !current || !sameJson(current.design, design) || !sameJson(current.settings, pruneSettings(design, settings)) || !sameJson(current.flow, flow);
  return { ...presentFormItem(row), design, settings, flow, createdBy: row.created_by, unpublishedChanges };
}

/** 400 naming the first problem of a design, under `design.`. */
export function checkDesign(sent: unknown): FormDesign {
  const design = upgradeSentFormDesign(sent);
  const problems = validateFormDesign(design);
  if (problems.length) throw refused(problems, 'design');
  return design as FormDesign;
}

async function checkWorkspace(scope: TenantScope, code: string | null | undefined): Promise<string | null> {
  if (code === null || code === undefined) return null;
  const found = await scope.selectFrom('workspace').select('code').where('code', '=', code).executeTakeFirst();
  if (!found) throw notFound('workspaceCode: Workspace');
  return code;
}

export async function createForm(ctx: FormContext, body: FormCreateBody): Promise<FormDetail> {
  const design = body.design === undefined ? EMPTY_DESIGN : checkDesign(body.design);
  const workspaceCode = await checkWorkspace(ctx.scope, body.workspaceCode);
  const time = now(ctx.clock);
  const [row] = await ctx.scope
    .insertInto('form', [
      {
        workspace_code: workspaceCode,
        name: storedName(body.name),
        description: body.description ?? '',
        icon: body.icon ?? null,
        design: writeJson(design),
        settings: writeJson(newFormSettings(design)),
        flow: null,
        current_version: null,
        seed_key: null,
        created_by: ctx.session.userId,
        create_time: time,
        update_time: time,
      },
    ])
    .returning('id')
    .execute();
  return formDetail(ctx, row!.id);
}

const staleMessage = (what: string, row: FormRow, revision: number) =>
  `${what} "${englishFormName(row)}" was changed by someone else since you opened it (revision ${row.revision}, yours ${revision}); reload it and apply your change again`;

/**
 * Applies a change to the designer's draft when the caller saw the latest revision, bumping
 * it; 409 when someone saved in between, 404 when the form is gone. Runs in `db` (a transaction).
 */
export async function writeDraft(
  scope: TenantScope,
  clock: Clock,
  id: number,
  revision: number,
  changes: Pick<Updateable<FormTable>, 'name' | 'description' | 'icon' | 'status' | 'design' | 'settings' | 'flow'>,
  what = 'Form',
): Promise<void> {
  const result = await scope
    .updateTable('form')
    .set((eb) => ({ ...changes, revision: eb('revision', '+', 1), update_time: now(clock) }))
    .where('id', '=', id)
    .where('revision', '=', revision)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const row = await findForm(scope, id);
  throw conflict(staleMessage(what, row, revision));
}

export async function updateForm(ctx: FormContext, body: FormUpdateBody): Promise<FormDetail> {
  const row = await findForm(ctx.scope, body.id);
  const design = body.design === undefined ? undefined : checkDesign(body.design);
  if (body.status !== undefined && row.current_version === null) {
    throw badRequest('status', 'a form that was never published stays a draft; publish it first');
  }
  // The first field that can title records becomes the title, unless one was chosen or cleared.
  const settings = readJson<FormSettings>(row.settings);
  const titleField = design ? titleFieldAfter(readFormDesign(row.design), design, settings) : settings.titleField;
  await writeDraft(ctx.scope, ctx.clock, body.id, body.revision, {
    ...(body.name !== undefined && { name: storedName(body.name) }),
    ...(body.description !== undefined && { description: body.description }),
    ...(body.icon !== undefined && { icon: body.icon }),
    ...(body.status !== undefined && { status: body.status }),
    ...(design && { design: writeJson(design) }),
    ...(titleField !== settings.titleField && { settings: writeJson({ ...settings, titleField }) }),
  });
  return formDetail(ctx, body.id);
}

export async function deleteForm(ctx: FormContext, id: number): Promise<void> {
  await findForm(ctx.scope, id);
  await ctx.scope.db.transaction().execute(async (trx) => {
    await ctx.scope.with(trx).deleteFrom('form').where('id', '=', id).execute();
    await dropFieldIndexes(trx, ctx.dialect, id);
  });
  ctx.versions.forgetForm(ctx.scope.tenantId, id);
}

export async function updateSettings(ctx: FormContext, body: FormSettingsBody): Promise<FormDetail> {
  const row = await findForm(ctx.scope, body.id);
  const design = readFormDesign(row.design);
  const { schema } = compileFormDesign(design);
  const problems = settingsProblems(design, schema, body.settings, await tenantPointCodes(ctx.scope));
  if (problems.length) throw refused(problems);
  await ctx.scope.db.transaction().execute(async (trx) => {
    const scope = ctx.scope.with(trx);
    await writeDraft(scope, ctx.clock, body.id, body.revision, { settings: writeJson(body.settings) }, 'Form settings of');
    await syncIndexes(trx, ctx.dialect, body.id, design, body.settings);
  });
  return formDetail(ctx, body.id);
}

/** Expression indexes follow the saved settings at once (they only speed up lists). */
export async function syncIndexes(db: Kysely<DB>, dialect: Dialect, formId: number, design: FormDesign, settings: FormSettings) {
  const fields = new Map(valueFields(design).map((f) => [f.key, f]));
  const indexed = settings.indexedFields.flatMap((key) => {
    const field = fields.get(key);
    const type = field && indexType(field);
    return type ? [{ key, type }] : [];
  });
  return syncFieldIndexes(db, dialect, formId, indexed);
}

/**
 * Publishes the draft as the next version: the design checked and compiled, the settings
 * (without keys of removed fields) and the flow copied. Records keep the version they were
 * made with.
 */
export async function publishForm(ctx: FormContext, id: number): Promise<FormVersionItem> {
  const row = await findForm(ctx.scope, id);
  const design = checkDesign(readFormDesign(row.design));
  if (valueFields(design).length === 0) throw refused([problem('design.items', 'noFields', {}, 'add at least one field before publishing')]);
  const compiled = compileFormDesign(design);
  const settings = pruneSettings(design, readJson<FormSettings>(row.settings));
  const problems = settingsProblems(design, compiled.schema, settings, await tenantPointCodes(ctx.scope));
  if (problems.length) throw refused(problems);
  // The flow was checked against the design of its day; the design may have changed since.
  const flow = readFlowOrNull(row.flow);
  const flowProblems = flow === null ? [] : validateFlowDefinition(flow, design);
  if (flowProblems.length) throw refused(flowProblems, 'flow');
  const time = now(ctx.clock);
  return ctx.scope.db.transaction().execute(async (trx) => {
    const scope = ctx.scope.with(trx);
    const version = (row.current_version ?? 0) + 1;
    // Only the publisher who saw the current version moves it on; a second publish at the same time gets a 409.
    const moved = await scope
      .updateTable('form')
      .set({ current_version: version, status: row.status === 'disabled' ? 'disabled' : 'published', update_time: time })
      .where('id', '=', id)
      .where((eb) => (row.current_version === null ? eb('current_version', 'is', null) : eb('current_version', '=', row.current_version)))
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict(`Form "${englishFormName(row)}" was published by someone else at the same time; reload it`);
    await scope
      .insertInto('form_version', [
        {
          form_id: id,
          version,
          design: writeJson(design),
          schema: writeJson(compiled.schema),
          ui_schema: writeJson(compiled.uiSchema),
          settings: writeJson(settings),
          flow: writeJsonOrNull(flow),
          published_by: ctx.session.userId,
          publish_time: time,
        },
      ])
      .execute();
    return { version, publishedBy: ctx.session.userId, publishedByName: await userName(trx, ctx.session.userId), publishTime: time, fieldCount: valueFields(design).length };
  });
}

async function userName(db: Kysely<DB>, userId: number): Promise<string | null> {
  const row = await db.selectFrom('app_user').select('name').where('id', '=', userId).executeTakeFirst();
  return row?.name ?? null;
}

export async function listVersions(scope: TenantScope, id: number): Promise<FormVersionItem[]> {
  await findForm(scope, id);
  const rows = await scope
    .selectFrom('form_version')
    .leftJoin('app_user', 'app_user.id', 'form_version.published_by')
    .select(['form_version.version', 'form_version.published_by', 'form_version.publish_time', 'form_version.design', 'app_user.name'])
    .where('form_version.form_id', '=', id)
    .orderBy('form_version.version', 'desc')
    .execute();
  return rows.map((r) => ({
    version: r.version,
    publishedBy: r.published_by,
    publishedByName: r.name,
    publishTime: r.publish_time,
    fieldCount: valueFields(readFormDesign(r.design)).length,
  }));
}

export async function versionDetail(ctx: Pick<FormContext, 'scope' | 'versions'>, form: FormRow, version: number): Promise<FormVersionDetail> {
  const loaded = await ctx.versions.get(ctx.scope, form.id, version);
  if (!loaded) throw notFound('Form version');
  return presentVersion(loaded, formNameOf(form));
}

/** Published forms open to the caller (policy.form.open), for pickers and the linked-record field. */
export async function formOptions(caller: Caller): Promise<FormOption[]> {
  let query = caller.scope
    .selectFrom('form')
    .select(['id', 'name', 'icon', 'current_version', 'workspace_code'])
    .where('status', '=', 'published')
    .where('current_version', 'is not', null)
    .where((eb) => eb.not(isTemplateForm(eb)));
  const open = policy.form.openCondition(caller);
  if (open) query = query.where(open);
  const rows = await query.orderBy('id').execute();
  // By English name: the stored column holds JSON for names in several languages.
  const options = rows.map((r) => ({ id: r.id, name: formNameOf(r), icon: r.icon, currentVersion: r.current_version!, workspaceCode: r.workspace_code }));
  return options.sort((a, b) => textIn(a.name, 'en').localeCompare(textIn(b.name, 'en')));
}
