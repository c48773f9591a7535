/**
 * Forms API benchmark: one form of Northwind with 1,000,000 maintenance requests spread over
 * a year, and a data-list page of it (two fields filtered, sorted on a third, 20 rows; then
 * the same filters in the default order) through the real server on loopback beside the same
 * SQL run directly through the driver in this process. SQLite always, PostgreSQL too when
 * TEST_PG_URL is set.
 *
 * The form is designed, published and indexed through the API as the admin of Northwind
 * (settings.indexedFields makes its expression indexes); the records are written straight
 * into form_record in large transactions. The SQL the list service runs is captured from the
 * service itself, then timed on its own. Target: API p50 and p99 each within 2x of the raw
 * query's plus 2 ms.
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql, type CompiledQuery, type Kysely, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import type { FormDetail, FormVersionItem, RecordListBody, RecordPage } from '../src/core/contracts/forms.ts';
import type { FormDesign } from '../src/core/forms/form-design.ts';
import type { DB } from '../src/server/db/schema.ts';
import { TenantScope } from '../src/server/db/tenant-scope.ts';
import { loadRecordAccess } from '../src/server/modules/record/access.ts';
import { listRecords, type RecordContext } from '../src/server/modules/record/service.ts';
import { createTestDatabase, testDialects, type TestDatabase, type TestDialect } from '../tests/helpers/databases.ts';
import { call, collectBenchGarbage, openRawDriver, timeServerRequests, percentiles, sessionsEnded, signIn, startApiServer, TENANT, type ApiServer, type Percentiles, type RawDriver } from './api-harness.ts';
import { measureLoad } from './load.ts';
import { printTable, withDeadline } from './report.ts';

const RECORDS = 1_000_000;
/** Rows per INSERT statement on PostgreSQL, and per transaction on both. */
const PG_BATCH = 5_000;
const TRANSACTION_ROWS = 50_000;
const DAY_MS = 86_400_000;
/** The tenant's calendar (record numbers and report dates count days in UTC+8). */
const UTC_OFFSET_MS = 8 * 3_600_000;

/** One client: the latency of a request alone. Short runs: the machine has two cores and other work. */
const LOAD = { warmupSeconds: 1, durationSeconds: 5, connections: 1 };
/** Each raw timing: a warm-up, then runs until either bound is reached. */
const RAW = { warmupSeconds: 0.3, seconds: 1, iterations: 500 };
const TARGET_FACTOR = 2;
const TARGET_SLACK_MS = 2;
/** The whole benchmark, both databases. */
const DEADLINE_MS = 12 * 60_000;

export async function runFormsApiBench(): Promise<void> {
  await withDeadline('forms API', DEADLINE_MS, async () => {
    for (const dialect of testDialects()) await benchDialect(dialect);
  });
}

// --- The form and its records ---------------------------------------------------------------

const BUILDINGS = [
  'Northwind Tower', 'Harbourview Plaza', 'Riverside Apartments', 'Eastgate Mall', 'Westbrook Offices',
  'Lakeside Residences', 'Parkview Court', 'Maple House', 'Cedar Point', 'Kingsway Centre',
  'Queens Wharf', 'Station Square', 'Mill Lane Lofts', 'Orchard Gardens', 'Beacon Heights',
  'Granary Building', 'Foundry Works', 'Silver Birch Court', 'Bridgewater House', 'Canal Side',
  'Hilltop Villas', 'Market Hall', 'Old Post Office', 'Victoria Arcade', 'Albion Yard',
  'Seaview Terrace', 'Meridian Park', 'Summit Business Park', 'Crown Exchange', 'Elm Street Flats',
  'Willow Mews', 'Oakfield Campus', 'Ashford Retail Park', 'Greenway Lofts', 'Pioneer Point',
  'Quayside Hotel', 'Royal Crescent', 'Tanners Row', 'Union Works', 'Yarrow Court',
].map((label) => ({ value: label.toLowerCase().replace(/ /g, '-'), label }));

const CATEGORIES = {
  plumbing: ['Leaking pipe under the sink', 'Blocked drain', 'No hot water', 'Toilet keeps running', 'Low water pressure'],
  electrical: ['Lights flickering', 'Socket not working', 'Breaker keeps tripping', 'Emergency light faulty'],
  hvac: ['Air-conditioning not cooling', 'Heating too weak', 'Noisy ventilation fan', 'Thermostat unresponsive'],
  elevator: ['Lift stuck between floors', 'Lift door not closing', 'Lift button broken'],
  carpentry: ['Door does not lock', 'Window will not open', 'Cupboard hinge broken', 'Floorboard loose'],
  cleaning: ['Spill in the lobby', 'Graffiti on the wall', 'Bins overflowing', 'Stairwell needs cleaning'],
} as const;
type Category = keyof typeof CATEGORIES;
const CATEGORY_KEYS = Object.keys(CATEGORIES) as Category[];

const PRIORITIES = [
  { value: 'low', label: 'Low', share: 0.3 },
  { value: 'normal', label: 'Normal', share: 0.45 },
  { value: 'high', label: 'High', share: 0.18 },
  { value: 'urgent', label: 'Urgent', share: 0.07 },
];
const STAGES = [
  { value: 'open', label: 'Open' },
  { value: 'scheduled', label: 'Scheduled' },
  { value: 'inProgress', label: 'In progress' },
  { value: 'done', label: 'Done' },
  { value: 'cancelled', label: 'Cancelled' },
];
const FIRST_NAMES = ['Ava', 'Ben', 'Chloe', 'Daniel', 'Emma', 'Felix', 'Grace', 'Henry', 'Isla', 'Jack', 'Lily', 'Mei', 'Noah', 'Olivia', 'Ravi', 'Sofia', 'Tom', 'Wei', 'Yuki', 'Zara'];
const LAST_NAMES = ['Chen', 'Smith', 'Wang', 'Jones', 'Li', 'Brown', 'Zhang', 'Taylor', 'Liu', 'Wilson', 'Patel', 'Evans', 'Huang', 'Walker', 'Zhao'];

const DESIGN: FormDesign = {
  version: 1,
  items: [
    {
      key: 'request',
      type: 'section',
      title: 'Request',
      fields: [
        { key: 'summary', type: 'text', label: 'Summary', required: true, rules: { minLength: 4, maxLength: 80 } },
        { key: 'building', type: 'select', label: 'Building', required: true, span: 12, options: BUILDINGS },
        { key: 'unit', type: 'text', label: 'Unit or room', span: 12, rules: { maxLength: 20 } },
        { key: 'category', type: 'select', label: 'Category', required: true, span: 12, options: CATEGORY_KEYS.map((value) => ({ value, label: value })) },
        { key: 'priority', type: 'select', label: 'Priority', required: true, span: 12, options: PRIORITIES.map(({ value, label }) => ({ value, label })) },
        { key: 'reportedOn', type: 'date', label: 'Reported on', required: true, span: 12 },
        { key: 'details', type: 'textarea', label: 'What happened', rules: { maxLength: 2000 } },
        { key: 'contactName', type: 'text', label: 'Contact person', span: 12, rules: { maxLength: 40 } },
        { key: 'contactMobile', type: 'mobile', label: 'Mobile', span: 12 },
      ],
    },
    {
      key: 'work',
      type: 'section',
      title: 'Work',
      fields: [
        { key: 'stage', type: 'select', label: 'Stage', required: true, span: 12, options: STAGES },
        { key: 'cost', type: 'money', label: 'Cost', precision: 2, currency: 'CNY', span: 12, rules: { min: 0 } },
      ],
    },
  ],
};

/**
 * The list page of the issue: high-priority requests of one of the larger buildings, the most
 * expensive first (requests not priced yet last), first page of 20.
 */
const QUERY = {
  filters: [
    { field: 'building', op: 'eq' as const, value: 'eastgate-mall' },
    { field: 'priority', op: 'eq' as const, value: 'high' },
  ],
  sort: [{ field: 'cost', order: 'desc' as const }],
  pageNum: 1,
  pageSize: 20,
};

/**
 * The two fields filtered together first, the sorted one third (they make the form's combined
 * index); then what a list of requests is often narrowed or sorted by on its own.
 */
const INDEXED_FIELDS = ['building', 'priority', 'cost', 'reportedOn', 'stage'];

/** The page of the issue, and the same filters in the list's default order (newest first). */
const PAGES: { label: string; change: Partial<RecordListBody> }[] = [
  { label: 'building + priority, cost desc', change: {} },
  { label: 'building + priority, newest first', change: { sort: [] } },
];

/** A small seeded random source (mulberry32): the same records on every run. */
function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Picks by weight: cumulative weights, one draw. */
function weightedPicker<T>(items: readonly T[], weights: readonly number[], random: () => number): () => T {
  const total = weights.reduce((a, b) => a + b, 0);
  let running = 0;
  const cumulative = weights.map((w) => (running += w / total));
  return () => {
    const r = random();
    const i = cumulative.findIndex((c) => r < c);
    return items[i === -1 ? items.length - 1 : i]!;
  };
}

interface RecordRow {
  number: string;
  title: string;
  data: string;
  workspaceCode: string | null;
  createdBy: number;
  createTime: string;
  updateTime: string;
}

interface Population {
  users: number[];
  workspaceCodes: string[];
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/**
 * The records in creation order: RECORDS requests spread evenly over the 365 days before
 * `end`, busier buildings more often (a long tail), priorities and costs skewed as a facilities
 * team sees them, older requests mostly done. Yields batches; `counters` ends up holding how
 * many numbers each day (UTC+8) handed out.
 */
function* recordBatches(end: number, population: Population, size: number, counters: Map<string, number>): Generator<RecordRow[]> {
  const random = randomSource(20261122);
  const building = weightedPicker(BUILDINGS, BUILDINGS.map((_, i) => 1 / (i + 8)), random);
  const priority = weightedPicker(PRIORITIES, PRIORITIES.map((p) => p.share), random);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const start = end - 365 * DAY_MS;
  const step = (365 * DAY_MS) / RECORDS;
  let batch: RecordRow[] = [];
  for (let n = 0; n < RECORDS; n++) {
    const created = Math.floor(start + n * step + random() * step);
    const local = new Date(created + UTC_OFFSET_MS).toISOString();
    const day = local.slice(0, 10);
    const period = day.replace(/-/g, '');
    const seq = (counters.get(period) ?? 0) + 1;
    counters.set(period, seq);
    const age = (end - created) / DAY_MS;
    const category = pick(CATEGORY_KEYS);
    const summary = pick(CATEGORIES[category]);
    const urgency = priority();
    // Older requests are mostly closed; the last weeks hold the open ones.
    const stage = age > 30 ? (random() < 0.93 ? 'done' : 'cancelled') : pick(STAGES).value;
    // Log-normal around 600 CNY; one in ten not priced yet.
    const priced = random() >= 0.1;
    const cost = priced ? Math.round(Math.exp(6.4 + 1.1 * gaussian(random)) * (urgency.value === 'urgent' ? 1.6 : 1) * 100) / 100 : undefined;
    const contact = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
    const data: Record<string, unknown> = {
      summary,
      building: building().value,
      unit: `${1 + Math.floor(random() * 30)}F-${pad(1 + Math.floor(random() * 20), 2)}`,
      category,
      priority: urgency.value,
      reportedOn: day,
      details: `${summary}. Reported by ${contact}; please call before coming up.`,
      contactName: contact,
      contactMobile: `13${Math.floor(random() * 10)}${pad(Math.floor(random() * 100_000_000), 8)}`,
      stage,
    };
    if (cost !== undefined) data.cost = cost;
    const user = pick(population.users);
    batch.push({
      number: `MR-${period}-${pad(seq, 4)}`,
      title: summary,
      data: JSON.stringify(data),
      workspaceCode: random() < 0.8 ? pick(population.workspaceCodes) : null,
      createdBy: user,
      createTime: new Date(created).toISOString(),
      updateTime: new Date(Math.min(end, created + Math.floor(random() * 10 * DAY_MS))).toISOString(),
    });
    if (batch.length === size) {
      yield batch;
      batch = [];
    }
  }
  if (batch.length) yield batch;
}

/** A standard normal draw (Box-Muller). */
function gaussian(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

const RECORD_COLUMNS =
  'tenant_id, form_id, version, number, title, data, status, workspace_code, created_by, create_time, updated_by, update_time, revision';

interface FormTarget {
  tenantId: number;
  formId: number;
  version: number;
}

/**
 * The records into form_record: one prepared INSERT run per row, TRANSACTION_ROWS to a
 * transaction, the event loop let through between transactions so the server stays alive.
 */
async function insertSqlite(database: TestDatabase, target: FormTarget, batches: Iterable<RecordRow[]>): Promise<void> {
  const sqlite = new SQLite(path.join(database.dataDir, 'plinth.db'));
  try {
    sqlite.pragma('busy_timeout = 5000');
    const insert = sqlite.prepare(`insert into form_record (${RECORD_COLUMNS}) values (?, ?, ?, ?, ?, ?, 'none', ?, ?, ?, ?, ?, 1)`);
    const write = sqlite.transaction((rows: RecordRow[]) => {
      for (const r of rows) {
        insert.run(target.tenantId, target.formId, target.version, r.number, r.title, r.data, r.workspaceCode, r.createdBy, r.createTime, r.createdBy, r.updateTime);
      }
    });
    for (const batch of batches) {
      write(batch);
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    sqlite.close();
  }
}

/**
 * The records into form_record: PG_BATCH rows per INSERT … SELECT FROM jsonb_to_recordset (one
 * JSON parameter; twice as fast as unnest over one array per column), TRANSACTION_ROWS to a
 * transaction.
 */
async function insertPostgres(database: TestDatabase, target: FormTarget, batches: Iterable<RecordRow[]>): Promise<void> {
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    const text =
      `insert into form_record (${RECORD_COLUMNS}) ` +
      `select $1, $2, $3, r.number, r.title, r.data, 'none', r.workspace_code, r.created_by, r.create_time, r.created_by, r.update_time, 1 ` +
      'from jsonb_to_recordset($4::jsonb) as r(number text, title text, data jsonb, workspace_code text, created_by int, create_time text, update_time text)';
    const json = (r: RecordRow) =>
      `{"number":${JSON.stringify(r.number)},"title":${JSON.stringify(r.title)},"data":${r.data},` +
      `"workspace_code":${JSON.stringify(r.workspaceCode)},"created_by":${r.createdBy},"create_time":"${r.createTime}","update_time":"${r.updateTime}"}`;
    let inTransaction = 0;
    await client.query('begin');
    for (const batch of batches) {
      await client.query(text, [target.tenantId, target.formId, target.version, `[${batch.map(json).join(',')}]`]);
      inTransaction += batch.length;
      if (inTransaction >= TRANSACTION_ROWS) {
        await client.query('commit');
        await client.query('begin');
        inTransaction = 0;
      }
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
}

// --- One database ---------------------------------------------------------------------------

async function benchDialect(dialect: TestDialect): Promise<void> {
  const database = await createTestDatabase(dialect);
  let server: ApiServer | undefined;
  let raw: RawDriver | undefined;
  try {
    server = await startApiServer(database);
    const { app, url } = server;
    const db = app.services.db;

    // The form, designed and published through the API; indexes come after the data, as an
    // admin adds them to a form that has grown.
    const admin = await signIn(url, 'admin');
    const created = await call<FormDetail>(url, 'POST', '/api/proptech_allplan/form/create', admin, {
      name: 'Maintenance requests (benchmark)',
      description: 'A year of maintenance requests of a large portfolio.',
      design: DESIGN,
    });
    const settings = {
      ...created.data.settings,
      numbering: { rule: 'MR-{YYYYMMDD}-{####}' },
      titleField: 'summary',
      listColumns: ['number', 'summary', 'building', 'priority', 'stage', 'cost', 'reportedOn'],
    };
    const drafted = await call<FormDetail>(url, 'POST', '/api/proptech_allplan/form/settings/update', admin, {
      id: created.data.id,
      revision: created.data.revision,
      settings,
    });
    const published = await call<FormVersionItem>(url, 'POST', '/api/proptech_allplan/form/publish', admin, { id: created.data.id });
    const tenant = await db.selectFrom('tenant').select('id').where('name', '=', TENANT).executeTakeFirstOrThrow();
    const target: FormTarget = { tenantId: tenant.id, formId: created.data.id, version: published.data.version };
    const population = await lookUpPopulation(db, tenant.id);

    const counters = new Map<string, number>();
    let started = Date.now();
    const batches = recordBatches(Date.now(), population, dialect === 'sqlite' ? TRANSACTION_ROWS : PG_BATCH, counters);
    if (dialect === 'sqlite') await insertSqlite(database, target, batches);
    else await insertPostgres(database, target, batches);
    await db
      .insertInto('form_number_counter')
      .values([...counters].map(([period, value]) => ({ tenant_id: tenant.id, form_id: target.formId, period, value })))
      .execute();
    const insertMs = Date.now() - started;
    started = Date.now();
    // The state autovacuum reaches soon after a bulk load: visibility map set, statistics known.
    if (dialect === 'postgres') await sql`vacuum analyze form_record`.execute(db);
    const vacuumMs = Date.now() - started;

    started = Date.now();
    await call<FormDetail>(url, 'POST', '/api/proptech_allplan/form/settings/update', admin, {
      id: target.formId,
      revision: drafted.data.revision,
      settings: { ...settings, indexedFields: INDEXED_FIELDS },
    });
    const indexMs = Date.now() - started;
    console.log(
      `\n[${dialect}] ${RECORDS.toLocaleString('en')} records of form ${target.formId} inserted in ${seconds(insertMs)}` +
        (dialect === 'postgres' ? ` (then vacuum analyze ${seconds(vacuumMs)})` : '') +
        `; indexedFields [${INDEXED_FIELDS.join(', ')}] saved through form/settings/update in ${seconds(indexMs)}, which made:`,
    );
    for (const made of await formIndexes(db, dialect, target.formId)) console.log(`[${dialect}]   ${made}`);

    collectBenchGarbage();
    raw = await openRawDriver(dialect, database);
    const rows: string[][] = [];
    const verdicts: string[] = [];
    for (const page of PAGES) {
      const body: RecordListBody = { formId: target.formId, ...QUERY, ...page.change };
      const answer = await call<RecordPage>(url, 'POST', '/api/proptech_allplan/record/list', admin, body);
      const statements = await capturedStatements(app, target.tenantId, body);
      await checkSameAnswer(raw, statements, answer.data);
      console.log(
        `[${dialect}] ${page.label}: ${answer.data.total.toLocaleString('en')} records match; the service runs ${statements.length} statements, planned as:`,
      );
      for (const [i, statement] of statements.entries()) {
        console.log(`[${dialect}]   ${i + 1}. ${statement.label}: ${(await plan(raw, statement.query)).join('; ')}`);
      }

      // The raw statements, in turn and each alone, run before and after the load and are
      // pooled, so a change in the machine's other work weighs on both sides alike.
      const queries = statements.map((s) => s.query);
      const sets = [queries, ...queries.map((query) => [query])];
      const times: number[][] = [];
      for (const set of sets) times.push(await rawTimes(raw, set));
      const stopTiming = timeServerRequests(app);
      const api = await measureLoad({
        url: `${url}/api/proptech_allplan/record/list`,
        method: 'POST',
        headers: { token: admin, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        ...LOAD,
      });
      const inServer = percentiles(stopTiming());
      if (api.errors > 0 || api.non2xx > 0) throw new Error(`record/list: ${api.errors} errors, ${api.non2xx} non-2xx answers under load`);
      // Once the load generator's thread has gone, and in the other order, so no set is always first.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (let i = sets.length - 1; i >= 0; i--) times[i]!.push(...(await rawTimes(raw, sets[i]!)));
      const [direct, ...each] = times.map(percentiles) as [Percentiles, ...Percentiles[]];

      const bound = (sqlMs: number) => TARGET_FACTOR * sqlMs + TARGET_SLACK_MS;
      const p50Met = api.p50 <= bound(direct.p50);
      const p99Met = api.p99 <= bound(direct.p99);
      const met = p50Met && p99Met;
      rows.push(
        [
          page.label,
          `API record/list, ${LOAD.connections} connection`,
          api.requestsPerSecond.toFixed(0),
          ms(api.p50),
          ms(api.p99),
          (api.p50 / direct.p50).toFixed(2),
          (api.p99 / direct.p99).toFixed(2),
          ms(bound(direct.p50)),
          ms(bound(direct.p99)),
          met ? 'met' : 'MISSED',
        ],
        ['', '  of which inside the server', '', ms(inServer.p50), ms(inServer.p99), '', '', '', '', ''],
        ['', `SQL, the ${statements.length} statements in turn`, '', ms(direct.p50), ms(direct.p99), '', '', '', '', ''],
        ...statements.map((s, i) => ['', `  ${i + 1}. ${s.label}`, '', ms(each[i]!.p50), ms(each[i]!.p99), '', '', '', '', '']),
      );
      verdicts.push(
        `[${dialect}] ${page.label}: API p50 ${ms(api.p50)} ${p50Met ? '<=' : '>'} ${ms(bound(direct.p50))} ms, ` +
          `p99 ${ms(api.p99)} ${p99Met ? '<=' : '>'} ${ms(bound(direct.p99))} ms: ${met ? 'met' : 'MISSED'}`,
      );
    }
    console.log();
    printTable(
      ['list page', 'measured', 'req/s', 'p50 ms', 'p99 ms', 'API/SQL p50', 'API/SQL p99', 'target p50 <=', 'target p99 <=', 'target'],
      rows,
      [1],
    );
    console.log(`[${dialect}] target: API p50 and p99 each <= ${TARGET_FACTOR} x the raw SQL's + ${TARGET_SLACK_MS} ms`);
    console.log(`[${dialect}] ("inside the server": from the parsed request to the answer's last byte handed to the socket; the rest of a latency is the loopback, the client's thread and the machine's scheduling)`);
    for (const verdict of verdicts) console.log(verdict);
    if (dialect === 'postgres') {
      console.log(`[${dialect}] (the service sends the count and the page at once, on two pooled connections; the raw SQL runs them one after the other on one)`);
    }
  } finally {
    await raw?.close();
    await server?.app.close();
    if (dialect === 'postgres') await sessionsEnded(database);
    await database.drop();
  }
}

// --- Setup -------------------------------------------------------------------------------------

/** Who files the requests: the tenant's members; and the workspaces they belong to. */
async function lookUpPopulation(db: Kysely<DB>, tenantId: number): Promise<Population> {
  const members = await db.selectFrom('tenant_member').select('user_id').where('tenant_id', '=', tenantId).orderBy('user_id').execute();
  const workspaces = await db.selectFrom('workspace').select('code').where('tenant_id', '=', tenantId).orderBy('code').execute();
  if (!members.length || !workspaces.length) throw new Error(`${TENANT} has no members or workspaces`);
  return { users: members.map((m) => m.user_id), workspaceCodes: workspaces.map((w) => w.code) };
}

/** What the form's indexedFields made, as the database holds it: indexes and (PostgreSQL) statistics. */
async function formIndexes(db: Kysely<DB>, dialect: TestDialect, formId: number): Promise<string[]> {
  const ours = new RegExp(`^f[xcs]${formId}_`);
  const rows =
    dialect === 'sqlite'
      ? await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master where type = 'index' and tbl_name = 'form_record' order by name`.execute(db)
      : await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes where tablename = 'form_record' and schemaname = current_schema()
          union all
          select stxname, pg_get_statisticsobjdef(oid) from pg_statistic_ext where stxrelid = 'form_record'::regclass
          order by name`.execute(db);
  return rows.rows.filter((r) => ours.test(r.name)).map((r) => r.definition.replace(/\s+/g, ' '));
}

// --- The SQL the service runs -------------------------------------------------------------------

interface Statement {
  label: string;
  query: CompiledQuery;
}

/**
 * Runs the list service once, as the admin, over a Kysely that compiles every statement it
 * is handed before running it: the statements and parameters exactly as the service sends
 * them. The form's published version is already cached by the API call before, as it is for
 * every list request after the first.
 */
async function capturedStatements(app: FastifyInstance, tenantId: number, body: RecordListBody): Promise<Statement[]> {
  const { db, dialect } = app.services;
  const admin = await db
    .selectFrom('app_user')
    .innerJoin('tenant_member', 'tenant_member.user_id', 'app_user.id')
    .select(['app_user.id', 'tenant_member.type'])
    .where('app_user.username', '=', 'admin')
    .where('tenant_member.tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const session = { tokenId: 0, userId: admin.id, tenantId, memberType: admin.type as 'ADMIN' };
  const access = await loadRecordAccess(new TenantScope(db, tenantId), session);
  const captured: CompiledQuery[] = [];
  const executor = db.getExecutor();
  const spy: KyselyPlugin = {
    transformQuery(args) {
      captured.push(executor.compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const ctx: RecordContext = {
    scope: new TenantScope(db.withPlugin(spy), tenantId),
    access,
    clock: app.services.clock,
    dialect,
    versions: app.services.formVersions,
    hooks: app.services.recordHooks,
  };
  await listRecords(ctx, body);
  return captured.map((query) => ({ label: describe(query), query }));
}

function describe(query: CompiledQuery): string {
  const text = query.sql.toLowerCase();
  if (text.includes('count(')) return 'count';
  if (text.includes('from "form_record"')) return 'page';
  const table = /from "(\w+)"/.exec(text)?.[1];
  return table ? `${table} lookup` : 'other';
}

// --- Through the raw driver -------------------------------------------------------------------

/** The raw statements answer what the API answered: the same total and the same rows in order. */
async function checkSameAnswer(raw: RawDriver, statements: readonly Statement[], page: RecordPage): Promise<void> {
  const count = statements.find((s) => s.label === 'count');
  const list = statements.find((s) => s.label === 'page');
  if (!count || !list) throw new Error(`expected a count and a page among ${statements.map((s) => s.label).join(', ')}`);
  const total = Number(Object.values((await raw.rows(count.query))[0]!)[0]);
  const ids = (await raw.rows(list.query)).map((r) => Number(r.id));
  if (total !== page.total || ids.join() !== page.list.map((r) => r.id).join()) {
    throw new Error(`raw SQL answers total ${total} and ids ${ids.join()}, the API ${page.total} and ${page.list.map((r) => r.id).join()}`);
  }
  if (page.list.length !== QUERY.pageSize) throw new Error(`expected a full page, got ${page.list.length} rows`);
}

/** The database's plan of a statement, short: which index each table is read through. */
async function plan(raw: RawDriver, query: CompiledQuery): Promise<string[]> {
  if (raw.dialect === 'sqlite') {
    const rows = await raw.rows({ ...query, sql: `explain query plan ${query.sql}` });
    return rows.map((r) => String(r.detail));
  }
  const rows = await raw.rows({ ...query, sql: `explain (format json) ${query.sql}` });
  const steps: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    const index = node['Index Name'] ? ` using ${String(node['Index Name'])}` : '';
    const relation = node['Relation Name'] ? ` on ${String(node['Relation Name'])}` : '';
    const key = node['Sort Key'] ? ` by ${(node['Sort Key'] as string[]).join(', ').slice(0, 80)}` : '';
    steps.push(`${String(node['Node Type'])}${relation}${index}${key}`);
    for (const child of (node.Plans as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  walk((rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[])[0]!.Plan);
  return steps;
}

/** Times of running the statements in turn, in ms, after a warm-up, for RAW.seconds or RAW.iterations runs. */
async function rawTimes(raw: RawDriver, queries: readonly CompiledQuery[]): Promise<number[]> {
  const run = raw.prepare(queries);
  const warmUntil = Date.now() + RAW.warmupSeconds * 1000;
  while (Date.now() < warmUntil) await run();
  const times: number[] = [];
  const until = Date.now() + RAW.seconds * 1000;
  while (times.length < RAW.iterations && Date.now() < until) {
    const t0 = process.hrtime.bigint();
    const result = run();
    if (result instanceof Promise) await result;
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times;
}

const ms = (value: number) => value.toFixed(2);
const seconds = (millis: number) => `${(millis / 1000).toFixed(1)} s`;
