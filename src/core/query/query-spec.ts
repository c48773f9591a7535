/**
 * The dataset query of schemas/meta/query.schema.json: rows mode (no measures: paged rows,
 * sorted and filtered) or aggregate mode (measures, optionally grouped by dimensions).
 * One shape for widgets now and for boards later; the server turns it into SQL.
 */
import type { LocalText } from '../local-text.ts';

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

/** A record's own columns, which every form's records have: their titles and statuses are in the reader's language. */
export const RECORD_COLUMNS = ['number', 'title', 'status', 'createTime', 'updateTime', 'createdBy'] as const;
export type RecordColumn = (typeof RECORD_COLUMNS)[number];

export interface DatasetField {
  name: string;
  /** Shown as the column or series title (a form field's label). */
  title: LocalText;
  type: DatasetFieldType;
  /** A choice among a few values (a form's select, radio or switch; a record's status): a natural grouping. */
  choice?: boolean;
  /** A record's own column (`createTime`), named in the reader's language. */
  record?: true;
  /** Its values are ids of people (a member field, `createdBy`) or departments: shown by name. */
  refers?: 'user' | 'department';
  /** The words of its stored values: a choice field's option labels by value. */
  labels?: Record<string, LocalText>;
}

export interface DatasetInfo {
  code: string;
  /** A form's name is a text per language or one for all; a dataset's or a view's one string. */
  name: LocalText;
  fields: DatasetField[];
  /** Null for a registered SQL view, whose rows are known only by running it. */
  rowCount: number | null;
  /** A registered SQL view (`view_<id>`). */
  view?: true;
}

/**
 * What a column of an answer holds, so a reader sees it as the form shows it: its field's
 * title, option labels and people's names for stored codes and ids, its type for dates and numbers.
 */
export interface ResultColumn {
  /** The column's name in the rows: a field, a dimension (`reportedAt:month`) or a measure's name. */
  name: string;
  /** The field's title (for a measure: the title of the field it measures, if any). */
  title: LocalText;
  type: DatasetFieldType;
  /** A dimension's date bucket. */
  bucket?: DateBucket;
  record?: true;
  refers?: 'user' | 'department';
  /** Stored value -> its words: option labels, people's and departments' names. */
  labels?: Record<string, LocalText>;
  /** A measure's aggregate (its `field` is the column `title` names). */
  agg?: Aggregate;
}

/** Rows mode answer: the wire contract's paging shape. */
export interface QueryRowsResult {
  list: Record<string, unknown>[];
  total: number;
  pageNum: number;
  pageSize: number;
  /** What each field holds (every field of the dataset). */
  columns?: ResultColumn[];
}

/** Aggregate mode answer: one row per group, with dimension and measure columns. */
export interface QueryAggregateResult {
  rows: Record<string, unknown>[];
  /** What each dimension and measure holds, in the query's order. */
  columns?: ResultColumn[];
}

export const isAggregateQuery = (query: DatasetQuery): boolean => (query.measures?.length ?? 0) > 0;

/** Result column name of a measure. */
export function measureName(measure: QueryMeasure): string {
  if (measure.as) return measure.as;
  return measure.field ? `${measure.agg}_${measure.field}` : measure.agg;
}
