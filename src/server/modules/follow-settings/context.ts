import type { Caller } from '../../access/caller.ts';
import type { Dialect } from '../../db/database.ts';
import { policy } from '../../access/policies.ts';
import { forbidden, notFound } from '../../errors.ts';
import './tables.ts';

/** Who is asking, what the tenant lets them do (src/server/access/), and the time of the request. */
export interface SettingsCaller extends Caller {
  now: () => string;
  /** The JSON functions of the usage query differ by database. */
  dialect: Dialect;
}

export interface SettingsWorkspace {
  id: number;
  code: string;
}

/** A workspace the caller belongs to (ADMINs: any of the tenant's); 404 otherwise, as for one that is not there. */
export async function workspaceByCode(caller: SettingsCaller, code: string): Promise<SettingsWorkspace> {
  const row = await caller.scope.selectFrom('workspace').select(['id', 'code']).where('code', '=', code).executeTakeFirst();
  if (!row || !policy.followSettings.view(caller, row.code)) throw notFound('Workspace');
  return row;
}

/** The same rule for a workspace known by id (a template's, a type's). */
export async function workspaceById(caller: SettingsCaller, id: number, what: string): Promise<SettingsWorkspace> {
  const row = await caller.scope.selectFrom('workspace').select(['id', 'code']).where('id', '=', id).executeTakeFirst();
  if (!row || !policy.followSettings.view(caller, row.code)) throw notFound(what);
  return row;
}

/** 403 unless the caller holds follow:settings. */
export function requireManage(caller: Caller, what: string): void {
  if (!policy.followSettings.manage(caller)) throw forbidden(`You do not have permission to ${what}`);
}
