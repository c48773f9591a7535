import { sql, type SqlBool } from 'kysely';
import { checkDatasetQuery, parseFieldRef, unknownFieldMessage } from '../../../core/query/check-query.ts';
import {
  isAggregateQuery,
  measureName,
  type DatasetField,
  type DatasetInfo,
  type DatasetQuery,
  type QueryAggregateResult,
  type QueryRowsResult,
} from '../../../core/query/query-spec.ts';
import { PAGE_SIZE_DEFAULT } from '../../../core/envelope.ts';
import type { Dialect } from '../../db/database.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, notFound } from '../../errors.ts';
import { fieldExpr, filterExpr, measureExpr, orderTerm, outputValue, refExpr } from './query-compiler.ts';

/** A dataset of the scope's tenant with its parsed field list. */
export interface TenantDataset {
  id: number;
  code: string;
  name: string;
  fields: DatasetField[];
  rowCount: number;
}

/** Groups an aggregate query answers when it sets no `limit`. */
export const GROUPS_MAX = 10_000;

const parseData = (data: unknown): Record<string, unknown> =>
  (typeof data === 'string' ? JSON.parse(data) : data) as Record<string, unknown>;

export async function listDatasets(scope: TenantScope): Promise<TenantDataset[]> {
  const rows = await scope.selectFrom('dataset').selectAll().orderBy('id').execute();
  return rows.map((r) => ({ id: r.id, code: r.code, name: r.name, fields: JSON.parse(r.fields) as DatasetField[], rowCount: r.row_count }));
}

export const presentDataset = (d: TenantDataset): DatasetInfo => ({ code: d.code, name: d.name, fields: d.fields, rowCount: d.rowCount });

export async function findDataset(scope: TenantScope, code: string): Promise<TenantDataset | undefined> {
  const row = await scope.selectFrom('dataset').selectAll().where('code', '=', code).executeTakeFirst();
  return row && { id: row.id, code: row.code, name: row.name, fields: JSON.parse(row.fields) as DatasetField[], rowCount: row.row_count };
}

/** The tenant's datasets by code, for checking many queries at once (page saves). */
export async function datasetsByCode(scope: TenantScope): Promise<Map<string, TenantDataset>> {
  return new Map((await listDatasets(scope)).map((d) => [d.code, d]));
}

/** Runs a query: 404 for a dataset the tenant lacks, 400 naming the first bad path. */
export async function queryDataset(
  scope: TenantScope,
  dialect: Dialect,
  query: DatasetQuery,
): Promise<QueryRowsResult | QueryAggregateResult> {
  const dataset = await findDataset(scope, query.dataset);
  if (!dataset) throw notFound('Dataset');
  const [problem] = checkDatasetQuery(query, dataset);
  if (problem) throw badRequest(problem.path, problem.message);
  return runCheckedQuery(scope, dialect, dataset, query);
}

function baseQuery(scope: TenantScope, dialect: Dialect, dataset: TenantDataset, query: DatasetQuery) {
  const fields = new Map(dataset.fields.map((f) => [f.name, f]));
  let base = scope.selectFrom('dataset_row').where('dataset_row.dataset_id', '=', dataset.id);
  for (const filter of query.filters ?? []) base = base.where(filterExpr(dialect, fields.get(filter.field)!, filter));
  return { base, fields };
}

/** Runs a query that {@link checkDatasetQuery} passed. */
export async function runCheckedQuery(
  scope: TenantScope,
  dialect: Dialect,
  dataset: TenantDataset,
  query: DatasetQuery,
): Promise<QueryRowsResult | QueryAggregateResult> {
  return isAggregateQuery(query) ? runAggregate(scope, dialect, dataset, query) : runRows(scope, dialect, dataset, query);
}

async function runRows(scope: TenantScope, dialect: Dialect, dataset: TenantDataset, query: DatasetQuery): Promise<QueryRowsResult> {
  const { base, fields } = baseQuery(scope, dialect, dataset, query);
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
  let listQuery = base.select(['dataset_row.id', 'dataset_row.data']);
  for (const s of query.sort ?? []) listQuery = listQuery.orderBy(orderTerm(refExpr(dialect, fields, s.field), s.order));
  // Row id last, so equal sort values page in a stable order.
  listQuery = listQuery.orderBy('dataset_row.id').limit(pageSize).offset((pageNum - 1) * pageSize);
  const [rows, count] = await Promise.all([
    listQuery.execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((row) => {
    const data = parseData(row.data);
    return Object.fromEntries(dataset.fields.map((f) => [f.name, data[f.name] ?? null]));
  });
  return { list, total: Number(count.n), pageNum, pageSize };
}

async function runAggregate(scope: TenantScope, dialect: Dialect, dataset: TenantDataset, query: DatasetQuery): Promise<QueryAggregateResult> {
  const { base, fields } = baseQuery(scope, dialect, dataset, query);
  const dimensions = query.dimensions ?? [];
  const measures = query.measures ?? [];
  // Result columns are selected under positional aliases (c0, c1, ...) and renamed here,
  // since dimension names such as `created:month` are not plain identifiers.
  const columns = [
    ...dimensions.map((ref) => ({ name: ref, expr: refExpr(dialect, fields, ref), ref })),
    ...measures.map((m) => ({ name: measureName(m), expr: measureExpr(dialect, fields, m), ref: undefined })),
  ];
  let select = base.select(columns.map((c, i) => c.expr.as(`c${i}`)));
  for (const d of dimensions) select = select.groupBy(refExpr(dialect, fields, d));
  const byName = new Map(columns.map((c) => [c.name, c]));
  for (const s of query.sort ?? []) select = select.orderBy(orderTerm(byName.get(s.field)!.expr, s.order));
  // Without a sort, groups come in dimension order.
  if (!query.sort?.length) for (const d of dimensions) select = select.orderBy(orderTerm(refExpr(dialect, fields, d), 'asc'));
  const rows = (await select.limit(query.limit ?? GROUPS_MAX).execute()) as Record<string, unknown>[];
  return {
    rows: rows.map((row) =>
      Object.fromEntries(
        columns.map((c, i) => {
          const value = row[`c${i}`];
          if (c.ref === undefined) return [c.name, value ?? null];
          const { field, bucket } = parseFieldRef(c.ref);
          return [c.name, outputValue(fields.get(field), bucket !== undefined, value)];
        }),
      ),
    ),
  };
}

/** Distinct non-null values of a field, sorted, at most `limit`. */
export async function distinctValues(
  scope: TenantScope,
  dialect: Dialect,
  code: string,
  fieldName: string,
  limit: number,
): Promise<(string | number | boolean)[]> {
  const dataset = await findDataset(scope, code);
  if (!dataset) throw notFound('Dataset');
  const field = dataset.fields.find((f) => f.name === fieldName);
  if (!field) throw badRequest('field', unknownFieldMessage(fieldName, code));
  const value = fieldExpr(dialect, field);
  const rows = (await scope
    .selectFrom('dataset_row')
    .where('dataset_row.dataset_id', '=', dataset.id)
    .where(sql<SqlBool>`${value} is not null`)
    .select(value.as('value'))
    .distinct()
    .orderBy(orderTerm(value, 'asc'))
    .limit(limit)
    .execute()) as { value: unknown }[];
  return rows.map((r) => outputValue(field, false, r.value) as string | number | boolean);
}
