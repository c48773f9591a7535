import type { Kysely, Selectable } from 'kysely';
import type { PageCreateBody, PageDetail, PageListItem, PageUpdateBody } from '../../../core/contracts/page.ts';
import type { PageConfig, StoredPage } from '../../../core/pages/page-config.ts';
import { pageRouteProblem } from '../../../core/pages/page-route.ts';
import { pageDatasetProblems } from '../../../core/pages/page-config-problems.ts';
import type { PageConfigProblem } from '../../../core/pages/validate-page-config.ts';
import { widgetReferenceProblems } from '../../../core/pages/widget-refs.ts';
import type { DatasetQuery } from '../../../core/query/query-spec.ts';
import type { Clock } from '../../clock.ts';
import type { DB, PageTable } from '../../db/schema.ts';
import { readPageConfig, upgradeSentPageConfig } from '../../db/stored-configs.ts';
import { readStoredText, storedText, textIn } from '../../../core/local-text.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { refusingDuplicates } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound, refused, savedMeanwhile } from '../../errors.ts';
import { checkMenuParent, createMenuNode, offerLikeParent } from '../resource/menu-entries.ts';
import { datasetsByCode, storedDatasetsByCode, type TenantDataset } from '../dataset/service.ts';
import type { FormVersionCache } from '../form/versions.ts';
import { validatePageConfig, widgetRefs } from './widget-schemas.ts';

type PageRow = Selectable<PageTable>;

export const presentPage = (row: PageRow): StoredPage => ({
  id: row.id,
  route: row.route,
  kind: row.kind,
  published: row.published === 1,
  config: readPageConfig(row.config),
  updateTime: row.update_time,
});

const presentListItem = (row: Omit<PageRow, 'config'>): PageListItem => ({
  id: row.id,
  route: row.route,
  kind: row.kind,
  published: row.published === 1,
  title: readStoredText(row.title),
  resourceId: row.resource_id,
  updateTime: row.update_time,
});

export async function listPages(scope: TenantScope): Promise<PageListItem[]> {
  const rows = await scope
    .selectFrom('page')
    .select(['id', 'tenant_id', 'route', 'kind', 'published', 'title', 'resource_id', 'owns_resource', 'seed_key', 'create_time', 'update_time'])
    .orderBy('id')
    .execute();
  return rows.map(presentListItem);
}

async function findPage(scope: TenantScope, id: number): Promise<PageRow> {
  const row = await scope.selectFrom('page').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Page');
  return row;
}

export async function pageDetail(scope: TenantScope, id: number): Promise<PageDetail> {
  const row = await findPage(scope, id);
  const node =
    row.resource_id === null
      ? undefined
      : await scope.selectFrom('resource').select(['id', 'parent_id', 'title', 'icon']).where('id', '=', row.resource_id).executeTakeFirst();
  return {
    ...presentPage(row),
    resourceId: row.resource_id,
    menu: node ? { id: node.id, parentId: node.parent_id, title: readStoredText(node.title), icon: node.icon } : null,
    createTime: row.create_time,
  };
}

// ---------------------------------------------------------------- checks

/**
 * Every problem of a page config: the validator's, then widget queries against the tenant's
 * datasets and the forms widget props name (a form is one of the datasets: a published form's
 * records, which a website's datasets never hold).
 */
export function pageConfigProblems(config: unknown, datasets: ReadonlyMap<string, TenantDataset>): PageConfigProblem[] {
  const problems = validatePageConfig(config);
  if (problems.length) return problems;
  return [...pageDatasetProblems(config as PageConfig, datasets), ...widgetReferenceProblems(config as PageConfig, widgetRefs(), datasets)];
}

async function checkPageInput(scope: TenantScope, versions: FormVersionCache, body: PageCreateBody, linkedNode: boolean): Promise<PageConfig> {
  if (body.kind === 'website' && body.route !== null) {
    throw badRequest('route', 'must be null for a website, which answers at /website/{id}');
  }
  if (body.route !== null) {
    const problem = pageRouteProblem(body.route);
    if (problem) throw badRequest('route', problem);
  } else if (body.menu) {
    throw badRequest('menu', 'a menu entry needs the page to have a route');
  } else if (linkedNode && body.menu !== null) {
    throw badRequest('route', 'the page has a menu entry, which needs a route (send "menu": null to remove it)');
  }
  // A website is public: it may show stored datasets, never a form's records.
  const datasets = body.kind === 'website' ? await storedDatasetsByCode(scope) : await datasetsByCode(scope, versions);
  const config = upgradeSentPageConfig(body.config);
  const problems = pageConfigProblems(config, datasets);
  if (problems.length) throw refused(problems, 'config');
  return config as PageConfig;
}

const routeTaken = (route: string) => conflict(`Another page already answers at ${route}`);

async function checkRouteFree(scope: TenantScope, route: string | null, exceptId?: number): Promise<void> {
  if (route === null) return;
  let query = scope.selectFrom('page').select('id').where('route', '=', route);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  if (await query.executeTakeFirst()) throw routeTaken(route);
}

/** Runs a write; a unique-index race on the route becomes the same 409 the pre-check gives. */
const guardRoute = <T>(route: string | null, write: () => Promise<T>): Promise<T> =>
  refusingDuplicates(write, () => (route === null ? savedMeanwhile() : routeTaken(route)));

// ---------------------------------------------------------------- menu entries

// ---------------------------------------------------------------- writes

export async function createPage(clock: Clock, scope: TenantScope, versions: FormVersionCache, body: PageCreateBody): Promise<StoredPage> {
  const config = await checkPageInput(scope, versions, body, false);
  await checkRouteFree(scope, body.route);
  if (body.menu) await checkMenuParent(scope, body.menu.parentId);
  const now = new Date(clock.now()).toISOString();
  const row = await guardRoute(body.route, () =>
    scope.db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      const resourceId = body.menu ? await createMenuNode(tx, body.menu, body.menu.title ?? config.title, body.route!) : null;
      const [created] = await tx
        .insertInto('page', [
          {
            route: body.route,
            kind: body.kind,
            published: body.published ? 1 : 0,
            title: storedText(config.title),
            config: JSON.stringify(config),
            resource_id: resourceId,
            owns_resource: resourceId === null ? 0 : 1,
            seed_key: null,
            create_time: now,
            update_time: now,
          },
        ])
        .returningAll()
        .execute();
      return created!;
    }),
  );
  return presentPage(row);
}

export async function updatePage(clock: Clock, scope: TenantScope, versions: FormVersionCache, body: PageUpdateBody): Promise<StoredPage> {
  const current = await findPage(scope, body.id);
  const config = await checkPageInput(scope, versions, body, current.resource_id !== null);
  await checkRouteFree(scope, body.route, body.id);
  if (body.menu) await checkMenuParent(scope, body.menu.parentId, current.resource_id ?? undefined);
  const now = new Date(clock.now()).toISOString();
  const row = await guardRoute(body.route, () =>
    scope.db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      let resourceId = current.resource_id;
      let owns = current.owns_resource === 1;
      if (body.menu === null && resourceId !== null) {
        // Unlinking: an entry the page made goes with it; a seed entry stays in the menu.
        if (owns) await tx.deleteFrom('resource').where('id', '=', resourceId).execute();
        resourceId = null;
        owns = false;
      } else if (body.menu && resourceId === null) {
        resourceId = await createMenuNode(tx, body.menu, body.menu.title ?? config.title, body.route!);
        owns = true;
      } else if (resourceId !== null) {
        await updateMenuNode(tx, resourceId, owns, body, config);
      }
      const [updated] = await tx
        .updateTable('page')
        .set({
          route: body.route,
          kind: body.kind,
          published: body.published ? 1 : 0,
          title: storedText(config.title),
          config: JSON.stringify(config),
          resource_id: resourceId,
          owns_resource: owns ? 1 : 0,
          update_time: now,
        })
        .where('id', '=', body.id)
        .returningAll()
        .execute();
      return updated!;
    }),
  );
  return presentPage(row);
}

/**
 * Keeps the linked node's route in step with the page. Its title follows `menu.title`, or
 * the page title for an entry the page made; a seed entry keeps its (translated) seed title.
 */
async function updateMenuNode(scope: TenantScope, nodeId: number, owns: boolean, body: PageUpdateBody, config: PageConfig): Promise<void> {
  const title = body.menu?.title ?? (owns ? config.title : undefined);
  await scope
    .updateTable('resource')
    .set({
      route: body.route,
      ...(title !== undefined ? { title: storedText(title) } : {}),
      ...(body.menu?.icon !== undefined ? { icon: body.menu.icon || null } : {}),
      ...(body.menu ? { parent_id: body.menu.parentId } : {}),
    })
    .where('id', '=', nodeId)
    .execute();
  if (body.menu) await offerLikeParent(scope, nodeId, body.menu.parentId);
}

export async function deletePage(scope: TenantScope, id: number): Promise<void> {
  const page = await findPage(scope, id);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    await tx.deleteFrom('page').where('id', '=', id).execute();
    if (page.owns_resource === 1 && page.resource_id !== null) await tx.deleteFrom('resource').where('id', '=', page.resource_id).execute();
  });
}

// ---------------------------------------------------------------- reading for display

export async function pageByRoute(scope: TenantScope, route: string): Promise<PageRow | undefined> {
  return scope.selectFrom('page').selectAll().where('route', '=', route).executeTakeFirst();
}

/** A published website page, found without a tenant (the address is public). */
export async function publishedWebsite(db: Kysely<DB>, id: number): Promise<PageRow> {
  const row = await db
    .selectFrom('page')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', 'website')
    .where('published', '=', 1)
    .executeTakeFirst();
  if (!row) throw notFound('Website');
  return row;
}

/** A website widget's stored query with the visitor's filters, sort and paging added. */
export function widgetQuery(
  config: PageConfig,
  widgetId: string,
  extra: Pick<DatasetQuery, 'filters' | 'sort' | 'pageNum' | 'pageSize'>,
): { stored: DatasetQuery; combined: DatasetQuery } {
  const widget = config.widgets.find((w) => w.id === widgetId);
  if (!widget?.data) throw notFound('Widget');
  const stored = widget.data;
  const combined: DatasetQuery = {
    ...stored,
    filters: [...(stored.filters ?? []), ...(extra.filters ?? [])],
    // The visitor's sort comes first (a clicked column), the stored one breaks ties.
    sort: [...(extra.sort ?? []), ...(stored.sort ?? [])],
    pageNum: extra.pageNum ?? stored.pageNum,
    pageSize: extra.pageSize ?? stored.pageSize,
  };
  return { stored, combined };
}

/** Every published website with its tenant, for the start-up message. */
export async function publishedWebsites(db: Kysely<DB>): Promise<{ id: number; title: string; tenantName: string }[]> {
  const sites = await db
    .selectFrom('page')
    .innerJoin('tenant', 'tenant.id', 'page.tenant_id')
    .select(['page.id', 'page.title', 'tenant.name as tenantName'])
    .where('page.kind', '=', 'website')
    .where('page.published', '=', 1)
    .orderBy('page.id')
    .execute();
  return sites.map((site) => ({ ...site, title: textIn(readStoredText(site.title), 'en') }));
}
