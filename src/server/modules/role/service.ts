import type { Selectable } from 'kysely';
import type { Role, RoleCreateBody, RoleDetail, RoleUpdateBody } from '../../../core/contracts/role.ts';
import type { MenuNode } from '../../../core/entities.ts';
import { readStoredText, storedText } from '../../../core/local-text.ts';
import { replaceLinks } from '../../db/link-rows.ts';
import type { RoleTable } from '../../db/schema.ts';
import { requireTenantIds } from '../../db/tenant-references.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { refusingDuplicates } from '../../db/unique-violation.ts';
import { conflict, notFound } from '../../errors.ts';
import { toMenuTree } from '../resource/service.ts';

type RoleRow = Selectable<RoleTable> & { userCount: number | string | null };

/** Exactly what leaves the server about a role. */
function presentRole(row: RoleRow): Role {
  return {
    id: row.id,
    code: row.code,
    name: readStoredText(row.name),
    description: readStoredText(row.description ?? ''),
    dataScope: row.data_scope,
    builtIn: row.built_in === 1,
    userCount: Number(row.userCount ?? 0),
  };
}

function rolesQuery(scope: TenantScope) {
  return scope
    .selectFrom('role')
    .selectAll('role')
    .select((eb) =>
      eb
        .selectFrom('user_role')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('user_role.role_id', '=', 'role.id')
        .as('userCount'),
    );
}

export async function listRoles(scope: TenantScope): Promise<Role[]> {
  return (await rolesQuery(scope).orderBy('role.id').execute()).map(presentRole);
}

async function findRole(scope: TenantScope, id: number): Promise<Role> {
  const row = await rolesQuery(scope).where('role.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Role');
  return presentRole(row);
}

export async function roleDetail(scope: TenantScope, id: number): Promise<RoleDetail> {
  const role = await findRole(scope, id);
  const [resources, groups, users] = await Promise.all([
    scope.selectFrom('role_resource').select('resource_id').where('role_id', '=', id).orderBy('resource_id').execute(),
    scope.selectFrom('group_role').select('group_id').where('role_id', '=', id).orderBy('group_id').execute(),
    scope.selectFrom('user_role').select('user_id').where('role_id', '=', id).orderBy('user_id').execute(),
  ]);
  return {
    role,
    resourceIds: resources.map((r) => r.resource_id),
    groupIds: groups.map((r) => r.group_id),
    userIds: users.map((r) => r.user_id),
  };
}

const codeTaken = (code: string) => conflict(`code: a role with code ${code} already exists`);

export async function createRole(scope: TenantScope, input: RoleCreateBody): Promise<Role> {
  const id = await refusingDuplicates(
    () =>
      scope.db.transaction().execute(async (trx) => {
        const t = scope.with(trx);
        const taken = await t.selectFrom('role').select('role.id').where('role.code', '=', input.code).executeTakeFirst();
        if (taken) throw codeTaken(input.code);
        const row = await t
          .insertInto('role', [
            { code: input.code, name: storedText(input.name), description: storedText(input.description ?? ''), data_scope: input.dataScope, built_in: 0 },
          ])
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    () => codeTaken(input.code),
  );
  return findRole(scope, id);
}

export async function updateRole(scope: TenantScope, input: RoleUpdateBody): Promise<Role> {
  const result = await scope
    .updateTable('role')
    .set({ name: storedText(input.name), description: storedText(input.description ?? ''), data_scope: input.dataScope })
    .where('role.id', '=', input.id)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Role');
  return findRole(scope, input.id);
}

/** Deletes a role nobody holds (built-in ones too); its grants and group links go with it. */
export async function deleteRole(scope: TenantScope, id: number): Promise<void> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    const role = await t.selectFrom('role').select('role.id').where('role.id', '=', id).executeTakeFirst();
    if (!role) throw notFound('Role');
    const { n } = await t
      .selectFrom('user_role')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_role.role_id', '=', id)
      .executeTakeFirstOrThrow();
    const holders = Number(n);
    if (holders > 0) {
      const who = holders === 1 ? '1 user holds' : `${holders} users hold`;
      throw conflict(`${who} this role; take it from them first`);
    }
    await t.deleteFrom('role').where('role.id', '=', id).execute();
  });
}

async function requireRole(scope: TenantScope, id: number): Promise<void> {
  const role = await scope.selectFrom('role').select('role.id').where('role.id', '=', id).executeTakeFirst();
  if (!role) throw notFound('Role');
}

/** Replaces what the role grants. A BUTTON is granted alone: its menu is not implied. */
export async function grantResources(scope: TenantScope, id: number, resourceIds: number[]): Promise<RoleDetail> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    await requireRole(t, id);
    await requireTenantIds(t, 'resource', resourceIds, 'resourceIds');
    await replaceLinks(t, 'role_resource', { role_id: id }, 'resource_id', resourceIds);
  });
  return roleDetail(scope, id);
}

/** Replaces the role's holders; each must be a member of the tenant. */
export async function setRoleUsers(scope: TenantScope, id: number, userIds: number[]): Promise<RoleDetail> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    await requireRole(t, id);
    await requireTenantIds(t, 'member', userIds, 'userIds');
    await replaceLinks(t, 'user_role', { role_id: id }, 'user_id', userIds);
  });
  return roleDetail(scope, id);
}

/** Replaces the permission groups given to the role. */
export async function setRoleGroups(scope: TenantScope, id: number, groupIds: number[]): Promise<RoleDetail> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    await requireRole(t, id);
    await requireTenantIds(t, 'group', groupIds, 'groupIds');
    await replaceLinks(t, 'group_role', { role_id: id }, 'group_id', groupIds);
  });
  return roleDetail(scope, id);
}

/** The tenant's whole resource tree, function points included, for the grant checkboxes. */
export async function resourceTree(scope: TenantScope): Promise<MenuNode[]> {
  return toMenuTree(await scope.selectFrom('resource').selectAll().execute(), () => true);
}
