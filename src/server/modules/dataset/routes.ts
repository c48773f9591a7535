import type { FastifyInstance } from 'fastify';
import {
  DATASET_PATHS,
  datasetDistinctQuery,
  datasetQueryBody,
  type DatasetDistinctQuery,
  type DatasetDistinctResult,
} from '../../../core/contracts/dataset.ts';
import type { DatasetInfo, DatasetQuery } from '../../../core/query/query-spec.ts';
import { recordContext } from '../record/context.ts';
import { distinctValues, listDatasets, presentDatasets, queryDataset, queryLimitOf, readsDataset } from './service.ts';

/**
 * Any member of the tenant may read its stored datasets; a form's records (`form_<id>`) only
 * whoever may read them in the form's data list, inside their data scope; a registered view
 * (`view_<id>`) whoever may read every form it reads.
 */
export async function datasetRoutes(app: FastifyInstance): Promise<void> {
  app.get(DATASET_PATHS.list, async (request): Promise<DatasetInfo[]> => {
    const ctx = recordContext(app, request);
    const readable = (await listDatasets(ctx.scope, ctx.versions)).filter((d) => readsDataset(ctx, d));
    return presentDatasets(ctx.scope, readable);
  });

  app.post<{ Body: DatasetQuery }>(DATASET_PATHS.query, { schema: { body: datasetQueryBody } }, async (request) =>
    queryDataset(recordContext(app, request), { cache: app.services.queryCache, limit: queryLimitOf(app.services) }, request.body),
  );

  app.get<{ Querystring: DatasetDistinctQuery }>(
    DATASET_PATHS.distinct,
    { schema: { querystring: datasetDistinctQuery } },
    async (request): Promise<DatasetDistinctResult> => {
      const { dataset, field, limit } = request.query;
      return distinctValues(recordContext(app, request), queryLimitOf(app.services), dataset, field, limit);
    },
  );
}
