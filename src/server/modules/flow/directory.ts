import { walkFlowNodes, type FlowDefinition } from '../../../core/flows/flow-definition.ts';
import type { FlowDirectory } from '../../../core/flows/flow-engine.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { isAdminType } from '../../access/admin.ts';
import { managerOf } from '../org/service.ts';

/** Role ids the definition names, so only their members are read. */
function rolesOf(definition: FlowDefinition): number[] {
  const ids = new Set<number>();
  for (const { node } of walkFlowNodes(definition.nodes)) {
    const people = node.type === 'approval' ? node.assignees : node.type === 'cc' ? node.recipients : [];
    for (const a of people) if (a.kind === 'role') ids.add(a.roleId);
  }
  return [...ids];
}

/**
 * What the engine may ask about people, read before a command: active members (disabled or
 * removed ones get no tasks), the members of the roles the flow names, the submitter's
 * manager and the tenant's administrators.
 */
export async function loadFlowDirectory(scope: TenantScope, definition: FlowDefinition, submitterId: number): Promise<FlowDirectory> {
  const roleIds = rolesOf(definition);
  const [members, roleRows, manager] = await Promise.all([
    scope.selectFrom('tenant_member').select(['user_id', 'type']).where('status', '=', 'ACTIVE').execute(),
    roleIds.length
      ? scope.selectFrom('user_role').select(['role_id', 'user_id']).where('role_id', 'in', roleIds).orderBy('user_id').execute()
      : [],
    managerOf(scope, submitterId),
  ]);
  const active = new Set(members.map((m) => m.user_id));
  const byRole = new Map<number, number[]>();
  for (const row of roleRows) byRole.set(row.role_id, [...(byRole.get(row.role_id) ?? []), row.user_id]);
  return {
    roleMembers: (roleId) => byRole.get(roleId) ?? [],
    managerOf: (userId) => (userId === submitterId ? manager : null),
    isMember: (userId) => active.has(userId),
    tenantAdmins: members.filter((m) => isAdminType(m.type)).map((m) => m.user_id),
  };
}
