import type { FastifyInstance } from 'fastify';
import {
  datasetDistinctQuery,
  datasetQueryBody,
  type DatasetDistinctQuery,
  type DatasetDistinctResult,
} from '../../../core/contracts/dataset.ts';
import type { DatasetInfo, DatasetQuery } from '../../../core/query/query-spec.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { distinctValues, listDatasets, presentDataset, queryDataset } from './service.ts';

/** Any member of the tenant may read its datasets. */
export async function datasetRoutes(app: FastifyInstance): Promise<void> {
  const { dialect } = app.services;

  app.get('/proptech_allplan/dataset/list', async (request): Promise<DatasetInfo[]> =>
    (await listDatasets(scopeOf(request))).map(presentDataset),
  );

  app.post<{ Body: DatasetQuery }>('/proptech_allplan/dataset/query', { schema: { body: datasetQueryBody } }, async (request) =>
    queryDataset(scopeOf(request), dialect, request.body),
  );

  app.get<{ Querystring: DatasetDistinctQuery }>(
    '/proptech_allplan/dataset/distinct',
    { schema: { querystring: datasetDistinctQuery } },
    async (request): Promise<DatasetDistinctResult> => {
      const { dataset, field, limit } = request.query;
      return { values: await distinctValues(scopeOf(request), dialect, dataset, field, limit) };
    },
  );
}
