import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { containsText } from '../../../src/server/db/like.ts';

const db = new Kysely<Record<string, never>>({ dialect: new SqliteDialect({ database: new SQLite(':memory:') }) });
afterAll(() => db.destroy());

const holds = async (text: string, keyword: string) =>
  (await sql<{ hit: number }>`select ${containsText(sql.val(text), keyword)} as hit`.execute(db)).rows[0]!.hit === 1;

describe('the search of a list box (containsText)', () => {
  it('ignores case', async () => {
    expect(await holds('Site Plan', 'PLAN')).toBe(true);
    expect(await holds('Site Plan', 'elevation')).toBe(false);
  });

  it('reads %, _ and \\ as typed, not as wildcards', async () => {
    expect(await holds('50% off', '50%')).toBe(true);
    expect(await holds('500 off', '50%')).toBe(false);
    expect(await holds('a_b', 'a_b')).toBe(true);
    expect(await holds('axb', 'a_b')).toBe(false);
    expect(await holds('C:\\plans', ':\\p')).toBe(true);
    expect(await holds('C:plans', ':\\p')).toBe(false);
  });
});
