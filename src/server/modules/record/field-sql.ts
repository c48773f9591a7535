import { sql, type RawBuilder } from 'kysely';
import type { FilterKind } from '../../../core/contracts/record-query.ts';
import { FIELD_KEY_PATTERN } from '../../../core/forms/form-design.ts';
import type { Dialect } from '../../db/database.ts';

/**
 * The value of a record's data field in SQL, one spelling for list queries and for the
 * expression indexes of settings.indexedFields (an index serves a query only when both spell
 * the expression alike). Keys reach SQL only as literals after the field-key pattern check.
 * Text compares byte-wise on both databases (PostgreSQL's "C" collation), as the dataset
 * queries do.
 */

export type ValueSqlType = 'text' | 'number' | 'boolean';

/** How a filter family is stored and compared; null for arrays and objects, which have no scalar value. */
export function valueSqlType(kind: FilterKind): ValueSqlType | null {
  switch (kind) {
    case 'text':
    case 'choice':
    case 'date':
    case 'datetime':
      return 'text';
    case 'number':
    case 'id':
      return 'number';
    case 'boolean':
      return 'boolean';
    default:
      return null;
  }
}

export function checkedKey(key: string): string {
  if (!FIELD_KEY_PATTERN.test(key)) throw new Error(`"${key}" is not a field key`);
  return key;
}

/**
 * The scalar value of `data.<key>`: numbers as numbers (NULL for anything else on PostgreSQL,
 * so an old version's text never breaks a cast), booleans as 1/0, the rest as text.
 * `column` is `form_record.data` in queries and `data` in index definitions.
 */
export function scalarFieldSql(dialect: Dialect, column: 'form_record.data' | 'data', key: string, type: ValueSqlType): RawBuilder<unknown> {
  const name = checkedKey(key);
  const data = sql.raw(column);
  if (dialect === 'sqlite') return sql`json_extract(${data}, ${sql.lit(`$.${name}`)})`;
  const literal = sql.lit(name);
  switch (type) {
    case 'number':
      return sql`(case when jsonb_typeof(${data} -> ${literal}) = 'number' then (${data} ->> ${literal})::double precision end)`;
    case 'boolean':
      return sql`(case ${data} ->> ${literal} when 'true' then 1 when 'false' then 0 end)`;
    case 'text':
      return sql`((${data} ->> ${literal}) collate "C")`;
  }
}

/** The name of the expression index of a form's field: ids and checked keys only, at most 63 characters. */
export function fieldIndexName(formId: number, key: string, type: ValueSqlType): string {
  return `fx${formId}_${type[0]}_${checkedKey(key)}`;
}

export const fieldIndexPrefix = (formId: number) => `fx${formId}_`;
