import type { FastifyInstance } from 'fastify';
import { AUTHORIZATION_POINTS } from '../../../core/contracts/role.ts';
import { websiteParams, websiteQueryBody, type WebsiteParams } from '../../../core/contracts/dataset.ts';
import {
  PAGE_EDIT_POINT,
  PAGE_PATHS,
  pageCreateBody,
  pageIdBody,
  pageIdQuery,
  pageUpdateBody,
  serverLoaderQuery,
  type PageCreateBody,
  type PageEnvelope,
  type PageIdBody,
  type PageUpdateBody,
  type ServerLoaderQuery,
} from '../../../core/contracts/page.ts';
import { checkDatasetQuery } from '../../../core/query/check-query.ts';
import type { DatasetQuery } from '../../../core/query/query-spec.ts';
import { readPageConfig } from '../../db/stored-configs.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { policy } from '../../access/policies.ts';
import { callerOf, scopeOf } from '../../plugins/auth.ts';
import { findRowsDataset, runCheckedQuery } from '../dataset/service.ts';
import { rowsSourceQuery } from '../dataset/sources.ts';
import {
  createPage,
  deletePage,
  listPages,
  pageByRoute,
  pageDetail,
  presentPage,
  publishedWebsite,
  updatePage,
  widgetQuery,
} from './service.ts';

const EDIT = { point: PAGE_EDIT_POINT } as const;
// Workspace managers pick a template's pages from the list, which carries no page configs.
const LIST = { point: [PAGE_EDIT_POINT, AUTHORIZATION_POINTS.workspaces] } as const;
// Public website calls are limited per client address; a dashboard of many widgets stays well under it.
const WEBSITE_RATE_LIMIT = { max: 600, timeWindow: 60_000 };

type WebsiteQueryBody = Pick<DatasetQuery, 'filters' | 'sort' | 'pageNum' | 'pageSize'> & { widgetId: string };

export async function pageRoutes(app: FastifyInstance): Promise<void> {
  const { clock, dialect, db, formVersions } = app.services;

  app.get(PAGE_PATHS.list, { config: LIST }, async (request) => listPages(scopeOf(request)));

  app.get<{ Querystring: PageIdBody }>(PAGE_PATHS.detail, { schema: { querystring: pageIdQuery }, config: EDIT }, async (request) =>
    pageDetail(scopeOf(request), request.query.id),
  );

  app.post<{ Body: PageCreateBody }>(PAGE_PATHS.create, { schema: { body: pageCreateBody }, config: EDIT }, async (request) =>
    createPage(clock, scopeOf(request), formVersions, request.body),
  );

  app.post<{ Body: PageUpdateBody }>(PAGE_PATHS.update, { schema: { body: pageUpdateBody }, config: EDIT }, async (request) =>
    updatePage(clock, scopeOf(request), formVersions, request.body),
  );

  app.post<{ Body: PageIdBody }>(PAGE_PATHS.delete, { schema: { body: pageIdBody }, config: EDIT }, async (request) => {
    await deletePage(scopeOf(request), request.body.id);
    return null;
  });

  // The router's server loader: the page stored at a route, for whoever may open it.
  app.get<{ Querystring: ServerLoaderQuery }>(
    PAGE_PATHS.serverLoader,
    { schema: { querystring: serverLoaderQuery } },
    async (request): Promise<PageEnvelope> => {
      const caller = callerOf(request);
      const row = await pageByRoute(caller.scope, request.query.route);
      // A draft is not there for readers; a published page is theirs when a role grants its menu entry.
      if (!row || !policy.page.see(caller, row)) throw notFound('Page');
      if (!policy.page.open(caller, row)) throw forbidden();
      return { page: presentPage(row) };
    },
  );

  app.get<{ Params: WebsiteParams }>(
    PAGE_PATHS.website(':id'),
    { schema: { params: websiteParams }, config: { auth: 'public', rateLimit: WEBSITE_RATE_LIMIT } },
    async (request): Promise<PageEnvelope> => ({ page: presentPage(await publishedWebsite(db, request.params.id)) }),
  );

  app.post<{ Params: WebsiteParams; Body: WebsiteQueryBody }>(
    PAGE_PATHS.websiteQuery(':id'),
    { schema: { params: websiteParams, body: websiteQueryBody }, config: { auth: 'public', rateLimit: WEBSITE_RATE_LIMIT } },
    async (request) => {
      const page = await publishedWebsite(db, request.params.id);
      const { widgetId, ...extra } = request.body;
      const { stored, combined } = widgetQuery(readPageConfig(page.config), widgetId, extra);
      const scope = new TenantScope(db, page.tenant_id);
      // A public page shows stored datasets only: a form's records are read with a signed-in caller's rights.
      const dataset = await findRowsDataset(scope, stored.dataset);
      if (!dataset || dataset.source.kind !== 'rows') throw notFound('Dataset');
      // The visitor's part is checked on its own first, so a problem names the path in the request body.
      const [own] = checkDatasetQuery({ ...stored, filters: extra.filters, sort: extra.sort }, dataset);
      if (own) throw badRequest(own.path, own.message);
      const [problem] = checkDatasetQuery(combined, dataset);
      if (problem) throw badRequest(`widget.data.${problem.path}`, problem.message);
      return runCheckedQuery(rowsSourceQuery(scope, dialect, dataset.source.datasetId), dialect, dataset, combined);
    },
  );
}
