import { DATASET_PATHS } from '../../core/contracts/dataset.ts';
import { PAGE_PATHS } from '../../core/contracts/page.ts';
import { RESOURCE_PATHS } from '../../core/contracts/resource.ts';
import type { StoredPage } from '../../core/pages/page-config.ts';
import type { DatasetInfo, DatasetQuery, QueryAggregateResult, QueryFilter, QuerySort, QueryRowsResult } from '../../core/query/query-spec.ts';
import type { CallOptions, Http } from './endpoints.ts';
import type { DatasetDistinctResult } from '../../core/contracts/dataset.ts';

// Pages and widgets show failures in place (the cell, the screen), with a retry.
const QUIET: CallOptions = { showErrorToast: false };

export type QueryResult = QueryRowsResult | QueryAggregateResult;

/** What `POST website/{id}/query` adds to the stored widget's own query. */
export interface WebsiteQueryBody {
  widgetId: string;
  filters?: QueryFilter[];
  sort?: QuerySort[];
  pageNum?: number;
  pageSize?: number;
}

/** The calls of customer pages, public websites and their widgets (pages contract, datasets). */
export function pageApi(http: Http) {
  return {
    serverLoader: (route: string) => http.get<{ page: StoredPage }>(PAGE_PATHS.serverLoader, { route }, QUIET),
    website: (id: number | string) => http.get<{ page: StoredPage }>(PAGE_PATHS.website(encodeURIComponent(String(id))), undefined, QUIET),
    websiteQuery: (id: number | string, body: WebsiteQueryBody) =>
      http.post<QueryResult>(PAGE_PATHS.websiteQuery(encodeURIComponent(String(id))), body, QUIET),
    datasets: () => http.get<DatasetInfo[]>(DATASET_PATHS.list, undefined, QUIET),
    query: (query: DatasetQuery) => http.post<QueryResult>(DATASET_PATHS.query, query, QUIET),
    distinct: (dataset: string, field: string, limit = 500) =>
      http.get<DatasetDistinctResult>(DATASET_PATHS.distinct, { dataset, field, limit }, QUIET),
    /** Function point codes of one module (`page` -> `page:*`) that the signed-in user holds. */
    heldPoints: (module: string) => http.post<string[]>(RESOURCE_PATHS.heldPoints, { module }, QUIET),
  };
}

export type PageApi = ReturnType<typeof pageApi>;
