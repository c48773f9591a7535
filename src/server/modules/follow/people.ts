import type { FollowPerson } from '../../../core/contracts/follows.ts';
import type { FollowCaller, FollowWorkspace } from './context.ts';
import { followProblem } from './context.ts';

/**
 * Who may be assigned, review, watch or be mentioned: the workspace's members and the
 * tenant's ADMINs (who enter every workspace), while active in the tenant.
 */
export async function workspacePeopleIds(caller: Pick<FollowCaller, 'scope'>, workspace: Pick<FollowWorkspace, 'id'>): Promise<Set<number>> {
  const { scope } = caller;
  const members = await scope.selectFrom('workspace_member').select('user_id').where('workspace_id', '=', workspace.id).execute();
  const admins = await scope.selectFrom('tenant_member').select('user_id').where('type', '=', 'ADMIN').execute();
  const active = await scope.selectFrom('tenant_member').select('user_id').where('status', '=', 'ACTIVE').execute();
  const activeIds = new Set(active.map((r) => r.user_id));
  return new Set([...members, ...admins].map((r) => r.user_id).filter((id) => activeIds.has(id)));
}

export async function listPeople(caller: FollowCaller, workspace: FollowWorkspace): Promise<FollowPerson[]> {
  const ids = [...(await workspacePeopleIds(caller, workspace))];
  if (!ids.length) return [];
  const rows = await caller.scope.db.selectFrom('app_user').select(['id', 'name']).where('id', 'in', ids).execute();
  return rows.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
}

/** 400 `notMember` unless every id is one of the workspace's people. */
export async function requireMembers(caller: FollowCaller, workspace: FollowWorkspace, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  const people = await workspacePeopleIds(caller, workspace);
  const stranger = ids.find((id) => !people.has(id));
  if (stranger !== undefined) throw followProblem(400, 'notMember', `User ${stranger} is not a member of this workspace`, { userId: stranger });
}
