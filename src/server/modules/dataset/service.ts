import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { BiViewColumn } from '../../../core/contracts/bi.ts';
import type { DatasetDistinctResult } from '../../../core/contracts/dataset.ts';
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
import { textIn, type LocalText } from '../../../core/local-text.ts';
import type { ViewRunner } from '../../db/confined-reads.ts';
import type { Database, Dialect } from '../../db/database.ts';
import { ReadTimedOut } from '../../db/sqlite-reads.ts';
import type { DB } from '../../db/schema.ts';
import type { Services } from '../../services.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, forbidden, notFound, queryTimedOut } from '../../errors.ts';
import { policy } from '../../access/policies.ts';
import { currentVersionOf, formNameOf, type FormRow } from '../form/service.ts';
import type { FormVersionCache } from '../form/versions.ts';
import type { RecordContext } from '../record/service.ts';
import type { QueryResultCache } from './query-cache.ts';
import { aggregateColumns, rowColumns, withNames } from './result-columns.ts';
import { filterExpr, measureExpr, orderTerm, outputValue, refExpr } from './query-compiler.ts';
import {
  formDatasetCode,
  formDatasetFields,
  formIdOfCode,
  formRecordCounts,
  formSourceQuery,
  readsFormSource,
  rowsSourceQuery,
  type DatasetSource,
  type SourceQuery,
} from './sources.ts';
import { datasetRelationName, formRelationName, readsRelation, viewDatasetCode, viewIdOfCode, viewSourceQuery, type ViewRelation } from './view-source.ts';

/** A dataset of the scope's tenant with its parsed field list and where its rows live. */
export interface TenantDataset {
  code: string;
  /** A form's name is a text per language or one for all. */
  name: LocalText;
  fields: DatasetField[];
  source: DatasetSource;
}

/** Groups an aggregate query answers when it sets no `limit`. */
export const GROUPS_MAX = 10_000;

const rowsDataset = (r: { id: number; code: string; name: string; fields: string }): TenantDataset => ({
  code: r.code,
  name: r.name,
  fields: JSON.parse(r.fields) as DatasetField[],
  source: { kind: 'rows', datasetId: r.id },
});

async function storedDatasets(scope: TenantScope): Promise<TenantDataset[]> {
  return (await scope.selectFrom('dataset').select(['id', 'code', 'name', 'fields']).orderBy('id').execute()).map(rowsDataset);
}

async function formDataset(scope: TenantScope, versions: FormVersionCache, form: FormRow): Promise<TenantDataset> {
  const version = await currentVersionOf(scope, versions, form);
  return { code: formDatasetCode(form.id), name: formNameOf(form), fields: formDatasetFields(version), source: { kind: 'form', form, version } };
}

/** The tenant's stored datasets and its published forms' records: what views read. */
export async function baseDatasets(scope: TenantScope, versions: FormVersionCache): Promise<TenantDataset[]> {
  const stored = await storedDatasets(scope);
  const forms = await scope.selectFrom('form').selectAll().where('current_version', 'is not', null).orderBy('id').execute();
  return [...stored, ...(await Promise.all(forms.map((form) => formDataset(scope, versions, form))))];
}

/** A stored dataset or a form's records as a relation a view reads. */
export function viewRelationOf(dataset: TenantDataset): ViewRelation {
  const { source } = dataset;
  if (source.kind === 'form') return { name: formRelationName(source.form.id), title: dataset.name, fields: dataset.fields, kind: 'form', form: source.form, version: source.version };
  if (source.kind === 'rows') return { name: datasetRelationName(dataset.code), title: dataset.name, fields: dataset.fields, kind: 'dataset', datasetId: source.datasetId };
  throw new Error('A view does not read another view');
}

/** The relations views may read among these datasets, by name. */
export const relationsByName = (datasets: readonly TenantDataset[]) => new Map(datasets.map(viewRelationOf).map((r) => [r.name, r]));

type ViewRow = Selectable<DB['bi_view']>;

function viewDataset(row: ViewRow, available: ReadonlyMap<string, ViewRelation>): TenantDataset {
  const names = JSON.parse(row.relations) as string[];
  const columns = JSON.parse(row.columns) as BiViewColumn[];
  return {
    code: viewDatasetCode(row.id),
    name: row.name,
    fields: columns.map((c) => ({ name: c.name, title: c.name, type: c.type })),
    source: {
      kind: 'view',
      view: { id: row.id, name: row.name, sql: row.sql_text, revision: row.revision },
      relations: names.flatMap((n) => available.get(n) ?? []),
      missing: names.filter((n) => !available.has(n)),
    },
  };
}

/** The tenant's stored datasets, its published forms' records, then its registered views. */
export async function listDatasets(scope: TenantScope, versions: FormVersionCache): Promise<TenantDataset[]> {
  const base = await baseDatasets(scope, versions);
  const views = await scope.selectFrom('bi_view').selectAll().orderBy('id').execute();
  const relations = relationsByName(base);
  return [...base, ...views.map((row) => viewDataset(row, relations))];
}

/** The relations of these names the tenant has (a form must be published), for a view that reads them. */
async function relationsNamed(scope: TenantScope, versions: FormVersionCache, names: readonly string[]): Promise<Map<string, ViewRelation>> {
  // A form's relation is named as its dataset code is.
  const formIds = names.flatMap((n) => formIdOfCode(n) ?? []);
  const datasetNames = new Set(names.filter((n) => n.startsWith('ds_')));
  const forms = formIds.length
    ? await scope.selectFrom('form').selectAll().where('id', 'in', formIds).where('current_version', 'is not', null).execute()
    : [];
  const datasets = [
    ...(datasetNames.size ? (await storedDatasets(scope)).filter((d) => datasetNames.has(datasetRelationName(d.code))) : []),
    ...(await Promise.all(forms.map((form) => formDataset(scope, versions, form)))),
  ];
  return relationsByName(datasets);
}

/** A registered view of the tenant as a dataset, with the relations it reads resolved. */
export async function findViewDataset(scope: TenantScope, versions: FormVersionCache, viewId: number): Promise<TenantDataset | undefined> {
  const row = await scope.selectFrom('bi_view').selectAll().where('id', '=', viewId).executeTakeFirst();
  if (!row) return undefined;
  return viewDataset(row, await relationsNamed(scope, versions, JSON.parse(row.relations) as string[]));
}

/** What the dataset list shows: fields and how many rows (records) each has. */
export async function presentDatasets(scope: TenantScope, datasets: readonly TenantDataset[]): Promise<DatasetInfo[]> {
  const ids = datasets.flatMap((d) => (d.source.kind === 'rows' ? [d.source.datasetId] : []));
  const rowCounts = ids.length
    ? new Map((await scope.selectFrom('dataset').select(['id', 'row_count']).where('id', 'in', ids).execute()).map((r) => [r.id, r.row_count]))
    : new Map<number, number>();
  const recordCounts = datasets.some((d) => d.source.kind === 'form') ? await formRecordCounts(scope) : new Map<number, number>();
  const rowCount = ({ source }: TenantDataset) => {
    if (source.kind === 'rows') return rowCounts.get(source.datasetId) ?? 0;
    // A view's rows are known only by running it.
    return source.kind === 'form' ? (recordCounts.get(source.form.id) ?? 0) : null;
  };
  return datasets.map((d) => ({ code: d.code, name: d.name, fields: d.fields, rowCount: rowCount(d), ...(d.source.kind === 'view' ? { view: true } : {}) }));
}

/** A stored dataset of the tenant (not a form's records: those are read with a caller's rights). */
export async function findRowsDataset(scope: TenantScope, code: string): Promise<TenantDataset | undefined> {
  const row = await scope.selectFrom('dataset').select(['id', 'code', 'name', 'fields']).where('code', '=', code).executeTakeFirst();
  return row && rowsDataset(row);
}

/** A dataset by code: stored, a published form's records, or a registered view. */
export async function findDataset(scope: TenantScope, versions: FormVersionCache, code: string): Promise<TenantDataset | undefined> {
  const viewId = viewIdOfCode(code);
  if (viewId !== null) return findViewDataset(scope, versions, viewId);
  const formId = formIdOfCode(code);
  if (formId === null) return findRowsDataset(scope, code);
  const form = await versions.form(scope, formId);
  if (!form || form.current_version === null) return undefined;
  return formDataset(scope, versions, form);
}

const byCode = (datasets: readonly TenantDataset[]) => new Map(datasets.map((d) => [d.code, d]));

/** The tenant's datasets by code, forms' records included, for checking many queries at once (page saves). */
export async function datasetsByCode(scope: TenantScope, versions: FormVersionCache): Promise<Map<string, TenantDataset>> {
  return byCode(await listDatasets(scope, versions));
}

/** The stored datasets only, by code: what a public website may show. */
export async function storedDatasetsByCode(scope: TenantScope): Promise<Map<string, TenantDataset>> {
  return byCode(await storedDatasets(scope));
}

/**
 * A form's records are read as its data list reads them: 404 for a form not open to the caller
 * (another workspace's), 403 without its read points. A view is read by whoever may read
 * every form it reads (each inside their own data scope); one that reads a relation gone
 * since it was saved answers 400 saying which.
 */
function requireSourceReader(ctx: RecordContext, dataset: TenantDataset): void {
  const { source } = dataset;
  if (source.kind === 'rows') return;
  if (source.kind === 'view') {
    if (source.missing.length) {
      throw badRequest('dataset', `The view "${source.view.name}" reads ${source.missing.join(', ')}, which no longer exists; change the view in the BI settings`);
    }
    const unreadable = source.relations.find((r) => !readsRelation(ctx, r));
    if (unreadable) throw forbidden(`The view "${source.view.name}" reads ${unreadable.name} (${textIn(unreadable.title, 'en')}), whose records you may not read`);
    return;
  }
  const { form, version } = source;
  if (!policy.form.open(ctx.access, form)) throw notFound('Dataset');
  if (!readsFormSource(ctx, form, version)) throw forbidden();
}

/** Whether the caller may read the dataset at all (the dataset list shows no other). */
export function readsDataset(ctx: RecordContext, dataset: TenantDataset): boolean {
  const { source } = dataset;
  if (source.kind === 'rows') return true;
  if (source.kind === 'form') return readsFormSource(ctx, source.form, source.version);
  return source.relations.every((r) => readsRelation(ctx, r));
}

/** Where a signed-in caller's query reads, once their right to read it is checked. */
export function sourceQueryFor(ctx: RecordContext, dataset: TenantDataset): SourceQuery {
  requireSourceReader(ctx, dataset);
  const { source } = dataset;
  if (source.kind === 'rows') return rowsSourceQuery(ctx.scope, ctx.dialect, source.datasetId);
  if (source.kind === 'view') return viewSourceQuery(ctx, source.view.sql, source.relations);
  return formSourceQuery(ctx, source.form, source.version);
}

/**
 * Runs a signed-in caller's query: 404 for a dataset the tenant lacks, 400 naming the first
 * bad path; a repeat of an answered query over unchanged data comes from the cache.
 */
export async function queryDataset(
  ctx: RecordContext,
  options: { cache: QueryResultCache; limit: QueryLimit },
  query: DatasetQuery,
): Promise<QueryRowsResult | QueryAggregateResult> {
  const dataset = await findDataset(ctx.scope, ctx.versions, query.dataset);
  if (!dataset) throw notFound('Dataset');
  const [problem] = checkDatasetQuery(query, dataset);
  if (problem) throw badRequest(problem.path, problem.message);
  // Rights first: a cached answer is only ever handed to a caller who may read the source.
  requireSourceReader(ctx, dataset);
  const { cache, limit } = options;
  const answer = await cache.through(cache.key(ctx.scope.tenantId, dataset, ctx.access, query), () =>
    withTimeLimit(ctx, limit, (limited) => runCheckedQuery(sourceQueryFor(limited, dataset), ctx.dialect, dataset, query)),
  );
  // Names are read at each answer, so a renamed person reads right before the data changes.
  return withNames(ctx.scope, answer);
}

const QUERY_CANCELED = '57014';

/** How long a dataset query may run, (SQLite) where reads that can be stopped run, and where views run. */
export interface QueryLimit {
  timeoutMs: number;
  readsWithin: Database['readsWithin'];
  views: Database['views'];
}

export const queryLimitOf = (services: Pick<Services, 'config' | 'readsWithin' | 'views'>): QueryLimit => ({
  timeoutMs: services.config.queryTimeoutMs,
  readsWithin: services.readsWithin,
  views: services.views,
});

/** A view's reads under the limit: its relations read through `trusted`, its own SQL confined (see confined-reads.ts). */
function viewRunner(views: Database['views'], deadline: number, trusted: Kysely<DB>): ViewRunner {
  return {
    rows: (run) => views.rows(run, deadline, async (query) => (await trusted.executeQuery(query)).rows),
    describe: (query) => views.describe(query, deadline),
  };
}

/**
 * Runs the statements under a time limit, read only. PostgreSQL stops a statement past
 * `statement_timeout`, set for a read-only transaction of its own. SQLite's driver cannot be
 * interrupted, so there the reads run in a separate read-only process that is stopped at
 * the limit (see sqlite-reads.ts). Registered views run confined, under the same limit.
 */
export async function withTimeLimit<T>(ctx: RecordContext, limit: QueryLimit, run: (limited: RecordContext) => Promise<T>): Promise<T> {
  const { timeoutMs, readsWithin, views } = limit;
  const deadline = Date.now() + timeoutMs;
  if (ctx.dialect !== 'postgres') {
    const reads = readsWithin?.(timeoutMs) ?? ctx.scope.db;
    try {
      return await run({ ...ctx, scope: ctx.scope.with(reads), views: viewRunner(views, deadline, reads) });
    } catch (error) {
      if (error instanceof ReadTimedOut) throw queryTimedOut(timeoutMs);
      throw error;
    }
  }
  try {
    return await ctx.scope.db.transaction().execute(async (trx) => {
      // Dataset queries only read: a registered view's SQL could not write even past its checks.
      await sql`set transaction read only`.execute(trx);
      await sql`set local statement_timeout = ${sql.lit(Math.max(1, Math.round(timeoutMs)))}`.execute(trx);
      return run({ ...ctx, scope: ctx.scope.with(trx), views: viewRunner(views, deadline, trx) });
    });
  } catch (error) {
    if ((error as { code?: unknown }).code === QUERY_CANCELED) throw queryTimedOut(timeoutMs);
    throw error;
  }
}

/** Runs a query that {@link checkDatasetQuery} passed. */
export async function runCheckedQuery(
  source: SourceQuery,
  dialect: Dialect,
  dataset: TenantDataset,
  query: DatasetQuery,
): Promise<QueryRowsResult | QueryAggregateResult> {
  const fields = new Map(dataset.fields.map((f) => [f.name, f]));
  let base = source.base;
  for (const filter of query.filters ?? []) base = base.where(filterExpr(source.valueOf(fields.get(filter.field)!), fields.get(filter.field)!, filter));
  const filtered = { ...source, base };
  return isAggregateQuery(query) ? runAggregate(filtered, dialect, fields, query) : runRows(filtered, dialect, dataset, fields, query);
}

type FieldMap = ReadonlyMap<string, DatasetField>;

async function runRows(source: SourceQuery, dialect: Dialect, dataset: TenantDataset, fields: FieldMap, query: DatasetQuery): Promise<QueryRowsResult> {
  const pageNum = query.pageNum ?? 1;
  const pageSize = query.pageSize ?? PAGE_SIZE_DEFAULT;
  let listQuery = source.base.select(dataset.fields.map((f, i) => source.valueOf(f).as(`c${i}`)));
  for (const s of query.sort ?? []) listQuery = listQuery.orderBy(orderTerm(refExpr(dialect, source.valueOf, fields, s.field), s.order));
  // Row id last, so equal sort values page in a stable order.
  if (source.idColumn) listQuery = listQuery.orderBy(sql.ref(source.idColumn));
  listQuery = listQuery.limit(pageSize).offset((pageNum - 1) * pageSize);
  const [rows, count] = await Promise.all([
    listQuery.execute() as Promise<Record<string, unknown>[]>,
    source.base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const list = rows.map((row) => Object.fromEntries(dataset.fields.map((f, i) => [f.name, outputValue(f, false, row[`c${i}`])])));
  return { list, total: Number(count.n), pageNum, pageSize, columns: rowColumns(dataset.fields) };
}

async function runAggregate(source: SourceQuery, dialect: Dialect, fields: FieldMap, query: DatasetQuery): Promise<QueryAggregateResult> {
  const dimensions = query.dimensions ?? [];
  const measures = query.measures ?? [];
  const ref = (r: string) => refExpr(dialect, source.valueOf, fields, r);
  // Result columns are selected under positional aliases (c0, c1, ...) and renamed here,
  // since dimension names such as `created:month` are not plain identifiers.
  const columns = [
    ...dimensions.map((r) => ({ name: r, expr: ref(r), ref: r })),
    ...measures.map((m) => ({ name: measureName(m), expr: measureExpr(dialect, source.valueOf, fields, m), ref: undefined })),
  ];
  let select = source.base.select(columns.map((c, i) => c.expr.as(`c${i}`)));
  for (const d of dimensions) select = select.groupBy(ref(d));
  const byName = new Map(columns.map((c) => [c.name, c]));
  for (const s of query.sort ?? []) select = select.orderBy(orderTerm(byName.get(s.field)!.expr, s.order));
  // Without a sort, groups come in dimension order.
  if (!query.sort?.length) for (const d of dimensions) select = select.orderBy(orderTerm(ref(d), 'asc'));
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
    columns: aggregateColumns(query, fields),
  };
}

/**
 * Distinct non-null values of a field, sorted, at most `limit`, with what they are (option
 * labels, the names of the people and departments they name), as a data list shows them.
 */
export async function distinctValues(ctx: RecordContext, queryLimit: QueryLimit, code: string, fieldName: string, limit: number): Promise<DatasetDistinctResult> {
  const dataset = await findDataset(ctx.scope, ctx.versions, code);
  if (!dataset) throw notFound('Dataset');
  const field = dataset.fields.find((f) => f.name === fieldName);
  if (!field) throw badRequest('field', unknownFieldMessage(fieldName, code));
  requireSourceReader(ctx, dataset);
  const rows = await withTimeLimit(ctx, queryLimit, async (limited) => {
    const source = sourceQueryFor(limited, dataset);
    const value = source.valueOf(field);
    return await source.base
      .where(sql<SqlBool>`${value} is not null`)
      .select(value.as('value'))
      .distinct()
      .orderBy(orderTerm(value, 'asc'))
      .limit(limit)
      .execute();
  });
  const values = rows.map((r) => outputValue(field, false, r.value) as string | number | boolean);
  const named = await withNames(ctx.scope, { list: values.map((value) => ({ [field.name]: value })), columns: rowColumns([field]) } as QueryRowsResult);
  return { values, column: named.columns![0]! };
}
