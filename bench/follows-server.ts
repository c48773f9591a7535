/**
 * Follow-ups list benchmark: a workspace holding 100,000 follow-ups on 2,000 sheets, asked
 * through `follow/list` on the real server for a page with three filters (types, statuses,
 * trades) and a sort (due date), beside the same two statements (the page and its count)
 * written by hand and run directly through the driver in the same run. SQLite always,
 * PostgreSQL too when TEST_PG_URL is set. Target: the API's median within 2 × the SQL's + 2 ms
 * (the API also names the people, types and sheets of the page's rows).
 *
 * The sheets and follow-ups are written straight into their tables in large transactions, as
 * a register and a site team would have made them over a few years: every status, priority,
 * type and trade, due dates around today, one assignee each.
 */
import { sql, type CompiledQuery, type Kysely } from 'kysely';
import { FOLLOW_PATHS, FOLLOW_PRIORITIES, FOLLOW_STATUSES, type FollowListBody, type FollowListResult, type FollowType } from '../src/core/contracts/follows.ts';
import type { DB } from '../src/server/db/schema.ts';
import { numberSortKey, PRIORITY_RANK } from '../src/server/modules/follow/rows.ts';
import { createTestDatabase, testDialects, type TestDialect } from '../tests/helpers/databases.ts';
import { call, openRawDriver, settleAfterLoad, signIn, startApiServer, type RawDriver } from './api-harness.ts';
import { median, printTable, withDeadline } from './report.ts';

const FOLLOWS = 100_000;
const SHEETS = 2_000;
const WORKSPACE = 'NW-TOWER';
const TRADES = ['Electrical', 'Plumbing', 'Carpentry', 'Drywall', 'Painting', 'HVAC', 'Concrete', 'Glazing'];
const BATCH = 500;
/** Runs of each side after one discarded warm-up, alternating API and SQL. */
const RUNS = 15;
const TARGET_FACTOR = 2;
const TARGET_PLUS_MS = 2;
const DEADLINE_MS = 20 * 60_000;
const DAY_MS = 86_400_000;

export async function runFollowsServerBench(): Promise<void> {
  await withDeadline('follows list', DEADLINE_MS, async () => {
    const rows: string[][] = [];
    for (const dialect of testDialects()) rows.push(await benchDialect(dialect));
    console.log(`\nfollow/list: ${FOLLOWS.toLocaleString('en')} follow-ups on ${SHEETS.toLocaleString('en')} sheets, three filters and a sort, median of ${RUNS}`);
    printTable(['database', 'rows left', 'API p50', 'SQL p50', 'target ≤', 'met'], rows, [0]);
  });
}

interface Place {
  tenantId: number;
  workspaceId: number;
  userIds: number[];
  typeIds: number[];
}

/** A seeded random sequence, so every run writes the same follow-ups. */
function randomFrom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

async function writeSheets(db: Kysely<DB>, place: Place, now: string): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < SHEETS; start += BATCH) {
    const values = Array.from({ length: Math.min(BATCH, SHEETS - start) }, (_, i) => {
      const number = `A-${1001 + start + i}`;
      return {
        tenant_id: place.tenantId,
        workspace_id: place.workspaceId,
        number,
        number_sort: numberSortKey(number),
        title: `Level ${Math.floor((start + i) / 50) + 1} plan ${((start + i) % 50) + 1}`,
        discipline: 'A',
        created_by: place.userIds[0]!,
        create_time: now,
        updated_by: place.userIds[0]!,
        update_time: now,
      };
    });
    const written = await db.insertInto('drawing_sheet').values(values).returning('id').execute();
    ids.push(...written.map((row) => row.id));
  }
  return ids;
}

async function writeFollows(db: Kysely<DB>, place: Place, sheetIds: number[]): Promise<void> {
  const random = randomFrom(20261127);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const today = Date.now();
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < FOLLOWS; start += BATCH) {
      const follows = Array.from({ length: Math.min(BATCH, FOLLOWS - start) }, (_, i) => {
        const n = start + i + 1;
        const number = `PI-${String(n).padStart(6, '0')}`;
        const status = pick(FOLLOW_STATUSES);
        const priority = pick(FOLLOW_PRIORITIES);
        const created = new Date(today - Math.floor(random() * 3 * 365) * DAY_MS).toISOString();
        const due = new Date(today + Math.floor((random() - 0.5) * 120) * DAY_MS).toISOString().slice(0, 10);
        const author = pick(place.userIds);
        return {
          tenant_id: place.tenantId,
          workspace_id: place.workspaceId,
          type_id: pick(place.typeIds),
          number,
          number_sort: numberSortKey(number),
          title: `Snag ${n} on ${pick(TRADES).toLowerCase()} work`,
          description: 'Found on the walk-through; see the photo.',
          status,
          priority,
          priority_rank: PRIORITY_RANK[priority],
          due_date: due,
          trade: pick(TRADES),
          sheet_id: pick(sheetIds),
          pin_x: random() * 3000,
          pin_y: random() * 2000,
          comment_count: 0,
          photo_count: 0,
          revision: 1,
          created_by: author,
          create_time: created,
          updated_by: author,
          update_time: created,
          closed_time: status === 'closed' ? created : null,
        };
      });
      const ids = await trx.insertInto('follow_up').values(follows).returning('id').execute();
      await trx
        .insertInto('follow_assignee')
        .values(ids.map((row) => ({ tenant_id: place.tenantId, follow_id: row.id, user_id: pick(place.userIds) })))
        .execute();
    }
  });
}

/** The page and its count, as a developer would write them against follow_up. */
function handWritten(dialect: TestDialect, place: Place, body: Required<Pick<FollowListBody, 'typeIds' | 'statuses' | 'trades' | 'size'>>): CompiledQuery[] {
  const parameters: unknown[] = [];
  const mark = (value: unknown) => {
    parameters.push(value);
    return dialect === 'sqlite' ? '?' : `$${parameters.length}`;
  };
  const list = (values: readonly unknown[]) => values.map(mark).join(', ');
  const where =
    `tenant_id = ${mark(place.tenantId)} and workspace_id = ${mark(place.workspaceId)} and deleted_time is null` +
    ` and type_id in (${list(body.typeIds)}) and status in (${list(body.statuses)}) and trade in (${list(body.trades)})`;
  const filterParameters = [...parameters];
  const page = { sql: `select * from follow_up where ${where} order by due_date asc, id asc limit ${body.size}`, parameters: filterParameters };
  const count = { sql: `select count(*) as n from follow_up where ${where}`, parameters: filterParameters };
  return [page, count].map((query) => ({ ...query, query: { kind: 'RawNode' } }) as unknown as CompiledQuery);
}

async function benchDialect(dialect: TestDialect): Promise<string[]> {
  const database = await createTestDatabase(dialect);
  const server = await startApiServer(database);
  let raw: RawDriver | undefined;
  try {
    const { app, url } = server;
    const db = app.services.db;
    const admin = await signIn(url, 'admin');
    // The first read of the types makes the workspace's default ones.
    const types = await call<FollowType[]>(url, 'GET', `/api${FOLLOW_PATHS.typeList}?workspaceCode=${WORKSPACE}`, admin);
    const workspace = await db.selectFrom('workspace').select(['id', 'tenant_id']).where('code', '=', WORKSPACE).executeTakeFirstOrThrow();
    const members = await db.selectFrom('workspace_member').select('user_id').where('workspace_id', '=', workspace.id).execute();
    const place: Place = {
      tenantId: workspace.tenant_id,
      workspaceId: workspace.id,
      userIds: members.map((member) => member.user_id),
      typeIds: types.data.map((type) => type.id),
    };
    const started = performance.now();
    const sheetIds = await writeSheets(db, place, new Date().toISOString());
    await writeFollows(db, place, sheetIds);
    console.log(`\n[${dialect}] ${FOLLOWS.toLocaleString('en')} follow-ups on ${SHEETS.toLocaleString('en')} sheets written in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    if (dialect === 'postgres') await sql`analyze`.execute(db);
    await settleAfterLoad(db, dialect);

    const body = { typeIds: place.typeIds.slice(0, 2), statuses: ['open', 'inProgress'] as const, trades: TRADES.slice(0, 3), size: 50 };
    const request: FollowListBody = { workspaceCode: WORKSPACE, ...body, statuses: [...body.statuses], sort: 'dueDate', order: 'asc', page: 1 };
    raw = await openRawDriver(dialect, database);
    const [page, count] = handWritten(dialect, place, { ...body, statuses: [...body.statuses] });
    const direct = raw.prepare([page!]);
    const directCount = raw.prepare([count!]);
    let total = 0;
    const ask = async () => {
      const at = performance.now();
      const answer = await call<FollowListResult>(url, 'POST', `/api${FOLLOW_PATHS.list}`, admin, request);
      if (!answer.success) throw new Error(`follow/list refused: ${answer.message}`);
      total = answer.data.total;
      return performance.now() - at;
    };
    let rawTotal = 0;
    const bySql = async () => {
      const at = performance.now();
      await direct();
      rawTotal = Number(((await directCount()) as { n: number | string }[])[0]!.n);
      return performance.now() - at;
    };
    await ask();
    await bySql();
    const apiTimes: number[] = [];
    const sqlTimes: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      apiTimes.push(await ask());
      sqlTimes.push(await bySql());
    }
    if (total !== rawTotal) throw new Error(`the API counted ${total} follow-ups, the SQL ${rawTotal}`);
    const api = median(apiTimes);
    const bare = median(sqlTimes);
    const target = TARGET_FACTOR * bare + TARGET_PLUS_MS;
    return [dialect, total.toLocaleString('en'), `${api.toFixed(1)} ms`, `${bare.toFixed(1)} ms`, `${target.toFixed(1)} ms`, api <= target ? 'yes' : 'no'];
  } finally {
    await raw?.close();
    await server.app.close();
    await database.drop();
  }
}
