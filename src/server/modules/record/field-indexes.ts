import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { fieldIndexName, fieldIndexPrefix, scalarFieldSql, type ValueSqlType } from './field-sql.ts';

export interface IndexedField {
  key: string;
  type: ValueSqlType;
}

async function existingIndexNames(db: Kysely<DB>, dialect: Dialect, formId: number): Promise<string[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'form_record'`.execute(db)
      : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'form_record' and schemaname = current_schema()`.execute(db);
  const prefix = fieldIndexPrefix(formId);
  return rows.rows.map((r) => r.name).filter((name) => name.startsWith(prefix));
}

/**
 * Makes the form's expression indexes exactly those of `fields`: one partial index per field
 * (`where form_id = <id>`, so it holds only that form's records and other forms' writes never
 * touch it) on tenant, form, the field's value, then the creation time: it serves a filter on
 * the field with the default newest-first order, and matches more of a list query's equality
 * terms than the general indexes, so SQLite picks it even without statistics. The list query
 * names the form id as a literal so both planners can use a partial index. Returns the names
 * created and dropped.
 */
export async function syncFieldIndexes(
  db: Kysely<DB>,
  dialect: Dialect,
  formId: number,
  fields: readonly IndexedField[],
): Promise<{ created: string[]; dropped: string[] }> {
  const wanted = new Map(fields.map((f) => [fieldIndexName(formId, f.key, f.type), f]));
  const existing = await existingIndexNames(db, dialect, formId);
  const dropped = existing.filter((name) => !wanted.has(name));
  for (const name of dropped) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  const created: string[] = [];
  for (const [name, field] of wanted) {
    if (existing.includes(name)) continue;
    const value = scalarFieldSql(dialect, 'data', field.key, field.type);
    await sql`create index ${sql.id(name)} on form_record (tenant_id, form_id, ${value}, create_time) where form_id = ${sql.lit(formId)}`.execute(db);
    created.push(name);
  }
  return { created, dropped };
}

/** Drops every expression index of a form (when the form is deleted). */
export async function dropFieldIndexes(db: Kysely<DB>, dialect: Dialect, formId: number): Promise<void> {
  await syncFieldIndexes(db, dialect, formId, []);
}
