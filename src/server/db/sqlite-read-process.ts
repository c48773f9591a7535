import SQLite from 'better-sqlite3';
import { fillRelationRows, openConfinement } from './confined-reads.ts';
import { withStatementCache } from './statement-cache.ts';

/**
 * The process that runs a SQLite server's dataset queries (see sqlite-reads.ts): a read-only
 * connection to the database file, one query at a time as messages arrive. The server kills
 * it when a query outlives its limit, which is the one way to stop SQLite from outside.
 * A registered view's query runs on a second connection, to an empty in-memory database, with
 * the rows of its relations read from the file first (see confined-reads.ts).
 */

export interface PlainQuery {
  sql: string;
  parameters: readonly unknown[];
}

/** A query, or a view's run: relation queries on the file, then its query in an empty database. */
export type ReadPayload = PlainQuery | { relations: PlainQuery[]; query: PlainQuery };

export type ReadRequest = { id: number } & ReadPayload;

export type ReadAnswer = { id: number; rows: unknown[] } | { id: number; error: string };

const [file] = process.argv.slice(2);
if (!file || !process.send) {
  console.error('sqlite-read-process: start it with fork(), naming the database file');
  process.exit(2);
}

const database = new SQLite(file, { readonly: true, fileMustExist: true });
database.pragma('busy_timeout = 5000');
const statements = withStatementCache(database);
const confinement = withStatementCache(openConfinement());

function rowsOf(prepare: typeof statements, query: PlainQuery): unknown[] {
  const statement = prepare.prepare(query.sql);
  if (!statement.reader) throw new Error('A dataset query returns rows; this statement returns none');
  return statement.all(query.parameters);
}

process.on('message', (request: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    if ('relations' in request) {
      const relations = request.relations.map((query) => rowsOf(statements, query));
      answer = { id: request.id, rows: rowsOf(confinement, { sql: request.query.sql, parameters: fillRelationRows(request.query.parameters, relations) }) };
    } else {
      answer = { id: request.id, rows: rowsOf(statements, request) };
    }
  } catch (error) {
    answer = { id: request.id, error: (error as Error).message };
  }
  process.send!(answer);
});
// The server went away: so does this process.
process.on('disconnect', () => process.exit(0));
