import { sql, type SelectQueryBuilder } from 'kysely';
import type { FilterKind } from '../../../core/contracts/record-query.ts';
import { FIELD_TYPES } from '../../../core/forms/form-design.ts';
import type { DatasetField, DatasetFieldType } from '../../../core/query/query-spec.ts';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { policy } from '../../access/policies.ts';
import { valueSqlType } from '../record/field-sql.ts';
import { queryColumns, valueExpr, type QueryColumn } from '../record/record-query.ts';
import { recordQuery, type RecordContext } from '../record/service.ts';
import type { FormRow } from '../form/service.ts';
import type { LoadedVersion } from '../form/versions.ts';
import { fieldExpr, type ValueOf } from './query-compiler.ts';
import type { ViewRelation } from './view-source.ts';

/**
 * What a dataset query reads: the rows of a stored dataset, or the records of a published
 * form (code `form_<id>`), whose fields are the scalar fields of its current version and the
 * record's own columns (number, status, createTime, ...). A form's records are read with the
 * caller's rights, as its data list reads them: the form's read points and data scope.
 */
export type DatasetSource =
  | { kind: 'rows'; datasetId: number }
  | { kind: 'form'; form: FormRow; version: LoadedVersion }
  | { kind: 'view'; view: StoredView; relations: ViewRelation[]; missing: string[] };

/** A registered view as the dataset module reads it (the BI module keeps it). */
export interface StoredView {
  id: number;
  name: string;
  sql: string;
  revision: number;
}

/** The code a form's records answer to as a dataset, and back: one rule with the web app's. */
export { formDatasetCode, formIdOfCode } from '../../../core/query/form-dataset.ts';

const SYSTEM_TITLES: Record<string, string> = {
  number: 'Number',
  title: 'Title',
  status: 'Status',
  createTime: 'Created',
  updateTime: 'Updated',
  createdBy: 'Created by',
};

/** Field types whose values are ids of people or departments, shown by name. */
const REFERS: Partial<Record<string, 'user' | 'department'>> = { member: 'user', department: 'department' };

function fieldType(kind: FilterKind): DatasetFieldType | null {
  switch (kind) {
    case 'date':
      return 'date';
    case 'datetime':
      return 'datetime';
    case 'id':
      return 'integer';
    default: {
      const type = valueSqlType(kind);
      return type === 'text' ? 'string' : type;
    }
  }
}

/** The form's columns a query may name: every one with a single scalar value. */
function formColumns(version: LoadedVersion): Map<string, { column: QueryColumn; field: DatasetField }> {
  const out = new Map<string, { column: QueryColumn; field: DatasetField }>();
  for (const column of queryColumns(version.design).values()) {
    const type = fieldType(column.kind);
    if (!type) continue;
    const title = column.field ? column.field.label || column.name : (SYSTEM_TITLES[column.name] ?? column.name);
    const field: DatasetField = { name: column.name, title, type };
    if (column.field ? FIELD_TYPES[column.field.type]?.choice : column.name === 'status') field.choice = true;
    if (!column.field) field.record = true;
    const refers = column.field ? REFERS[column.field.type] : column.name === 'createdBy' ? 'user' : undefined;
    if (refers) field.refers = refers;
    if (column.field?.options?.length) field.labels = Object.fromEntries(column.field.options.map((option) => [option.value, option.label]));
    out.set(column.name, { column, field });
  }
  return out;
}

export const formDatasetFields = (version: LoadedVersion): DatasetField[] => [...formColumns(version).values()].map((c) => c.field);

/** The rows a query starts from, the column that orders them stably, and each field's SQL value. */
export interface SourceQuery {
  // One builder type for both tables: the query functions only add raw conditions, selections and orders.
  base: SelectQueryBuilder<DB, 'dataset_row', object>;
  /** Orders equal rows stably when paging; a view's rows have none. */
  idColumn: string | null;
  valueOf: ValueOf;
}

export function rowsSourceQuery(scope: TenantScope, dialect: Dialect, datasetId: number): SourceQuery {
  return {
    base: scope.selectFrom('dataset_row').where('dataset_row.dataset_id', '=', datasetId),
    idColumn: 'dataset_row.id',
    valueOf: (field) => fieldExpr(dialect, field),
  };
}

/** A form's records inside the caller's data scope; the caller's right to read them is checked before. */
export function formSourceQuery(ctx: RecordContext, form: FormRow, version: LoadedVersion): SourceQuery {
  const columns = formColumns(version);
  const { query } = recordQuery(ctx, form, version, { filters: [] });
  return {
    base: query as unknown as SourceQuery['base'],
    idColumn: 'form_record.id',
    valueOf: (field) => {
      const found = columns.get(field.name);
      if (!found) throw new Error(`unchecked field ${field.name}`);
      return valueExpr(ctx.dialect, found.column);
    },
  };
}

/** Whether the caller may read a form's records through a dataset query (as through its data list). */
export const readsFormSource = (ctx: RecordContext, form: FormRow, version: LoadedVersion) =>
  policy.form.open(ctx.access, form) && policy.record.list(ctx.access, version.settings);

/** Record counts per form of the tenant, for the dataset list. */
export async function formRecordCounts(scope: TenantScope): Promise<Map<number, number>> {
  const rows = await scope
    .selectFrom('form_record')
    .select(['form_record.form_id', sql<number>`count(*)`.as('n')])
    .groupBy('form_record.form_id')
    .execute();
  return new Map(rows.map((r) => [r.form_id, Number(r.n)]));
}
