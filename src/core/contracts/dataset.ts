import querySchema from '../../../schemas/meta/query.schema.json';
import { ALLPLAN_PREFIX, idSchema, strictObject, type JsonSchema, type Validated } from './common.ts';
import type { ResultColumn } from '../query/query-spec.ts';

/**
 * Request schemas of the dataset API and of public website queries, built from the query
 * meta-schema (schemas/meta/query.schema.json) so the wire and stored widget queries agree.
 */

// The meta-schema's $id would clash when one ajv instance compiles it twice.
const { $id: _metaId, ...queryShape } = querySchema;

/** The dataset endpoints that widgets and the editors query. */
export const DATASET_PATHS = {
  list: `${ALLPLAN_PREFIX}/dataset/list`,
  query: `${ALLPLAN_PREFIX}/dataset/query`,
  distinct: `${ALLPLAN_PREFIX}/dataset/distinct`,
} as const;

export const datasetQueryBody: JsonSchema = queryShape;

export const DISTINCT_LIMIT_DEFAULT = 200;
export const DISTINCT_LIMIT_MAX = 1000;

export const datasetDistinctQuery = strictObject(
  {
    dataset: querySchema.properties.dataset,
    field: querySchema.properties.filters.items.properties.field,
    limit: { type: 'integer', minimum: 1, maximum: DISTINCT_LIMIT_MAX, default: DISTINCT_LIMIT_DEFAULT },
  },
  ['dataset', 'field'],
);
export interface DatasetDistinctQuery {
  dataset: string;
  field: string;
  limit: number;
}

export interface DatasetDistinctResult {
  values: (string | number | boolean)[];
  /** What the values are (option labels, people's names, type), so a picker shows them as the form does. */
  column?: ResultColumn;
}

export const websiteParams = strictObject({ id: idSchema }, ['id']);
export type WebsiteParams = Validated<typeof websiteParams>;

/** A public website's widget query: the stored widget query plus the visitor's filters, sort and paging. */
export const websiteQueryBody = strictObject(
  {
    widgetId: { type: 'string', minLength: 1, maxLength: 64 },
    filters: querySchema.properties.filters,
    sort: querySchema.properties.sort,
    pageNum: querySchema.properties.pageNum,
    pageSize: querySchema.properties.pageSize,
  },
  ['widgetId'],
);
