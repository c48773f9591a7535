import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { RecordPage } from '../../../src/core/contracts/record.ts';
import type { RecordFilter, RecordSort } from '../../../src/core/contracts/record-query.ts';
import { TenantScope } from '../../../src/server/db/tenant-scope.ts';
import { loadCaller } from '../../../src/server/access/rights.ts';
import { recordQuery, type RecordContext } from '../../../src/server/modules/record/service.ts';
import { ok, userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { EVERY_TYPE_DESIGN, call, createRecord, publishedForm } from '../../helpers/forms.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('record list queries on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let adminId: number;
  let aliceId: number;
  let bobId: number;
  let form: FormDetail;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
    [adminId, aliceId, bobId] = (await Promise.all(['admin', 'alice', 'bob'].map((u) => userIdOf(t, admin, u)))) as [number, number, number];
    form = await publishedForm(t, admin, 'Filtered', EVERY_TYPE_DESIGN, { indexedFields: ['kind', 'qty'], titleField: 'subject', numbering: null });
    const shenzhen = { province: '440000', city: '440300', district: '440305' };
    const records: Record<string, unknown>[] = [
      { subject: 'Alpha pipe', qty: 1, price: 10, day: '2026-01-05', at: '2026-01-05T23:30:00+08:00', kind: 'a', tags: ['red'], urgent: false, place: shenzhen, owner: aliceId, watchers: [aliceId, bobId], items: [{ name: 'Washer' }] },
      { subject: 'Beta door', qty: 5, price: 99.5, day: '2026-03-10', at: '2026-03-10T08:00:00+08:00', kind: 'b', tags: ['red', 'blue'], urgent: true, reason: 'Stuck', place: { province: '440000', city: '440100', district: '440106' }, owner: bobId },
      { subject: 'Gamma lift', qty: 50, price: 1000, day: '2026-06-30', kind: 'c', tags: [], place: { province: '310000', district: '310115' }, owner: adminId },
      { subject: 'delta 100%_off', price: 0 },
      { subject: 'Epsilon', qty: 100, price: 5, day: '2026-12-31', kind: 'a', tags: ['green'], urgent: false, place: { province: '440000', city: '440300' } },
      { subject: 'Zeta', qty: 20, day: '2026-06-01', kind: 'b' },
    ];
    for (const data of records) await createRecord(t, admin, form.id, data);
  });
  afterAll(() => t.close());

  const subjects = async (filters: RecordFilter[], sort: RecordSort[] = [], extra: Record<string, unknown> = {}) => {
    const page = await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: form.id, filters, sort, pageSize: 50, ...extra });
    return page.list.map((r) => r.data.subject as string);
  };
  const matching = async (filter: RecordFilter) => (await subjects([filter])).sort();

  it('filters text fields: contains (case-insensitive, % and _ literal), equals, lists, emptiness', async () => {
    expect(await matching({ field: 'subject', op: 'contains', value: 'PIPE' })).toEqual(['Alpha pipe']);
    expect(await matching({ field: 'subject', op: 'contains', value: '100%_' })).toEqual(['delta 100%_off']);
    expect(await matching({ field: 'subject', op: 'contains', value: '%' })).toEqual(['delta 100%_off']);
    expect(await matching({ field: 'subject', op: 'eq', value: 'Zeta' })).toEqual(['Zeta']);
    expect(await matching({ field: 'subject', op: 'ne', value: 'Zeta' })).toHaveLength(5);
    expect(await matching({ field: 'subject', op: 'in', value: ['Zeta', 'Epsilon'] })).toEqual(['Epsilon', 'Zeta']);
    expect(await matching({ field: 'notes', op: 'empty' })).toHaveLength(6);
    expect(await matching({ field: 'reason', op: 'notEmpty' })).toEqual(['Beta door']);
  });

  it('filters numbers by comparison and range; a missing value is "not equal"', async () => {
    expect(await matching({ field: 'qty', op: 'gt', value: 10 })).toEqual(['Epsilon', 'Gamma lift', 'Zeta']);
    expect(await matching({ field: 'qty', op: 'between', value: [5, 50] })).toEqual(['Beta door', 'Gamma lift', 'Zeta']);
    expect(await matching({ field: 'qty', op: 'between', value: [null, 5] })).toEqual(['Alpha pipe', 'Beta door']);
    expect(await matching({ field: 'qty', op: 'lte', value: 1 })).toEqual(['Alpha pipe']);
    expect(await matching({ field: 'qty', op: 'eq', value: 50 })).toEqual(['Gamma lift']);
    expect(await matching({ field: 'qty', op: 'ne', value: 50 })).toEqual(['Alpha pipe', 'Beta door', 'Epsilon', 'Zeta', 'delta 100%_off']);
    expect(await matching({ field: 'qty', op: 'empty' })).toEqual(['delta 100%_off']);
    expect(await matching({ field: 'price', op: 'gte', value: 99.5 })).toEqual(['Beta door', 'Gamma lift']);
  });

  it('filters dates by day and range; a date-time by its own day', async () => {
    expect(await matching({ field: 'day', op: 'between', value: ['2026-03-01', '2026-06-30'] })).toEqual(['Beta door', 'Gamma lift', 'Zeta']);
    expect(await matching({ field: 'day', op: 'gte', value: '2026-12-31' })).toEqual(['Epsilon']);
    expect(await matching({ field: 'day', op: 'eq', value: '2026-01-05' })).toEqual(['Alpha pipe']);
    expect(await matching({ field: 'at', op: 'eq', value: '2026-01-05' })).toEqual(['Alpha pipe']);
    expect(await matching({ field: 'at', op: 'lte', value: '2026-03-10' })).toEqual(['Alpha pipe', 'Beta door']);
    expect(await matching({ field: 'at', op: 'lt', value: '2026-03-10T07:00:00+08:00' })).toEqual(['Alpha pipe']);
  });

  it('filters choices, multi-choices and switches', async () => {
    expect(await matching({ field: 'kind', op: 'in', value: ['a', 'b'] })).toEqual(['Alpha pipe', 'Beta door', 'Epsilon', 'Zeta']);
    expect(await matching({ field: 'kind', op: 'notIn', value: ['a'] })).toEqual(['Beta door', 'Gamma lift', 'Zeta', 'delta 100%_off']);
    expect(await matching({ field: 'kind', op: 'eq', value: 'c' })).toEqual(['Gamma lift']);
    expect(await matching({ field: 'kind', op: 'empty' })).toEqual(['delta 100%_off']);
    expect(await matching({ field: 'tags', op: 'contains', value: 'red' })).toEqual(['Alpha pipe', 'Beta door']);
    expect(await matching({ field: 'tags', op: 'in', value: ['green', 'blue'] })).toEqual(['Beta door', 'Epsilon']);
    expect(await matching({ field: 'tags', op: 'empty' })).toEqual(['Gamma lift', 'Zeta', 'delta 100%_off']);
    expect(await matching({ field: 'urgent', op: 'eq', value: true })).toEqual(['Beta door']);
    expect(await matching({ field: 'urgent', op: 'eq', value: false })).toEqual(['Alpha pipe', 'Epsilon']);
    expect(await matching({ field: 'urgent', op: 'ne', value: true })).toHaveLength(5);
  });

  it('filters addresses by region, and members by id', async () => {
    expect(await matching({ field: 'place', op: 'prefix', value: '440000' })).toEqual(['Alpha pipe', 'Beta door', 'Epsilon']);
    expect(await matching({ field: 'place', op: 'prefix', value: '440300' })).toEqual(['Alpha pipe', 'Epsilon']);
    expect(await matching({ field: 'place', op: 'prefix', value: '440305' })).toEqual(['Alpha pipe']);
    expect(await matching({ field: 'place', op: 'prefix', value: '310000' })).toEqual(['Gamma lift']);
    expect(await matching({ field: 'owner', op: 'eq', value: aliceId })).toEqual(['Alpha pipe']);
    expect(await matching({ field: 'owner', op: 'in', value: [aliceId, bobId] })).toEqual(['Alpha pipe', 'Beta door']);
    expect(await matching({ field: 'watchers', op: 'contains', value: bobId })).toEqual(['Alpha pipe']);
    expect(await matching({ field: 'items', op: 'notEmpty' })).toEqual(['Alpha pipe']);
  });

  it('filters the system columns; a creation day is the tenant\'s calendar day', async () => {
    expect(await matching({ field: 'status', op: 'eq', value: 'none' })).toHaveLength(6);
    expect(await matching({ field: 'createdBy', op: 'eq', value: adminId })).toHaveLength(6);
    expect(await matching({ field: 'createdBy', op: 'eq', value: bobId })).toHaveLength(0);
    // The clock stands at 2026-11-22 16:00 in UTC+8.
    expect(await matching({ field: 'createTime', op: 'eq', value: '2026-11-22' })).toHaveLength(6);
    expect(await matching({ field: 'createTime', op: 'lt', value: '2026-11-22' })).toHaveLength(0);
    expect(await matching({ field: 'createTime', op: 'between', value: ['2026-11-01', '2026-11-22'] })).toHaveLength(6);
    expect(await matching({ field: 'number', op: 'empty' })).toHaveLength(6);
  });

  it('sorts on data fields and system columns, values missing last, then pages', async () => {
    expect(await subjects([], [{ field: 'qty', order: 'asc' }])).toEqual(['Alpha pipe', 'Beta door', 'Zeta', 'Gamma lift', 'Epsilon', 'delta 100%_off']);
    expect(await subjects([], [{ field: 'qty', order: 'desc' }])).toEqual(['Epsilon', 'Gamma lift', 'Zeta', 'Beta door', 'Alpha pipe', 'delta 100%_off']);
    // Byte-wise text order on both databases: capitals first.
    expect(await subjects([], [{ field: 'subject', order: 'asc' }])).toEqual(['Alpha pipe', 'Beta door', 'Epsilon', 'Gamma lift', 'Zeta', 'delta 100%_off']);
    expect(await subjects([], [{ field: 'kind', order: 'asc' }, { field: 'qty', order: 'desc' }])).toEqual(['Epsilon', 'Alpha pipe', 'Zeta', 'Beta door', 'Gamma lift', 'delta 100%_off']);
    expect(await subjects([], [{ field: 'urgent', order: 'desc' }, { field: 'subject', order: 'asc' }])).toEqual(['Beta door', 'Alpha pipe', 'Epsilon', 'Gamma lift', 'Zeta', 'delta 100%_off']);
    // Default: newest first (the ids break the tie of one creation time).
    expect(await subjects([])).toEqual(['Zeta', 'Epsilon', 'delta 100%_off', 'Gamma lift', 'Beta door', 'Alpha pipe']);

    const page = await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: form.id, sort: [{ field: 'qty', order: 'asc' }], pageNum: 2, pageSize: 2 });
    expect(page).toMatchObject({ total: 6, pageNum: 2, pageSize: 2 });
    expect(page.list.map((r) => r.data.subject)).toEqual(['Zeta', 'Gamma lift']);
    expect(await subjects([{ field: 'kind', op: 'eq', value: 'a' }], [], { keyword: 'EPS' })).toEqual(['Epsilon']);
  });

  it('refuses filters and sorts that do not fit the form, naming the entry', async () => {
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ filters: [{ field: 'ghost', op: 'eq', value: 1 }] }, /^filters\[0\]\.field: the form has no field "ghost"/],
      [{ filters: [{ field: 'kind', op: 'eq', value: 'a' }, { field: 'qty', op: 'contains', value: '1' }] }, /^filters\[1\]\.op: contains does not apply to qty/],
      [{ filters: [{ field: 'qty', op: 'gt', value: '10' }] }, /^filters\[0\]\.value: must be a number/],
      [{ filters: [{ field: 'day', op: 'eq', value: 'yesterday' }] }, /^filters\[0\]\.value: must be a date/],
      [{ filters: [{ field: 'qty', op: 'between', value: [1] }] }, /^filters\[0\]\.value: must be \[from, to\]/],
      [{ filters: [{ field: 'place', op: 'prefix', value: '44' }] }, /^filters\[0\]\.value: must be a six-digit region code/],
      [{ filters: [{ field: 'status', op: 'eq', value: 'lost' }] }, /^filters\[0\]\.value: must be one of none, running/],
      [{ filters: [{ field: 'qty', op: 'empty', value: 1 }] }, /^filters\[0\]\.value: empty takes no value/],
      [{ filters: [{ field: 'help', op: 'empty' }] }, /^filters\[0\]\.field: the form has no field "help"/],
      [{ filters: [{ field: "subject'); drop table form_record; --", op: 'eq', value: 'x' }] }, /^filters\[0\]\.field/],
      [{ sort: [{ field: 'tags', order: 'asc' }] }, /^sort\[0\]\.field: tags holds no single value/],
      [{ sort: [{ field: 'qty', order: 'sideways' }] }, /^sort\[0\]\.order/],
      [{ pageSize: 501 }, /^pageSize/],
    ];
    for (const [change, message] of bad) {
      const result = await call(t, 'POST', 'record/list', admin, { formId: form.id, ...change });
      expect(result.status, JSON.stringify(change)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
  });

  it('lets the database use the form\'s expression index for a filter on an indexed field', async () => {
    const scope = new TenantScope(t.app.services.db, (await t.app.services.db.selectFrom('form').select('tenant_id').where('id', '=', form.id).executeTakeFirstOrThrow()).tenant_id);
    const session = { tokenId: 0, userId: adminId, tenantId: scope.tenantId, memberType: 'ADMIN' as const };
    const ctx: RecordContext = {
      scope,
      access: await loadCaller(scope, session),
      clock: t.clock,
      dialect,
      versions: t.app.services.formVersions,
      hooks: t.app.services.recordHooks,
    };
    const version = (await t.app.services.formVersions.get(scope, form.id, 1))!;
    const { query } = recordQuery(ctx, { ...(await t.app.services.db.selectFrom('form').selectAll().where('id', '=', form.id).executeTakeFirstOrThrow()) }, version, {
      filters: [{ field: 'kind', op: 'eq', value: 'b' }],
    });
    const compiled = query.selectAll('form_record').compile();
    const db = t.app.services.db;
    const plan = await db.transaction().execute(async (trx) => {
      // PostgreSQL would rather scan six rows; forbidding that shows whether the index can serve.
      if (dialect === 'postgres') await sql`set local enable_seqscan = off`.execute(trx);
      const prefix = dialect === 'sqlite' ? 'explain query plan' : 'explain';
      return (await trx.executeQuery({ ...compiled, sql: `${prefix} ${compiled.sql}` })).rows;
    });
    expect(JSON.stringify(plan)).toContain(`fx${form.id}_t_kind`);
  });
});
