import type { AST, Parser } from 'node-sql-parser';
import { createRequire } from 'node:module';
import { valueText } from '../../../core/value-text.ts';
import type { Dialect } from '../../db/database.ts';
import { badRequest } from '../../errors.ts';
import { LruMap } from '../../../core/lru-map.ts';
import { runnableSql } from './sql-text.ts';

/**
 * The first wall around a registered view's SQL: read as the database reads it (sql-text.ts),
 * then parsed with a real SQL grammar of the server's database, it must be one SELECT (no
 * SELECT INTO, no locking clause), read only the relations offered to it (or names it defines
 * itself with WITH that are not tables of the database), call only the everyday functions
 * listed here, and take no parameters. The text checked is the text that runs. The second
 * wall is the database's own: the view runs on a connection that holds no table at all, with
 * the caller's rows of each relation handed to it (db/confined-reads.ts), so what slips past
 * this check still finds nothing else to read.
 */

const COMMON_FUNCTIONS = [
  // aggregates and windows
  'count', 'sum', 'avg', 'min', 'max', 'row_number', 'rank', 'dense_rank', 'ntile', 'lag', 'lead', 'first_value', 'last_value',
  // the clock
  'current_date', 'current_time', 'current_timestamp',
  // scalars
  'abs', 'ceil', 'ceiling', 'floor', 'round', 'sign', 'coalesce', 'nullif', 'length', 'lower', 'upper', 'trim', 'ltrim', 'rtrim',
  'substr', 'substring', 'replace',
];
const DIALECT_FUNCTIONS: Record<Dialect, string[]> = {
  sqlite: ['total', 'group_concat', 'ifnull', 'iif', 'instr', 'date', 'datetime', 'time', 'julianday', 'strftime', 'printf'],
  postgres: [
    'string_agg', 'bool_and', 'bool_or', 'stddev', 'variance', 'greatest', 'least', 'concat', 'left', 'right', 'split_part',
    'position', 'strpos', 'mod', 'power', 'sqrt', 'trunc', 'date_trunc', 'date_part', 'to_char', 'to_date', 'to_timestamp',
    'make_date', 'age', 'now', 'extract', 'localtime', 'localtimestamp',
  ],
};

/** PostgreSQL's words for its own session (`select user`): they name the server's role and schema, nothing of the tenant's. */
const SESSION_WORDS = new Set(['user', 'current_user', 'session_user', 'current_role', 'current_schema', 'current_catalog', 'system_user']);

/** Node types that stand for a bound parameter, which a stored view never has. */
const PARAMETER_TYPES = new Set(['param', 'var']);

type ParserModule = { Parser: typeof Parser };
const requireParser = createRequire(import.meta.url);
const parsers: Partial<Record<Dialect, { parser: Parser; database: string }>> = {};
/** A dialect's grammar (megabytes of generated parser) loads with the first view checked on it. */
function parserOf(dialect: Dialect) {
  if (dialect === 'sqlite') parsers.sqlite ??= { parser: new (requireParser('node-sql-parser/build/sqlite.js') as ParserModule).Parser(), database: 'sqlite' };
  else parsers.postgres ??= { parser: new (requireParser('node-sql-parser/build/postgresql.js') as ParserModule).Parser(), database: 'PostgresQL' };
  return parsers[dialect]!;
}

export interface CheckedSql {
  /** The offered relations the SQL reads, in the order first named. */
  relations: string[];
  /** Names the SQL defines for itself with WITH. */
  ownNames: string[];
  /** The text that was checked, comments taken out: the one to run. */
  sql: string;
}

const fail = (message: string) => badRequest('sql', message);

/** The text of a function node's name: `lower`, `COUNT`, `pg_catalog.now`. */
function functionName(node: Record<string, unknown>): string {
  const name = node.name;
  if (typeof name === 'string') return name;
  const parts = (name as { name?: { value?: unknown }[]; schema?: { value?: unknown } } | null)?.name ?? [];
  const schema = (name as { schema?: { value?: unknown } } | null)?.schema?.value;
  const base = parts.map((p) => String(p.value)).join('.');
  return schema ? `${valueText(schema)}.${base}` : base;
}

/** Walks every object of the tree. */
function visit(node: unknown, seen: (node: Record<string, unknown>) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) visit(item, seen);
    return;
  }
  if (!node || typeof node !== 'object') return;
  seen(node as Record<string, unknown>);
  for (const value of Object.values(node)) visit(value, seen);
}

/**
 * Checks a view's SQL; throws a 400 on `sql` saying what is wrong. `offered` are the relation
 * names the tenant's views may read (`form_12`, `ds_energy_readings`).
 */
export function checkViewSql(dialect: Dialect, text: string, offered: ReadonlySet<string>): CheckedSql {
  // A stored view is checked again at every run (plates query it often): a passed check is
  // remembered for the same text over the same relations; a refusal is worked out each time.
  const key = `${dialect}\n${[...offered].sort().join(',')}\n${text}`;
  const known = passed.get(key);
  if (known) return known;
  const checked = checkedViewSql(dialect, text, offered);
  passed.set(key, checked);
  return checked;
}

const passed = new LruMap<string, CheckedSql>(500);

function checkedViewSql(dialect: Dialect, text: string, offered: ReadonlySet<string>): CheckedSql {
  const runnable = runnableSql(text);
  const { parser, database } = parserOf(dialect);
  let parsed: { ast: AST | AST[]; tableList: string[] };
  try {
    parsed = parser.parse(runnable, { database });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0] ?? '';
    throw fail(`this is not SQL the view can run: ${message.slice(0, 300)}`);
  }
  const statements = Array.isArray(parsed.ast) ? parsed.ast : [parsed.ast];
  if (statements.length !== 1) throw fail('a view is one SELECT statement; remove the other statements');
  const [statement] = statements as unknown as Record<string, unknown>[];
  if (statement?.type !== 'select') throw fail(`a view only reads: it must be a SELECT statement, not ${valueText(statement?.type ?? 'this').toUpperCase()}`);

  const allowed = new Set([...COMMON_FUNCTIONS, ...DIALECT_FUNCTIONS[dialect]]);
  const ownNames = new Set<string>();
  visit(statement, (node) => {
    if (PARAMETER_TYPES.has(node.type as string) || (node.type === 'origin' && node.value === '?')) throw fail('a view takes no parameters ($1, ?, :name): write the values into it');
    if (node.type === 'function' || node.type === 'aggr_func') {
      const name = functionName(node).toLowerCase();
      if (!allowed.has(name)) throw fail(`the function ${name}() is not one a view may call`);
    }
    if (node.type === 'column_ref' && !node.table) {
      const column = node.column as { expr?: { type?: string; value?: unknown } } | string | undefined;
      const bare = typeof column === 'string' ? column : column?.expr?.type === 'default' ? String(column.expr.value) : '';
      if (SESSION_WORDS.has(bare.toLowerCase())) throw fail(`${bare} names the database's session, not a column; a view reads only its relations`);
    }
    if (node.type === 'cast') {
      const targets = (node.target as { dataType?: string }[] | undefined) ?? [];
      if (targets.some((t) => /^reg/i.test(t.dataType ?? ''))) throw fail('casts to the database catalogue types (regclass, ...) are not for views');
    }
    const into = node.into as { position?: unknown; expr?: unknown } | undefined;
    if (into && (into.position || into.expr)) throw fail('SELECT INTO writes a table; a view only reads');
    if (node.for_update || node.locking_read) throw fail('a view does not lock rows (FOR UPDATE/SHARE)');
    if (Array.isArray(node.with)) {
      for (const cte of node.with as { name?: { value?: unknown } | string }[]) {
        const name = typeof cte.name === 'string' ? cte.name : valueText(cte.name?.value ?? '');
        if (name) ownNames.add(name.toLowerCase());
      }
    }
  });

  const relations: string[] = [];
  for (const entry of parsed.tableList) {
    // `select::<schema or null>::<name>`
    const [kind, schema, name] = entry.split('::');
    if (kind !== 'select') throw fail(`a view only reads; it cannot ${String(kind).toUpperCase()}`);
    if (schema && schema !== 'null') throw fail(`${schema}.${name}: name the relation without a schema`);
    const lower = (name ?? '').toLowerCase();
    if (offered.has(lower)) {
      if (!relations.includes(lower)) relations.push(lower);
    } else if (!ownNames.has(lower)) {
      throw fail(`${name} is not a relation a view may read; it may read its forms (form_<id>) and datasets (ds_<code>)`);
    }
  }
  for (const name of ownNames) if (offered.has(name)) throw fail(`the WITH name ${name} hides the relation of that name; choose another`);
  return { relations, ownNames: [...ownNames], sql: runnable };
}
