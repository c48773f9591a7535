import { sql, type CompiledQuery, type QueryCreator, type RawBuilder } from 'kysely';
import type { BiRelation } from '../../../core/contracts/bi.ts';
import type { LocalText } from '../../../core/local-text.ts';
import type { DatasetField } from '../../../core/query/query-spec.ts';
import { relationRows } from '../../db/confined-reads.ts';
import type { Dialect } from '../../db/database.ts';
import { kyselyRunBy } from '../../db/kysely-run-by.ts';
import type { DB } from '../../db/schema.ts';
import type { FormRow } from '../form/service.ts';
import type { LoadedVersion } from '../form/versions.ts';
import type { RecordContext } from '../record/service.ts';
import { checkViewSql } from '../bi/sql-check.ts';
import type { Expr } from './query-compiler.ts';
import { formSourceQuery, readsFormSource, rowsSourceQuery, type SourceQuery } from './sources.ts';

/**
 * A registered view (`view_<id>`) as a dataset source: the tenant's SQL over relations that
 * each hold only what the caller may read — `form_<id>` the form's records inside their data
 * scope (as its data list), `ds_<code>` a stored dataset's rows. The relations' rows are read
 * by trusted queries, then offered to the SQL as common table expressions over those rows on a
 * connection that holds no table (db/confined-reads.ts): the SQL never reaches a table.
 */

/** What the query around a view calls its rows. */
const VIEW_ROW = 'view_row';

export const viewDatasetCode = (viewId: number) => `view_${viewId}`;
const VIEW_CODE = /^view_(\d{1,15})$/;
export const viewIdOfCode = (code: string): number | null => {
  const match = VIEW_CODE.exec(code);
  return match ? Number(match[1]) : null;
};

/** A relation a view may read: a form's records or a stored dataset, with its columns. */
export type ViewRelation = {
  name: string;
  /** A form's name (a text per language or one for all) or a dataset's. */
  title: LocalText;
  fields: DatasetField[];
} & ({ kind: 'form'; form: FormRow; version: LoadedVersion } | { kind: 'dataset'; datasetId: number });

/** Whether the caller may read a relation: every stored dataset; a form's records with the form's read points. */
export const readsRelation = (ctx: RecordContext, relation: ViewRelation) =>
  relation.kind === 'dataset' || readsFormSource(ctx, relation.form, relation.version);

/** The relation name of a form's records and of a stored dataset. */
export const formRelationName = (formId: number) => `form_${formId}`;
export const datasetRelationName = (code: string) => `ds_${code.toLowerCase()}`;

export const presentRelation = (relation: ViewRelation): BiRelation => ({
  name: relation.name,
  title: relation.title,
  kind: relation.kind,
  columns: relation.fields.map((f) => ({ name: f.name, type: f.type })),
});

/** The rows of one relation for the caller: one column per field, in order (`c0`, `c1`, ...). */
function relationQuery(ctx: RecordContext, relation: ViewRelation): CompiledQuery {
  const source: SourceQuery =
    relation.kind === 'form'
      ? formSourceQuery(ctx, relation.form, relation.version)
      : rowsSourceQuery(ctx.scope, ctx.dialect, relation.datasetId);
  return source.base.select(relation.fields.map((f, i) => source.valueOf(f).as(`c${i}`))).compile();
}

/** PostgreSQL's type of a relation's column, as the trusted query answers it: numbers, booleans as 1/0, the rest as text. */
function pgColumnType(relation: ViewRelation, field: DatasetField): string {
  switch (field.type) {
    case 'number':
      return 'double precision';
    case 'integer':
      // A stored dataset's integers are read as double precision; a form's are ids.
      return relation.kind === 'dataset' ? 'double precision' : 'bigint';
    case 'boolean':
      return 'integer';
    default:
      return 'text';
  }
}

/** A relation as the view reads it: its rows, handed in as JSON (one array per row), under the field names; in parentheses, as a CTE's body. */
function relationRowsSql(dialect: Dialect, relation: ViewRelation, index: number): RawBuilder<unknown> {
  const rows = relationRows(index);
  if (dialect === 'sqlite') {
    const columns = relation.fields.map((f, i) => sql`json_extract(value, ${sql.lit(`$[${i}]`)}) as ${sql.id(f.name)}`);
    return sql`(select ${sql.join(columns)} from json_each(${rows}))`;
  }
  const columns = relation.fields.map((f, i) => {
    const type = pgColumnType(relation, f);
    const value = sql`(r.v ->> ${sql.lit(i)})`;
    return type === 'text' ? sql`(${value} collate "C") as ${sql.id(f.name)}` : sql`cast(${value} as ${sql.raw(type)}) as ${sql.id(f.name)}`;
  });
  return sql`(select ${sql.join(columns)} from json_array_elements(cast(${rows} as json)) as r(v))`;
}

/** A view column's value, typed alike on both databases (PostgreSQL's dates and numerics as the query compiler expects them). */
function viewValue(dialect: Dialect, field: DatasetField): Expr {
  const ref = sql.ref(`${VIEW_ROW}.${field.name}`);
  if (dialect === 'sqlite') return ref;
  switch (field.type) {
    case 'number':
    case 'integer':
      return sql`cast(${ref} as double precision)`;
    case 'boolean':
      return sql`(case cast(${ref} as text) when 'true' then 1 when '1' then 1 when 'false' then 0 when '0' then 0 end)`;
    case 'date':
    case 'datetime':
      return sql`cast(${ref} as text)`;
    default:
      return sql`(cast(${ref} as text) collate "C")`;
  }
}

/**
 * The view's rows for the caller: its SQL, checked again as it runs (the text that runs is the
 * text checked, whatever check it passed when saved), as a subquery under the relations it
 * reads, confined. The SQL ends on a line of its own, so a trailing `--` comment cannot swallow
 * the closing parenthesis. Needs the context of a time limit (withTimeLimit), which says where
 * the view runs.
 */
export function viewSourceQuery(ctx: RecordContext, sqlText: string, relations: readonly ViewRelation[]): SourceQuery {
  const { views } = ctx;
  if (!views) throw new Error('A view runs only under a time limit');
  const checked = checkViewSql(ctx.dialect, sqlText, new Set(relations.map((r) => r.name)));
  const fetches = relations.map((relation) => relationQuery(ctx, relation));
  let creator = kyselyRunBy(ctx.dialect, 'views', (query) => views.rows({ relations: fetches, query })) as unknown as QueryCreator<DB>;
  relations.forEach((relation, i) => {
    creator = creator.with(relation.name, () => relationRowsSql(ctx.dialect, relation, i) as never) as unknown as QueryCreator<DB>;
  });
  const base = creator.selectFrom(sql`(${sql.raw(checked.sql)}\n)`.as(VIEW_ROW) as never);
  return {
    base,
    idColumn: null,
    valueOf: (field) => viewValue(ctx.dialect, field),
  };
}
