/**
 * What the API benchmarks share: the real server started on a loopback port over a test
 * database, signed-in calls to it, a raw driver on the same database to time SQL beside the
 * API, and the percentiles both are reported in.
 */
import { execFileSync } from 'node:child_process';
import type { ServerResponse } from 'node:http';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import pg from 'pg';
import type { LoginResult } from '../src/core/entities.ts';
import type { Envelope } from '../src/core/envelope.ts';
import { buildApp } from '../src/server/app.ts';
import { systemClock } from '../src/server/clock.ts';
import { loadConfig, type AppConfig } from '../src/server/config.ts';
import type { DB } from '../src/server/db/schema.ts';
import type { TestDatabase, TestDialect } from '../tests/helpers/databases.ts';
import { DEMO_PASSWORD, NORTHWIND } from '../tests/helpers/test-app.ts';
import { quantileOf } from './report.ts';

/** The tenant the benchmarks sign in to and load their data into. */
export const TENANT = NORTHWIND;

// --- The server ------------------------------------------------------------------------------

export interface ApiServer {
  app: FastifyInstance;
  /** Its loopback origin, e.g. http://127.0.0.1:41234. */
  url: string;
}

/** The app over the database, silent, login rate limits lifted, listening on a free loopback port. */
export async function startApiServer(database: TestDatabase): Promise<ApiServer> {
  const config: AppConfig = {
    ...loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent' }),
    host: '127.0.0.1',
    port: 0,
    webDir: '/nonexistent',
    rateLimit: { loginMax: 1000, codeMax: 1000, windowMs: 60_000, accountFailureMax: 1000, accountWindowMs: 15 * 60_000 },
  };
  const app = await buildApp({ config, clock: systemClock });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    if (address === null || typeof address !== 'object') throw new Error('server has no address');
    return { app, url: `http://127.0.0.1:${address.port}` };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * Waits until the server has no session left on the database. The app's pool resolves its
 * `end()` before its connections are gone, and the helper drops WITH (FORCE): a connection
 * killed while closing would raise an 'error' on the pool, which has no listener.
 */
export async function sessionsEnded(database: TestDatabase): Promise<void> {
  const name = new URL(database.databaseUrl).pathname.slice(1);
  const client = new pg.Client({ connectionString: process.env.TEST_PG_URL });
  await client.connect();
  try {
    for (let waited = 0; waited < 5_000; waited += 20) {
      const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [
        name,
      ]);
      if (rows[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await client.end();
  }
}

/**
 * A full collection of this process's heap. The server shares its process with the benchmark,
 * whose bulk load of a million records leaves a few hundred MB of garbage that a server
 * started on its own would never hold: collected before measuring, so the server's
 * collections are its own size.
 */
export function collectBenchGarbage(): void {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/**
 * Brings the machine to the state of a database loaded a while ago before anything is timed:
 * the log written into the database (SQLite's WAL checkpointed, PostgreSQL's checkpoint), the
 * dirty pages of a million rows flushed to disk, and the bulk load's garbage collected.
 * Otherwise the kernel writes hundreds of MB back during the first seconds of measuring, and
 * the server, twice as slow then, is timed against its own bulk load.
 */
export async function settleAfterLoad(db: Kysely<DB>, dialect: TestDialect): Promise<void> {
  if (dialect === 'sqlite') await sql`pragma wal_checkpoint(truncate)`.execute(db);
  else await sql`checkpoint`.execute(db);
  execFileSync('sync');
  collectBenchGarbage();
}

/**
 * Starts timing every request inside the server, from its arrival as a parsed request to the
 * last byte of its answer handed to the socket; the function returned stops and gives the
 * times in ms. Beside the client's figures it shows how much of a latency is the server's own
 * work and how much lies outside it (the client's thread, the machine's scheduling).
 */
export function timeServerRequests(app: FastifyInstance): () => number[] {
  const times: number[] = [];
  const onRequest = (_request: unknown, response: ServerResponse) => {
    const started = process.hrtime.bigint();
    response.once('finish', () => times.push(Number(process.hrtime.bigint() - started) / 1e6));
  };
  app.server.on('request', onRequest);
  return () => {
    app.server.off('request', onRequest);
    return times;
  };
}

// --- Calls -----------------------------------------------------------------------------------

/** One API request; throws unless the envelope reports success. */
export async function call<T>(url: string, method: string, route: string, token?: string, body?: unknown): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (token !== undefined) headers.token = token;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const send = () => fetch(new URL(route, url), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  // After a long bulk load the pooled connection may have been closed by the server's keep-alive
  // timeout just as it is reused: the request never reached the server, so it is sent again.
  const response = await send().catch((error: unknown) => {
    if ((error as { cause?: { code?: string } }).cause?.code === 'ECONNRESET') return send();
    throw error;
  });
  const envelope = (await response.json()) as Envelope<T>;
  if (!envelope.success) throw new Error(`${method} ${route} failed (${response.status}): ${envelope.message}`);
  return envelope;
}

/** Password login, then login/byToken into Northwind: a tenant token. */
export async function signIn(url: string, account: string): Promise<string> {
  const login = await call<LoginResult>(url, 'POST', '/api/proptech_allplan/login/passwordLogin', undefined, {
    account,
    password: DEMO_PASSWORD,
  });
  const tenants = await call<{ tenantId: number; tenantName: string }[]>(
    url,
    'GET',
    '/api/proptech_allplan/login/list/tenant',
    login.data.token,
  );
  const tenant = tenants.data.find((t) => t.tenantName === TENANT);
  if (!tenant) throw new Error(`${account} is not in ${TENANT}`);
  const byToken = await call<LoginResult>(url, 'POST', '/api/proptech_allplan/login/login/byToken', login.data.token, {
    tenantId: tenant.tenantId,
    loginType: 'WEB',
  });
  return byToken.data.token;
}

// --- Raw driver ------------------------------------------------------------------------------

/** The database of the server, reached directly in this process (read-only on SQLite). */
export interface RawDriver {
  dialect: TestDialect;
  /** A function running the statements once, in order; it returns the rows of the last one. */
  prepare(queries: readonly CompiledQuery[]): () => unknown[] | Promise<unknown[]>;
  /** The rows of one statement. */
  rows(query: CompiledQuery): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

export async function openRawDriver(dialect: TestDialect, database: TestDatabase): Promise<RawDriver> {
  if (dialect === 'sqlite') {
    const sqlite = new SQLite(path.join(database.dataDir, 'plinth.db'), { readonly: true });
    return {
      dialect,
      prepare(queries) {
        const statements = queries.map((q) => ({ statement: sqlite.prepare(q.sql), parameters: q.parameters }));
        return () => {
          let rows: unknown[] = [];
          for (const { statement, parameters } of statements) rows = statement.all(...parameters);
          return rows;
        };
      },
      rows: async (query) => sqlite.prepare(query.sql).all(...query.parameters) as Record<string, unknown>[],
      async close() {
        sqlite.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  return {
    dialect,
    prepare(queries) {
      return async () => {
        let rows: unknown[] = [];
        for (const q of queries) rows = (await client.query(q.sql, q.parameters as unknown[])).rows;
        return rows;
      };
    },
    rows: async (query) => (await client.query(query.sql, query.parameters as unknown[])).rows as Record<string, unknown>[],
    close: () => client.end(),
  };
}

// --- Figures ---------------------------------------------------------------------------------

export interface Percentiles {
  p50: number;
  p99: number;
}

/** The median and 99th percentile of times in any order. */
export const percentiles = (times: readonly number[]): Percentiles => ({ p50: quantileOf(times, 0.5), p99: quantileOf(times, 0.99) });
