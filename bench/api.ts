/**
 * API benchmark: the real server on loopback over a fresh database (SQLite, and PostgreSQL
 * when TEST_PG_URL is set) with the seed loaded and 10,000 notifications for alice. Each
 * endpoint is loaded with autocannon, and the SQL its service runs is timed directly
 * through the driver in this process, so the two can be compared:
 * target: API p50 <= 2 x (raw SQL p50 + 1 ms).
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import type { DB } from '../src/server/db/schema.ts';
import { TenantScope } from '../src/server/db/tenant-scope.ts';
import { createTestDatabase, testDialects, type TestDialect } from '../tests/helpers/databases.ts';
import {
  call,
  openRawDriver,
  percentiles,
  sessionsEnded,
  signIn,
  startApiServer,
  TENANT,
  type ApiServer,
  type Percentiles,
  type RawDriver,
} from './api-harness.ts';
import { measureLoad } from './load.ts';
import { printTable } from './report.ts';

const WORKSPACE = 'NW-HQ';
const NOTIFICATIONS = 10_000;
const INSERT_BATCH = 500;
const PAGE = { pageNum: 1, pageSize: 20 };

/** One connection gives the latency of a request alone; ten show throughput and queueing. */
const CONNECTIONS = [1, 10];
const LOAD = { warmupSeconds: 1, durationSeconds: 5 };
const RAW = { warmup: 200, iterations: 2_000 };
const TARGET_FACTOR = 2;
const TARGET_SLACK_MS = 1;

export async function runApiBench(): Promise<void> {
  for (const dialect of testDialects()) await benchDialect(dialect);
}

interface Endpoint {
  label: string;
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: unknown;
  /** The statements the service runs for one request, in order. */
  queries: CompiledQuery[];
}

async function benchDialect(dialect: TestDialect): Promise<void> {
  const database = await createTestDatabase(dialect);
  let server: ApiServer | undefined;
  let raw: RawDriver | undefined;
  try {
    const started = Date.now();
    server = await startApiServer(database);
    const { app, url } = server;

    const alice = await signIn(url, 'alice');
    const admin = await signIn(url, 'admin');
    const db = app.services.db;
    const ids = await lookUpIds(db);
    // The demo data already holds a few notices of alice's; the page counts those too.
    const seeded = await notificationCount(db, ids.tenantId, ids.aliceId);
    await insertNotifications(db, ids.tenantId, ids.aliceId);
    // The state autovacuum reaches soon after a bulk insert: visibility map set, statistics known.
    if (dialect === 'postgres') await sql`vacuum analyze notify`.execute(db);
    console.log(
      `\n[${dialect}] seed + ${NOTIFICATIONS.toLocaleString('en')} notifications for alice ready in ${Date.now() - started} ms; ` +
        `autocannon ${LOAD.durationSeconds} s per endpoint and connection count; raw SQL over ${RAW.iterations} iterations`,
    );

    const scope = new TenantScope(db, ids.tenantId);
    const endpoints: Endpoint[] = [
      {
        label: 'POST notify/page (alice)',
        method: 'POST',
        path: '/api/proptech_notify/notify/page',
        token: alice,
        body: PAGE,
        queries: notifyPageQueries(scope, ids.aliceId),
      },
      {
        label: `GET user function tree ${WORKSPACE} (alice)`,
        method: 'GET',
        path: `/api/proptech_allplan/workingSpace/user/function/tree?workingSpaceCode=${WORKSPACE}`,
        token: alice,
        queries: userTreeQueries(scope, ids.aliceId, ids.workspaceId),
      },
      {
        label: 'GET resource current tree (admin)',
        method: 'GET',
        path: '/api/proptech_allplan/resource/current/tree',
        token: admin,
        queries: [tenantResources(scope)],
      },
    ];

    raw = await openRawDriver(dialect, database);
    const rows: string[][] = [];
    const missed = new Set<number>();
    for (const endpoint of endpoints) {
      await checkEndpoint(url, endpoint, seeded + NOTIFICATIONS);
      const direct = await timeQueries(raw, endpoint.queries);
      for (const connections of CONNECTIONS) {
        const api = await loadEndpoint(url, endpoint, connections);
        const ratio = api.p50 / (direct.p50 + TARGET_SLACK_MS);
        const met = ratio <= TARGET_FACTOR;
        if (!met) missed.add(connections);
        rows.push([
          endpoint.label,
          String(connections),
          api.requestsPerSecond.toFixed(0),
          api.p50.toFixed(2),
          api.p99.toFixed(2),
          String(endpoint.queries.length),
          direct.p50.toFixed(3),
          direct.p99.toFixed(3),
          ratio.toFixed(2),
          met ? 'met' : 'MISSED',
        ]);
      }
    }
    printTable(
      ['endpoint', 'conns', 'req/s', 'API p50 ms', 'API p99 ms', 'stmts', 'SQL p50 ms', 'SQL p99 ms', 'API p50/(SQL p50+1)', 'target'],
      rows,
    );
    for (const connections of CONNECTIONS) {
      console.log(
        `[${dialect}] target "API p50 within ${TARGET_FACTOR}x of the raw query plus ${TARGET_SLACK_MS} ms" at ${connections} ` +
          `connection${connections === 1 ? '' : 's'}: ${missed.has(connections) ? 'MISSED for at least one endpoint' : 'met for every endpoint'}`,
      );
    }
    console.log(
      `[${dialect}] (with n connections a request also waits for the others on the server's one event loop: p50 ≈ n / req/s)`,
    );
  } finally {
    await raw?.close();
    await server?.app.close();
    if (dialect === 'postgres') await sessionsEnded(database);
    await database.drop();
  }
}

// --- Setup -------------------------------------------------------------------------------

async function lookUpIds(db: Kysely<DB>) {
  const tenant = await db.selectFrom('tenant').select('id').where('name', '=', TENANT).executeTakeFirstOrThrow();
  const alice = await db.selectFrom('app_user').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow();
  const workspace = await db
    .selectFrom('workspace')
    .select('id')
    .where('tenant_id', '=', tenant.id)
    .where('code', '=', WORKSPACE)
    .executeTakeFirstOrThrow();
  return { tenantId: tenant.id, aliceId: alice.id, workspaceId: workspace.id };
}

async function notificationCount(db: Kysely<DB>, tenantId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notify')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('tenant_id', '=', tenantId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function insertNotifications(db: Kysely<DB>, tenantId: number, userId: number): Promise<void> {
  const types = ['SYSTEM', 'TASK', 'APPROVAL', 'MENTION'];
  const start = Date.now() - NOTIFICATIONS * 60_000;
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < NOTIFICATIONS; from += INSERT_BATCH) {
      const batch = Array.from({ length: Math.min(INSERT_BATCH, NOTIFICATIONS - from) }, (_, k) => {
        const n = from + k;
        return {
          tenant_id: tenantId,
          user_id: userId,
          notify_type: types[n % types.length]!,
          title: `Notification ${n + 1}`,
          content: `Body of notification ${n + 1}: something happened that needs a look.`,
          link: n % 3 === 0 ? `/forms/${n}` : null,
          is_read: n < NOTIFICATIONS / 2 ? 1 : 0,
          create_time: new Date(start + n * 60_000).toISOString(),
        };
      });
      await trx.insertInto('notify').values(batch).execute();
    }
  });
}

// --- The SQL each service runs (same builders, compiled for the dialect) --------------------

/** notify/service.ts pageNotifications with no type or read filter: the page and its count. */
function notifyPageQueries(scope: TenantScope, userId: number): CompiledQuery[] {
  const filtered = scope.selectFrom('notify').where('user_id', '=', userId);
  return [
    filtered
      .selectAll()
      .orderBy('id', 'desc')
      .limit(PAGE.pageSize)
      .offset((PAGE.pageNum - 1) * PAGE.pageSize)
      .compile(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).compile(),
  ];
}

/** resource/service.ts tenantResources: every resource row of the tenant. */
function tenantResources(scope: TenantScope): CompiledQuery {
  return scope.selectFrom('resource').selectAll().compile();
}

/** resource/service.ts workspaceUserTree: workspace lookup, its resources, the role grants, the resources. */
function userTreeQueries(scope: TenantScope, userId: number, workspaceId: number): CompiledQuery[] {
  return [
    scope
      .selectFrom('workspace')
      .innerJoin('workspace_member', 'workspace_member.workspace_id', 'workspace.id')
      .select('workspace.id')
      .where('workspace.code', '=', WORKSPACE)
      .where('workspace_member.user_id', '=', userId)
      .compile(),
    scope.selectFrom('workspace_resource').select('resource_id').where('workspace_id', '=', workspaceId).compile(),
    scope
      .selectFrom('role_resource')
      .innerJoin('user_role', 'user_role.role_id', 'role_resource.role_id')
      .select('role_resource.resource_id')
      .where('user_role.user_id', '=', userId)
      .compile(),
    tenantResources(scope),
  ];
}

// --- Raw timing -------------------------------------------------------------------------------

async function timeQueries(raw: RawDriver, queries: readonly CompiledQuery[]): Promise<Percentiles> {
  const run = raw.prepare(queries);
  for (let i = 0; i < RAW.warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RAW.iterations; i++) {
    const t0 = process.hrtime.bigint();
    const result = run();
    if (result instanceof Promise) await result;
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return percentiles(times);
}

// --- Load -------------------------------------------------------------------------------------

/** One request up front, so a wrong token or route fails loudly instead of benchmarking errors. */
async function checkEndpoint(url: string, endpoint: Endpoint, notifications: number): Promise<void> {
  const result = await call<unknown>(url, endpoint.method, endpoint.path, endpoint.token, endpoint.body);
  if (endpoint.body !== undefined) {
    const page = result.data as { total: number; list: unknown[] };
    if (page.total !== notifications || page.list.length !== PAGE.pageSize) {
      throw new Error(`${endpoint.label}: expected ${notifications} notifications, got total ${page.total}`);
    }
  } else if (!Array.isArray(result.data) || result.data.length === 0) {
    throw new Error(`${endpoint.label}: empty tree`);
  }
}

async function loadEndpoint(url: string, endpoint: Endpoint, connections: number) {
  const result = await measureLoad({
    url: new URL(endpoint.path, url).toString(),
    method: endpoint.method,
    headers: {
      token: endpoint.token,
      ...(endpoint.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: endpoint.body === undefined ? undefined : JSON.stringify(endpoint.body),
    connections,
    ...LOAD,
  });
  if (result.errors > 0 || result.non2xx > 0) {
    throw new Error(`${endpoint.label}: ${result.errors} errors, ${result.non2xx} non-2xx answers under load`);
  }
  return result;
}
