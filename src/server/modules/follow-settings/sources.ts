import {
  BUILT_IN_SOURCES,
  CUSTOM_SOURCES_MAX,
  type DataSource,
  type SourceDeleteBody,
  type SourceSaveBody,
} from '../../../core/contracts/follow-settings.ts';
import { readStoredText, storedText } from '../../../core/local-text.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { requireManage, type SettingsCaller, type SettingsWorkspace } from './context.ts';
import { usageOfCodes } from './option-usage.ts';

/** A list of a workspace as the option rules need it. */
export interface SourceRef {
  key: string;
  builtIn: boolean;
  hierarchical: boolean;
}

const builtIn = (key: string) => BUILT_IN_SOURCES.find((s) => s.key === key);

/** A list of the workspace, built-in or added; 404 when there is none by that key. */
export async function sourceOf(scope: TenantScope, workspace: SettingsWorkspace, key: string): Promise<SourceRef> {
  const fixed = builtIn(key);
  if (fixed) return { key, builtIn: true, hierarchical: fixed.hierarchical };
  const row = await scope
    .selectFrom('follow_data_source')
    .select(['key', 'hierarchical'])
    .where('workspace_id', '=', workspace.id)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) throw notFound('Data source');
  return { key, builtIn: false, hierarchical: row.hierarchical === 1 };
}

/** The built-in lists, then those added, by name; each with how many options it holds and how many are retired. */
export async function listSources(caller: SettingsCaller, workspace: SettingsWorkspace): Promise<DataSource[]> {
  const [added, counts] = await Promise.all([
    caller.scope.selectFrom('follow_data_source').selectAll().where('workspace_id', '=', workspace.id).orderBy('create_time').orderBy('id').execute(),
    caller.scope
      .selectFrom('follow_option')
      .select((eb) => ['source_key', 'retired', eb.fn.countAll<number | string>().as('count')])
      .where('workspace_id', '=', workspace.id)
      .groupBy(['source_key', 'retired'])
      .execute(),
  ]);
  const count = (key: string, retired: boolean) =>
    Number(counts.find((c) => c.source_key === key && Number(c.retired) === (retired ? 1 : 0))?.count ?? 0);
  const present = (key: string, name: DataSource['name'], isBuiltIn: boolean, hierarchical: boolean): DataSource => ({
    key,
    name,
    builtIn: isBuiltIn,
    hierarchical,
    optionCount: count(key, false) + count(key, true),
    retiredCount: count(key, true),
  });
  return [
    ...BUILT_IN_SOURCES.map((s) => present(s.key, null, true, s.hierarchical)),
    ...added.map((row) => present(row.key, readStoredText(row.name), false, row.hierarchical === 1)),
  ];
}

/**
 * Adds a list or renames one an administrator added. A flat list becomes hierarchical at will;
 * a tree becomes flat only while no option has a parent.
 */
export async function saveSource(caller: SettingsCaller, workspace: SettingsWorkspace, body: SourceSaveBody): Promise<DataSource> {
  requireManage(caller, 'manage data sources');
  if (builtIn(body.key)) throw conflict(`"${body.key}" is a built-in data source; it cannot be changed`);
  const time = caller.now();
  await caller.scope.db.transaction().execute(async (trx) => {
    const scope = caller.scope.with(trx);
    const existing = await scope.selectFrom('follow_data_source').select(['id']).where('workspace_id', '=', workspace.id).where('key', '=', body.key).executeTakeFirst();
    if (existing) {
      if (!body.hierarchical) {
        const nested = await scope
          .selectFrom('follow_option')
          .select('id')
          .where('workspace_id', '=', workspace.id)
          .where('source_key', '=', body.key)
          .where('parent_id', 'is not', null)
          .executeTakeFirst();
        if (nested) throw badRequest('hierarchical', 'options of this list sit under other options; move them to the top first');
      }
      await scope
        .updateTable('follow_data_source')
        .set({ name: storedText(body.name), hierarchical: body.hierarchical ? 1 : 0, update_time: time })
        .where('id', '=', existing.id)
        .execute();
      return;
    }
    const added = await scope.selectFrom('follow_data_source').select((eb) => eb.fn.countAll<number | string>().as('n')).where('workspace_id', '=', workspace.id).executeTakeFirstOrThrow();
    if (Number(added.n) >= CUSTOM_SOURCES_MAX) throw badRequest('key', `a workspace may have at most ${CUSTOM_SOURCES_MAX} data sources of its own`);
    await scope
      .insertInto('follow_data_source', [
        {
          workspace_id: workspace.id,
          key: body.key,
          name: storedText(body.name),
          hierarchical: body.hierarchical ? 1 : 0,
          created_by: caller.session.userId,
          create_time: time,
          update_time: time,
        },
      ])
      .execute();
  });
  return (await listSources(caller, workspace)).find((s) => s.key === body.key)!;
}

/** Deletes a list an administrator added, with its options, when none of them is in use. */
export async function deleteSource(caller: SettingsCaller, workspace: SettingsWorkspace, body: SourceDeleteBody): Promise<void> {
  requireManage(caller, 'manage data sources');
  const source = await sourceOf(caller.scope, workspace, body.key);
  if (source.builtIn) throw conflict(`"${body.key}" is a built-in data source; it cannot be deleted`);
  await caller.scope.db.transaction().execute(async (trx) => {
    const scope = caller.scope.with(trx);
    const codes = await scope.selectFrom('follow_option').select('code').where('workspace_id', '=', workspace.id).where('source_key', '=', body.key).execute();
    const usage = await usageOfCodes(scope, caller.dialect, workspace, body.key, codes.map((c) => c.code));
    const used = [...usage.codes.entries()].find(([, u]) => u.inUse);
    if (used) throw conflict(`The data source cannot be deleted: its option "${used[0]}" is in use; retire its options instead`);
    if (usage.templates.length) {
      throw conflict(`The data source cannot be deleted: the template field "${usage.templates[0]!.fieldKey}" takes its options`);
    }
    await scope.deleteFrom('follow_option').where('workspace_id', '=', workspace.id).where('source_key', '=', body.key).execute();
    await scope.deleteFrom('follow_data_source').where('workspace_id', '=', workspace.id).where('key', '=', body.key).execute();
  });
}
