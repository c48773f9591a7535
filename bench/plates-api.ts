/**
 * Plates API benchmark: a group-by with two measures over the 1,000,000 requests of the
 * benchmark form (bench/million-requests.ts) — requests and money spent per building, the
 * query a plate's bar chart sends — through `dataset/query` on the real server, beside the
 * same group-by written by hand and run directly through the driver. SQLite always,
 * PostgreSQL too when TEST_PG_URL is set.
 *
 * Uncached: the server's answer cache is emptied before each request, so every request runs
 * the query on the database. Cached: the same request again and again, as a plate's viewers
 * send it. Targets: uncached API within 1.5x of the hand-written SQL (median); cached
 * repeats under 5 ms (p99).
 */
import { sql, type CompiledQuery } from 'kysely';
import type { QueryAggregateResult } from '../src/core/query/query-spec.ts';
import { createTestDatabase, testDialects, type TestDialect } from '../tests/helpers/databases.ts';
import { call, collectBenchGarbage, openRawDriver, percentiles, settleAfterLoad, sessionsEnded, startApiServer, timeServerRequests, type ApiServer, type RawDriver } from './api-harness.ts';
import { measureLoad } from './load.ts';
import { createRequestsForm, RECORDS } from './million-requests.ts';
import { median, printTable, withDeadline } from './report.ts';

/** Uncached runs of each side, after one discarded warm-up, alternating API and SQL. */
const UNCACHED_RUNS = 7;
/** Cached repeats: one client on a worker thread (not sharing the server's event loop), as in the forms benchmark. */
const CACHED_LOAD = { warmupSeconds: 1, durationSeconds: 5, connections: 1 };
const TARGET_FACTOR = 1.5;
const CACHED_TARGET_MS = 5;
const DEADLINE_MS = 15 * 60_000;

export async function runPlatesApiBench(): Promise<void> {
  await withDeadline('plates API', DEADLINE_MS, async () => {
    for (const dialect of testDialects()) await benchDialect(dialect);
  });
}

/** The hand-written group-by: what a developer would type against form_record. */
function handWritten(dialect: TestDialect, tenantId: number, formId: number): CompiledQuery {
  const text =
    dialect === 'sqlite'
      ? `select json_extract(data, '$.building') as building, count(*) as requests, sum(json_extract(data, '$.cost')) as spent
         from form_record where tenant_id = ? and form_id = ? group by json_extract(data, '$.building')`
      : `select data->>'building' as building, count(*) as requests, sum((data->>'cost')::numeric) as spent
         from form_record where tenant_id = $1 and form_id = $2 group by data->>'building'`;
  return { sql: text, parameters: [tenantId, formId], query: { kind: 'RawNode' } } as unknown as CompiledQuery;
}

const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);

async function benchDialect(dialect: TestDialect): Promise<void> {
  const database = await createTestDatabase(dialect);
  let server: ApiServer | undefined;
  let raw: RawDriver | undefined;
  try {
    server = await startApiServer(database);
    const { app, url } = server;
    const { admin, target, insertMs } = await createRequestsForm(server, dialect, database);
    console.log(`\n[${dialect}] ${RECORDS.toLocaleString('en')} records of form ${target.formId} inserted in ${(insertMs / 1000).toFixed(1)} s`);
    if (dialect === 'postgres') await sql`analyze form_record`.execute(app.services.db);
    await settleAfterLoad(app.services.db, dialect);
    raw = await openRawDriver(dialect, database);

    const query = {
      dataset: `form_${target.formId}`,
      dimensions: ['building'],
      measures: [
        { agg: 'count', as: 'requests' },
        { agg: 'sum', field: 'cost', as: 'spent' },
      ],
    };
    const ask = async () => {
      const started = performance.now();
      const answer = await call<QueryAggregateResult>(url, 'POST', '/api/proptech_allplan/dataset/query', admin, query);
      return { ms: performance.now() - started, rows: answer.data.rows };
    };
    const hand = handWritten(dialect, target.tenantId, target.formId);
    const run = raw.prepare([hand]);
    const direct = async () => {
      const started = performance.now();
      const rows = (await run()) as Record<string, unknown>[];
      return { ms: performance.now() - started, rows };
    };

    // Both sides give the same groups and figures.
    app.services.queryCache.clear();
    const first = await ask();
    const expected = await direct();
    const total = (rows: Record<string, unknown>[], column: string) => rows.reduce((sum, row) => sum + Number(row[column] ?? 0), 0);
    if (first.rows.length !== expected.rows.length || total(first.rows, 'requests') !== RECORDS || Math.abs(total(first.rows, 'spent') - total(expected.rows, 'spent')) > 1) {
      throw new Error(`[${dialect}] the API and the hand-written SQL disagree: ${JSON.stringify(first.rows.slice(0, 3))} vs ${JSON.stringify(expected.rows.slice(0, 3))}`);
    }

    const apiTimes: number[] = [];
    const sqlTimes: number[] = [];
    for (let i = 0; i < UNCACHED_RUNS; i++) {
      app.services.queryCache.clear();
      apiTimes.push((await ask()).ms);
      sqlTimes.push((await direct()).ms);
    }
    await ask();
    collectBenchGarbage();
    const stopTiming = timeServerRequests(app);
    const cached = await measureLoad({
      url: `${url}/api/proptech_allplan/dataset/query`,
      method: 'POST',
      headers: { token: admin, 'content-type': 'application/json' },
      body: JSON.stringify(query),
      ...CACHED_LOAD,
    });
    const inServer = percentiles(stopTiming());
    if (cached.errors > 0 || cached.non2xx > 0) throw new Error(`dataset/query: ${cached.errors} errors, ${cached.non2xx} non-2xx answers under load`);

    const apiMedian = median(apiTimes);
    const sqlMedian = median(sqlTimes);
    const ratio = apiMedian / sqlMedian;
    printTable(
      ['group-by: requests and spend per building', 'runs', 'median ms', 'p99 ms', 'ratio to SQL', 'target', ''],
      [
        ['API dataset/query, uncached', String(UNCACHED_RUNS), ms(apiMedian), ms(Math.max(...apiTimes)), ratio.toFixed(2), `<= ${TARGET_FACTOR}x`, ratio <= TARGET_FACTOR ? 'met' : 'MISSED'],
        ['hand-written SQL, driver in process', String(UNCACHED_RUNS), ms(sqlMedian), ms(Math.max(...sqlTimes)), '1.00', '', ''],
        ['API dataset/query, cached repeat', `${cached.requestsPerSecond.toFixed(0)}/s`, ms(cached.p50), ms(cached.p99), (cached.p50 / sqlMedian).toFixed(4), `p99 < ${CACHED_TARGET_MS} ms`, cached.p99 < CACHED_TARGET_MS ? 'met' : 'MISSED'],
        ['  of which inside the server', '', ms(inServer.p50), ms(inServer.p99), '', '', ''],
      ],
      [0],
    );
    console.log(`[${dialect}] ${first.rows.length} groups over ${RECORDS.toLocaleString('en')} records; uncached runs empty the server's answer cache first`);
  } finally {
    await raw?.close();
    await server?.app.close();
    if (dialect === 'postgres') await sessionsEnded(database);
    await database.drop();
  }
}
