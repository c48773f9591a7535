import type BetterSqlite3 from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * better-sqlite3 behind Kysely, preparing each distinct SQL text once. Kysely asks for a
 * fresh statement per query; preparing is a good part of a small query's cost, and a
 * better-sqlite3 statement can be reused as soon as its (synchronous) run has returned.
 */
export function withStatementCache(database: BetterSqlite3.Database, capacity = 500): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql: string): SqliteStatement {
      let statement = cache.get(sql);
      if (statement) {
        // Refresh its place so the least recently used statement is the one dropped.
        cache.delete(sql);
      } else {
        statement = database.prepare(sql);
        if (cache.size >= capacity) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
