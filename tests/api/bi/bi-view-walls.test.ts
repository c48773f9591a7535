import { CompiledQuery, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BiView, BiViewCheck } from '../../../src/core/contracts/bi.ts';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import type { QueryRowsResult } from '../../../src/core/query/query-spec.ts';
import { API } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { createRecord, publishedForm } from '../../helpers/forms.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * The two walls around a registered view's SQL. The first, the check, reads the text as the
 * database does and refuses what it cannot vouch for; the second, the database's, runs the
 * SQL where no table is, with only the caller's rows handed to it. Each wall is tried alone.
 */

const DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'cost', type: 'number', label: 'Cost' },
  ],
};

describe.each(testDialects())('walls around registered views on %s', (dialect) => {
  let t: TestApp;
  /** A member (not an administrator) whose role has bi:manage, as the demo's member role does. */
  let alice: string;
  let form: FormDetail;
  let relation: string;
  const HARBOR_SECRET = 'Harbor-only secret summary';

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
    alice = await t.signIn('alice', NORTHWIND);
    form = await publishedForm(t, admin, 'Repairs', DESIGN);
    relation = `form_${form.id}`;
    await createRecord(t, admin, form.id, { summary: 'Leak', cost: 120 });
    const harborForm = await publishedForm(t, harbor, 'Harbor repairs', DESIGN);
    await createRecord(t, harbor, harborForm.id, { summary: HARBOR_SECRET, cost: 1 });
  });
  afterAll(() => t.close());

  const check = (text: string) => t.call<BiViewCheck>('POST', `${API}/bi/view/check`, { token: alice, body: { sql: text } });

  it('refuses the escaped-quote escape that read another tenant’s records', async () => {
    const escape = `select 'a\\' as s, (select count(*) from form_record where tenant_id=2) as t --' as u from ${relation}`;
    const answer = await check(escape);
    expect(answer.status, JSON.stringify(answer.body)).toBe(400);
    expect(answer.body.message).toMatch(/^sql: a backslash in a string is read differently/);
    expect(answer.body.data).toBeNull();
  });

  it('refuses every escape of the corpus with a 400 saying why, and saves none', async () => {
    const corpus: string[] = [
      // escaped quotes and prefixed strings
      `select 'a\\' as s from ${relation}`,
      `select "summary\\" from ${relation}`,
      `select E'a\\'' as s from ${relation}`,
      `select e'\\x41' as s from ${relation}`,
      `select U&'\\0041' as s from ${relation}`,
      `select X'41' as s from ${relation}`,
      `select N'a' as s from ${relation}`,
      // comments: nested, unclosed, hiding a table on the next line
      `select 1 as x from ${relation} /* /* */ union select count(*) from form_record -- */`,
      `select 1 as x from ${relation} /*`,
      `select 1 as x --\nfrom app_user`,
      // dollar quoting and parameters
      `select $$a$$ as s from ${relation}`,
      `select $q$a$q$ as s from ${relation}`,
      `select summary from ${relation} where summary = $1`,
      // quoted identifiers of every kind
      'select * from "form_record"',
      'select * from "APP_USER"',
      'select * from `app_user`',
      'select * from [app_user]',
      `select "summary" from ${relation} cross join "outbox"`,
      // schema-qualified names and system catalogues
      'select * from public.app_user',
      'select * from main.app_user',
      'select * from pg_catalog.pg_authid',
      'select * from pg_shadow',
      'select * from information_schema.tables',
      'select * from sqlite_master',
      'select * from sqlite_schema',
      "select * from pragma_table_info('app_user')",
      // CTEs
      'with x as (select * from app_user) select * from x',
      'with outbox as (select 1 as x) select * from outbox',
      'with recursive r(n) as (select 1 union all select n + 1 from r where n < 3) select n from r, auth_token',
      // several statements
      `select 1 as x from ${relation}; select * from app_user`,
      `select 1 as x from ${relation}; drop table app_user`,
      // breaking out of the parentheses the view runs in
      `select 1 as x from ${relation}) as v cross join (select * from app_user`,
      // PRAGMA, ATTACH, extensions
      'pragma table_info(app_user)',
      "attach database 'plinth.db' as stolen",
      "select load_extension('/tmp/evil.so') as x",
      // files, the session, the role
      "select pg_read_file('/etc/passwd') as x",
      "select * from pg_read_file('/etc/passwd')",
      "select pg_ls_dir('.') as x",
      "select lo_import('/etc/passwd') as x",
      "select readfile('/etc/passwd') as x",
      "select set_config('role', 'none', true) as x",
      "select current_setting('data_directory') as x",
    ];
    const before = (await t.call<BiView[]>('GET', `${API}/bi/view/list`, { token: alice })).body.data.length;
    for (const text of corpus) {
      const checked = await check(text);
      expect(checked.status, `${text}: ${checked.body.message}`).toBe(400);
      expect(checked.body.message, text).toMatch(/^sql: /);
      expect(JSON.stringify(checked.body), text).not.toContain(HARBOR_SECRET);
      const created = await t.call('POST', `${API}/bi/view/create`, { token: alice, body: { name: `Escape ${text.slice(0, 30)}`, sql: text } });
      expect(created.status, text).toBe(400);
    }
    expect((await t.call<BiView[]>('GET', `${API}/bi/view/list`, { token: alice })).body.data.length).toBe(before);
  });

  it('checks a stored view again each time it runs, so one saved before a check existed runs no more', async () => {
    const saved = await t.call<BiView>('POST', `${API}/bi/view/create`, { token: alice, body: { name: 'Costs', sql: `select summary, cost from ${relation}` } });
    expect(saved.status, saved.body.message).toBe(200);
    // As if saved by an older server whose check it slipped past.
    const escape = `select 'a\\' as summary, (select count(*) from form_record) as cost --' from ${relation}`;
    await sql`update bi_view set sql_text = ${escape} where id = ${saved.body.data.id}`.execute(t.app.services.db);
    const read = await t.call<QueryRowsResult>('POST', `${API}/dataset/query`, { token: alice, body: { dataset: saved.body.data.code } });
    expect(read.status, read.body.message).toBe(400);
    expect(read.body.message).toMatch(/backslash/);
  });

  describe('with the check switched off, the database alone', () => {
    /** Runs SQL exactly as a view's query runs, with no check before it. */
    const runUnchecked = async (text: string) => {
      const deadline = Date.now() + 5_000;
      const trusted = async (query: CompiledQuery) => (await t.app.services.db.executeQuery(query)).rows;
      return t.app.services.views.rows({ relations: [], query: CompiledQuery.raw(text, []) }, deadline, trusted);
    };
    const refusedOrEmpty = async (text: string): Promise<string> => {
      try {
        const rows = await runUnchecked(text);
        return rows.length === 0 ? 'empty' : `read ${JSON.stringify(rows).slice(0, 200)}`;
      } catch (error) {
        // A mistake of this test or of the server is no refusal of the database.
        if (error instanceof TypeError) throw error;
        return `refused: ${(error as Error).message}`;
      }
    };

    it('has no table to read: the tenants’ records, users, tokens and outbox are not there', async () => {
      for (const table of ['form_record', 'app_user', 'auth_token', 'outbox', 'tenant', 'bi_view', 'view_reader']) {
        expect(await refusedOrEmpty(`select count(*) as n from ${table}`), table).toMatch(/^refused: /);
      }
      const escape = `select 'a\\' as s, (select count(*) from form_record where tenant_id=2) as t --' as u`;
      expect(await refusedOrEmpty(escape)).toMatch(/^refused: /);
    });

    it('reads no file, writes nothing and runs one statement', async () => {
      const attempts =
        dialect === 'postgres'
          ? [
              "select pg_read_file('/etc/passwd') as x",
              "select pg_ls_dir('.') as x",
              "select lo_import('/etc/passwd') as x",
              "select current_setting('data_directory') as x",
              // Switching back to the server's own login is what a role would allow; a login of its own does not.
              "select set_config('role', 'none', true) as r, (select count(*) from form_record) as n",
              "select set_config('session_authorization', 'root', true) as r",
              'create table stolen (x int)',
              'select 1 as x; select count(*) from app_user',
            ]
          : [
              "select load_extension('/tmp/evil.so') as x",
              "select readfile('/etc/passwd') as x",
              "attach database 'plinth.db' as stolen",
              'create table stolen (x int)',
              'pragma query_only = 0',
              'select 1 as x; select count(*) from app_user',
            ];
      for (const text of attempts) expect(await refusedOrEmpty(text), text).toMatch(/^refused: /);
    });

    it('shows no catalogue of the server’s tables', async () => {
      if (dialect === 'sqlite') {
        expect(await runUnchecked('select name from sqlite_schema')).toEqual([]);
        const databases = (await runUnchecked('select file from pragma_database_list')) as { file: string }[];
        expect(databases.every((d) => d.file === '')).toBe(true);
      } else {
        // PostgreSQL's catalogue names tables to any login; none of them can be read, which the test above shows.
        const readable = (await runUnchecked(
          "select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace where s.nspname = 'public' and c.relkind = 'r' and has_table_privilege(c.oid, 'select')",
        )) as { n: number }[];
        expect(Number(readable[0]!.n)).toBe(0);
      }
    });
  });
});
