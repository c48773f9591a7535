import { sql, type QueryCreator } from 'kysely';
import type { BiRelation } from '../../../core/contracts/bi.ts';
import type { DatasetField } from '../../../core/query/query-spec.ts';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { FormRow } from '../form/service.ts';
import type { LoadedVersion } from '../form/versions.ts';
import type { RecordContext } from '../record/service.ts';
import type { Expr } from './query-compiler.ts';
import { formSourceQuery, readsFormSource, rowsSourceQuery, type SourceQuery } from './sources.ts';

/**
 * A registered view (`view_<id>`) as a dataset source: the tenant's SQL over relations that
 * each hold only what the caller may read — `form_<id>` the form's records inside their data
 * scope (as its data list), `ds_<code>` a stored dataset's rows — offered to it as common
 * table expressions, so the SQL never names a table of the database.
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
  title: string;
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

/** The rows of one relation for the caller, one column per field under the field's own name. */
function relationQuery(ctx: RecordContext, relation: ViewRelation) {
  const source: SourceQuery =
    relation.kind === 'form'
      ? formSourceQuery(ctx, relation.form, relation.version)
      : rowsSourceQuery(ctx.scope, ctx.dialect, relation.datasetId);
  return source.base.select(relation.fields.map((f) => source.valueOf(f).as(f.name)));
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
 * The view's rows for the caller: its checked SQL (see the BI module's SQL check) as a
 * subquery under the CTEs of the relations it reads. The SQL ends on a line of its own, so a
 * trailing `--` comment cannot swallow the closing parenthesis.
 */
export function viewSourceQuery(ctx: RecordContext, sqlText: string, relations: readonly ViewRelation[]): SourceQuery {
  let creator = ctx.scope.db as unknown as QueryCreator<DB>;
  for (const relation of relations) creator = creator.with(relation.name, () => relationQuery(ctx, relation) as never) as unknown as QueryCreator<DB>;
  const base = creator.selectFrom(sql`(${sql.raw(sqlText)}\n)`.as(VIEW_ROW) as never);
  return {
    base: base as unknown as SourceQuery['base'],
    idColumn: null,
    valueOf: (field) => viewValue(ctx.dialect, field),
  };
}
