import type { StoredPage } from '../../core/pages/page-config.ts';
import type { DatasetInfo, DatasetQuery, QueryAggregateResult, QueryFilter, QuerySort, QueryRowsResult } from '../../core/query/query-spec.ts';
import type { CallOptions, Http } from './endpoints.ts';

const ALLPLAN = '/proptech_allplan';
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
    serverLoader: (route: string) => http.get<{ page: StoredPage }>(`${ALLPLAN}/serverLoader`, { route }, QUIET),
    website: (id: number | string) => http.get<{ page: StoredPage }>(`${ALLPLAN}/website/${encodeURIComponent(String(id))}`, undefined, QUIET),
    websiteQuery: (id: number | string, body: WebsiteQueryBody) =>
      http.post<QueryResult>(`${ALLPLAN}/website/${encodeURIComponent(String(id))}/query`, body, QUIET),
    datasets: () => http.get<DatasetInfo[]>(`${ALLPLAN}/dataset/list`, undefined, QUIET),
    query: (query: DatasetQuery) => http.post<QueryResult>(`${ALLPLAN}/dataset/query`, query, QUIET),
    distinct: (dataset: string, field: string, limit = 500) =>
      http.get<{ values: (string | number)[] }>(`${ALLPLAN}/dataset/distinct`, { dataset, field, limit }, QUIET),
    /** Function point codes of one module (`page` -> `page:*`) that the signed-in user holds. */
    heldPoints: (module: string) => http.post<string[]>(`${ALLPLAN}/resource/OrdinaryUser/functionPoints`, { module }, QUIET),
  };
}

export type PageApi = ReturnType<typeof pageApi>;
