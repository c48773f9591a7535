import {
  SOURCE_DEPTH_MAX,
  SOURCE_OPTIONS_MAX,
  type DataSourceOption,
  type OptionDeleteBody,
  type OptionListQuery,
  type OptionRetireBody,
  type OptionSaveBody,
  type OptionUsage,
  type OptionUsageQuery,
} from '../../../core/contracts/follow-settings.ts';
import { ancestorsOf, subtreeHeight, subtreeOf, treeOrder } from '../../../core/follow-settings/option-tree.ts';
import { readStoredText, storedText } from '../../../core/local-text.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { requireManage, type SettingsCaller, type SettingsWorkspace } from './context.ts';
import { usageOfCodes } from './option-usage.ts';
import { sourceOf, type SourceRef } from './sources.ts';

export interface OptionRow {
  id: number;
  code: string;
  label: string;
  parent_id: number | null;
  sort: number;
  retired: number;
  revision: number;
  update_time: string;
}

/** Every option of a list, as stored. */
export async function optionRows(scope: TenantScope, workspace: SettingsWorkspace, sourceKey: string): Promise<OptionRow[]> {
  return scope
    .selectFrom('follow_option')
    .select(['id', 'code', 'label', 'parent_id', 'sort', 'retired', 'revision', 'update_time'])
    .where('workspace_id', '=', workspace.id)
    .where('source_key', '=', sourceKey)
    .execute();
}

const asTree = (rows: readonly OptionRow[]) => rows.map((r) => ({ ...r, parentId: r.parent_id }));

/** The options in tree order, each with the labels above it. */
export function presentOptions(rows: readonly OptionRow[]): DataSourceOption[] {
  const tree = asTree(rows);
  const byId = new Map(tree.map((r) => [r.id, r]));
  return treeOrder(tree).map(({ option }) => ({
    id: option.id,
    code: option.code,
    label: readStoredText(option.label),
    parentId: option.parent_id,
    sort: option.sort,
    retired: option.retired === 1,
    path: ancestorsOf(byId, option.id).map((id) => readStoredText(byId.get(id)!.label)),
    revision: option.revision,
    updateTime: option.update_time,
  }));
}

/**
 * A list's options in tree order; without `retired` only those offered (not retired, and not
 * under a retired option).
 */
export async function listOptions(caller: SettingsCaller, workspace: SettingsWorkspace, query: OptionListQuery): Promise<DataSourceOption[]> {
  await sourceOf(caller.scope, workspace, query.source);
  const options = presentOptions(await optionRows(caller.scope, workspace, query.source));
  return query.retired ? options : options.filter((o) => !o.retired);
}

/** Whether `parentId` may hold `id` (or a new option): of the list, not retired, not below it, not too deep. */
function checkParent(source: SourceRef, rows: readonly OptionRow[], parentId: number | null, id: number | undefined): void {
  if (parentId === null) return;
  if (!source.hierarchical) throw badRequest('parentId', 'options of this list have no parents: it is not hierarchical');
  const tree = asTree(rows);
  const parent = tree.find((r) => r.id === parentId);
  if (!parent) throw badRequest('parentId', 'No such option in this list');
  if (parent.retired === 1) throw badRequest('parentId', `"${parent.code}" is retired; options cannot be added under it`);
  if (id !== undefined && subtreeOf(tree, id).includes(parentId)) throw badRequest('parentId', 'an option cannot sit under itself or an option below it');
  const depth = ancestorsOf(new Map(tree.map((r) => [r.id, r])), parentId).length + 2;
  const height = id === undefined ? 1 : subtreeHeight(tree, id);
  if (depth - 1 + height > SOURCE_DEPTH_MAX) throw badRequest('parentId', `a list may be at most ${SOURCE_DEPTH_MAX} levels deep`);
}

/** Adds an option, or changes one (its code only while it is not in use). */
export async function saveOption(caller: SettingsCaller, workspace: SettingsWorkspace, body: OptionSaveBody): Promise<DataSourceOption> {
  requireManage(caller, 'manage data sources');
  const source = await sourceOf(caller.scope, workspace, body.source);
  const time = caller.now();
  const code = body.code.trim();
  try {
    const id = await caller.scope.db.transaction().execute(async (trx) => {
      const scope = caller.scope.with(trx);
      const rows = await optionRows(scope, workspace, source.key);
      checkParent(source, rows, body.parentId, body.id);
      if (body.id === undefined) {
        if (rows.length >= SOURCE_OPTIONS_MAX) throw badRequest('code', `a list may hold at most ${SOURCE_OPTIONS_MAX} options`);
        const row = await scope
          .insertInto('follow_option', [
            {
              workspace_id: workspace.id,
              source_key: source.key,
              code,
              label: storedText(body.label),
              parent_id: body.parentId,
              sort: body.sort,
              retired: 0,
              revision: 1,
              created_by: caller.session.userId,
              create_time: time,
              updated_by: caller.session.userId,
              update_time: time,
            },
          ])
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }
      const current = rows.find((r) => r.id === body.id);
      if (!current) throw notFound('Option');
      if (body.revision === undefined) throw badRequest('revision', 'send the revision of the option you loaded');
      if (current.revision !== body.revision) {
        throw conflict(`Option "${current.code}" was changed by someone else since you opened it (revision ${current.revision}, yours ${body.revision}); reload it`);
      }
      if (current.code !== code) {
        const usage = await usageOfCodes(scope, caller.dialect, workspace, source.key, [current.code]);
        if (usage.codes.get(current.code)?.inUse) throw conflict(`Option "${current.code}" is in use: its code cannot change`);
      }
      await scope
        .updateTable('follow_option')
        .set({ code, label: storedText(body.label), parent_id: body.parentId, sort: body.sort, revision: current.revision + 1, updated_by: caller.session.userId, update_time: time })
        .where('id', '=', current.id)
        .execute();
      return current.id;
    });
    return presentOptions(await optionRows(caller.scope, workspace, source.key)).find((o) => o.id === id)!;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(`The code "${code}" is already used in this list`);
    throw error;
  }
}

/** The rows the ids name, all of the list; 404 naming the first that is not. */
function named(rows: readonly OptionRow[], ids: readonly number[]): OptionRow[] {
  return ids.map((id, i) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound(`ids[${i}]: Option`);
    return row;
  });
}

/** Retires options (and every option below them), or offers them again. */
export async function retireOptions(caller: SettingsCaller, workspace: SettingsWorkspace, body: OptionRetireBody): Promise<void> {
  requireManage(caller, 'manage data sources');
  const source = await sourceOf(caller.scope, workspace, body.source);
  await caller.scope.db.transaction().execute(async (trx) => {
    const scope = caller.scope.with(trx);
    const rows = await optionRows(scope, workspace, source.key);
    const chosen = named(rows, body.ids);
    let ids = chosen.map((r) => r.id);
    if (body.retired) {
      ids = [...new Set(ids.flatMap((id) => subtreeOf(asTree(rows), id)))];
    } else {
      const byId = new Map(rows.map((r) => [r.id, r]));
      for (const row of chosen) {
        const parent = row.parent_id === null ? undefined : byId.get(row.parent_id);
        if (parent && parent.retired === 1 && !ids.includes(parent.id)) {
          throw badRequest('ids', `"${row.code}" sits under the retired option "${parent.code}"; offer that one again first`);
        }
      }
    }
    const target = body.retired ? 1 : 0;
    const changing = rows.filter((r) => ids.includes(r.id) && r.retired !== target).map((r) => r.id);
    for (let i = 0; i < changing.length; i += 500) {
      await scope
        .updateTable('follow_option')
        .set((eb) => ({ retired: target, revision: eb('revision', '+', 1), updated_by: caller.session.userId, update_time: caller.now() }))
        .where('workspace_id', '=', workspace.id)
        .where('id', 'in', changing.slice(i, i + 500))
        .execute();
    }
  });
}

/** Deletes options not in use, all or none; an option with options below it goes only with them. */
export async function deleteOptions(caller: SettingsCaller, workspace: SettingsWorkspace, body: OptionDeleteBody): Promise<void> {
  requireManage(caller, 'manage data sources');
  const source = await sourceOf(caller.scope, workspace, body.source);
  await caller.scope.db.transaction().execute(async (trx) => {
    const scope = caller.scope.with(trx);
    const rows = await optionRows(scope, workspace, source.key);
    const chosen = named(rows, body.ids);
    const ids = new Set(chosen.map((r) => r.id));
    const below = rows.find((r) => r.parent_id !== null && ids.has(r.parent_id) && !ids.has(r.id));
    if (below) {
      const parent = rows.find((r) => r.id === below.parent_id)!;
      throw conflict(`Option "${parent.code}" has options below it ("${below.code}"); delete or move them first`);
    }
    const usage = await usageOfCodes(scope, caller.dialect, workspace, source.key, chosen.map((r) => r.code));
    const used = chosen.find((r) => usage.codes.get(r.code)?.inUse);
    if (used) throw conflict(`Option "${used.code}" is in use; retire it instead`);
    await scope.deleteFrom('follow_option').where('workspace_id', '=', workspace.id).where('id', 'in', [...ids]).execute();
  });
}

/** How far an option is in use: by follow-ups' own fields, by template values, by template fields bound to its list. */
export async function optionUsage(caller: SettingsCaller, workspace: SettingsWorkspace, query: OptionUsageQuery): Promise<OptionUsage> {
  await sourceOf(caller.scope, workspace, query.source);
  const row = (await optionRows(caller.scope, workspace, query.source)).find((r) => r.id === query.id);
  if (!row) throw notFound('Option');
  const usage = await usageOfCodes(caller.scope, caller.dialect, workspace, query.source, [row.code]);
  const counts = usage.codes.get(row.code)!;
  return { followUps: counts.followUps, templateValues: counts.templateValues, templates: usage.templates, inUse: counts.inUse };
}

/**
 * Whether a follow-up field may hold `value` from a workspace list (for the follow-up module's
 * own fields, e.g. `trade`): empty, unchanged (a retired option stays on a follow-up that had
 * it), any text while the list has no options (a workspace that keeps none), else a code the
 * list offers. Answers why not, or null.
 */
export async function listValueProblem(
  scope: TenantScope,
  workspaceId: number,
  sourceKey: string,
  value: string | null | undefined,
  previous: string | null = null,
): Promise<string | null> {
  if (value === null || value === undefined || value === '' || value === previous) return null;
  const rows = await optionRows(scope, { id: workspaceId, code: '' }, sourceKey);
  if (!rows.length) return null;
  const offered = presentOptions(rows).find((o) => o.code === value);
  if (!offered) return `"${value}" is not an option of the ${sourceKey} list`;
  if (offered.retired) return `"${value}" is retired in the ${sourceKey} list`;
  return null;
}
