import crypto from 'node:crypto';
import type pg from 'pg';
import { serviceUnavailable } from '../errors.ts';
import { emptyRelationRows, fillRelationRows, msLeft, type ConfinedReads } from './confined-reads.ts';

/**
 * PostgreSQL's side of the wall around registered views (see confined-reads.ts): their SQL
 * runs as a login of its own, `<database>_view_reader`, which has no right on any table, in a
 * read-only transaction with a statement timeout. It is a login, not a role the server's
 * connection switches to, because SQL may switch back (`set_config('role', ...)` answers to
 * the session's login): a view's session is the reader's from its first byte.
 *
 * The server makes the login when it may (CREATEROLE or superuser) and keeps its password in
 * `view_reader`; an operator who will not grant that names a login of their own, with no rights
 * on the database's tables, in VIEW_READER_URL. Without either, views answer 503 saying so.
 */

/** Connections of the reader: views are short reads, and a busy server queues them here rather than crowd the database. */
const READER_CONNECTIONS = 4;

export interface PgViewReaderOptions {
  databaseUrl: string;
  /** A login the operator made for views; else the server makes one. */
  readerUrl?: string;
}

const unavailable = (why: string) =>
  serviceUnavailable(
    `Registered views cannot run: ${why}. Grant the server's database login CREATEROLE, or make a login with no rights on any table and name it in VIEW_READER_URL.`,
  );

/** The reader's login name for the server's database: PostgreSQL names are at most 63 bytes. */
export const viewReaderName = (database: string) => `${Buffer.from(database).subarray(0, 48).toString()}_view_reader`;

/** Makes (or brings back to no rights) the reader's login; its password is made once per database. */
async function makeReaderLogin(driver: typeof pg, main: pg.Pool, databaseUrl: string): Promise<string> {
  const { rows } = await main.query<{ database: string }>('select current_database() as database');
  const role = viewReaderName(rows[0]!.database);
  await main.query('insert into view_reader (id, password) values (1, $1) on conflict (id) do nothing', [crypto.randomBytes(24).toString('base64url')]);
  const password = (await main.query<{ password: string }>('select password from view_reader where id = 1')).rows[0]!.password;
  const name = driver.escapeIdentifier(role);
  const options = `login nosuperuser nocreatedb nocreaterole noinherit noreplication nobypassrls password ${driver.escapeLiteral(password)}`;
  try {
    await main.query(`do $$ begin
      if exists (select from pg_roles where rolname = ${driver.escapeLiteral(role)}) then alter role ${name} with ${options};
      else create role ${name} with ${options};
      end if;
    exception when duplicate_object or unique_violation then null;
    end $$`);
  } catch (error) {
    throw unavailable(`the server's login may not make the login views run as (${(error as Error).message})`);
  }
  const url = new URL(databaseUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}

/** Refuses a reader that could read a table of the database: the wall is that it cannot. */
async function requireNoRights(main: pg.Pool, role: string): Promise<void> {
  const { rows } = await main.query<{ relname: string }>(
    `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%' and c.relkind in ('r', 'v', 'm', 'p', 'f')
       and (has_table_privilege($1, c.oid, 'select') or has_table_privilege($1, c.oid, 'insert') or has_table_privilege($1, c.oid, 'update') or has_table_privilege($1, c.oid, 'delete'))
     limit 1`,
    [role],
  );
  if (rows[0]) throw unavailable(`the login ${role} may read or change the table ${rows[0].relname}`);
}

/** Runs `work` on a reader connection inside a read-only transaction stopped at `deadline`. */
async function readOnly<T>(pool: pg.Pool, deadline: number, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin transaction read only');
    await client.query(`set local statement_timeout = ${msLeft(deadline)}`);
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

export function pgViewReads(driver: typeof pg, main: pg.Pool, options: PgViewReaderOptions): ConfinedReads & { close(): Promise<void> } {
  let ready: Promise<pg.Pool> | null = null;
  let opened: pg.Pool | null = null;
  const open = async () => {
    const url = options.readerUrl || (await makeReaderLogin(driver, main, options.databaseUrl));
    await requireNoRights(main, decodeURIComponent(new URL(url).username));
    const pool = new driver.Pool({ connectionString: url, max: READER_CONNECTIONS });
    pool.on('error', () => undefined);
    opened = pool;
    return pool;
  };
  const reader = () =>
    (ready ??= open().catch((error: unknown) => {
      // Asked again at the next view: an operator may fix the login while the server runs.
      ready = null;
      throw error;
    }));
  // Every statement is prepared (extended protocol), which PostgreSQL takes one statement at a time.
  const extended = (text: string, values: unknown[]) => ({ text, values, queryMode: 'extended' as const });
  return {
    async rows(run, deadline, trusted) {
      const relations: (readonly unknown[])[] = [];
      for (const query of run.relations) relations.push(await trusted(query));
      return readOnly(await reader(), deadline, async (client) => {
        const result = await client.query(extended(run.query.sql, fillRelationRows(run.query.parameters, relations)));
        return result.rows as unknown[];
      });
    },
    async describe(query, deadline) {
      return readOnly(await reader(), deadline, async (client) => {
        // LIMIT 0 around it: PostgreSQL plans the statement and names its columns, reading nothing.
        const result = await client.query(extended(`select * from (${query.sql}\n) as described limit 0`, emptyRelationRows(query.parameters)));
        return result.fields.map((f) => ({ name: f.name, pgType: f.dataTypeID }));
      });
    },
    async close() {
      await opened?.end();
    },
  };
}
