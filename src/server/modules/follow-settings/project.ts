import {
  DEFAULT_SHEET_NUMBER_RULE,
  DRAWING_AREA_POINTS,
  type DisciplineList,
  type DisciplineSaveBody,
  type DrawingAreaMember,
  type DrawingAreaMembers,
  type DrawingAreaRole,
  type MemberRolesBody,
  type ProjectSaveBody,
  type ProjectSettings,
  type WorkspaceDiscipline,
} from '../../../core/contracts/follow-settings.ts';
import { DISCIPLINE_CODES } from '../../../core/drawings/disciplines.ts';
import { parseSheetNumberRule } from '../../../core/follow-settings/sheet-number-rule.ts';
import { readStoredText, type LocalText } from '../../../core/local-text.ts';
import { isAdminType } from '../../access/admin.ts';
import { policy } from '../../access/policies.ts';
import { loadMemberRights } from '../../access/rights.ts';
import { readJsonOrNull, writeJson } from '../../db/json-column.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { requireManage, type SettingsCaller, type SettingsWorkspace } from './context.ts';

interface ProjectRow {
  sheet_number_rule: string | null;
  disciplines: unknown;
  revision: number;
  update_time: string;
}

async function projectRow(scope: TenantScope, workspace: SettingsWorkspace): Promise<ProjectRow | undefined> {
  return scope
    .selectFrom('follow_project')
    .select(['sheet_number_rule', 'disciplines', 'revision', 'update_time'])
    .where('workspace_id', '=', workspace.id)
    .executeTakeFirst();
}

/** The workspace's project settings; the defaults (revision 0) before the first save. */
export async function getProject(caller: SettingsCaller, workspace: SettingsWorkspace): Promise<ProjectSettings> {
  const row = await projectRow(caller.scope, workspace);
  return {
    workspaceCode: workspace.code,
    sheetNumberRule: row?.sheet_number_rule ?? DEFAULT_SHEET_NUMBER_RULE,
    revision: row?.revision ?? 0,
    updateTime: row?.update_time ?? null,
  };
}

/**
 * Writes the workspace's project row when the caller saw its latest revision (0: none yet);
 * 409 when someone saved in between. The sheet-number rule and the disciplines share it.
 */
async function writeProject(caller: SettingsCaller, workspace: SettingsWorkspace, revision: number, changes: { sheet_number_rule?: string; disciplines?: string }) {
  const time = caller.now();
  await caller.scope.db.transaction().execute(async (trx) => {
    const scope = caller.scope.with(trx);
    const row = await projectRow(scope, workspace);
    const stored = row?.revision ?? 0;
    if (stored !== revision) throw conflict(`The project settings were changed by someone else since you opened them (revision ${stored}, yours ${revision}); reload them`);
    if (!row) {
      await scope
        .insertInto('follow_project', [
          {
            workspace_id: workspace.id,
            sheet_number_rule: changes.sheet_number_rule ?? null,
            disciplines: changes.disciplines ?? null,
            revision: 1,
            updated_by: caller.session.userId,
            update_time: time,
          },
        ])
        .execute();
      return;
    }
    const moved = await scope
      .updateTable('follow_project')
      .set({ ...changes, revision: revision + 1, updated_by: caller.session.userId, update_time: time })
      .where('workspace_id', '=', workspace.id)
      .where('revision', '=', revision)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) !== 1) throw conflict('The project settings were changed by someone else at the same time; reload them');
  });
}

export async function saveProject(caller: SettingsCaller, workspace: SettingsWorkspace, body: ProjectSaveBody): Promise<ProjectSettings> {
  requireManage(caller, 'change project settings');
  const rule = body.sheetNumberRule.trim();
  const parsed = parseSheetNumberRule(rule);
  if ('error' in parsed) throw badRequest('sheetNumberRule', parsed.error);
  await writeProject(caller, workspace, body.revision, { sheet_number_rule: rule });
  return getProject(caller, workspace);
}

const DEFAULT_DISCIPLINES: WorkspaceDiscipline[] = DISCIPLINE_CODES.map((code, sort) => ({ code, label: null, sort }));

/** The workspace's disciplines in order; the register's default list before the first save. */
export async function listDisciplines(caller: SettingsCaller, workspace: SettingsWorkspace): Promise<DisciplineList> {
  const row = await projectRow(caller.scope, workspace);
  const stored = readJsonOrNull<{ code: string; label: LocalText | null }[]>(row?.disciplines ?? null);
  return {
    disciplines: stored ? stored.map((d, sort) => ({ code: d.code, label: d.label, sort })) : DEFAULT_DISCIPLINES,
    revision: row?.revision ?? 0,
  };
}

/**
 * Replaces the workspace's disciplines. Codes are unique; `X` (other) stays, as the register
 * files a number it cannot read there; a code live sheets still carry stays too.
 */
export async function saveDisciplines(caller: SettingsCaller, workspace: SettingsWorkspace, body: DisciplineSaveBody): Promise<DisciplineList> {
  requireManage(caller, 'change project settings');
  const seen = new Set<string>();
  body.disciplines.forEach((d, i) => {
    if (seen.has(d.code)) throw badRequest(`disciplines[${i}].code`, `"${d.code}" is in the list twice`);
    seen.add(d.code);
  });
  if (!seen.has('X')) throw badRequest('disciplines', 'the list keeps X (other): numbers whose discipline cannot be read go there');
  const used = await caller.scope
    .selectFrom('drawing_sheet')
    .select('discipline')
    .distinct()
    .where('workspace_id', '=', workspace.id)
    .where('deleted_time', 'is', null)
    .execute();
  const dropped = used.map((u) => u.discipline).filter((code) => !seen.has(code));
  if (dropped.length) throw conflict(`Sheets of this workspace carry the discipline "${dropped[0]}"; it stays in the list`);
  await writeProject(caller, workspace, body.revision, { disciplines: writeJson(body.disciplines.map((d) => ({ code: d.code, label: d.label }))) });
  return listDisciplines(caller, workspace);
}

/** The tenant's roles that grant a drawing-area point, with the points they grant (directly or through permission groups). */
async function drawingAreaRoles(scope: TenantScope): Promise<DrawingAreaRole[]> {
  const points = [...DRAWING_AREA_POINTS] as string[];
  const [direct, grouped, roles] = await Promise.all([
    scope
      .selectFrom('role_resource')
      .innerJoin('resource', 'resource.id', 'role_resource.resource_id')
      .select(['role_resource.role_id', 'resource.code'])
      .where('resource.type', '=', 'BUTTON')
      .where('resource.code', 'in', points)
      .execute(),
    scope
      .selectFrom('group_role')
      .innerJoin('group_point', 'group_point.group_id', 'group_role.group_id')
      .select(['group_role.role_id', 'group_point.point_code as code'])
      .where('group_point.point_code', 'in', points)
      .execute(),
    scope.selectFrom('role').select(['id', 'code', 'name']).orderBy('code').execute(),
  ]);
  const held = new Map<number, Set<string>>();
  for (const row of [...direct, ...grouped]) {
    if (!row.code) continue;
    const set = held.get(row.role_id) ?? new Set<string>();
    set.add(row.code);
    held.set(row.role_id, set);
  }
  return roles
    .filter((r) => held.has(r.id))
    .map((r) => ({ id: r.id, code: r.code, name: readStoredText(r.name), points: DRAWING_AREA_POINTS.filter((p) => held.get(r.id)!.has(p)) }));
}

/** A member of the workspace with their drawing-area roles and the drawing-area points they hold. */
async function presentMember(
  scope: TenantScope,
  roles: readonly DrawingAreaRole[],
  user: { id: number; name: string; username: string; type: 'ADMIN' | 'USER' },
): Promise<DrawingAreaMember> {
  const rights = await loadMemberRights(scope, { tokenId: 0, userId: user.id, tenantId: scope.tenantId, memberType: user.type });
  const admin = isAdminType(user.type);
  return {
    userId: user.id,
    name: user.name,
    username: user.username,
    admin,
    roleIds: roles.filter((r) => rights.roleIds.has(r.id)).map((r) => r.id),
    points: DRAWING_AREA_POINTS.filter((p) => admin || rights.points.has(p)),
  };
}

async function workspaceMembers(scope: TenantScope, workspace: SettingsWorkspace, userId?: number) {
  let query = scope
    .selectFrom('workspace_member')
    .innerJoin('app_user', 'app_user.id', 'workspace_member.user_id')
    .innerJoin('tenant_member', (join) => join.onRef('tenant_member.user_id', '=', 'workspace_member.user_id').onRef('tenant_member.tenant_id', '=', 'workspace_member.tenant_id'))
    .select(['app_user.id', 'app_user.name', 'app_user.username', 'tenant_member.type'])
    .where('workspace_member.workspace_id', '=', workspace.id)
    .where('tenant_member.status', '=', 'ACTIVE');
  if (userId !== undefined) query = query.where('app_user.id', '=', userId);
  return query.orderBy('app_user.name').orderBy('app_user.id').execute();
}

/** The members of the drawing area (the workspace's members) and the roles that give drawing-area points. */
export async function listMembers(caller: SettingsCaller, workspace: SettingsWorkspace): Promise<DrawingAreaMembers> {
  requireManage(caller, 'see the rights of the drawing area');
  const roles = await drawingAreaRoles(caller.scope);
  const users = await workspaceMembers(caller.scope, workspace);
  const members: DrawingAreaMember[] = [];
  for (const user of users) members.push(await presentMember(caller.scope, roles, user));
  return { members, roles };
}

/**
 * Sets which drawing-area roles a workspace member holds; their other roles stay. Roles are the
 * tenant's, so this needs role management too.
 */
export async function setMemberRoles(caller: SettingsCaller, workspace: SettingsWorkspace, body: MemberRolesBody): Promise<DrawingAreaMember> {
  if (!policy.followSettings.grantRoles(caller)) throw forbidden('You do not have permission to give roles: it needs follow-up settings and role management');
  const [user] = await workspaceMembers(caller.scope, workspace, body.userId);
  if (!user) throw notFound('Member of the workspace');
  const roles = await drawingAreaRoles(caller.scope);
  const areaIds = new Set(roles.map((r) => r.id));
  body.roleIds.forEach((id, i) => {
    if (!areaIds.has(id)) throw badRequest(`roleIds[${i}]`, 'is not a role that gives drawing or follow-up rights');
  });
  await caller.scope.db.transaction().execute(async (trx) => {
    const scope = caller.scope.with(trx);
    const held = await scope.selectFrom('user_role').select('role_id').where('user_id', '=', user.id).execute();
    const remove = held.map((h) => h.role_id).filter((id) => areaIds.has(id) && !body.roleIds.includes(id));
    const add = body.roleIds.filter((id) => !held.some((h) => h.role_id === id));
    if (remove.length) await scope.deleteFrom('user_role').where('user_id', '=', user.id).where('role_id', 'in', remove).execute();
    if (add.length) await scope.insertInto('user_role', add.map((role_id) => ({ user_id: user.id, role_id }))).execute();
  });
  return presentMember(caller.scope, roles, user);
}
