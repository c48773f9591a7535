import type {
  FollowTemplate,
  FollowTemplateDetail,
  FollowTemplateVersion,
  TemplateSaveBody,
  TemplateVersionQuery,
} from '../../../core/contracts/follow-settings.ts';
import { BUILT_IN_SOURCES } from '../../../core/contracts/follow-settings.ts';
import { CHOICE_OPTIONS_MAX, bindingProblems, boundOptionsBehind, unfitLists, withBoundOptions, type OfferedOption } from '../../../core/follow-settings/template-bindings.ts';
import type { FormDesign } from '../../../core/forms/form-design.ts';
import { readStoredText, textIn } from '../../../core/local-text.ts';
import type { Clock } from '../../clock.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import { readFormDesign } from '../../db/stored-configs.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, notFound, refused } from '../../errors.ts';
import { checkDesign, createForm, findForm, formDetail, listVersions, publishForm, writeDraft, type FormContext } from '../form/service.ts';
import type { FormVersionCache } from '../form/versions.ts';
import { requireManage, workspaceById, type SettingsCaller, type SettingsWorkspace } from './context.ts';
import { optionRows, presentOptions } from './options.ts';

/** What templates need beyond the caller: the form module's clock and version cache. */
export interface TemplateDeps {
  clock: Clock;
  versions: FormVersionCache;
}

interface TypeRow {
  id: number;
  workspace_id: number;
  name: string;
}

/** A follow-up type of a workspace the caller belongs to; 404 otherwise. */
async function typeOf(caller: SettingsCaller, typeId: number): Promise<{ type: TypeRow; workspace: SettingsWorkspace }> {
  const type = await caller.scope.selectFrom('follow_type').select(['id', 'workspace_id', 'name']).where('id', '=', typeId).executeTakeFirst();
  if (!type) throw notFound('Follow-up type');
  return { type, workspace: await workspaceById(caller, type.workspace_id, 'Follow-up type') };
}

const formContext = (caller: SettingsCaller, deps: TemplateDeps, scope: TenantScope = caller.scope): FormContext => ({
  scope,
  session: caller.session,
  clock: deps.clock,
  dialect: caller.dialect,
  versions: deps.versions,
});

/** The options each list of the workspace offers now (not retired, nor under a retired one). */
async function offeredOptions(scope: TenantScope, workspace: SettingsWorkspace, keys: Iterable<string>): Promise<Map<string, OfferedOption[]>> {
  const offered = new Map<string, OfferedOption[]>();
  for (const key of new Set(keys)) {
    offered.set(
      key,
      presentOptions(await optionRows(scope, workspace, key))
        .filter((o) => !o.retired)
        .map((o) => ({ code: o.code, label: o.label, path: o.path })),
    );
  }
  return offered;
}

async function sourceKeys(scope: TenantScope, workspace: SettingsWorkspace): Promise<Set<string>> {
  const added = await scope.selectFrom('follow_data_source').select('key').where('workspace_id', '=', workspace.id).execute();
  return new Set([...BUILT_IN_SOURCES.map((s) => s.key), ...added.map((r) => r.key)]);
}

interface TemplateRow {
  type_id: number;
  form_id: number;
  bindings: unknown;
  update_time: string;
}

async function present(caller: SettingsCaller, deps: TemplateDeps, workspace: SettingsWorkspace, row: TemplateRow): Promise<FollowTemplate> {
  const detail = await formDetail(formContext(caller, deps), row.form_id);
  const bindings = readJson<Record<string, string>>(row.bindings);
  const current = detail.currentVersion === null ? undefined : await deps.versions.get(caller.scope, row.form_id, detail.currentVersion);
  const offered = await offeredOptions(caller.scope, workspace, Object.values(bindings));
  return {
    typeId: row.type_id,
    formId: row.form_id,
    workspaceCode: workspace.code,
    currentVersion: detail.currentVersion,
    revision: detail.revision,
    unpublishedChanges: detail.unpublishedChanges,
    optionsBehind: current ? boundOptionsBehind(current.design, bindings, offered) : false,
    bindings,
    updateTime: detail.updateTime > row.update_time ? detail.updateTime : row.update_time,
  };
}

/** The templates of a workspace's follow-up types. */
export async function listTemplates(caller: SettingsCaller, deps: TemplateDeps, workspace: SettingsWorkspace): Promise<FollowTemplate[]> {
  const rows = await caller.scope
    .selectFrom('follow_template')
    .select(['type_id', 'form_id', 'bindings', 'update_time'])
    .where('workspace_id', '=', workspace.id)
    .orderBy('type_id')
    .execute();
  return Promise.all(rows.map((row) => present(caller, deps, workspace, row)));
}

async function templateRow(scope: TenantScope, typeId: number): Promise<TemplateRow | undefined> {
  return scope.selectFrom('follow_template').select(['type_id', 'form_id', 'bindings', 'update_time']).where('type_id', '=', typeId).executeTakeFirst();
}

/** A type's template with its draft design and versions; a type without one answers an empty draft (formId 0). */
export async function getTemplate(caller: SettingsCaller, deps: TemplateDeps, typeId: number): Promise<FollowTemplateDetail> {
  const { workspace } = await typeOf(caller, typeId);
  const row = await templateRow(caller.scope, typeId);
  if (!row) {
    return {
      typeId,
      formId: 0,
      workspaceCode: workspace.code,
      currentVersion: null,
      revision: 0,
      unpublishedChanges: false,
      optionsBehind: false,
      bindings: {},
      updateTime: '',
      design: { version: 1, items: [] },
      versions: [],
    };
  }
  const [template, form, versions] = await Promise.all([
    present(caller, deps, workspace, row),
    findForm(caller.scope, row.form_id),
    listVersions(caller.scope, row.form_id),
  ]);
  return {
    ...template,
    design: readFormDesign(form.design),
    versions: versions.map((v) => ({ version: v.version, publishTime: v.publishTime, publishedByName: v.publishedByName, fieldCount: v.fieldCount })),
  };
}

/**
 * Saves a template's draft and its bindings. The first save makes the template's form (of the
 * type's workspace, kept `disabled` so the ordinary form screens do not offer it for records)
 * and names it on the type, in one transaction.
 */
export async function saveTemplate(caller: SettingsCaller, deps: TemplateDeps, body: TemplateSaveBody): Promise<FollowTemplateDetail> {
  const { type, workspace } = await typeOf(caller, body.typeId);
  requireManage(caller, 'change data templates');
  const design = checkDesign(body.design);
  const bindings = body.bindings ?? {};
  const problems = bindingProblems(design, bindings, await sourceKeys(caller.scope, workspace));
  if (problems.length) throw refused(problems);
  const time = caller.now();
  await caller.scope.db.transaction().execute(async (trx) => {
    const scope = caller.scope.with(trx);
    const ctx = formContext(caller, deps, scope);
    const row = await templateRow(scope, body.typeId);
    if (!row) {
      const form = await createForm(ctx, { name: `${textIn(readStoredText(type.name), 'en')} template`.slice(0, 80), design, workspaceCode: workspace.code });
      await scope
        .insertInto('follow_template', [{ workspace_id: workspace.id, type_id: type.id, form_id: form.id, bindings: writeJson(bindings), create_time: time, update_time: time }])
        .execute();
      await scope.updateTable('follow_type').set({ template_form_id: form.id }).where('id', '=', type.id).execute();
      return;
    }
    if (body.revision === undefined) throw badRequest('revision', 'send the revision of the template you loaded');
    await writeDraft(scope, deps.clock, row.form_id, body.revision, { design: writeJson(design) }, 'Data template');
    await scope.updateTable('follow_template').set({ bindings: writeJson(bindings), update_time: time }).where('type_id', '=', type.id).execute();
  });
  return getTemplate(caller, deps, body.typeId);
}

/**
 * Publishes the draft as the template's next version, bound fields filled with their lists'
 * options offered now. Follow-ups made before keep their version.
 */
export async function publishTemplate(caller: SettingsCaller, deps: TemplateDeps, typeId: number): Promise<FollowTemplateVersion> {
  const { workspace } = await typeOf(caller, typeId);
  requireManage(caller, 'publish data templates');
  const row = await templateRow(caller.scope, typeId);
  if (!row) throw notFound('Data template');
  const form = await findForm(caller.scope, row.form_id);
  const bindings = readJson<Record<string, string>>(row.bindings);
  const draft = readFormDesign(form.design);
  const offered = await offeredOptions(caller.scope, workspace, Object.values(bindings));
  const unfit = unfitLists(bindings, offered)[0];
  if (unfit) {
    throw badRequest(
      `bindings.${unfit.field}`,
      unfit.count === 0 ? `the data source "${unfit.source}" offers no options yet` : `the data source "${unfit.source}" offers ${unfit.count} options; a choice holds at most ${CHOICE_OPTIONS_MAX}`,
    );
  }
  const filled: FormDesign = withBoundOptions(draft, bindings, offered);
  if (JSON.stringify(filled) !== JSON.stringify(draft)) {
    await writeDraft(caller.scope, deps.clock, form.id, form.revision, { design: writeJson(checkDesign(filled)) }, 'Data template');
  }
  const published = await publishForm(formContext(caller, deps), form.id);
  // Kept off the ordinary form screens: a disabled form takes no records there, its versions stay readable.
  await caller.scope.updateTable('form').set({ status: 'disabled' }).where('id', '=', form.id).execute();
  return templateVersion(caller, deps, { typeId, version: published.version });
}

/** A published version of a type's template: what a follow-up made with it shows and is checked with. */
export async function templateVersion(caller: SettingsCaller, deps: TemplateDeps, query: TemplateVersionQuery): Promise<FollowTemplateVersion> {
  await typeOf(caller, query.typeId);
  const row = await templateRow(caller.scope, query.typeId);
  if (!row) throw notFound('Data template');
  const loaded = await deps.versions.get(caller.scope, row.form_id, query.version);
  if (!loaded) throw notFound('Data template version');
  return { typeId: query.typeId, formId: row.form_id, version: loaded.version, design: loaded.design, schema: loaded.schema, uiSchema: loaded.uiSchema };
}
