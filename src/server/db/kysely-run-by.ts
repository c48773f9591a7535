import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { Dialect } from './database.ts';
import type { DB } from './schema.ts';

/**
 * A Kysely of the dialect whose every query is run by `rows`, for reads that run somewhere
 * of their own (a time-limited SQLite process, a view's confinement): it builds and compiles
 * queries as the database's own Kysely does, but opens no transaction and streams nothing;
 * `what` names those reads in the errors that say so.
 */
export function kyselyRunBy(dialect: Dialect, what: string, rows: (query: CompiledQuery) => Promise<unknown[]>): Kysely<DB> {
  const connection: DatabaseConnection = {
    executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => ({ rows: (await rows(query)) as R[] }),
    // eslint-disable-next-line require-yield -- Kysely's interface; these reads never stream
    streamQuery: async function* () {
      throw new Error(`Streaming is not offered for ${what}`);
    },
  };
  const driver: Driver = {
    init: async () => undefined,
    acquireConnection: async () => connection,
    beginTransaction: async () => {
      throw new Error(`Transactions are not offered for ${what}`);
    },
    commitTransaction: async () => undefined,
    rollbackTransaction: async () => undefined,
    releaseConnection: async () => undefined,
    destroy: async () => undefined,
  };
  const sqlite = dialect === 'sqlite';
  return new Kysely<DB>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => driver,
      createIntrospector: (db) => (sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db)),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}
