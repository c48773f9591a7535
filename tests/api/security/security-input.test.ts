import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { FormRecord, RecordDetail } from '../../../src/core/contracts/record.ts';
import type { StagingDetail, StagingItem } from '../../../src/core/contracts/staging.ts';
import type { Envelope } from '../../../src/core/envelope.ts';
import type { PreferenceConfig } from '../../../src/core/entities.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { JSON_NESTING_MAX } from '../../../src/core/validation/storable-input.ts';
import { ok } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { call, publishedForm } from '../../helpers/forms.ts';
import { DEMO_PASSWORD, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const DESIGN: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary', required: true },
    { key: 'items', type: 'subtable', label: 'Items', fields: [{ key: 'name', type: 'text', label: 'Item' }] },
  ],
};

/** A value `levels` containers deep: `{ a: { a: … 'leaf' } }`. */
const nested = (levels: number): unknown => (levels === 0 ? 'leaf' : { a: nested(levels - 1) });

const NUL = /must not contain the NUL character/;
const LONE_SURROGATE = /must not contain a lone surrogate/;

// PostgreSQL refuses NUL in text and JSON, and a lone surrogate has no UTF-8 form: both must be
// refused as bad input on every route and on both databases, never reach the database as a 500.
describe.each(testDialects())('input every database can store, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let form: FormDetail;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
    form = await publishedForm(t, admin, 'Plain', DESIGN);
  });
  afterAll(() => t.close());

  const records = async () =>
    Number((await t.app.services.db.selectFrom('form_record').select((eb) => eb.fn.countAll<number>().as('n')).where('form_id', '=', form.id).executeTakeFirstOrThrow()).n);
  const preferences = () => ok<PreferenceConfig[]>(t, 'GET', 'preference/config/list', admin);

  /** Expects a 400 whose message starts with the field, then the reason. */
  const refused = (result: { status: number; body: Envelope<unknown> }, field: string, reason: RegExp) => {
    expect(result.status).toBe(400);
    expect(result.body.success).toBe(false);
    expect(result.body.message.startsWith(`${field}: `), result.body.message).toBe(true);
    expect(result.body.message).toMatch(reason);
  };

  it('refuses NUL in the body of a public route (password login), naming the field', async () => {
    const result = await t.call('POST', '/proptech_allplan/login/passwordLogin', { body: { account: 'ad\u0000min', password: DEMO_PASSWORD } });
    refused(result, 'account', NUL);
  });

  it('refuses NUL in an authenticated write, naming the field by its path, and writes nothing', async () => {
    refused(await call(t, 'POST', 'record/create', admin, { formId: form.id, data: { summary: 'Leak\u0000ing' } }), 'data.summary', NUL);
    refused(
      await call(t, 'POST', 'record/create', admin, { formId: form.id, data: { summary: 'Leak', items: [{ name: 'a' }, { name: 'b' }, { name: 'c\u0000' }] } }),
      'data.items[2].name',
      NUL,
    );
    refused(
      await call(t, 'POST', 'preference/config/createOrUpdate', admin, { configType: 'columns', configValue: { shown: ['title', 'x\u0000'] } }),
      'configValue.shown[1]',
      NUL,
    );
    expect(await records()).toBe(0);
    expect(await preferences()).toEqual([]);
  });

  it('refuses a lone surrogate in record data and in a draft', async () => {
    refused(await call(t, 'POST', 'record/create', admin, { formId: form.id, data: { summary: 'Leak', items: [{ name: 'half \ud800' }] } }), 'data.items[0].name', LONE_SURROGATE);
    refused(await call(t, 'POST', 'staging/save', admin, { formId: form.id, data: { summary: '\udc00 half' } }), 'data.summary', LONE_SURROGATE);
    // Raw JSON escapes, as a client other than a browser may send them.
    const raw = `{"formId":${form.id},"data":{"summary":"\\ud83d"}}`;
    refused(await t.call('POST', '/proptech_allplan/staging/save', { token: admin, rawBody: raw }), 'data.summary', LONE_SURROGATE);
    expect(await records()).toBe(0);
    expect((await ok<{ list: StagingItem[] }>(t, 'GET', 'staging/list', admin)).list).toEqual([]);
  });

  it('refuses NUL in a query string and in a route parameter', async () => {
    refused(await call(t, 'GET', 'preference/config/list', admin, undefined, { configType: 'columns\u0000' }), 'configType', NUL);
    // A public route, before its own schema reads the parameter.
    refused(await t.call('GET', '/proptech_allplan/website/1%00'), 'id', NUL);
  });

  it('refuses NUL or a lone surrogate in the name of a field', async () => {
    refused(await call(t, 'POST', 'record/create', admin, { formId: form.id, data: { summary: 'Leak', 'sum\u0000mary': 'x' } }), 'data["sum\\u0000mary"]', NUL);
    refused(await call(t, 'POST', 'preference/config/createOrUpdate', admin, { configType: 'columns', configValue: { '\ud800': 1 } }), 'configValue["\\ud800"]', LONE_SURROGATE);
    expect(await records()).toBe(0);
  });

  it('refuses NUL in a multipart text field and in an uploaded file name', async () => {
    const upload = async (name: string, fields: Record<string, string>) => {
      const body = new FormData();
      for (const [key, value] of Object.entries(fields)) body.append(key, value);
      body.append('file', new Blob(['plain text']), name);
      const response = await fetch(`${t.url}/api/proptech_filestore/file/upload`, { method: 'POST', headers: { token: admin }, body });
      return { status: response.status, body: (await response.json()) as Envelope<unknown> };
    };
    refused(await upload('notes.txt', { accept: 'txt\u0000' }), 'accept', NUL);
    refused(await upload('no\u0000tes.txt', {}), 'file', /must not contain the NUL character \(\\u0000\) in its file name/);
    expect((await upload('notes.txt', {})).status).toBe(200);
  });

  it('keeps a proper surrogate pair (an emoji) intact in a record and a draft', async () => {
    const record = await ok<FormRecord>(t, 'POST', 'record/create', admin, { formId: form.id, data: { summary: 'Leak 😀', items: [{ name: '🔧 wrench' }] } });
    const detail = await ok<RecordDetail>(t, 'GET', 'record/detail', admin, undefined, { id: record.id });
    expect(detail.record.data).toMatchObject({ summary: 'Leak 😀', items: [{ name: '🔧 wrench' }] });
    const draft = await ok<StagingItem>(t, 'POST', 'staging/save', admin, { formId: form.id, data: { summary: 'Half 😀' } });
    expect((await ok<StagingDetail>(t, 'GET', 'staging/detail', admin, undefined, { id: draft.id })).data).toEqual({ summary: 'Half 😀' });
  });

  it(`accepts a body nested ${JSON_NESTING_MAX} levels deep and refuses one level more`, async () => {
    // The body itself is the first level.
    const deepest = nested(JSON_NESTING_MAX - 1);
    await ok(t, 'POST', 'preference/config/createOrUpdate', admin, { configType: 'deep', configValue: deepest });
    expect((await preferences()).find((p) => p.configType === 'deep')?.configValue).toEqual(deepest);
    await ok(t, 'POST', 'staging/save', admin, { formId: form.id, data: deepest });

    const tooDeep = new RegExp(`is nested more than ${JSON_NESTING_MAX} levels deep`);
    refused(await call(t, 'POST', 'preference/config/createOrUpdate', admin, { configType: 'deeper', configValue: nested(JSON_NESTING_MAX) }), 'configValue', tooDeep);
    refused(await call(t, 'POST', 'staging/save', admin, { formId: form.id, data: nested(JSON_NESTING_MAX) }), 'data', tooDeep);
    refused(await call(t, 'POST', 'preference/config/createOrUpdate', admin, nested(JSON_NESTING_MAX + 1)), 'a', tooDeep);
    expect((await preferences()).map((p) => p.configType)).toEqual(['deep']);
  });

  it('refuses a body nested 100,000 levels deep quickly, without overflowing the stack', async () => {
    const depth = 100_000;
    const objects = `{"configType":"deepest","configValue":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}}`;
    const arrays = `{"formId":${form.id},"data":{"rows":${'['.repeat(depth)}${']'.repeat(depth)}}}`;
    const started = Date.now();
    const first = await t.call('POST', '/proptech_allplan/preference/config/createOrUpdate', { token: admin, rawBody: objects });
    const second = await t.call('POST', '/proptech_allplan/staging/save', { token: admin, rawBody: arrays });
    expect(Date.now() - started).toBeLessThan(3000);
    refused(first, 'configValue', /is nested more than/);
    refused(second, 'data', /is nested more than/);
    // The server still answers.
    expect((await preferences()).map((p) => p.configType)).toEqual(['deep']);
  });
});
