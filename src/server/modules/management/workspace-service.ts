import type { ManagedWorkspace, ManagedWorkspaceDetail, WorkspaceCreateBody } from '../../../core/contracts/management.ts';
import type { Clock } from '../../clock.ts';
import { replaceLinks } from '../../db/link-rows.ts';
import { requireTenantId, requireTenantIds } from '../../db/tenant-references.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { refusingDuplicates } from '../../db/unique-violation.ts';
import { conflict, notFound } from '../../errors.ts';
import { templateWorkspaceResources } from '../workspace-template/service.ts';

function workspacesQuery(scope: TenantScope) {
  return scope
    .selectFrom('workspace')
    .select(['workspace.id', 'workspace.code', 'workspace.name', 'workspace.template_id as templateId'])
    .select((eb) => [
      eb
        .selectFrom('workspace_member')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('workspace_member.workspace_id', '=', 'workspace.id')
        .as('memberCount'),
      eb
        .selectFrom('workspace_resource')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('workspace_resource.workspace_id', '=', 'workspace.id')
        .as('resourceCount'),
    ]);
}

type WorkspaceRow = Awaited<ReturnType<ReturnType<typeof workspacesQuery>['executeTakeFirstOrThrow']>>;

const presentWorkspace = (row: WorkspaceRow): ManagedWorkspace => ({
  id: row.id,
  code: row.code,
  name: row.name,
  memberCount: Number(row.memberCount ?? 0),
  resourceCount: Number(row.resourceCount ?? 0),
  templateId: row.templateId,
});

export async function listManagedWorkspaces(scope: TenantScope): Promise<ManagedWorkspace[]> {
  return (await workspacesQuery(scope).orderBy('workspace.code').execute()).map(presentWorkspace);
}

export async function findWorkspace(scope: TenantScope, id: number): Promise<ManagedWorkspace> {
  const row = await workspacesQuery(scope).where('workspace.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Workspace');
  return presentWorkspace(row);
}

export async function workspaceDetail(scope: TenantScope, id: number): Promise<ManagedWorkspaceDetail> {
  const workspace = await findWorkspace(scope, id);
  const [members, resources] = await Promise.all([
    scope.selectFrom('workspace_member').select('user_id').where('workspace_id', '=', id).orderBy('user_id').execute(),
    scope.selectFrom('workspace_resource').select('resource_id').where('workspace_id', '=', id).orderBy('resource_id').execute(),
  ]);
  return { workspace, userIds: members.map((m) => m.user_id), resourceIds: resources.map((r) => r.resource_id) };
}

/**
 * A new workspace, empty or made from a template (its resources and the menu nodes of its
 * pages, with their ancestors). `templateField` names the template id in the request, for a 404.
 */
export async function createWorkspace(
  scope: TenantScope,
  clock: Clock,
  input: WorkspaceCreateBody,
  templateField = 'templateId',
): Promise<ManagedWorkspace> {
  const codeTaken = () => conflict(`code: a workspace with code ${input.code} already exists`);
  const id = await refusingDuplicates(
    () =>
      scope.db.transaction().execute(async (trx) => {
        const t = scope.with(trx);
        let resourceIds: number[] = [];
        if (input.templateId !== undefined) {
          await requireTenantId(t, 'template', input.templateId, templateField);
          resourceIds = await templateWorkspaceResources(t, input.templateId);
        }
        const taken = await t.selectFrom('workspace').select('workspace.id').where('workspace.code', '=', input.code).executeTakeFirst();
        if (taken) throw codeTaken();
        const { id } = await t
          .insertInto('workspace', [
            { code: input.code, name: input.name.trim(), template_id: input.templateId ?? null, create_time: new Date(clock.now()).toISOString() },
          ])
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceLinks(t, 'workspace_resource', { workspace_id: id }, 'resource_id', resourceIds);
        return id;
      }),
    codeTaken,
  );
  return findWorkspace(scope, id);
}

export async function renameWorkspace(scope: TenantScope, id: number, name: string): Promise<ManagedWorkspace> {
  const result = await scope.updateTable('workspace').set({ name: name.trim() }).where('workspace.id', '=', id).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw notFound('Workspace');
  return findWorkspace(scope, id);
}

/** Deletes a workspace; its members lose it (even if it was their only one) and its menu links go. */
export async function deleteWorkspace(scope: TenantScope, id: number): Promise<void> {
  const result = await scope.deleteFrom('workspace').where('workspace.id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Workspace');
}

export async function setWorkspaceMembers(scope: TenantScope, id: number, userIds: number[]): Promise<ManagedWorkspace> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    await findWorkspace(t, id);
    await requireTenantIds(t, 'member', userIds, 'userIds');
    await replaceLinks(t, 'workspace_member', { workspace_id: id }, 'user_id', userIds);
  });
  return findWorkspace(scope, id);
}

export async function setWorkspaceResources(scope: TenantScope, id: number, resourceIds: number[]): Promise<ManagedWorkspace> {
  await scope.db.transaction().execute(async (trx) => {
    const t = scope.with(trx);
    await findWorkspace(t, id);
    await requireTenantIds(t, 'resource', resourceIds, 'resourceIds');
    await replaceLinks(t, 'workspace_resource', { workspace_id: id }, 'resource_id', resourceIds);
  });
  return findWorkspace(scope, id);
}
