import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type DummyDriver } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ChangeCache, ChangeFeed, writtenTables } from '../../../src/server/db/change-feed.ts';
import { sqliteCommitsElsewhere } from '../../../src/server/db/database.ts';
import type { DB } from '../../../src/server/db/schema.ts';

/** A Kysely that only compiles, for the statements' trees. */
const db = new Kysely<DB>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => ({}) as DummyDriver,
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

describe('writtenTables', () => {
  it('names the table an insert, update or delete writes, and none for a read', () => {
    expect(writtenTables(db.insertInto('auth_token').values({ token_hash: 'x', user_id: 1, tenant_id: null, create_time: '', expire_time: '' }).toOperationNode())).toEqual(['auth_token']);
    expect(writtenTables(db.updateTable('tenant_member as m').set({ status: 'DISABLED' }).toOperationNode())).toEqual(['tenant_member']);
    expect(writtenTables(db.deleteFrom('form').where('id', '=', 1).toOperationNode())).toEqual(['form']);
    expect(writtenTables(db.selectFrom('form').selectAll().toOperationNode())).toEqual([]);
  });

  it('counts raw SQL that writes as every table, and raw reads as none', () => {
    expect(writtenTables(sql`update form set name = 'x'`.toOperationNode())).toEqual(['*']);
    expect(writtenTables(sql`with gone as (select 1) delete from form`.toOperationNode())).toEqual(['*']);
    expect(writtenTables(sql`select * from form`.toOperationNode())).toEqual([]);
  });
});

describe('ChangeCache', () => {
  const counting = () => {
    let loads = 0;
    return { load: async () => `value ${++loads}`, loads: () => loads };
  };
  /** A connected feed, a cache of `tables` over it, and a source that counts its loads. */
  const connectedCache = (tables: string[]) => {
    const feed = new ChangeFeed();
    feed.connected();
    return { feed, cache: new ChangeCache<string>(feed, tables, 10), source: counting() };
  };

  it('keeps nothing until the feed is connected', async () => {
    const feed = new ChangeFeed();
    const cache = new ChangeCache<string>(feed, ['form'], 10);
    const source = counting();
    await cache.read('a', source.load);
    await cache.read('a', source.load);
    expect(source.loads()).toBe(2);
  });

  it('keeps a value until a table it reads changes, here or elsewhere', async () => {
    const { feed, cache, source } = connectedCache(['form', 'form_record']);
    expect(await cache.read('a', source.load)).toBe('value 1');
    expect(await cache.read('a', source.load)).toBe('value 1');
    feed.changed('tenant');
    expect(await cache.read('a', source.load)).toBe('value 1');
    feed.changed('form_record');
    expect(await cache.read('a', source.load)).toBe('value 2');
    feed.writeStarted(['form']);
    feed.writeEnded(['form']);
    expect(await cache.read('a', source.load)).toBe('value 3');
    feed.changed('*');
    expect(await cache.read('a', source.load)).toBe('value 4');
  });

  it('reads through while a table is being written, and keeps no load that a change overtook', async () => {
    const { feed, cache, source } = connectedCache(['form']);
    feed.writeStarted(['form']);
    await cache.read('a', source.load);
    await cache.read('a', source.load);
    expect(source.loads()).toBe(2);
    feed.writeEnded(['form']);

    await cache.read('b', async () => {
      feed.changed('form');
      return 'read before the change';
    });
    expect(await cache.read('b', source.load)).toBe('value 3');
  });

  it('trusts nothing kept across a dropped connection', async () => {
    const { feed, cache, source } = connectedCache(['form']);
    await cache.read('a', source.load);
    feed.disconnected();
    expect(await cache.read('a', source.load)).toBe('value 2');
    feed.connected();
    expect(await cache.read('a', source.load)).toBe('value 3');
    expect(await cache.read('a', source.load)).toBe('value 3');
  });
});

describe('SQLite: commits of other connections', () => {
  it("moves the feed for another connection's commit, not for this connection's own", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-data-version-'));
    const file = path.join(dir, 'plinth.db');
    const own = new SQLite(file);
    const other = new SQLite(file);
    try {
      own.exec('create table t (x)');
      const feed = new ChangeFeed(sqliteCommitsElsewhere(own));
      feed.connected();
      const cache = new ChangeCache<string>(feed, ['t'], 10);
      let loads = 0;
      const load = async () => `value ${++loads}`;
      expect(await cache.read('k', load)).toBe('value 1');
      // This connection's commits are the driver's to tell; the probe stays quiet.
      own.exec('insert into t values (1)');
      expect(await cache.read('k', load)).toBe('value 1');
      other.exec('insert into t values (2)');
      expect(await cache.read('k', load)).toBe('value 2');
      expect(await cache.read('k', load)).toBe('value 2');
    } finally {
      own.close();
      other.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
