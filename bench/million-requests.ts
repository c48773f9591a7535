/**
 * The benchmarks' big form: Northwind's "Maintenance requests (benchmark)", designed and
 * published through the API as the admin, with 1,000,000 requests over the year before now
 * written straight into form_record in large transactions (SQLite: prepared inserts;
 * PostgreSQL: jsonb_to_recordset batches). The same seeded records on every run. Used by the
 * forms benchmark (a data-list page) and the plates benchmark (a group-by).
 */
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { FormDetail, FormVersionItem } from '../src/core/contracts/form.ts';
import type { FormDesign, FormSettings } from '../src/core/forms/form-design.ts';
import type { DB } from '../src/server/db/schema.ts';
import type { TestDatabase, TestDialect } from '../tests/helpers/databases.ts';
import { call, signIn, TENANT, type ApiServer } from './api-harness.ts';

export const RECORDS = 1_000_000;
/** Rows per INSERT statement on PostgreSQL, and per transaction on both. */
const PG_BATCH = 5_000;
const TRANSACTION_ROWS = 50_000;
const DAY_MS = 86_400_000;
/** The tenant's calendar (record numbers and report dates count days in UTC+8). */
const UTC_OFFSET_MS = 8 * 3_600_000;


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

export interface FormTarget {
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


/** Who files the requests: the tenant's members; and the workspaces they belong to. */
async function lookUpPopulation(db: Kysely<DB>, tenantId: number): Promise<Population> {
  const members = await db.selectFrom('tenant_member').select('user_id').where('tenant_id', '=', tenantId).orderBy('user_id').execute();
  const workspaces = await db.selectFrom('workspace').select('code').where('tenant_id', '=', tenantId).orderBy('code').execute();
  if (!members.length || !workspaces.length) throw new Error(`${TENANT} has no members or workspaces`);
  return { users: members.map((m) => m.user_id), workspaceCodes: workspaces.map((w) => w.code) };
}


export interface RequestsForm {
  /** The admin's token. */
  admin: string;
  target: FormTarget;
  /** The form's settings as published, and the revision they were saved at. */
  settings: FormSettings;
  revision: number;
  insertMs: number;
  /** PostgreSQL: the vacuum analyze after the load (0 on SQLite). */
  vacuumMs: number;
}

/**
 * The form with its 1,000,000 records, as the admin of Northwind made it; PostgreSQL then
 * vacuumed and analysed, as autovacuum would soon after a bulk load. No indexedFields yet.
 */
export async function createRequestsForm(server: ApiServer, dialect: TestDialect, database: TestDatabase): Promise<RequestsForm> {
  const { app, url } = server;
  const db = app.services.db;
  const admin = await signIn(url, 'admin');
  const created = await call<FormDetail>(url, 'POST', '/api/proptech_allplan/form/create', admin, {
    name: 'Maintenance requests (benchmark)',
    description: 'A year of maintenance requests of a large portfolio.',
    design: DESIGN,
  });
  const settings: FormSettings = {
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
  if (dialect === 'postgres') await sql`vacuum analyze form_record`.execute(db);
  return { admin, target, settings, revision: drafted.data.revision, insertMs, vacuumMs: Date.now() - started };
}
