import type { MenuNode } from '../../../core/entities.ts';
import { readStoredText } from '../../../core/local-text.ts';
import { buildTree, flattenTree } from '../../../core/menu-tree.ts';
import type { Selectable } from 'kysely';
import type { ResourceTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { notFound } from '../../errors.ts';
import type { Caller } from '../../access/caller.ts';
import { policy } from '../../access/policies.ts';
import { RECORD_POINTS } from '../../../core/contracts/record.ts';
import type { ButtonPointName } from '../../../core/forms/form-design.ts';
import type { FormVersionCache } from '../form/versions.ts';

type ResourceRow = Selectable<ResourceTable>;

async function tenantResources(scope: TenantScope): Promise<ResourceRow[]> {
  return scope.selectFrom('resource').selectAll().execute();
}

/** Rows -> the wire's menu tree; `keep` filters nodes (their ancestors stay so the tree holds). */
export function toMenuTree(rows: readonly ResourceRow[], keep: (row: ResourceRow) => boolean): MenuNode[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const kept = new Set<number>();
  for (const row of rows) {
    if (!keep(row)) continue;
    for (let r: ResourceRow | undefined = row; r && !kept.has(r.id); r = r.parent_id === null ? undefined : byId.get(r.parent_id)) {
      kept.add(r.id);
    }
  }
  const tree = buildTree(
    rows.filter((r) => kept.has(r.id)).map((r) => ({ ...r, parentId: r.parent_id })),
  );
  const toNode = (n: (typeof tree)[number]): MenuNode => {
    const children = (n.children as (typeof tree)[number][]).map(toNode);
    return {
      id: n.id,
      title: readStoredText(n.title),
      seedKey: n.seed_key,
      route: n.route,
      resourceId: n.id,
      type: n.type,
      icon: n.icon,
      sort: n.sort,
      code: n.code,
      isLeaf: children.length === 0,
      children,
    };
  };
  return tree.map(toNode);
}

const isNavigable = (r: ResourceRow) => r.type !== 'BUTTON';

/** The whole navigable tree of the tenant: what administrators see. */
export async function currentTree(scope: TenantScope): Promise<MenuNode[]> {
  return toMenuTree(await tenantResources(scope), isNavigable);
}

/** An ordinary user's tree in one workspace they may enter: the workspace's menus that their roles grant. */
export async function workspaceUserTree(caller: Caller, workspaceCode: string): Promise<MenuNode[]> {
  const { scope } = caller;
  const workspace = policy.workspace.enter(caller, workspaceCode) ? caller.workspaces.find((w) => w.code === workspaceCode) : undefined;
  if (!workspace) throw notFound('Workspace');
  const inWorkspace = new Set(
    (
      await scope.selectFrom('workspace_resource').select('resource_id').where('workspace_id', '=', workspace.id).execute()
    ).map((r) => r.resource_id),
  );
  // The entries their roles grant, as granted: this is a USER's menu (an ADMIN's is resource/current/tree).
  return toMenuTree(await tenantResources(scope), (r) => isNavigable(r) && inWorkspace.has(r.id) && caller.menuIds.has(r.id));
}

/** One menu with everything under it, function points (BUTTONs) included. */
export async function fullMenu(scope: TenantScope, menuId: number): Promise<MenuNode> {
  const rows = await tenantResources(scope);
  const subtree = subtreeOf(rows, menuId);
  if (!subtree) throw notFound('Menu');
  return subtree;
}

function subtreeOf(rows: readonly ResourceRow[], rootId: number): MenuNode | undefined {
  const tree = toMenuTree(rows, () => true);
  return flattenTree(tree).find((n) => n.id === rootId);
}

/** The function point codes under a menu (or one of its nodes) that the caller holds. */
export async function moduleFunctionPoints(caller: Caller, menuId: number, nodeId: number | undefined): Promise<string[]> {
  const rows = await tenantResources(caller.scope);
  let root = subtreeOf(rows, menuId);
  if (!root) throw notFound('Menu');
  if (nodeId !== undefined) {
    root = flattenTree([root]).find((n) => n.id === nodeId);
    if (!root) throw notFound('Menu node');
  }
  return flattenTree([root])
    .map((n) => n.code)
    .filter((code): code is string => code !== null && caller.points.has(code));
}

/** Function points of a module (the part of a code before `:`) that the caller holds, sorted. */
export function modulePointsOf(caller: Caller, module: string): string[] {
  return [...caller.points].filter((code) => code.startsWith(`${module}:`)).sort();
}

/**
 * Spec §6, per module and form: the `record` points the caller may use on this form. A form
 * may name its own point for a button (advance settings); holding that point is what grants
 * the button, and the answer says so in the standard codes (`record:create`…), so a screen
 * asks `has('record:create')` whatever the form chose. Other modules have no per-form rights:
 * their points are the module's. The form must be open to the caller (404 otherwise, as for
 * another tenant's); an unpublished form has no buttons yet.
 */
export async function formPointsOf(caller: Caller, versions: FormVersionCache, module: string, formId: number | string): Promise<string[]> {
  const id = typeof formId === 'number' ? formId : /^[1-9]\d{0,9}$/.test(formId) ? Number(formId) : null;
  const form = id === null ? undefined : await versions.form(caller.scope, id);
  if (!form || !policy.form.open(caller, form)) throw notFound('formId: Form');
  if (module !== 'record') return modulePointsOf(caller, module);
  if (form.current_version === null) return [];
  const version = await versions.get(caller.scope, form.id, form.current_version);
  if (!version) return [];
  return (Object.keys(RECORD_POINTS) as ButtonPointName[])
    .filter((button) => policy.record.button(caller, version.settings, button))
    .map((button) => RECORD_POINTS[button])
    .sort();
}
