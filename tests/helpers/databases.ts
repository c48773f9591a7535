import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { viewReaderName } from '../../src/server/db/pg-view-reader.ts';

export type TestDialect = 'sqlite' | 'postgres';

/** SQLite always; PostgreSQL too when TEST_PG_URL names a server (CI sets it). */
export function testDialects(): TestDialect[] {
  return process.env.TEST_PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestDatabase {
  databaseUrl: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of the dialect: a temp SQLite file, or a new PostgreSQL database. */
export async function createTestDatabase(dialect: TestDialect): Promise<TestDatabase> {
  if (dialect === 'sqlite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-test-'));
    return { databaseUrl: '', dataDir, drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  return newPostgresDatabase();
}

async function connectAdmin(): Promise<pg.Client> {
  const adminUrl = process.env.TEST_PG_URL!;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new Error(
      `TEST_PG_URL=${adminUrl} is set but PostgreSQL does not answer (${String(error)}). ` +
        'Start it (pg_ctlcluster <version> main start) or unset TEST_PG_URL to test SQLite only.',
    );
  }
  return admin;
}

/** A new PostgreSQL database, empty or a copy of `template`, dropped with its data folder. */
async function newPostgresDatabase(template?: string): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-test-'));
  const name = `plinth_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = await connectAdmin();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_PG_URL!);
  url.pathname = `/${name}`;
  return {
    databaseUrl: url.toString(),
    dataDir,
    async drop() {
      const client = await connectAdmin();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      // Logins are the cluster's: the one registered views ran as goes with its database.
      await client.query(`DROP ROLE IF EXISTS ${client.escapeIdentifier(viewReaderName(name))}`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Fingerprint of everything that decides what a fresh start writes into the database:
 * migrations, seed code and files, page and widget schemas. A seeded template is reused only
 * while this is unchanged.
 */
let fingerprint: string | undefined;
function seedFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = crypto.createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(file).update(fs.readFileSync(file));
    }
  };
  for (const dir of ['src/core', 'src/server', 'schemas', 'widgets']) walk(path.resolve(dir));
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}

/** Runs `make` once across the test processes of this machine: the first takes a lock, others wait. */
async function onceAcrossProcesses(lockDir: string, readyFile: string, make: () => Promise<void>): Promise<void> {
  for (;;) {
    if (fs.existsSync(readyFile)) return;
    try {
      fs.mkdirSync(lockDir);
    } catch {
      // Another process is making it; a lock older than five minutes belongs to a dead one.
      const age = Date.now() - (fs.statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 300_000) fs.rmSync(lockDir, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
      continue;
    }
    try {
      if (!fs.existsSync(readyFile)) await make();
    } finally {
      fs.rmSync(lockDir, { recursive: true, force: true });
    }
  }
}

/**
 * A fresh database holding what a first start writes (migrations and the demo seed), copied
 * from a template that `seed` fills once per {@link seedFingerprint}: seeding the demo tenants
 * takes seconds, copying them milliseconds. The copy holds the data folder too (the file store
 * with the demo drawings), so a test app starts on it without seeding again.
 */
export async function createSeededTestDatabase(
  dialect: TestDialect,
  seed: (database: TestDatabase) => Promise<void>,
): Promise<TestDatabase> {
  const key = seedFingerprint();
  if (dialect === 'sqlite') {
    const root = path.join(os.tmpdir(), `plinth-seeded-${key}`);
    const readyFile = path.join(root, 'ready');
    await onceAcrossProcesses(`${root}.lock`, readyFile, async () => {
      const template = await createTestDatabase('sqlite');
      await seed(template);
      fs.rmSync(root, { recursive: true, force: true });
      fs.cpSync(template.dataDir, root, { recursive: true });
      await template.drop();
      fs.writeFileSync(readyFile, new Date().toISOString());
    });
    const database = await createTestDatabase('sqlite');
    fs.cpSync(root, database.dataDir, { recursive: true, filter: (source) => source !== readyFile });
    return database;
  }

  // PostgreSQL copies a template database; an advisory lock lets one process make it. Its data
  // folder (the file store with the demo drawings) is kept beside it and copied with it.
  const templateName = `plinth_seeded_${key}`;
  const templateDir = path.join(os.tmpdir(), `plinth-seeded-pg-${key}`);
  const admin = await connectAdmin();
  try {
    await admin.query('SELECT pg_advisory_lock($1)', [Number.parseInt(key.slice(0, 7), 16)]);
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [templateName]);
    // A template whose folder is gone (a cleared temp folder) is made again.
    if (found.rowCount !== 0 && !fs.existsSync(templateDir)) await admin.query(`DROP DATABASE ${templateName} WITH (FORCE)`);
    if (found.rowCount === 0 || !fs.existsSync(templateDir)) {
      const template = await newPostgresDatabase();
      await seed(template);
      await admin.query(`ALTER DATABASE ${new URL(template.databaseUrl).pathname.slice(1)} RENAME TO ${templateName}`);
      fs.rmSync(templateDir, { recursive: true, force: true });
      fs.renameSync(template.dataDir, templateDir);
    }
  } finally {
    await admin.end();
  }
  const database = await newPostgresDatabase(templateName);
  fs.cpSync(templateDir, database.dataDir, { recursive: true });
  return database;
}
