import type {
  WorkspaceTemplate,
  WorkspaceTemplateCreateBody,
  WorkspaceTemplateDetail,
  WorkspaceTemplateUpdateBody,
} from '../../../core/contracts/workspace-template.ts';
import type { Clock } from '../../clock.ts';
import { replaceLinks } from '../../db/link-rows.ts';
import type { TemplateItemKind } from '../../db/schema.ts';
import { requireTenantIds } from '../../db/tenant-references.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { refusingDuplicates } from '../../db/unique-violation.ts';
import { conflict, notFound } from '../../errors.ts';

type ItemIds = Record<TemplateItemKind, number[]>;

/**
 * The items of templates, by kind. Resource and page ids whose rows are gone are dropped here,
 * as item ids carry no foreign key; form and board ids are kept as given for their modules.
 */
async function loadItems(scope: TenantScope, templateIds: readonly number[]): Promise<Map<number, ItemIds>> {
  const items = new Map<number, ItemIds>(templateIds.map((id) => [id, { resource: [], page: [], form: [], board: [] }]));
  if (templateIds.length === 0) return items;
  const rows = await scope
    .selectFrom('template_item')
    .leftJoin('resource', (join) =>
      join.onRef('resource.id', '=', 'template_item.item_id').on('template_item.kind', '=', 'resource'),
    )
    .leftJoin('page', (join) => join.onRef('page.id', '=', 'template_item.item_id').on('template_item.kind', '=', 'page'))
    .select(['template_item.template_id', 'template_item.kind', 'template_item.item_id', 'resource.tenant_id as resourceTenant', 'page.tenant_id as pageTenant'])
    .where('template_item.template_id', 'in', [...templateIds])
    .orderBy('template_item.item_id')
    .execute();
  for (const row of rows) {
    if (row.kind === 'resource' && row.resourceTenant !== scope.tenantId) continue;
    if (row.kind === 'page' && row.pageTenant !== scope.tenantId) continue;
    items.get(row.template_id)![row.kind].push(row.item_id);
  }
  return items;
}

export async function listTemplates(scope: TenantScope): Promise<WorkspaceTemplate[]> {
  const rows = await scope.selectFrom('workspace_template').selectAll().orderBy('workspace_template.name').execute();
  const items = await loadItems(scope, rows.map((r) => r.id));
  return rows.map((row) => {
    const own = items.get(row.id)!;
    return {
      id: row.id,
      name: row.name,
      description: row.description,
      resourceCount: own.resource.length,
      pageCount: own.page.length,
      updateTime: row.update_time,
    };
  });
}

export async function templateDetail(scope: TenantScope, id: number): Promise<WorkspaceTemplateDetail> {
  const row = await scope.selectFrom('workspace_template').selectAll().where('workspace_template.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Workspace template');
  const own = (await loadItems(scope, [id])).get(id)!;
  return {
    template: {
      id: row.id,
      name: row.name,
      description: row.description,
      resourceCount: own.resource.length,
      pageCount: own.page.length,
      updateTime: row.update_time,
    },
    resourceIds: own.resource,
    pageIds: own.page,
    formIds: own.form,
    boardIds: own.board,
  };
}

const nameTaken = (name: string) => conflict(`name: a workspace template named ${name} already exists`);

async function requireFreeName(scope: TenantScope, name: string, exceptId?: number): Promise<void> {
  let query = scope.selectFrom('workspace_template').select('workspace_template.id').where('workspace_template.name', '=', name);
  if (exceptId !== undefined) query = query.where('workspace_template.id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw nameTaken(name);
}

async function saveItems(t: TenantScope, id: number, input: WorkspaceTemplateCreateBody): Promise<void> {
  await requireTenantIds(t, 'resource', input.resourceIds, 'resourceIds');
  await requireTenantIds(t, 'page', input.pageIds, 'pageIds');
  const lists: [TemplateItemKind, number[] | undefined][] = [
    ['resource', input.resourceIds],
    ['page', input.pageIds],
    ['form', input.formIds],
    ['board', input.boardIds],
  ];
  for (const [kind, ids] of lists) {
    if (ids) await replaceLinks(t, 'template_item', { template_id: id, kind }, 'item_id', ids);
  }
}

export async function createTemplate(scope: TenantScope, clock: Clock, input: WorkspaceTemplateCreateBody): Promise<WorkspaceTemplateDetail> {
  const now = new Date(clock.now()).toISOString();
  const name = input.name.trim();
  const id = await refusingDuplicates(
    () =>
      scope.db.transaction().execute(async (trx) => {
        const t = scope.with(trx);
        await requireFreeName(t, name);
        const { id } = await t
          .insertInto('workspace_template', [{ name, description: input.description ?? '', create_time: now, update_time: now }])
          .returning('id')
          .executeTakeFirstOrThrow();
        await saveItems(t, id, input);
        return id;
      }),
    () => nameTaken(name),
  );
  return templateDetail(scope, id);
}

export async function updateTemplate(scope: TenantScope, clock: Clock, input: WorkspaceTemplateUpdateBody): Promise<WorkspaceTemplateDetail> {
  const name = input.name.trim();
  await refusingDuplicates(
    () =>
      scope.db.transaction().execute(async (trx) => {
        const t = scope.with(trx);
        await requireFreeName(t, name, input.id);
        const result = await t
          .updateTable('workspace_template')
          .set({ name, description: input.description ?? '', update_time: new Date(clock.now()).toISOString() })
          .where('workspace_template.id', '=', input.id)
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) === 0) throw notFound('Workspace template');
        await saveItems(t, input.id, input);
      }),
    () => nameTaken(name),
  );
  return templateDetail(scope, input.id);
}

/** Deletes a template; workspaces made from it keep their menus and forget where they came from. */
export async function deleteTemplate(scope: TenantScope, id: number): Promise<void> {
  const result = await scope.deleteFrom('workspace_template').where('workspace_template.id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw notFound('Workspace template');
}

/**
 * What a workspace made from the template offers: the template's resources and the menu
 * nodes of its pages, each with its ancestors so the menu tree holds together.
 */
export async function templateWorkspaceResources(scope: TenantScope, templateId: number): Promise<number[]> {
  const own = (await loadItems(scope, [templateId])).get(templateId)!;
  const wanted = new Set(own.resource);
  if (own.page.length > 0) {
    const pages = await scope.selectFrom('page').select('page.resource_id').where('page.id', 'in', own.page).execute();
    for (const page of pages) if (page.resource_id !== null) wanted.add(page.resource_id);
  }
  const parents = new Map(
    (await scope.selectFrom('resource').select(['resource.id', 'resource.parent_id']).execute()).map((r) => [r.id, r.parent_id]),
  );
  const result = new Set<number>();
  for (const id of wanted) {
    for (let at: number | null | undefined = id; at != null && !result.has(at); at = parents.get(at)) result.add(at);
  }
  return [...result].sort((a, b) => a - b);
}
