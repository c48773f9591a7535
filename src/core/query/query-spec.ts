/**
 * The dataset query of schemas/meta/query.schema.json: rows mode (no measures: paged rows,
 * sorted and filtered) or aggregate mode (measures, optionally grouped by dimensions).
 * One shape for widgets now and for boards later; the server turns it into SQL.
 */
export type Aggregate = 'count' | 'sum' | 'avg' | 'min' | 'max' | 'countDistinct';
export type FilterOp = 'eq' | 'ne' | 'lt' | 'lte' | 'gt' | 'gte' | 'in' | 'between' | 'contains' | 'isNull';
export type DateBucket = 'day' | 'week' | 'month' | 'quarter' | 'year';

export interface QueryMeasure {
  /** Left out for `count`. */
  field?: string;
  agg: Aggregate;
  /** Name of the result column; default `${agg}_${field}` or `count`. */
  as?: string;
}

export interface QueryFilter {
  field: string;
  op: FilterOp;
  /** `in`: an array; `between`: [from, to] (either may be null); `isNull`: boolean. */
  value?: unknown;
}

export interface QuerySort {
  field: string;
  order?: 'asc' | 'desc';
}

export interface DatasetQuery {
  dataset: string;
  /** Fields to group by; a date field may carry a bucket: `date:month`. */
  dimensions?: string[];
  measures?: QueryMeasure[];
  filters?: QueryFilter[];
  sort?: QuerySort[];
  pageNum?: number;
  pageSize?: number;
  limit?: number;
}

export type DatasetFieldType = 'string' | 'number' | 'integer' | 'date' | 'datetime' | 'boolean';

export interface DatasetField {
  name: string;
  /** Shown as the column or series title; translated by the page when it has a key. */
  title: string;
  type: DatasetFieldType;
  /** A choice among a few values (a form's select, radio or switch; a record's status): a natural grouping. */
  choice?: boolean;
}

export interface DatasetInfo {
  code: string;
  name: string;
  fields: DatasetField[];
  /** Null for a registered SQL view, whose rows are known only by running it. */
  rowCount: number | null;
  /** A registered SQL view (`view_<id>`). */
  view?: true;
}

/** Rows mode answer: the wire contract's paging shape. */
export interface QueryRowsResult {
  list: Record<string, unknown>[];
  total: number;
  pageNum: number;
  pageSize: number;
}

/** Aggregate mode answer: one row per group, with dimension and measure columns. */
export interface QueryAggregateResult {
  rows: Record<string, unknown>[];
}

export const isAggregateQuery = (query: DatasetQuery): boolean => (query.measures?.length ?? 0) > 0;

/** Result column name of a measure. */
export function measureName(measure: QueryMeasure): string {
  if (measure.as) return measure.as;
  return measure.field ? `${measure.agg}_${measure.field}` : measure.agg;
}
