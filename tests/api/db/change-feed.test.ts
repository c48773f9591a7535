import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetInfo, QueryRowsResult } from '../../../src/core/query/query-spec.ts';
import { CHANGES_CHANNEL } from '../../../src/server/db/change-feed.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/** How soon another connection's change must be seen on PostgreSQL (its notice comes within ms). */
const NOTICE_WITHIN_MS = 2_000;

/**
 * Token rows and form rows are kept in memory while nothing changes their tables. Whatever
 * writes — this server, or another connection — the next request sees it: this server's own
 * writes at once; on PostgreSQL others' as soon as their notice arrives, and while the
 * listening connection is down nothing kept is trusted; on SQLite others' at once too, as
 * every look asks the database whether another connection committed.
 */
describe.each(testDialects())('rows kept on %s follow the database', (dialect) => {
  let t: TestApp;
  /** SQL run on a connection of its own, as another server instance or an operator would. */
  let elsewhere: (text: string) => Promise<void>;
  let closeElsewhere: () => Promise<void>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const { databaseUrl, dataDir } = t.app.services.config;
    if (dialect === 'postgres') {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      elsewhere = async (text) => void (await client.query(text));
      closeElsewhere = () => client.end();
    } else {
      const file = new SQLite(path.join(dataDir, 'plinth.db'));
      elsewhere = async (text) => void file.exec(text);
      closeElsewhere = async () => void file.close();
    }
    if (dialect === 'postgres') await listening();
  });
  afterAll(async () => {
    await closeElsewhere();
    await t.close();
  });

  /** Waits until the server's listening connection is up (PostgreSQL). */
  const listening = async () => {
    const listeners = sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where query = ${`listen ${CHANGES_CHANNEL}`} and datname = current_database()`;
    for (const started = Date.now(); Date.now() - started < 5_000; await new Promise((resolve) => setTimeout(resolve, 20))) {
      if ((await listeners.execute(t.app.services.db)).rows[0]!.n === 1) return;
    }
    throw new Error('the server does not listen for changes');
  };

  const home = (token: string) => t.call('GET', '/proptech_allplan/account/current', { token });
  const seenWithin = (check: () => Promise<boolean>) => expect.poll(check, { timeout: dialect === 'postgres' ? NOTICE_WITHIN_MS : 50, interval: 20 }).toBe(true);

  it("sees this server's own writes at once: a logout, a membership disabled", async () => {
    const alice = await t.signIn('alice', NORTHWIND);
    expect((await home(alice)).status).toBe(200);
    expect((await home(alice)).status).toBe(200);
    expect((await t.call('POST', '/proptech_allplan/login/logout', { token: alice })).status).toBe(200);
    expect((await home(alice)).status).toBe(401);

    const bob = await t.signIn('bob', NORTHWIND);
    expect((await home(bob)).status).toBe(200);
    await t.app.services.db.updateTable('tenant_member').set({ status: 'DISABLED' }).where('user_id', '=', (await userId('bob'))).execute();
    expect((await home(bob)).status).toBe(401);
    await t.app.services.db.updateTable('tenant_member').set({ status: 'ACTIVE' }).where('user_id', '=', (await userId('bob'))).execute();
  });

  it("sees another connection's writes within moments: a token ended elsewhere", async () => {
    const bob = await t.signIn('bob', NORTHWIND);
    expect((await home(bob)).status).toBe(200);
    expect((await home(bob)).status).toBe(200);
    await elsewhere(`update auth_token set end_time = '2026-01-01T00:00:00.000Z', end_reason = 'LOGOUT' where user_id = ${await userId('bob')} and end_time is null`);
    await seenWithin(async () => (await home(bob)).status === 401);
  });

  it("answers dataset queries from the records as they are, whoever changed them", async () => {
    const admin = await t.signIn('admin', NORTHWIND);
    const datasets = await t.call<DatasetInfo[]>('GET', '/proptech_allplan/dataset/list', { token: admin });
    const form = datasets.body.data.find((d) => d.code.startsWith('form_') && (d.rowCount ?? 0) > 1)!;
    const total = async () => (await t.call<QueryRowsResult>('POST', '/proptech_allplan/dataset/query', { token: admin, body: { dataset: form.code, pageSize: 1 } })).body.data.total;
    const before = await total();
    expect(await total()).toBe(before);
    const formId = Number(form.code.slice('form_'.length));
    await elsewhere(`delete from form_record where id = (select max(id) from form_record where form_id = ${formId})`);
    await seenWithin(async () => (await total()) === before - 1);
  });

  // PostgreSQL only: SQLite has no listening connection to lose.
  if (dialect === 'postgres') it('trusts nothing kept while its listening connection is down, and listens again', async () => {
    const alice = await t.signIn('alice', NORTHWIND);
    expect((await home(alice)).status).toBe(200);
    await elsewhere(`select pg_terminate_backend(pid) from pg_stat_activity where query = 'listen ${CHANGES_CHANNEL}' and datname = current_database()`);
    // Ended while no notice could come: the gap itself makes the kept row untrusted.
    await elsewhere(`update auth_token set end_time = '2026-01-01T00:00:00.000Z', end_reason = 'LOGOUT' where user_id = ${await userId('alice')} and end_time is null`);
    await listening();
    expect((await home(alice)).status).toBe(401);
  });

  const userId = async (username: string) => (await t.app.services.db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
});
