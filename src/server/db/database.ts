import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery } from 'kysely';
import type pg from 'pg';
import { ChangeFeed, listenForChanges, trackingWrites, type CommitsElsewhere } from './change-feed.ts';
import { openConfinement, type ConfinedReads } from './confined-reads.ts';
import { pgViewReads } from './pg-view-reader.ts';
import type { DB } from './schema.ts';
import { SqliteReads } from './sqlite-reads.ts';
import { withStatementCache } from './statement-cache.ts';

export type Dialect = 'sqlite' | 'postgres';

/** A result column as the database describes it before any row is read. */
export interface ResultColumn {
  name: string;
  /** PostgreSQL's type of the column (its OID); SQLite has no such thing for computed columns. */
  pgType: number | null;
}

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /** Where registered views run: a connection with no table, handed the caller's rows (see confined-reads.ts). */
  views: ConfinedReads;
  /**
   * SQLite only: a Kysely whose reads run in a separate process that is killed past
   * `timeoutMs` (see sqlite-reads.ts). PostgreSQL stops a statement itself (statement_timeout).
   */
  readsWithin: ((timeoutMs: number) => Kysely<DB>) | null;
  /** What changed, for caches of rows read on every request (kept only on PostgreSQL). */
  changes: ChangeFeed;
  /** Gets ready what the first queries would otherwise wait for (SQLite's read process). */
  warmUp(): void;
  close(): Promise<void>;
}

/** The PostgreSQL driver, loaded only for a PostgreSQL URL: a SQLite server goes without it. */
function loadPg(): typeof pg {
  const driver = createRequire(import.meta.url)('pg') as typeof pg;
  // PostgreSQL returns bigint (count(*)) as text; these counts always fit a JS number.
  driver.types.setTypeParser(driver.types.builtins.INT8, (v) => Number(v));
  return driver;
}

/**
 * SQLite's data_version moves when another connection (an operator's shell, a second process)
 * commits; this connection's own commits leave it alone, and the driver tells of those. A
 * failure to ask counts as a change: nothing kept is trusted then.
 */
export function sqliteCommitsElsewhere(sqlite: SQLite.Database): CommitsElsewhere {
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let seen = dataVersion.get();
  return () => {
    try {
      const now = dataVersion.get();
      if (now === seen) return false;
      seen = now;
    } catch {
      // Asked again at the next look.
    }
    return true;
  };
}

/** Opens PostgreSQL when `databaseUrl` is a postgres URL, else the SQLite file under `dataDir`. */
export function openDatabase(options: { databaseUrl: string; dataDir: string; viewReaderUrl?: string }): Database {
  if (/^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pg = loadPg();
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection that the server closes (restart, admin kill) must not crash the process;
    // the pool replaces it on the next query.
    pool.on('error', () => undefined);
    const changes = new ChangeFeed();
    const db = new Kysely<DB>({ dialect: trackingWrites(new PostgresDialect({ pool }), changes) });
    const notices = listenForChanges(changes, () => new pg.Client({ connectionString: options.databaseUrl }));
    const views = pgViewReads(pg, pool, { databaseUrl: options.databaseUrl, readerUrl: options.viewReaderUrl });
    const close = async () => {
      await notices.close();
      await views.close();
      await db.destroy();
    };
    return { db, dialect: 'postgres', views, readsWithin: null, changes, warmUp: () => undefined, close };
  }
  // The server's alone (folder 0700, file 0600, see private-files.ts) whatever the umask, also
  // when an older start left the file open; SQLite gives -wal and -shm the database file's mode.
  fs.mkdirSync(options.dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(options.dataDir, 'plinth.db');
  fs.closeSync(fs.openSync(file, 'a', 0o600));
  for (const own of [file, `${file}-wal`, `${file}-shm`]) if (fs.existsSync(own)) fs.chmodSync(own, 0o600);
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const changes = new ChangeFeed(sqliteCommitsElsewhere(sqlite));
  changes.connected();
  const db = new Kysely<DB>({ dialect: trackingWrites(new SqliteDialect({ database: withStatementCache(sqlite) }), changes) });
  const reads = new SqliteReads(file);
  // Describing prepares the statement, which runs nothing: an empty database of this process does.
  const confinement = openConfinement();
  const views: ConfinedReads = {
    rows: (run, deadline) => reads.confined(run, deadline),
    describe: async (query: CompiledQuery): Promise<ResultColumn[]> => {
      const statement = confinement.prepare(query.sql);
      if (!statement.reader || !statement.readonly) throw new Error('A view only reads; this statement does not');
      return statement.columns().map((c) => ({ name: c.name, pgType: null }));
    },
  };
  return {
    db,
    dialect: 'sqlite',
    views,
    readsWithin: (timeoutMs) => reads.within(timeoutMs),
    changes,
    warmUp: () => reads.warm(),
    close: async () => {
      reads.close();
      confinement.close();
      await db.destroy();
    },
  };
}
