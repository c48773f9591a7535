import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  FormDetail,
  FormListItem,
  FormOption,
  FormPreviewResult,
  FormVersionDetail,
  FormVersionItem,
} from '../../../src/core/contracts/form.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { textIn } from '../../../src/core/local-text.ts';
import { RECORD_AJV_OPTIONS } from '../../../src/core/forms/record-validation.ts';
import { createAjv } from '../../../src/core/validation/ajv.ts';
import { validatorRuntime, type ValidatorModuleFactory } from '../../../src/core/validation/validator-runtime.ts';
import { inviteAndSignIn, ok, userIdOf, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { EVERY_TYPE_DESIGN, GOOD_RECORD, SIMPLE_DESIGN, call, createForm, grantPoints, publishedForm } from '../../helpers/forms.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('form designer API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let harbor: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
  });
  afterAll(() => t.close());

  it('creates a draft, saves it with the revision it saw, and answers 409 to a stale save', async () => {
    const form = await createForm(t, admin, { name: '  Visitor log ' });
    expect(form).toMatchObject({ name: 'Visitor log', status: 'draft', currentVersion: null, revision: 1, design: { version: 1, items: [] }, unpublishedChanges: true });

    const saved = await ok<FormDetail>(t, 'POST', 'form/update', admin, { id: form.id, revision: 1, design: SIMPLE_DESIGN, description: 'Who came in' });
    expect(saved).toMatchObject({ revision: 2, description: 'Who came in', design: SIMPLE_DESIGN });

    const stale = await call(t, 'POST', 'form/update', admin, { id: form.id, revision: 1, name: 'Guest log' });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, code: 409 });
    expect(stale.body.message).toMatch(/Visitor log.*changed by someone else.*revision 2, yours 1/);
    expect((await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id })).name).toBe('Visitor log');
  });

  it('refuses a bad design naming the path, and writes nothing', async () => {
    const form = await createForm(t, admin, { name: 'Bad designs', design: SIMPLE_DESIGN });
    const bad: [unknown, RegExp][] = [
      [{ version: 1, items: [{ key: 'Bad Key', type: 'text', label: 'x' }] }, /^design\.items\[0\]\.key/],
      [{ version: 1, items: [{ key: 'a', type: 'select', label: 'A' }] }, /^design\.items\[0\]/],
      [{ version: 1, items: [{ key: 'a', type: 'text', label: 'A' }, { key: 'a', type: 'number', label: 'B' }] }, /^design\.items\[1\].*a/],
      [{ version: 1, items: [{ key: 'a', type: 'rocket', label: 'A' }] }, /^design\.items\[0\]/],
      [{ version: 2, items: [] }, /^design/],
      // A formula may only call the listed functions: no globals, no member access, no eval.
      [{ version: 1, items: [{ key: 'x', type: 'number', label: 'X' }, { key: 'y', type: 'computed', label: 'Y', formula: 'constructor.constructor("return process")()' }] }, /^design\.items\[1\]\.formula/],
      [{ version: 1, items: [{ key: 'x', type: 'number', label: 'X' }, { key: 'y', type: 'computed', label: 'Y', formula: 'globalThis.process' }] }, /^design\.items\[1\]\.formula/],
      [{ version: 1, items: [{ key: 'y', type: 'computed', label: 'Y', formula: 'nope + 1' }] }, /^design\.items\[0\]\.formula/],
      [{ version: 1, items: [{ key: 'a', type: 'text', label: 'A', visibleIf: { all: [{ field: 'ghost', op: 'eq', value: 1 }] } }] }, /^design\.items\[0\]\.visibleIf/],
    ];
    for (const [design, path] of bad) {
      const result = await call(t, 'POST', 'form/update', admin, { id: form.id, revision: form.revision, design });
      expect(result.status, JSON.stringify(design)).toBe(400);
      expect(result.body.message).toMatch(path);
    }
    const after = await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id });
    expect(after).toMatchObject({ revision: form.revision, design: SIMPLE_DESIGN });
    expect((await call(t, 'POST', 'form/create', admin, { name: 'x', design: { version: 1, items: 'no' } })).status).toBe(400);
    expect((await call(t, 'POST', 'form/create', admin, { name: '' })).body.message).toMatch(/^name:/);
    expect((await call(t, 'POST', 'form/create', admin, { name: 'x', extra: 1 })).body.message).toMatch(/^extra: is not an allowed field/);
  });

  it('publishes versions: each a snapshot of the draft, with schema and uiSchema', async () => {
    const form = await createForm(t, admin, { name: 'Inspection', design: EVERY_TYPE_DESIGN });
    const empty = await createForm(t, admin, { name: 'Empty' });
    expect((await call(t, 'POST', 'form/publish', admin, { id: empty.id })).body.message).toMatch(/^design\.items: add at least one field/);

    const v1 = await ok<FormVersionItem>(t, 'POST', 'form/publish', admin, { id: form.id });
    expect(v1).toMatchObject({ version: 1, publishedByName: 'Ada Admin', fieldCount: 26 });
    const detail = await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id });
    expect(detail).toMatchObject({ status: 'published', currentVersion: 1, unpublishedChanges: false });

    const renamed: FormDesign = { ...EVERY_TYPE_DESIGN, items: [...EVERY_TYPE_DESIGN.items, { key: 'extra', type: 'text', label: 'Extra' }] };
    await ok(t, 'POST', 'form/update', admin, { id: form.id, revision: detail.revision, design: renamed });
    expect((await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id })).unpublishedChanges).toBe(true);
    await ok(t, 'POST', 'form/publish', admin, { id: form.id });

    const versions = await ok<FormVersionItem[]>(t, 'GET', 'form/versions', admin, undefined, { id: form.id });
    expect(versions.map((v) => [v.version, v.fieldCount])).toEqual([
      [2, 27],
      [1, 26],
    ]);
    const one = await ok<FormVersionDetail>(t, 'GET', 'form/version', admin, undefined, { id: form.id, version: 1 });
    expect(one.design).toEqual(EVERY_TYPE_DESIGN);
    expect(one.schema).toMatchObject({ type: 'object', additionalProperties: false });
    expect(Object.keys(one.schema.properties as object)).not.toContain('extra');
    expect(one.uiSchema['ui:order']).toEqual(expect.arrayContaining(['subject', 'items']));
    expect((await call(t, 'GET', 'form/version', admin, undefined, { id: form.id, version: 3 })).status).toBe(404);
  });

  it('serves a version\'s validation code as a module that judges records as the server does', async () => {
    const form = await publishedForm(t, admin, 'Validated', EVERY_TYPE_DESIGN);
    const response = await fetch(`${t.url}/api/proptech_allplan/form/validator?id=${form.id}&version=1&token=${encodeURIComponent(admin)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toMatch(/immutable/);
    const code = await response.text();
    expect(code).not.toMatch(/^\s*import\s/m);
    const factory = ((await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as { default: ValidatorModuleFactory }).default;
    const validators = factory(validatorRuntime(createAjv(RECORD_AJV_OPTIONS)));
    const version = await ok<FormVersionDetail>(t, 'GET', 'form/version', admin, undefined, { id: form.id, version: 1 });
    const { hashForSchema } = await import('@rjsf/utils');
    const validate = validators[hashForSchema(version.schema as never)] as ((data: unknown) => boolean) & { errors?: { instancePath: string }[] };
    const good = { ...GOOD_RECORD, items: [{ name: 'Washer', n: 2, cost: 1.5, amount: 3 }], total: 3 };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, phone: '123', zip: 'abc', kind: 'z' })).toBe(false);
    expect(validate.errors!.map((e) => e.instancePath).sort()).toEqual(['/kind', '/phone', '/zip']);

    expect((await fetch(`${t.url}/api/proptech_allplan/form/validator?id=${form.id}&version=1`)).status).toBe(401);
    expect((await fetch(`${t.url}/api/proptech_allplan/form/validator?id=${form.id}&version=1&token=${encodeURIComponent(harbor)}`)).status).toBe(404);
  });

  it('previews an unsaved design: compiled as a version, its validation code for the same tenant only, a bad design refused by path', async () => {
    const preview = await ok<FormPreviewResult>(t, 'POST', 'form/preview', admin, { design: EVERY_TYPE_DESIGN });
    const published = await publishedForm(t, admin, 'Previewed', EVERY_TYPE_DESIGN);
    const version = await ok<FormVersionDetail>(t, 'GET', 'form/version', admin, undefined, { id: published.id, version: 1 });
    expect(preview.schema).toEqual(version.schema);
    expect(preview.uiSchema).toEqual(version.uiSchema);
    // The same schema keeps its key; another tenant's key for it differs.
    expect((await ok<FormPreviewResult>(t, 'POST', 'form/preview', admin, { design: EVERY_TYPE_DESIGN })).validatorKey).toBe(preview.validatorKey);
    const theirs = await ok<FormPreviewResult>(t, 'POST', 'form/preview', harbor, { design: EVERY_TYPE_DESIGN });
    expect(theirs.validatorKey).not.toBe(preview.validatorKey);

    const module = (token: string, key = preview.validatorKey) =>
      fetch(`${t.url}/api/proptech_allplan/form/preview/validator?key=${key}&token=${encodeURIComponent(token)}`);
    const response = await module(admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    const factory = ((await import(`data:text/javascript;base64,${Buffer.from(await response.text()).toString('base64')}`)) as { default: ValidatorModuleFactory }).default;
    const { hashForSchema } = await import('@rjsf/utils');
    const validate = factory(validatorRuntime(createAjv(RECORD_AJV_OPTIONS)))[hashForSchema(preview.schema as never)] as (data: unknown) => boolean;
    const good = { ...GOOD_RECORD, items: [{ name: 'Washer', n: 2, cost: 1.5, amount: 3 }], total: 3 };
    expect(validate(good)).toBe(true);
    expect(validate({ ...good, zip: 'abc' })).toBe(false);

    expect((await module(harbor)).status).toBe(404);
    expect((await module(harbor, theirs.validatorKey)).status).toBe(200);
    expect((await module(admin, 'A'.repeat(43))).status).toBe(404);
    expect((await module(admin, '../../etc/passwd')).status).toBe(400);

    const bad = await call(t, 'POST', 'form/preview', admin, { design: { version: 1, items: [{ key: 'x', type: 'computed', label: 'X', formula: 'globalThis.process' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/^design\.items\[0\]\.formula/);
    expect((await call(t, 'POST', 'form/preview', admin, {})).status).toBe(400);
  });

  it('checks advance settings against the design and keeps expression indexes in step', async () => {
    const form = await createForm(t, admin, { name: 'Settings', design: EVERY_TYPE_DESIGN });
    const settings = { ...form.settings, numbering: { rule: 'QC-{YYYYMMDD}-{####}' }, titleField: 'subject', listColumns: ['subject', 'number', 'kind'], indexedFields: ['kind', 'qty', 'day'], defaults: { kind: 'a', qty: 1 } };
    const saved = await ok<FormDetail>(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: form.revision, settings });
    expect(saved.settings).toEqual(settings);
    expect(await formIndexes(form.id)).toEqual([`fx${form.id}_n_qty`, `fx${form.id}_t_day`, `fx${form.id}_t_kind`]);

    const bad: [Record<string, unknown>, RegExp][] = [
      [{ numbering: { rule: 'QC-{####}-{##}' } }, /^settings\.numbering\.rule: .*more than one sequence/],
      [{ numbering: { rule: 'QC-{HH}-{####}' } }, /^settings\.numbering\.rule: \{HH\} is not a numbering token/],
      [{ defaults: { qty: 'many' } }, /^settings\.defaults\.qty: must be number/],
      [{ defaults: { ghost: 1 } }, /^settings\.defaults\.ghost: no field/],
      [{ defaults: { total: 1 } }, /^settings\.defaults\.total: a computed field takes no default/],
      [{ titleField: 'items' }, /^settings\.titleField: a subtable field cannot be the title/],
      [{ listColumns: ['subject', 'ghost'] }, /^settings\.listColumns\[1\]: no field/],
      [{ indexedFields: ['tags'] }, /^settings\.indexedFields\[0\]: a multiselect field holds no single value/],
      [{ fieldPermissions: { n1: { ghost: 'hidden' } } }, /^settings\.fieldPermissions\.n1\.ghost/],
      [{ fieldPermissions: { n1: { subject: 'invisible' } } }, /^settings\.fieldPermissions\.n1\.subject/],
      [{ buttonPoints: { create: 'record:launch' } }, /^settings\.buttonPoints\.create: record:launch is not a function point/],
      [{ indexedFields: ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] }, /^settings\.indexedFields: must NOT have more than 8 items/],
    ];
    for (const [change, message] of bad) {
      const result = await call(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: saved.revision, settings: { ...settings, ...change } });
      expect(result.status, JSON.stringify(change)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    const stale = await call(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: form.revision, settings });
    expect(stale.status).toBe(409);

    const fewer = await ok<FormDetail>(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: saved.revision, settings: { ...settings, indexedFields: ['day'] } });
    expect(fewer.revision).toBe(saved.revision + 1);
    expect(await formIndexes(form.id)).toEqual([`fx${form.id}_t_day`]);
    await ok(t, 'POST', 'form/delete', admin, { id: form.id });
    expect(await formIndexes(form.id)).toEqual([]);
    expect((await call(t, 'GET', 'form/detail', admin, undefined, { id: form.id })).status).toBe(404);
  });

  it('drops settings of removed fields when publishing', async () => {
    const form = await publishedForm(t, admin, 'Pruned', EVERY_TYPE_DESIGN, { titleField: 'subject', listColumns: ['subject', 'kind', 'createTime'], defaults: { kind: 'a' } });
    const withoutKind = { ...EVERY_TYPE_DESIGN, items: EVERY_TYPE_DESIGN.items.filter((i) => i.key !== 'choices') };
    await ok(t, 'POST', 'form/update', admin, { id: form.id, revision: form.revision, design: withoutKind });
    await ok(t, 'POST', 'form/publish', admin, { id: form.id });
    const v2 = await ok<FormVersionDetail>(t, 'GET', 'form/version', admin, undefined, { id: form.id, version: 2 });
    expect(v2.settings).toMatchObject({ titleField: 'subject', listColumns: ['subject', 'createTime'], defaults: {} });
  });

  it('switches a published form off and on; a draft cannot be switched', async () => {
    const form = await publishedForm(t, admin, 'Switchable', SIMPLE_DESIGN);
    const off = await ok<FormDetail>(t, 'POST', 'form/update', admin, { id: form.id, revision: form.revision, status: 'disabled' });
    expect(off.status).toBe('disabled');
    expect((await ok<FormOption[]>(t, 'GET', 'form/options', admin)).map((o) => o.id)).not.toContain(form.id);
    const on = await ok<FormDetail>(t, 'POST', 'form/update', admin, { id: form.id, revision: off.revision, status: 'published' });
    expect(on.status).toBe('published');
    expect((await ok<FormOption[]>(t, 'GET', 'form/options', admin)).map((o) => o.id)).toContain(form.id);
    const draft = await createForm(t, admin, { name: 'Never published', design: SIMPLE_DESIGN });
    expect((await call(t, 'POST', 'form/update', admin, { id: draft.id, revision: draft.revision, status: 'disabled' })).body.message).toMatch(/^status:/);
  });

  it('lists forms with paging and a keyword', async () => {
    const page = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { keyword: 'request', pageSize: 2 });
    expect(page.list.map((f) => textIn(f.name, 'en'))).toEqual(['Maintenance request']);
    const all = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { pageSize: 2, pageNum: 2 });
    expect(all.list).toHaveLength(2);
    expect(all.total).toBeGreaterThan(4);
    const percent = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { keyword: '%' });
    expect(percent.total).toBe(0);
  });

  it('answers another tenant\'s form as not found', async () => {
    const form = await publishedForm(t, admin, 'Ours', SIMPLE_DESIGN);
    for (const [method, path, body, query] of [
      ['GET', 'form/detail', undefined, { id: form.id }],
      ['GET', 'form/versions', undefined, { id: form.id }],
      ['GET', 'form/version', undefined, { id: form.id, version: 1 }],
      ['POST', 'form/update', { id: form.id, revision: form.revision, name: 'Theirs' }, undefined],
      ['POST', 'form/settings/update', { id: form.id, revision: form.revision, settings: form.settings }, undefined],
      ['POST', 'form/publish', { id: form.id }, undefined],
      ['POST', 'form/delete', { id: form.id }, undefined],
    ] as const) {
      const result = await call(t, method, path, harbor, body, query);
      expect(result.status, path).toBe(404);
    }
    expect((await ok<FormOption[]>(t, 'GET', 'form/options', harbor)).map((o) => o.id)).not.toContain(form.id);
    expect((await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id })).name).toBe('Ours');
  });

  it('asks for the designer points on every designer call', async () => {
    const workspace = await workspaceByCode(t, admin, 'NW-HQ');
    const probe = await inviteAndSignIn(t, admin, { username: 'designprobe', workspaceIds: [workspace.id] });
    const form = await publishedForm(t, admin, 'Guarded', SIMPLE_DESIGN);
    const calls = {
      'form:create': ['POST', 'form/create', { name: 'Mine' }],
      'form:edit': ['POST', 'form/update', { id: form.id, revision: form.revision, name: 'Renamed' }],
      'form:publish': ['POST', 'form/publish', { id: form.id }],
      'form:delete': ['POST', 'form/delete', { id: form.id }],
      'form:edit (preview)': ['POST', 'form/preview', { design: SIMPLE_DESIGN }],
    } as const;
    for (const [, [method, path, body]] of Object.entries(calls)) {
      expect((await call(t, method, path, probe.token, body)).status, path).toBe(403);
    }
    expect((await call(t, 'GET', 'form/list', probe.token)).status).toBe(403);
    expect((await call(t, 'GET', 'form/version', probe.token, undefined, { id: form.id, version: 1 })).status).toBe(403);
    expect((await call(t, 'GET', 'form/options', probe.token)).status).toBe(403);

    // Each point opens its own call only.
    const probeId = await userIdOf(t, admin, 'designprobe');
    await grantPoints(t, admin, probeId, ['form:edit']);
    expect((await call(t, 'GET', 'form/list', probe.token)).status).toBe(200);
    expect((await call(t, 'POST', 'form/update', probe.token, calls['form:edit'][2])).status).toBe(200);
    expect((await call(t, 'POST', 'form/preview', probe.token, { design: SIMPLE_DESIGN })).status).toBe(200);
    expect((await call(t, 'POST', 'form/create', probe.token, { name: 'Mine' })).status).toBe(403);
    expect((await call(t, 'POST', 'form/publish', probe.token, { id: form.id })).status).toBe(403);
    // Reading a published version is for record readers too.
    const reader = await inviteAndSignIn(t, admin, { username: 'versionreader', workspaceIds: [workspace.id] });
    await grantPoints(t, admin, await userIdOf(t, admin, 'versionreader'), ['record:create']);
    expect((await call(t, 'GET', 'form/version', reader.token, undefined, { id: form.id, version: 1 })).status).toBe(200);
    expect((await call(t, 'GET', 'form/detail', reader.token, undefined, { id: form.id })).status).toBe(403);
  });

  /** The expression index names of a form, sorted. */
  async function formIndexes(formId: number): Promise<string[]> {
    const rows =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'form_record'`.execute(t.app.services.db)
        : await sql<{ name: string }>`select indexname as name from pg_indexes where tablename = 'form_record'`.execute(t.app.services.db);
    return rows.rows
      .map((r) => r.name)
      .filter((n) => n.startsWith(`fx${formId}_`))
      .sort();
  }
});
