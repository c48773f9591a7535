import SQLite from 'better-sqlite3';
import { withStatementCache } from './statement-cache.ts';

/**
 * The process that runs a SQLite server's dataset queries (see sqlite-reads.ts): a read-only
 * connection to the database file, one query at a time as messages arrive. The server kills
 * it when a query outlives its limit, which is the one way to stop SQLite from outside.
 */

export interface ReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}

export type ReadAnswer = { id: number; rows: unknown[] } | { id: number; error: string };

const [file] = process.argv.slice(2);
if (!file || !process.send) {
  console.error('sqlite-read-process: start it with fork(), naming the database file');
  process.exit(2);
}

const database = new SQLite(file, { readonly: true, fileMustExist: true });
database.pragma('busy_timeout = 5000');
const statements = withStatementCache(database);

process.on('message', (request: ReadRequest) => {
  let answer: ReadAnswer;
  try {
    const statement = statements.prepare(request.sql);
    if (!statement.reader) throw new Error('A dataset query returns rows; this statement returns none');
    answer = { id: request.id, rows: statement.all(request.parameters) as unknown[] };
  } catch (error) {
    answer = { id: request.id, error: (error as Error).message };
  }
  process.send!(answer);
});
// The server went away: so does this process.
process.on('disconnect', () => process.exit(0));
