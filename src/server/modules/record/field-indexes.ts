import { createHash } from 'node:crypto';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { fieldIndexName, fieldIndexPrefix, scalarFieldSql, type ValueSqlType } from './field-sql.ts';

export interface IndexedField {
  key: string;
  type: ValueSqlType;
}

const combinedIndexPrefix = (formId: number) => `fc${formId}_`;
const statisticsPrefix = (formId: number) => `fs${formId}_`;

/** Names after the fields and their order (a change of either makes a new object), at most 63 characters. */
function digestOf(fields: readonly IndexedField[]): string {
  return createHash('sha256')
    .update(fields.map((f) => `${f.type}:${f.key}`).join(','))
    .digest('hex')
    .slice(0, 12);
}

/** PostgreSQL keeps statistics on at most 8 columns and expressions per object: the form and 7 fields. */
const STATISTICS_FIELDS = 7;

interface Existing {
  name: string;
  /** An index of an earlier layout, made again. */
  stale: boolean;
}

async function existingIndexes(db: Kysely<DB>, dialect: Dialect, formId: number): Promise<Existing[]> {
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master where type = 'index' and tbl_name = 'form_record'`.execute(db)
      : await sql<{ name: string; definition: string }>`select indexname as name, indexdef as definition from pg_indexes where tablename = 'form_record' and schemaname = current_schema()`.execute(db);
  const prefixes = [fieldIndexPrefix(formId), combinedIndexPrefix(formId)];
  return rows.rows
    .filter((r) => prefixes.some((prefix) => r.name.startsWith(prefix)))
    .map((r) => ({ name: r.name, stale: dialect === 'postgres' && /USING btree \(tenant_id, form_id,/.test(r.definition) }));
}

async function existingStatistics(db: Kysely<DB>, formId: number): Promise<string[]> {
  const rows = await sql<{ name: string }>`select stxname as name from pg_statistic_ext where stxrelid = 'form_record'::regclass`.execute(db);
  return rows.rows.map((r) => r.name).filter((name) => name.startsWith(statisticsPrefix(formId)));
}

/** Statistics on expressions came with PostgreSQL 14; older servers plan without them. */
async function hasExpressionStatistics(db: Kysely<DB>): Promise<boolean> {
  const { rows } = await sql<{ version: number }>`select current_setting('server_version_num')::int as version`.execute(db);
  return Number(rows[0]?.version) >= 140_000;
}

/**
 * The key of a form's index: tenant, the values, then the creation time (the default order
 * among equal values). SQLite also has the form, so an index of the form matches more of a
 * list query's equality terms than the general indexes and is picked without statistics.
 * PostgreSQL leaves it out: the planner drops `form_id = <id>` from the index conditions as
 * the partial index's predicate implies it, and a form_id column left without a condition
 * would keep a scan from seeking on the values behind it (it would read every entry of the
 * form). Numbers are kept largest first on PostgreSQL, so a descending sort (missing values
 * last) reads the index in order; SQLite reads an index either way for either direction.
 */
function indexKey(dialect: Dialect, fields: readonly IndexedField[]): RawBuilder<unknown> {
  const values = fields.map((field) => {
    const value = scalarFieldSql(dialect, 'data', field.key, field.type);
    return dialect === 'postgres' && field.type === 'number' ? sql`${value} desc nulls last` : value;
  });
  const lead = dialect === 'postgres' ? [sql`tenant_id`] : [sql`tenant_id`, sql`form_id`];
  return sql.join([...lead, ...values, sql`create_time`]);
}

interface Plan {
  indexes: Map<string, IndexedField[]>;
  statistics: Map<string, IndexedField[]>;
}

function planFor(dialect: Dialect, formId: number, fields: readonly IndexedField[], statistics: boolean): Plan {
  const indexes = new Map<string, IndexedField[]>();
  if (fields.length > 1) {
    // The second field leads: the first one already leads its own index, which a filter on it alone keeps using.
    const [first, second, ...rest] = fields as [IndexedField, IndexedField, ...IndexedField[]];
    const combined = [second, first, ...rest];
    indexes.set(`${combinedIndexPrefix(formId)}${digestOf(combined)}`, combined);
  }
  // Made after the combined index: where both serve a query equally well (a small table), the
  // planners take the newer one, the field's own.
  for (const f of fields) indexes.set(fieldIndexName(formId, f.key, f.type), [f]);
  const kept = fields.slice(0, STATISTICS_FIELDS);
  const stats = new Map(dialect === 'postgres' && statistics && kept.length ? [[`${statisticsPrefix(formId)}${digestOf(kept)}`, kept]] : []);
  return { indexes, statistics: stats };
}

/**
 * Makes the form's expression indexes exactly those of `fields`, each partial (`where form_id
 * = <id>`, so it holds only that form's records and other forms' writes never touch it):
 *
 * - one per field (`fx<form>_<t|n|b>_<key>`): a filter on the field with the default
 *   newest-first order, or a sort on the field;
 * - with two fields or more, one on all of them (`fc<form>_<digest>`), the second field
 *   first, then the first and the others in the order listed: equality filters on the first
 *   two fields, then a sort or range on the third, say `building = X and priority = Y`
 *   sorted by `cost`, and the count of such a filter, are read from the index instead of
 *   from every record matching one of the filters. (The first field leads its own index
 *   already, which a filter on it alone keeps using.)
 *
 * PostgreSQL keeps no statistics for the expressions of a partial index and would guess
 * every filter on a field alike (0.5 % of the rows), so it also gets statistics on the form
 * and the fields (`fs<form>_<digest>`), gathered at once: the planner then knows how many
 * records a filter leaves and picks the index that fits. A change takes the table's SHARE
 * ROW EXCLUSIVE lock first, so two saves queue instead of deadlocking over index locks.
 *
 * The list query names the form id as a literal so both planners can use a partial index.
 * Returns the names created and dropped.
 */
export async function syncFieldIndexes(
  db: Kysely<DB>,
  dialect: Dialect,
  formId: number,
  fields: readonly IndexedField[],
): Promise<{ created: string[]; dropped: string[] }> {
  const plan = planFor(dialect, formId, fields, dialect === 'postgres' && (await hasExpressionStatistics(db)));
  const changes = async () => {
    const indexes = await existingIndexes(db, dialect, formId);
    const statistics = dialect === 'postgres' ? await existingStatistics(db, formId) : [];
    return {
      dropIndexes: indexes.filter((index) => index.stale || !plan.indexes.has(index.name)).map((index) => index.name),
      createIndexes: [...plan.indexes.keys()].filter((name) => !indexes.some((index) => index.name === name && !index.stale)),
      dropStatistics: statistics.filter((name) => !plan.statistics.has(name)),
      createStatistics: [...plan.statistics.keys()].filter((name) => !statistics.includes(name)),
    };
  };
  let todo = await changes();
  const none = (t: typeof todo) => Object.values(t).every((names) => names.length === 0);
  if (none(todo)) return { created: [], dropped: [] };
  if (dialect === 'postgres') {
    await sql`lock table form_record in share row exclusive mode`.execute(db);
    todo = await changes();
  }
  for (const name of todo.dropIndexes) await sql`drop index if exists ${sql.id(name)}`.execute(db);
  for (const name of todo.dropStatistics) await sql`drop statistics if exists ${sql.id(name)}`.execute(db);
  for (const name of todo.createIndexes) {
    const key = indexKey(dialect, plan.indexes.get(name)!);
    await sql`create index ${sql.id(name)} on form_record (${key}) where form_id = ${sql.lit(formId)}`.execute(db);
  }
  for (const name of todo.createStatistics) {
    const values = plan.statistics.get(name)!.map((f) => sql`(${scalarFieldSql(dialect, 'data', f.key, f.type)})`);
    await sql`create statistics ${sql.id(name)} on form_id, ${sql.join(values)} from form_record`.execute(db);
  }
  if (todo.createStatistics.length) await sql`analyze form_record`.execute(db);
  return { created: [...todo.createIndexes, ...todo.createStatistics], dropped: [...todo.dropIndexes, ...todo.dropStatistics] };
}

/** Drops every expression index of a form, and its statistics (when the form is deleted). */
export async function dropFieldIndexes(db: Kysely<DB>, dialect: Dialect, formId: number): Promise<void> {
  await syncFieldIndexes(db, dialect, formId, []);
}
