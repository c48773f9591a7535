import { sql, type RawBuilder, type SqlBool } from 'kysely';
import {
  FILTER_OPS_BY_KIND,
  SYSTEM_COLUMNS,
  filterKindOf,
  isSortableKind,
  type FilterKind,
  type FilterValue,
  type RecordFilter,
  type RecordSort,
  type SystemColumn,
} from '../../../core/contracts/record-query.ts';
import { RECORD_STATUSES } from '../../../core/contracts/record.ts';
import { DEFAULT_UTC_OFFSET_MINUTES } from '../../../core/forms/calendar.ts';
import { valueFields, type FieldDesign, type FormDesign } from '../../../core/forms/form-design.ts';
import type { Dialect } from '../../db/database.ts';
import { containsText } from '../../db/like.ts';
import { badRequest } from '../../errors.ts';
import { checkedKey, scalarFieldSql, valueSqlType } from './field-sql.ts';

/**
 * Record list filters and sorting compiled to SQL for both databases. A filter names a data
 * key of the form's current version or a system column; the key is checked against the
 * design before it reaches SQL (as a literal JSON path) and every value is a bound parameter.
 */

type Condition = RawBuilder<SqlBool>;
type Expr = RawBuilder<unknown>;

/** A filterable column: a field of the design or a system column, with its filter family. */
export interface QueryColumn {
  name: string;
  kind: FilterKind;
  field: FieldDesign | null;
}

const SYSTEM_SQL: Record<SystemColumn, string> = {
  number: 'form_record.number',
  title: 'form_record.title',
  status: 'form_record.status',
  createTime: 'form_record.create_time',
  updateTime: 'form_record.update_time',
  createdBy: 'form_record.created_by',
};

/** Columns of the design (and the system columns) by name. */
export function queryColumns(design: FormDesign): Map<string, QueryColumn> {
  const columns = new Map<string, QueryColumn>();
  for (const [name, kind] of Object.entries(SYSTEM_COLUMNS)) columns.set(name, { name, kind, field: null });
  for (const field of valueFields(design)) {
    const kind = filterKindOf(field);
    if (kind) columns.set(field.key, { name: field.key, kind, field });
  }
  return columns;
}

export interface QueryProblem {
  path: string;
  message: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const REGION_CODE = /^\d{6}$/;

/** Why a single value does not suit the column, or null. */
function scalarProblem(kind: FilterKind, value: unknown): string | null {
  switch (kind) {
    case 'text':
    case 'choice':
    case 'choices':
      return typeof value === 'string' ? null : 'must be a text';
    case 'number':
      return typeof value === 'number' ? null : 'must be a number';
    case 'id':
    case 'ids':
      return Number.isInteger(value) && (value as number) > 0 ? null : 'must be an id';
    case 'boolean':
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'date':
      return typeof value === 'string' && DATE.test(value) ? null : 'must be a date YYYY-MM-DD';
    case 'datetime':
      return typeof value === 'string' && (DATE.test(value) || DATE_TIME.test(value)) ? null : 'must be a date YYYY-MM-DD or an ISO date-time';
    case 'address':
      return typeof value === 'string' && REGION_CODE.test(value) ? null : 'must be a six-digit region code';
    case 'presence':
      return 'takes no value';
  }
}

/** Problems of one filter against the columns, with paths like `filters[2].value`. */
export function filterProblem(columns: ReadonlyMap<string, QueryColumn>, filter: RecordFilter, path: string): QueryProblem | null {
  const column = columns.get(filter.field);
  if (!column) return { path: `${path}.field`, message: `the form has no field "${filter.field}"` };
  if (!FILTER_OPS_BY_KIND[column.kind].includes(filter.op)) {
    return { path: `${path}.op`, message: `${filter.op} does not apply to ${column.name}; use ${FILTER_OPS_BY_KIND[column.kind].join(', ')}` };
  }
  const value = filter.value;
  if (filter.op === 'empty' || filter.op === 'notEmpty') {
    return value === undefined || value === null ? null : { path: `${path}.value`, message: `${filter.op} takes no value` };
  }
  const check = (v: unknown, at: string): QueryProblem | null => {
    const problem = scalarProblem(column.kind, v);
    return problem ? { path: at, message: problem } : null;
  };
  if (filter.op === 'in' || filter.op === 'notIn') {
    if (!Array.isArray(value)) return { path: `${path}.value`, message: 'must be a list' };
    for (const [i, v] of value.entries()) {
      const problem = check(v, `${path}.value[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (filter.op === 'between') {
    if (!Array.isArray(value) || value.length !== 2) return { path: `${path}.value`, message: 'must be [from, to] (null for an open end)' };
    for (const [i, v] of value.entries()) {
      const problem = v === null ? null : check(v, `${path}.value[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (column.name === 'status' && typeof value === 'string' && !(RECORD_STATUSES as readonly string[]).includes(value)) {
    return { path: `${path}.value`, message: `must be one of ${RECORD_STATUSES.join(', ')}` };
  }
  return check(value, `${path}.value`);
}

export function sortProblem(columns: ReadonlyMap<string, QueryColumn>, sort: RecordSort, path: string): QueryProblem | null {
  const column = columns.get(sort.field);
  if (!column) return { path: `${path}.field`, message: `the form has no field "${sort.field}"` };
  if (!isSortableKind(column.kind)) return { path: `${path}.field`, message: `${column.name} holds no single value to sort by` };
  return null;
}

/** 400 naming the first bad filter or sort entry. */
export function checkQuery(columns: ReadonlyMap<string, QueryColumn>, filters: readonly RecordFilter[], sort: readonly RecordSort[]): void {
  for (const [i, filter] of filters.entries()) {
    const problem = filterProblem(columns, filter, `filters[${i}]`);
    if (problem) throw badRequest(problem.path, problem.message);
  }
  for (const [i, entry] of sort.entries()) {
    const problem = sortProblem(columns, entry, `sort[${i}]`);
    if (problem) throw badRequest(problem.path, problem.message);
  }
}

// ---------------------------------------------------------------- SQL

/** The comparable value of a column: a system column, or a data field's scalar (also what plates group and measure). */
export function valueExpr(dialect: Dialect, column: QueryColumn): Expr {
  if (!column.field) {
    const ref = sql.ref(SYSTEM_SQL[column.name as SystemColumn]);
    return column.kind === 'text' && dialect === 'postgres' ? sql`(${ref} collate "C")` : ref;
  }
  return scalarFieldSql(dialect, 'form_record.data', column.field.key, valueSqlType(column.kind) ?? 'text');
}

const TIME_COLUMNS = new Set<string>(['createTime', 'updateTime']);

/**
 * A calendar day of the tenant (UTC+8, as record numbers count days) as the UTC instants that
 * bound it, so a day filter on the creation time compares stored UTC times directly.
 */
export function dayBounds(day: string): { start: string; end: string } {
  const start = Date.parse(`${day}T00:00:00.000Z`) - DEFAULT_UTC_OFFSET_MINUTES * 60_000;
  return { start: new Date(start).toISOString(), end: new Date(start + 86_400_000).toISOString() };
}

const isDay = (v: unknown): v is string => typeof v === 'string' && DATE.test(v);

/** Comparisons on a scalar; `time` columns hold UTC instants and turn plain days into bounds. */
function compareExpr(dialect: Dialect, column: QueryColumn, op: 'eq' | 'gt' | 'gte' | 'lt' | 'lte', raw: unknown): Condition {
  let value = valueExpr(dialect, column);
  let param: unknown = column.kind === 'boolean' ? (raw ? 1 : 0) : raw;
  if (TIME_COLUMNS.has(column.name) && isDay(raw)) {
    const { start, end } = dayBounds(raw);
    switch (op) {
      case 'eq':
        return sql<SqlBool>`(${value} >= ${start} and ${value} < ${end})`;
      case 'gt':
      case 'gte':
        return op === 'gt' ? sql<SqlBool>`${value} >= ${end}` : sql<SqlBool>`${value} >= ${start}`;
      case 'lt':
        return sql<SqlBool>`${value} < ${start}`;
      case 'lte':
        return sql<SqlBool>`${value} < ${end}`;
    }
  }
  // A date-time field compared with a plain day compares its own (local) day.
  if (column.kind === 'datetime' && isDay(raw)) value = sql`substr(${value}, 1, 10)`;
  else if (column.kind === 'datetime') param = raw;
  const operator = sql.raw({ eq: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' }[op]);
  return sql<SqlBool>`${value} ${operator} ${param}`;
}

/** The JSON of `data.<key>` (arrays and objects), null when absent. */
function jsonOf(dialect: Dialect, key: string): Expr {
  const name = checkedKey(key);
  return dialect === 'sqlite' ? sql`json_extract(form_record.data, ${sql.lit(`$.${name}`)})` : sql`(form_record.data -> ${sql.lit(name)})`;
}

/** Missing, null, '', [] or {} — the conditions' meaning of "empty" (src/core/forms/conditions.ts). */
function emptyExpr(dialect: Dialect, column: QueryColumn): Condition {
  if (!column.field) {
    const value = sql.ref(SYSTEM_SQL[column.name as SystemColumn]);
    return column.kind === 'text' ? sql<SqlBool>`(${value} is null or ${value} = '')` : sql<SqlBool>`${value} is null`;
  }
  const key = checkedKey(column.field.key);
  if (dialect === 'sqlite') {
    const path = sql.lit(`$.${key}`);
    const type = sql`json_type(form_record.data, ${path})`;
    const value = sql`json_extract(form_record.data, ${path})`;
    return sql<SqlBool>`(${type} is null or ${type} = 'null' or (${type} = 'text' and ${value} = '') or (${type} = 'array' and json_array_length(form_record.data, ${path}) = 0) or (${type} = 'object' and ${value} = '{}'))`;
  }
  const json = jsonOf(dialect, key);
  return sql<SqlBool>`(${json} is null or ${json} in ('null'::jsonb, '""'::jsonb, '[]'::jsonb, '{}'::jsonb))`;
}

/** Whether the array at `data.<key>` holds any of the values. */
function arrayHoldsAny(dialect: Dialect, key: string, values: readonly (string | number)[]): Condition {
  if (values.length === 0) return sql<SqlBool>`1 = 0`;
  if (dialect === 'sqlite') {
    const path = sql.lit(`$.${checkedKey(key)}`);
    return sql<SqlBool>`exists (select 1 from json_each(form_record.data, ${path}) where json_each.value in (${sql.join(values.map((v) => sql`${v}`))}))`;
  }
  const json = jsonOf(dialect, key);
  return sql<SqlBool>`(${sql.join(
    values.map((v) => sql`${json} @> ${JSON.stringify([v])}::jsonb`),
    sql` or `,
  )})`;
}

/** The most precise region code of an address starts with the region's code (trailing 00 pairs dropped). */
function addressUnder(dialect: Dialect, key: string, code: string): Condition {
  const prefix = `${code.replace(/(00)+$/, '')}%`;
  const name = checkedKey(key);
  if (dialect === 'sqlite') {
    const part = (p: string) => sql`json_extract(form_record.data, ${sql.lit(`$.${name}.${p}`)})`;
    return sql<SqlBool>`coalesce(${part('district')}, ${part('city')}, ${part('province')}) like ${prefix}`;
  }
  const part = (p: string) => sql`(form_record.data -> ${sql.lit(name)} ->> ${sql.lit(p)})`;
  return sql<SqlBool>`coalesce(${part('district')}, ${part('city')}, ${part('province')}) like ${prefix}`;
}

const listValue = (value: FilterValue | undefined) => (Array.isArray(value) ? value : []) as (string | number)[];

/** One checked filter as a condition. */
export function filterSql(dialect: Dialect, column: QueryColumn, filter: RecordFilter): Condition {
  const value = filter.value;
  switch (filter.op) {
    case 'empty':
      return emptyExpr(dialect, column);
    case 'notEmpty':
      return sql<SqlBool>`not ${emptyExpr(dialect, column)}`;
    case 'prefix':
      return addressUnder(dialect, column.field!.key, value as string);
    default:
  }
  if (column.kind === 'choices' || column.kind === 'ids') {
    const wanted = filter.op === 'contains' ? [value as string | number] : listValue(value);
    return arrayHoldsAny(dialect, column.field!.key, wanted);
  }
  const expr = valueExpr(dialect, column);
  switch (filter.op) {
    case 'eq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return compareExpr(dialect, column, filter.op, value);
    case 'ne':
      // Rows without a value are "not equal" too.
      return sql<SqlBool>`not coalesce(${compareExpr(dialect, column, 'eq', value)}, false)`;
    case 'between': {
      const [from, to] = listValue(value);
      const parts: Condition[] = [];
      if (from !== null && from !== undefined) parts.push(compareExpr(dialect, column, 'gte', from));
      if (to !== null && to !== undefined) parts.push(compareExpr(dialect, column, 'lte', to));
      return parts.length ? sql<SqlBool>`(${sql.join(parts, sql` and `)})` : sql<SqlBool>`1 = 1`;
    }
    case 'in':
    case 'notIn': {
      const list = listValue(value);
      const inList = list.length ? sql<SqlBool>`${expr} in (${sql.join(list.map((v) => sql`${v}`))})` : sql<SqlBool>`1 = 0`;
      return filter.op === 'in' ? inList : sql<SqlBool>`not coalesce(${inList}, false)`;
    }
    case 'contains':
      return containsText(expr, String(value));
  }
}

/** ORDER BY terms: rows without a value last either way; the newest first breaks ties. */
export function orderSql(dialect: Dialect, columns: ReadonlyMap<string, QueryColumn>, sort: readonly RecordSort[]): Expr[] {
  const terms = sort.map((entry) => {
    const direction = sql.raw(entry.order === 'desc' ? 'desc' : 'asc');
    return sql`${valueExpr(dialect, columns.get(entry.field)!)} ${direction} nulls last`;
  });
  if (sort.length === 0) terms.push(sql`form_record.create_time desc`);
  terms.push(sql`form_record.id desc`);
  return terms;
}

/** Keyword search over the title and the number, case-insensitive. */
export function keywordSql(keyword: string): Condition {
  return sql<SqlBool>`(${containsText(sql.ref('form_record.title'), keyword)} or ${containsText(sql`coalesce(form_record.number, '')`, keyword)})`;
}

