import { sql } from 'kysely';
import type { Department, OrgMember, OrgMembersQuery, OrgRole } from '../../../core/contracts/org.ts';
import { readStoredText } from '../../../core/local-text.ts';
import { containsText } from '../../db/like.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { notFound } from '../../errors.ts';

interface DepartmentRow {
  id: number;
  parent_id: number | null;
  name: string;
  manager_user_id: number | null;
}

function loadDepartmentRows(scope: TenantScope): Promise<DepartmentRow[]> {
  return scope.selectFrom('department').select(['id', 'parent_id', 'name', 'manager_user_id']).orderBy('sort').orderBy('id').execute();
}

/** The tenant's departments as a tree, each with its manager and how many members it has. */
export async function departmentTree(scope: TenantScope): Promise<Department[]> {
  const [rows, managers, counts] = await Promise.all([
    loadDepartmentRows(scope),
    scope
      .selectFrom('department')
      .innerJoin('app_user', 'app_user.id', 'department.manager_user_id')
      .select(['department.id', 'app_user.name'])
      .execute(),
    scope
      .selectFrom('tenant_member')
      .select(['department_id', (eb) => eb.fn.countAll<number>().as('n')])
      .where('department_id', 'is not', null)
      .groupBy('department_id')
      .execute(),
  ]);
  const managerName = new Map(managers.map((m) => [m.id, m.name]));
  const memberCount = new Map(counts.map((c) => [c.department_id, Number(c.n)]));
  const nodes = new Map<number, Department>(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        parentId: row.parent_id,
        managerId: row.manager_user_id,
        managerName: managerName.get(row.id) ?? null,
        memberCount: memberCount.get(row.id) ?? 0,
        children: [],
      },
    ]),
  );
  const roots: Department[] = [];
  for (const node of nodes.values()) {
    const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

/** The department and every department under it. */
function subtreeIds(rows: readonly DepartmentRow[], rootId: number): number[] {
  const ids = [rootId];
  for (let i = 0; i < ids.length; i++) ids.push(...rows.filter((r) => r.parent_id === ids[i]).map((r) => r.id));
  return ids;
}

/** Active members for pickers, by name or username, optionally of one department (and those under it). */
export async function listMembers(scope: TenantScope, query: OrgMembersQuery): Promise<OrgMember[]> {
  let members = scope
    .selectFrom('tenant_member')
    .innerJoin('app_user', 'app_user.id', 'tenant_member.user_id')
    .leftJoin('department', 'department.id', 'tenant_member.department_id')
    .select(['app_user.id', 'app_user.name', 'app_user.username', 'tenant_member.department_id', 'department.name as department_name'])
    .where('tenant_member.status', '=', 'ACTIVE');
  if (query.departmentId !== undefined) {
    const rows = await loadDepartmentRows(scope);
    if (!rows.some((r) => r.id === query.departmentId)) throw notFound('Department');
    const ids = query.includeSubDepartments ? subtreeIds(rows, query.departmentId) : [query.departmentId];
    members = members.where('tenant_member.department_id', 'in', ids);
  }
  const keyword = query.keyword?.trim();
  if (keyword) {
    members = members.where((eb) => eb.or(['app_user.name', 'app_user.username'].map((column) => containsText(sql.ref(column), keyword))));
  }
  const rows = await members.orderBy('app_user.name').orderBy('app_user.id').limit(query.limit).execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    username: r.username,
    departmentId: r.department_id,
    departmentName: r.department_name,
  }));
}

/** Roles with how many members hold each, for the flow designer's assignee picker. */
export async function listRoles(scope: TenantScope): Promise<OrgRole[]> {
  const [roles, counts] = await Promise.all([
    scope.selectFrom('role').select(['id', 'code', 'name']).orderBy('name').orderBy('id').execute(),
    scope
      .selectFrom('user_role')
      .select(['role_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('role_id')
      .execute(),
  ]);
  const count = new Map(counts.map((c) => [c.role_id, Number(c.n)]));
  return roles.map((r) => ({ ...r, name: readStoredText(r.name), memberCount: count.get(r.id) ?? 0 }));
}

/**
 * A member's manager: their own manager when one is set, else the manager of their
 * department, else of the department above it (a department's manager is not their own
 * manager). Null when nobody is found.
 */
export async function managerOf(scope: TenantScope, userId: number): Promise<number | null> {
  const member = await scope
    .selectFrom('tenant_member')
    .select(['department_id', 'manager_user_id'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!member) return null;
  if (member.manager_user_id !== null && member.manager_user_id !== userId) return member.manager_user_id;
  if (member.department_id === null) return null;
  const rows = new Map((await loadDepartmentRows(scope)).map((r) => [r.id, r]));
  const visited = new Set<number>();
  for (let dept = rows.get(member.department_id); dept && !visited.has(dept.id); dept = rows.get(dept.parent_id ?? -1)) {
    visited.add(dept.id);
    if (dept.manager_user_id !== null && dept.manager_user_id !== userId) return dept.manager_user_id;
  }
  return null;
}
