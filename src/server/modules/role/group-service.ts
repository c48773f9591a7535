import type {
  FunctionPointOption,
  PermissionGroup,
  PermissionGroupAssignBody,
  PermissionGroupCreateBody,
  PermissionGroupUpdateBody,
} from '../../../core/contracts/permission-groups.ts';
import { readStoredText } from '../../../core/local-text.ts';
import type { Clock } from '../../clock.ts';
import { replaceLinks } from '../../db/link-rows.ts';
import { requireTenantIds } from '../../db/tenant-references.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { refusingDuplicates } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';

/** Every group of the tenant with its points, roles and users (three reads, joined here). */
async function loadGroups(scope: TenantScope, onlyId?: number): Promise<PermissionGroup[]> {
  let groups = scope.selectFrom('permission_group').selectAll('permission_group').orderBy('permission_group.id');
  let points = scope.selectFrom('group_point').select(['group_point.group_id', 'group_point.point_code']);
  let roles = scope.selectFrom('group_role').select(['group_role.group_id', 'group_role.role_id']);
  let users = scope.selectFrom('group_user').select(['group_user.group_id', 'group_user.user_id']);
  if (onlyId !== undefined) {
    groups = groups.where('permission_group.id', '=', onlyId);
    points = points.where('group_point.group_id', '=', onlyId);
    roles = roles.where('group_role.group_id', '=', onlyId);
    users = users.where('group_user.group_id', '=', onlyId);
  }
  const [groupRows, pointRows, roleRows, userRows] = await Promise.all([
    groups.execute(),
    points.execute(),
    roles.execute(),
    users.execute(),
  ]);
  const byGroup = <R extends { group_id: number }, V>(rows: R[], value: (r: R) => V) => {
    const map = new Map<number, V[]>();
    for (const row of rows) map.set(row.group_id, [...(map.get(row.group_id) ?? []), value(row)]);
    return (id: number) => map.get(id) ?? [];
  };
  const pointsOf = byGroup(pointRows, (r) => r.point_code);
  const rolesOf = byGroup(roleRows, (r) => r.role_id);
  const usersOf = byGroup(userRows, (r) => r.user_id);
  return groupRows.map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    points: pointsOf(g.id).sort(),
    roleIds: rolesOf(g.id).sort((a, b) => a - b),
    userIds: usersOf(g.id).sort((a, b) => a - b),
  }));
}

export const listGroups = (scope: TenantScope) => loadGroups(scope);

async function findGroup(scope: TenantScope, id: number): Promise<PermissionGroup> {
  const [group] = await loadGroups(scope, id);
  if (!group) throw notFound('Permission group');
  return group;
}

/** A group may only name function points the tenant has: 400 naming `points[i]` otherwise. */
async function requirePoints(scope: TenantScope, points: readonly string[]): Promise<void> {
  if (points.length === 0) return;
  const rows = await scope
    .selectFrom('resource')
    .select('resource.code')
    .where('resource.type', '=', 'BUTTON')
    .where('resource.code', 'in', [...points])
    .execute();
  const known = new Set(rows.map((r) => r.code));
  const unknown = points.findIndex((p) => !known.has(p));
  if (unknown >= 0) throw badRequest(`points[${unknown}]`, `${points[unknown]} is not a function point of this tenant`);
}

const nameTaken = (name: string) => conflict(`name: a permission group named ${name} already exists`);

async function requireFreeName(scope: TenantScope, name: string, exceptId?: number): Promise<void> {
  let query = scope.selectFrom('permission_group').select('permission_group.id').where('permission_group.name', '=', name);
  if (exceptId !== undefined) query = query.where('permission_group.id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken(name);
}

export async function createGroup(scope: TenantScope, clock: Clock, input: PermissionGroupCreateBody): Promise<PermissionGroup> {
  const now = new Date(clock.now()).toISOString();
  const name = input.name.trim();
  const id = await refusingDuplicates(
    () =>
      scope.db.transaction().execute(async (trx) => {
        const t = scope.with(trx);
        await requireFreeName(t, name);
        await requirePoints(t, input.points);
        const { id } = await t
          .insertInto('permission_group', [{ name, description: input.description ?? '', create_time: now, update_time: now }])
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceLinks(t, 'group_point', { group_id: id }, 'point_code', input.points);
        return id;
      }),
    () => nameTaken(name),
  );
  return findGroup(scope, id);
}

export async function updateGroup(scope: TenantScope, clock: Clock, input: PermissionGroupUpdateBody): Promise<PermissionGroup> {
  const name = input.name.trim();
  await refusingDuplicates(
    () =>
      scope.db.transaction().execute(async (trx) => {
        const t = scope.with(trx);
        await requireFreeName(t, name, input.id);
        const result = await t
          .updateTable('permission_group')
          .set({ name, description: input.description ?? '', update_time: new Date(clock.now()).toISOString() })
          .where('permission_group.id', '=', input.id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('Permission group');
        await requirePoints(t, input.points);
        await replaceLinks(t, 'group_point', { group_id: input.id }, 'point_code', input.points);
      }),
    () => nameTaken(name),
  );
  return findGroup(scope, input.id);
}

export async function deleteGroup(scope: TenantScope, id: number): Promise<void> {
  const result = await scope.deleteFrom('permission_group').where('permission_group.id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Permission group');
}

/** Replaces both the roles and the users the group is given to. */
export async function assignGroup(scope: TenantScope, input: PermissionGroupAssignBody): Promise<PermissionGroup> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    const group = await t.selectFrom('permission_group').select('permission_group.id').where('permission_group.id', '=', input.id).executeTakeFirst();
    if (!group) throw notFound('Permission group');
    await requireTenantIds(t, 'role', input.roleIds, 'roleIds');
    await requireTenantIds(t, 'member', input.userIds, 'userIds');
    await replaceLinks(t, 'group_role', { group_id: input.id }, 'role_id', input.roleIds);
    await replaceLinks(t, 'group_user', { group_id: input.id }, 'user_id', input.userIds);
  });
  return findGroup(scope, input.id);
}

/** Every function point of the tenant with the menu it sits under, in menu order, each code once. */
export async function functionPointOptions(scope: TenantScope): Promise<FunctionPointOption[]> {
  const rows = await scope
    .selectFrom('resource')
    .leftJoin('resource as menu', 'menu.id', 'resource.parent_id')
    .select(['resource.code', 'resource.title', 'menu.title as menuTitle', 'menu.seed_key as menuSeedKey'])
    .where('resource.type', '=', 'BUTTON')
    .where('resource.code', 'is not', null)
    .orderBy('resource.id')
    .execute();
  const seen = new Set<string>();
  const options: FunctionPointOption[] = [];
  for (const row of rows) {
    if (seen.has(row.code!)) continue;
    seen.add(row.code!);
    options.push({ code: row.code!, title: readStoredText(row.title), menuTitle: readStoredText(row.menuTitle ?? ''), menuSeedKey: row.menuSeedKey ?? null });
  }
  return options;
}
