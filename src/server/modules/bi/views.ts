import { sql, type SqlBool } from 'kysely';
import type { BiRelation, BiView, BiViewCheck, BiViewColumn, BiViewCreateBody, BiViewUpdateBody } from '../../../core/contracts/bi.ts';
import { textIn } from '../../../core/local-text.ts';
import type { DatasetFieldType } from '../../../core/query/query-spec.ts';
import type { ResultColumn } from '../../db/database.ts';
import { escapeLike } from '../../db/like.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import type { Session } from '../auth/tokens.ts';
import { baseDatasets, relationsByName, runCheckedQuery, withTimeLimit, type QueryLimit, type TenantDataset } from '../dataset/service.ts';
import { presentRelation, readsRelation, viewDatasetCode, viewSourceQuery, type ViewRelation } from '../dataset/view-source.ts';
import type { RecordContext } from '../record/service.ts';
import { checkViewSql } from './sql-check.ts';

/**
 * Registered views (`/appSetting/bi`, `bi:manage`): each save checks the SQL (grammar and
 * allow-lists), runs it as its author once, and keeps the result columns with their types,
 * so plates can bind to a view like to any dataset.
 */

export interface ViewServices {
  limit: QueryLimit;
}

/** Rows a check reads to learn the column types. */
const SAMPLE_ROWS = 200;
/** Rows a check shows. */
const PREVIEW_ROWS = 20;
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;

/** PostgreSQL type OIDs with a dataset type of their own; other types are read from the values. */
const PG_TYPES: Record<number, DatasetFieldType> = {
  16: 'boolean',
  20: 'integer',
  21: 'integer',
  23: 'integer',
  700: 'number',
  701: 'number',
  1700: 'number',
  1082: 'date',
  1114: 'datetime',
  1184: 'datetime',
};

/** A result column's dataset type: the database's own where it has one, else what every sampled value is. */
export function columnType(pgType: number | null, values: readonly unknown[]): DatasetFieldType {
  const known = pgType === null ? undefined : PG_TYPES[pgType];
  if (known) return known;
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.length === 0) return 'string';
  if (present.every((v) => typeof v === 'boolean')) return 'boolean';
  if (present.every((v) => typeof v === 'number')) return present.every((v) => Number.isInteger(v)) ? 'integer' : 'number';
  if (present.every((v) => v instanceof Date)) return 'datetime';
  if (present.every((v) => typeof v === 'string' && DATE.test(v))) return 'date';
  if (present.every((v) => typeof v === 'string' && DATETIME.test(v))) return 'datetime';
  return 'string';
}

/** The relations the tenant's views may read, by name. */
async function offeredRelations(ctx: RecordContext): Promise<Map<string, ViewRelation>> {
  return relationsByName(await baseDatasets(ctx.scope, ctx.versions));
}

/** The relations the caller may name in a view: every stored dataset, the forms whose records they may read. */
export async function listRelations(ctx: RecordContext): Promise<BiRelation[]> {
  return [...(await offeredRelations(ctx)).values()].filter((r) => readsRelation(ctx, r)).map(presentRelation);
}

/** A name the SQL gives itself with WITH must not be a table of the database, which it would read where the WITH does not reach. */
async function requireFreeNames(ctx: RecordContext, names: readonly string[]): Promise<void> {
  for (const name of names) {
    const taken =
      ctx.dialect === 'postgres'
        ? (await sql<{ taken: boolean }>`select to_regclass(${name}) is not null as taken`.execute(ctx.scope.db)).rows[0]?.taken
        : /^sqlite_/i.test(name) ||
          Number((await sql<{ n: number }>`select count(*) as n from sqlite_schema where name = ${name} collate nocase`.execute(ctx.scope.db)).rows[0]?.n) > 0;
    if (taken) throw badRequest('sql', `the WITH name ${name} is the name of a table of the database; choose another`);
  }
}

const refused = (error: unknown) => {
  if (error instanceof AppError) return error;
  const message = String((error as Error).message ?? error).split('\n')[0]!.slice(0, 300);
  return badRequest('sql', `the database could not run it: ${message}`);
};

/** Result columns a plate can name: plain names, each its own. */
function requirePlainNames(described: readonly ResultColumn[]): void {
  const seen = new Set<string>();
  described.forEach((column, i) => {
    if (!PLAIN_NAME.test(column.name)) throw badRequest('sql', `column ${i + 1} (${column.name}) needs a plain name: add AS name after it`);
    const key = column.name.toLowerCase();
    if (seen.has(key)) throw badRequest('sql', `two columns are named ${column.name}; give each its own name with AS`);
    seen.add(key);
  });
}

/**
 * Checks a view's SQL as the caller (rights to every form it reads), runs it once and answers
 * its columns with their types and its first rows; a 400 on `sql` says what is wrong.
 */
export async function checkView(ctx: RecordContext, services: ViewServices, text: string): Promise<BiViewCheck> {
  const offered = await offeredRelations(ctx);
  const checked = checkViewSql(ctx.dialect, text, new Set(offered.keys()));
  await requireFreeNames(ctx, checked.ownNames);
  const relations = checked.relations.map((name) => offered.get(name)!);
  const unreadable = relations.find((r) => !readsRelation(ctx, r));
  if (unreadable) throw forbidden(`sql: ${unreadable.name} (${textIn(unreadable.title, 'en')}) holds records you may not read`);

  try {
    return await withTimeLimit(ctx, services.limit, async (limited) => {
      const source = viewSourceQuery(limited, text, relations);
      const described = await limited.views!.describe(source.base.selectAll().compile());
      requirePlainNames(described);
      const sample = (await source.base.selectAll().limit(SAMPLE_ROWS).execute()) as Record<string, unknown>[];
      const columns: BiViewColumn[] = described.map((c) => ({ name: c.name, type: columnType(c.pgType, sample.map((row) => row[c.name])) }));
      // The view as the dataset it will be once saved: the preview reads through the same SQL plates will.
      const dataset: TenantDataset = {
        code: 'view',
        name: 'view',
        fields: columns.map((c) => ({ ...c, title: c.name })),
        source: { kind: 'view', view: { id: 0, name: 'view', sql: text, revision: 0 }, relations, missing: [] },
      };
      const preview = await runCheckedQuery(source, ctx.dialect, dataset, { dataset: 'view', pageSize: PREVIEW_ROWS });
      return { columns, rows: 'list' in preview ? preview.list : [], relations: checked.relations };
    });
  } catch (error) {
    throw refused(error);
  }
}

type ViewRow = {
  id: number;
  name: string;
  description: string;
  sql_text: string;
  columns: string;
  relations: string;
  revision: number;
  update_time: string;
  updatedByName: string | null;
};

const presentView = (row: ViewRow): BiView => ({
  id: row.id,
  code: viewDatasetCode(row.id),
  name: row.name,
  description: row.description,
  sql: row.sql_text,
  columns: JSON.parse(row.columns) as BiViewColumn[],
  relations: JSON.parse(row.relations) as string[],
  revision: row.revision,
  updateTime: row.update_time,
  updatedByName: row.updatedByName,
});

const viewQuery = (scope: TenantScope) =>
  scope
    .selectFrom('bi_view')
    .leftJoin('app_user', 'app_user.id', 'bi_view.updated_by')
    .select([
      'bi_view.id',
      'bi_view.name',
      'bi_view.description',
      'bi_view.sql_text',
      'bi_view.columns',
      'bi_view.relations',
      'bi_view.revision',
      'bi_view.update_time',
      'app_user.name as updatedByName',
    ]);

export async function listViews(scope: TenantScope): Promise<BiView[]> {
  return (await viewQuery(scope).orderBy('bi_view.name').orderBy('bi_view.id').execute()).map(presentView);
}

async function readView(scope: TenantScope, id: number): Promise<BiView> {
  const row = await viewQuery(scope).where('bi_view.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('View');
  return presentView(row);
}

const nameTaken = async (scope: TenantScope, name: string, except?: number) => {
  let query = scope.selectFrom('bi_view').select('id').where(sql`lower(bi_view.name)`, '=', name.trim().toLowerCase());
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
};

export async function createView(ctx: RecordContext, services: ViewServices, session: Session, body: BiViewCreateBody): Promise<BiView> {
  const name = body.name.trim();
  if (await nameTaken(ctx.scope, name)) throw conflict(`name: a view named "${name}" exists already`);
  const checked = await checkView(ctx, services, body.sql);
  const now = new Date(ctx.clock.now()).toISOString();
  const inserted = await ctx.scope
    .insertInto('bi_view', [
      {
        name,
        description: body.description?.trim() ?? '',
        sql_text: body.sql,
        columns: JSON.stringify(checked.columns),
        relations: JSON.stringify(checked.relations),
        created_by: session.userId,
        updated_by: session.userId,
        create_time: now,
        update_time: now,
      },
    ])
    .returning('id')
    .executeTakeFirstOrThrow();
  return readView(ctx.scope, inserted.id);
}

export async function updateView(ctx: RecordContext, services: ViewServices, session: Session, body: BiViewUpdateBody): Promise<BiView> {
  const current = await readView(ctx.scope, body.id);
  const name = body.name.trim();
  if (await nameTaken(ctx.scope, name, body.id)) throw conflict(`name: a view named "${name}" exists already`);
  const checked = await checkView(ctx, services, body.sql);
  const result = await ctx.scope
    .updateTable('bi_view')
    .set((eb) => ({
      name,
      description: body.description?.trim() ?? '',
      sql_text: body.sql,
      columns: JSON.stringify(checked.columns),
      relations: JSON.stringify(checked.relations),
      updated_by: session.userId,
      update_time: new Date(ctx.clock.now()).toISOString(),
      revision: eb('revision', '+', 1),
    }))
    .where('id', '=', current.id)
    .where('revision', '=', body.revision)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) {
    throw conflict('Someone else saved this view after you opened it. Reload to see their change, then make yours again.');
  }
  return readView(ctx.scope, body.id);
}

/** Removes a view no plate or page reads; one in use answers 409 naming where. */
export async function deleteView(scope: TenantScope, id: number): Promise<void> {
  const view = await readView(scope, id);
  // Configs name their datasets as JSON strings: "dataset":"view_3" (its `_` read as itself).
  const names = sql<SqlBool>`config like ${`%"${escapeLike(view.code)}"%`} escape '\\'`;
  const [plates, pages] = await Promise.all([
    scope.selectFrom('plate').select('name').where(names).execute(),
    scope.selectFrom('page').select('title as name').where(names).execute(),
  ]);
  const users = [...plates, ...pages].map((r) => `"${r.name}"`);
  if (users.length) throw conflict(`The view "${view.name}" is read by ${users.join(', ')}; change those first`);
  await scope.deleteFrom('bi_view').where('id', '=', id).execute();
}
