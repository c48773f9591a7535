import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BiViewCheck } from '../../../src/core/contracts/bi.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { API } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { createRecord, publishedForm } from '../../helpers/forms.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/**
 * The database's wall alone: the SQL check is switched off here (every text passes it, as it
 * is, naming whichever relations it mentions), and escapes that the check would refuse go to
 * the database through the API as a view runs. None reads anything but the caller's relation.
 */
vi.mock('../../../src/server/modules/bi/sql-check.ts', () => ({
  checkViewSql: (_dialect: string, text: string, offered: ReadonlySet<string>) => ({
    relations: [...offered].filter((name) => new RegExp(`\\b${name}\\b`).test(text)),
    ownNames: [],
    sql: text,
  }),
}));

const DESIGN: FormDesign = { version: 1, items: [{ key: 'summary', type: 'text', label: 'Summary', required: true }] };
const HARBOR_SECRET = 'Harbor-only secret summary';

describe.each(testDialects())('a view with the SQL check switched off, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let relation: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    let harbor: string;
    [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
    alice = await t.signIn('alice', NORTHWIND);
    const form = await publishedForm(t, admin, 'Repairs', DESIGN);
    relation = `form_${form.id}`;
    await createRecord(t, admin, form.id, { summary: 'Leak' });
    const harborForm = await publishedForm(t, harbor, 'Harbor repairs', DESIGN);
    await createRecord(t, harbor, harborForm.id, { summary: HARBOR_SECRET });
  });
  afterAll(() => t.close());

  const check = (text: string, token = alice) => t.call<BiViewCheck>('POST', `${API}/bi/view/check`, { token, body: { sql: text } });

  it('still runs the caller’s own relation', async () => {
    const answer = await check(`select summary from ${relation}`, admin);
    expect(answer.status, answer.body.message).toBe(200);
    expect(answer.body.data.rows).toEqual([{ summary: 'Leak' }]);
  });

  it('reads no table of the database, whatever the SQL names', async () => {
    const escapes = [
      `select 'a\\' as s, (select count(*) from form_record where tenant_id=2) as t --' as u from ${relation}`,
      'select summary from form_record',
      "select data as summary from form_record where data like '%Harbor%'",
      'select password_hash from app_user',
      'select token_hash from auth_token',
      'select * from outbox',
      'select password from view_reader',
      `select summary from ${relation} union all select title from form_record`,
      `select 1 as x from ${relation}) as v cross join (select * from app_user`,
      dialect === 'sqlite' ? 'select sql from sqlite_schema' : 'select usename from pg_user cross join app_user',
      dialect === 'sqlite' ? "select load_extension('/tmp/evil.so') as x" : "select pg_read_file('/etc/passwd') as x",
      dialect === 'sqlite' ? 'select * from main.form_record' : 'select * from public.form_record',
      dialect === 'sqlite' ? "select readfile('plinth.db') as x" : "select set_config('role', 'none', true) as r, (select count(*) from form_record) as n",
    ];
    for (const text of escapes) {
      const answer = await check(text);
      const said = JSON.stringify(answer.body);
      expect(said, text).not.toContain(HARBOR_SECRET);
      expect(said, text).not.toMatch(/scrypt|\$2[aby]\$/);
      if (answer.status === 200) {
        // Only what the database itself offers any login (its catalogue is empty on SQLite).
        expect(answer.body.data.rows, text).toEqual([]);
      } else {
        expect(answer.status, said).toBe(400);
        expect(answer.body.message, text).toMatch(/^sql: the database could not run it: /);
      }
    }
  });
});
