import type { SearchConfig, SearchConfigBody, SearchConfigEntry } from '../../../core/contracts/record.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import { badRequest } from '../../errors.ts';
import { filterProblem, queryColumns, sortProblem } from './record-query.ts';
import { listedForm, type RecordContext } from './service.ts';

/**
 * Saves the caller's search bar of a form's record list (shown filters, saved values, sort).
 * Names and values are checked against the form's current fields like a list request.
 */
export async function saveSearchConfig(ctx: RecordContext, body: SearchConfigBody): Promise<SearchConfigEntry> {
  const { version } = await listedForm(ctx, body.formId);
  const columns = queryColumns(version.design);
  const { config } = body;
  for (const [i, name] of config.shownFilters.entries()) {
    if (!columns.has(name)) throw badRequest(`config.shownFilters[${i}]`, `the form has no field "${name}"`);
  }
  for (const [i, filter] of config.filters.entries()) {
    const problem = filterProblem(columns, filter, `config.filters[${i}]`);
    if (problem) throw badRequest(problem.path, problem.message);
  }
  for (const [i, entry] of config.sort.entries()) {
    const problem = sortProblem(columns, entry, `config.sort[${i}]`);
    if (problem) throw badRequest(problem.path, problem.message);
  }
  const time = new Date(ctx.clock.now()).toISOString();
  const { userId } = ctx.access.session;
  await ctx.scope
    .insertInto('form_search_config', [{ form_id: body.formId, user_id: userId, config: writeJson(config), update_time: time }])
    .onConflict((oc) => oc.columns(['tenant_id', 'form_id', 'user_id']).doUpdateSet({ config: writeJson(config), update_time: time }))
    .execute();
  return { formId: body.formId, config, updateTime: time };
}

export async function readSearchConfig(ctx: RecordContext, formId: number): Promise<SearchConfigEntry> {
  await listedForm(ctx, formId);
  const row = await ctx.scope
    .selectFrom('form_search_config')
    .select(['config', 'update_time'])
    .where('form_id', '=', formId)
    .where('user_id', '=', ctx.access.session.userId)
    .executeTakeFirst();
  return { formId, config: row ? readJson<SearchConfig>(row.config) : null, updateTime: row?.update_time ?? null };
}
