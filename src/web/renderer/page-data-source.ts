import type { WidgetConfig } from '../../core/pages/page-config.ts';
import type { DatasetFieldType, DatasetQuery, QueryFilter, QuerySort } from '../../core/query/query-spec.ts';
import type { PageApi, QueryResult } from '../api/page-endpoints.ts';
import type { DatasetDistinctResult } from '../../core/contracts/dataset.ts';

/** What the renderer adds to a widget's own query: the page filters that apply, plus a widget's override. */
export interface QueryExtras {
  filters: QueryFilter[];
  sort?: QuerySort[];
  pageNum?: number;
  pageSize?: number;
}

/** dataset code -> field name -> type. */
export type DatasetFields = ReadonlyMap<string, ReadonlyMap<string, DatasetFieldType>>;

/**
 * Where a page's widgets get their data. Signed-in pages query datasets directly; a public
 * website can only run its stored widgets' own queries, narrowed by filters, sort and paging.
 */
export interface PageDataSource {
  /** Runs a widget's data: `query` is widget.data with `extras` merged in. */
  run(widget: WidgetConfig, query: DatasetQuery, extras: QueryExtras): Promise<QueryResult>;
  /** Distinct values of a field and what they are, for select filters without fixed options. */
  distinct(dataset: string, field: string): Promise<DatasetDistinctResult>;
  /** The fields of every dataset, or null where the source cannot tell (public websites). */
  datasetFields(): Promise<DatasetFields | null>;
  /** The function point codes of these modules that the reader holds. */
  heldPoints(modules: readonly string[]): Promise<ReadonlySet<string>>;
}

/** The data source of signed-in pages: `dataset/*` with the user's token. */
export function signedInDataSource(api: PageApi): PageDataSource {
  let fields: Promise<DatasetFields> | null = null;
  return {
    run: (_widget, query) => api.query(query),
    distinct: (dataset, field) => api.distinct(dataset, field),
    datasetFields() {
      // Loaded once per page; a failure is forgotten so that the next page asks again.
      fields ??= api.datasets().then(
        (list) => new Map(list.map((info) => [info.code, new Map(info.fields.map((f) => [f.name, f.type]))])),
        (failure: unknown) => {
          fields = null;
          throw failure;
        },
      );
      return fields;
    },
    async heldPoints(modules) {
      const lists = await Promise.all(modules.map((module) => api.heldPoints(module)));
      return new Set(lists.flat());
    },
  };
}

/** The data source of a public website: `website/{id}/query` without a token; nobody holds function points there. */
export function websiteDataSource(api: PageApi, websiteId: number | string): PageDataSource {
  return {
    run: (widget, _query, extras) => api.websiteQuery(websiteId, { widgetId: widget.id, ...extras }),
    distinct: () => Promise.reject(new Error('Distinct values are not available on a public website')),
    datasetFields: () => Promise.resolve(null),
    heldPoints: () => Promise.resolve(new Set<string>()),
  };
}
