import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { parseFieldRef } from '../../../core/query/check-query.ts';
import type { DatasetField, DateBucket, QueryFilter, QueryMeasure } from '../../../core/query/query-spec.ts';
import type { Dialect } from '../../db/database.ts';
import { containsText } from '../../db/like.ts';

/**
 * SQL pieces for dataset queries, the same results on SQLite and PostgreSQL. Field names
 * reach SQL only as string literals of JSON paths, and only names taken from the
 * dataset's own field list (checked against a strict pattern again here); every filter
 * value is a bound parameter. Text is compared byte-wise on both databases (SQLite's
 * BINARY, PostgreSQL's "C" collation), so sorting and ranges agree.
 */

const SAFE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export type Expr = RawBuilder<unknown>;

/** The SQL value of a checked field in the source being queried (a dataset's rows, a form's records). */
export type ValueOf = (field: DatasetField) => Expr;

function jsonPath(field: DatasetField): string {
  if (!SAFE_NAME.test(field.name)) throw new Error(`Dataset field name "${field.name}" is not a plain identifier`);
  return field.name;
}

/** The value of a field in `dataset_row.data`: numbers as numbers, booleans as 1/0, the rest as text. */
export function fieldExpr(dialect: Dialect, field: DatasetField): Expr {
  const name = jsonPath(field);
  if (dialect === 'sqlite') {
    const path = sql.lit(`$.${name}`);
    if (field.type === 'boolean') {
      return sql`(case json_type(dataset_row.data, ${path}) when 'true' then 1 when 'false' then 0 end)`;
    }
    return sql`json_extract(dataset_row.data, ${path})`;
  }
  const key = sql.lit(name);
  switch (field.type) {
    case 'number':
    case 'integer':
      return sql`cast(dataset_row.data ->> ${key} as double precision)`;
    case 'boolean':
      return sql`(case dataset_row.data ->> ${key} when 'true' then 1 when 'false' then 0 end)`;
    default:
      return sql`((dataset_row.data ->> ${key}) collate "C")`;
  }
}

/** A date or datetime (ISO text) cut to a bucket: `YYYY-MM-DD` (day, Monday of the week), `YYYY-MM`, `YYYY-Qn`, `YYYY`. */
export function bucketExpr(dialect: Dialect, value: Expr, bucket: DateBucket): Expr {
  switch (bucket) {
    case 'day':
      return sql`substr(${value}, 1, 10)`;
    case 'month':
      return sql`substr(${value}, 1, 7)`;
    case 'year':
      return sql`substr(${value}, 1, 4)`;
    case 'quarter':
      return sql`(substr(${value}, 1, 4) || '-Q' || cast((cast(substr(${value}, 6, 2) as integer) + 2) / 3 as text))`;
    case 'week':
      return dialect === 'sqlite'
        ? sql`date(substr(${value}, 1, 10), '-' || ((cast(strftime('%w', substr(${value}, 1, 10)) as integer) + 6) % 7) || ' days')`
        : sql`(to_char(date_trunc('week', cast(substr(${value}, 1, 10) as date)), 'YYYY-MM-DD') collate "C")`;
  }
}

/** A field reference as written in a query (`building`, `created:month`) for a field of the dataset. */
export function refExpr(dialect: Dialect, valueOf: ValueOf, fields: ReadonlyMap<string, DatasetField>, ref: string): Expr {
  const { field, bucket } = parseFieldRef(ref);
  const found = fields.get(field);
  if (!found) throw new Error(`unchecked field ${field}`);
  const value = valueOf(found);
  return bucket ? bucketExpr(dialect, value, bucket) : value;
}

const booleanValue = (field: DatasetField, value: unknown) => (field.type === 'boolean' ? (value ? 1 : 0) : value);

/** One checked filter as a condition on the field's value. */
export function filterExpr(fieldValue: Expr, field: DatasetField, filter: QueryFilter): RawBuilder<SqlBool> {
  let value = fieldValue;
  const param = (v: unknown) => booleanValue(field, v);
  // A datetime compared with a plain date compares its day, so `lte 2026-01-31` keeps that whole day.
  const plainDates = (v: unknown) => typeof v === 'string' && v.length === 10;
  const values = Array.isArray(filter.value) ? (filter.value as unknown[]) : [filter.value];
  if (field.type === 'datetime' && filter.op !== 'contains' && filter.op !== 'isNull' && values.some(plainDates)) {
    value = sql`substr(${value}, 1, 10)`;
  }
  switch (filter.op) {
    case 'eq':
      return sql<SqlBool>`${value} = ${param(filter.value)}`;
    case 'ne':
      // Rows without a value are "not equal" too.
      return sql<SqlBool>`(${value} is null or ${value} <> ${param(filter.value)})`;
    case 'lt':
      return sql<SqlBool>`${value} < ${param(filter.value)}`;
    case 'lte':
      return sql<SqlBool>`${value} <= ${param(filter.value)}`;
    case 'gt':
      return sql<SqlBool>`${value} > ${param(filter.value)}`;
    case 'gte':
      return sql<SqlBool>`${value} >= ${param(filter.value)}`;
    case 'in': {
      const list = filter.value as unknown[];
      if (list.length === 0) return sql<SqlBool>`1 = 0`;
      return sql<SqlBool>`${value} in (${sql.join(list.map(param))})`;
    }
    case 'between': {
      const [from, to] = filter.value as [unknown, unknown];
      const parts: RawBuilder<SqlBool>[] = [];
      if (from !== null) parts.push(sql<SqlBool>`${value} >= ${param(from)}`);
      if (to !== null) parts.push(sql<SqlBool>`${value} <= ${param(to)}`);
      return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
    }
    case 'contains':
      return containsText(value, String(filter.value));
    case 'isNull':
      return filter.value === false ? sql<SqlBool>`${value} is not null` : sql<SqlBool>`${value} is null`;
  }
}

const AGGREGATE_FUNCTIONS = { sum: 'sum', avg: 'avg', min: 'min', max: 'max' } as const;

/** An aggregate over the checked field; numeric results come back as JS numbers on both databases. */
export function measureExpr(dialect: Dialect, valueOf: ValueOf, fields: ReadonlyMap<string, DatasetField>, measure: QueryMeasure): Expr {
  if (measure.field === undefined) return sql`count(*)`;
  const field = fields.get(measure.field);
  if (!field) throw new Error(`unchecked field ${measure.field}`);
  const value = valueOf(field);
  switch (measure.agg) {
    case 'count':
      return sql`count(${value})`;
    case 'countDistinct':
      return sql`count(distinct ${value})`;
    default: {
      const fn = sql.raw(AGGREGATE_FUNCTIONS[measure.agg]);
      const numeric = field.type === 'number' || field.type === 'integer' || field.type === 'boolean';
      // PostgreSQL answers avg and sum of integers as numeric, which its driver hands over as text.
      return numeric && dialect === 'postgres' ? sql`cast(${fn}(${value}) as double precision)` : sql`${fn}(${value})`;
    }
  }
}

/** An ORDER BY term; rows without a value go last either way, as they do on PostgreSQL by default for asc. */
export const orderTerm = (value: Expr, order: 'asc' | 'desc' | undefined) =>
  sql`${value} ${sql.raw(order === 'desc' ? 'desc' : 'asc')} nulls last`;

/** Turns stored 1/0 back into booleans for boolean fields; numbers and text pass through. */
export function outputValue(field: DatasetField | undefined, bucketed: boolean, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (!field || bucketed) return value;
  if (field.type === 'boolean') return value === 1 || value === true || value === '1';
  if ((field.type === 'number' || field.type === 'integer') && typeof value === 'string') return Number(value);
  return value;
}
