import { storedText, type LocalText } from '../../../core/local-text.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest } from '../../errors.ts';

/**
 * Menu entries that stored screens (customer pages, analysis plates) add for themselves: a
 * MENU node under a parent, offered and granted wherever the parent is.
 */

export interface MenuEntryInput {
  parentId: number;
  title?: LocalText;
  icon?: string;
}

/** The menu node a page entry may hang under: a MENU node of the tenant, not inside `movingId`. */
export async function checkMenuParent(scope: TenantScope, parentId: number, movingId?: number): Promise<void> {
  const nodes = await scope.selectFrom('resource').select(['id', 'parent_id', 'type']).execute();
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const parent = byId.get(parentId);
  if (!parent || parent.type !== 'MENU') throw badRequest('menu.parentId', 'no menu of this tenant has this id');
  for (let n: typeof parent | undefined = parent; n; n = n.parent_id === null ? undefined : byId.get(n.parent_id)) {
    if (n.id === movingId) throw badRequest('menu.parentId', 'a menu entry cannot move under itself');
  }
}

/**
 * Adds a MENU node for a page or plate under `parentId`. Workspaces that offer the parent offer it,
 * and roles that grant the parent grant it, so the entry shows where its parent does.
 */
export async function createMenuNode(scope: TenantScope, menu: MenuEntryInput, title: LocalText, route: string): Promise<number> {
  const last = await scope
    .selectFrom('resource')
    .select((eb) => eb.fn.max<number | null>('sort').as('sort'))
    .where('parent_id', '=', menu.parentId)
    .executeTakeFirst();
  const [node] = await scope
    .insertInto('resource', [
      { parent_id: menu.parentId, title: storedText(title), route, type: 'MENU', icon: menu.icon ?? null, sort: Number(last?.sort ?? 0) + 1, code: null, seed_key: null },
    ])
    .returning('id')
    .execute();
  await offerLikeParent(scope, node!.id, menu.parentId);
  return node!.id;
}

export async function offerLikeParent(scope: TenantScope, nodeId: number, parentId: number): Promise<void> {
  const [workspaces, roles, hasWorkspaces, hasRoles] = await Promise.all([
    scope.selectFrom('workspace_resource').select('workspace_id').where('resource_id', '=', parentId).execute(),
    scope.selectFrom('role_resource').select('role_id').where('resource_id', '=', parentId).execute(),
    scope.selectFrom('workspace_resource').select('workspace_id').where('resource_id', '=', nodeId).execute(),
    scope.selectFrom('role_resource').select('role_id').where('resource_id', '=', nodeId).execute(),
  ]);
  const offered = new Set(hasWorkspaces.map((r) => r.workspace_id));
  const granted = new Set(hasRoles.map((r) => r.role_id));
  const newWorkspaces = workspaces.filter((r) => !offered.has(r.workspace_id));
  const newRoles = roles.filter((r) => !granted.has(r.role_id));
  if (newWorkspaces.length) {
    await scope.insertInto('workspace_resource', newWorkspaces.map((r) => ({ workspace_id: r.workspace_id, resource_id: nodeId }))).execute();
  }
  if (newRoles.length) await scope.insertInto('role_resource', newRoles.map((r) => ({ role_id: r.role_id, resource_id: nodeId }))).execute();
}
