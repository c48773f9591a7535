import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BiRelation } from '../../../src/core/contracts/bi.ts';
import type { FormDetail, FormListItem, FormOption, FormVersionDetail } from '../../../src/core/contracts/form.ts';
import type { RecordDetail } from '../../../src/core/contracts/record.ts';
import type { StagingItem } from '../../../src/core/contracts/staging.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { Notification } from '../../../src/core/entities.ts';
import { readStoredText } from '../../../src/core/local-text.ts';
import type { DatasetInfo } from '../../../src/core/query/query-spec.ts';
import { up } from '../../../src/server/db/migrations/025_form_names_in_languages.ts';
import type { DB } from '../../../src/server/db/schema.ts';
import { fileNameFromContentDisposition } from '../../../src/web/api/download.ts';
import { API, ok, userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { createRecord, inviteFinanceApprovers, pendingTaskOn, publishFormWithFlow, repairFlow } from '../../helpers/flows.ts';
import { SIMPLE_DESIGN, call, createForm, publishedForm } from '../../helpers/forms.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const BOILER = { en: 'Boiler check', 'zh-CN': '锅炉检查', ar: 'فحص المرجل' };

/** A form's name is one string or its English, Chinese and Arabic, kept as sent and read in the reader's language. */
describe.each(testDialects())('form names in several languages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
  });
  afterAll(() => t.close());

  it('saves a name in three languages, trimmed, and answers it as sent wherever the form is named', async () => {
    const created = await createForm(t, admin, { name: { en: '  Boiler check ', 'zh-CN': ' 锅炉检查', ar: 'فحص المرجل ' }, design: SIMPLE_DESIGN });
    expect(created.name).toEqual(BOILER);
    await ok(t, 'POST', 'form/publish', admin, { id: created.id });

    const listed = (await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { pageSize: 500 })).list.find((f) => f.id === created.id);
    expect(listed?.name).toEqual(BOILER);
    expect((await ok<FormOption[]>(t, 'GET', 'form/options', admin)).find((f) => f.id === created.id)?.name).toEqual(BOILER);
    expect((await ok<FormVersionDetail>(t, 'GET', 'form/version', admin, undefined, { id: created.id, version: 1 })).name).toEqual(BOILER);

    const record = await createRecord(t, admin, created.id, { summary: 'Pressure low' });
    const detail = await ok<RecordDetail>(t, 'GET', 'record/detail', admin, undefined, { id: record.id });
    expect(detail.form.name).toEqual(BOILER);
    expect(detail.version.name).toEqual(BOILER);
    const draft = await ok<StagingItem>(t, 'POST', 'staging/save', admin, { formId: created.id, data: { summary: 'Half' } });
    expect((await ok<PageResult<StagingItem>>(t, 'GET', 'staging/list', admin)).list.find((d) => d.id === draft.id)?.formName).toEqual(BOILER);

    // The plates' and views' data sources name the form as it is named.
    const datasets = (await t.call<DatasetInfo[]>('GET', `${API}/dataset/list`, { token: admin })).body.data;
    expect(datasets.find((d) => d.code === `form_${created.id}`)?.name).toEqual(BOILER);
    const relations = (await t.call<BiRelation[]>('GET', `${API}/bi/view/relations`, { token: admin })).body.data;
    expect(relations.find((r) => r.name === `form_${created.id}`)?.title).toEqual(BOILER);

    // A plain name stays one string.
    expect((await createForm(t, admin, { name: ' Plain name ' })).name).toBe('Plain name');
  });

  it('renames in languages and speaks English in its own messages and exports', async () => {
    const form = await publishedForm(t, admin, BOILER, SIMPLE_DESIGN);
    const renamed = await ok<FormDetail>(t, 'POST', 'form/update', admin, { id: form.id, revision: form.revision, name: { en: 'Boiler inspection', 'zh-CN': '锅炉检验' } });
    expect(renamed.name).toEqual({ en: 'Boiler inspection', 'zh-CN': '锅炉检验' });
    const stale = await call(t, 'POST', 'form/update', admin, { id: form.id, revision: form.revision, description: 'late' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Form "Boiler inspection" was changed by someone else/);

    await ok(t, 'POST', 'form/update', admin, { id: form.id, revision: renamed.revision, status: 'disabled' });
    const refused = await call(t, 'POST', 'record/create', admin, { formId: form.id, data: { summary: 'x' } });
    expect(refused.body.message).toBe('formId: form "Boiler inspection" is switched off and takes no new records');

    const response = await fetch(`${t.url}/api${API}/record/export`, {
      method: 'POST',
      headers: { token: admin, 'content-type': 'application/json' },
      body: JSON.stringify({ formId: form.id }),
    });
    expect(response.status).toBe(200);
    expect(fileNameFromContentDisposition(response.headers.get('content-disposition'))).toMatch(/^Boiler inspection-\d{8}\.xlsx$/);
    await response.arrayBuffer();
  });

  it('refuses a name of a bad shape, naming the field, and writes nothing', async () => {
    const form = await createForm(t, admin, { name: 'Shapes' });
    const bad: unknown[] = [
      {},
      [],
      42,
      { fr: 'Forme' },
      { en: '' },
      { en: '   ' },
      { en: 'Fine', 'zh-CN': ' ' },
      { en: 'x'.repeat(81) },
      { 'zh-CN': '长'.repeat(81) },
      { en: 'Fine', ar: 7 },
    ];
    for (const name of bad) {
      const created = await call(t, 'POST', 'form/create', admin, { name });
      expect(created.status, JSON.stringify(name)).toBe(400);
      expect(created.body.message, JSON.stringify(name)).toMatch(/^name/);
      const updated = await call(t, 'POST', 'form/update', admin, { id: form.id, revision: form.revision, name });
      expect(updated.status, JSON.stringify(name)).toBe(400);
    }
    expect((await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id })).name).toBe('Shapes');
  });

  it('finds a form by its name in any language, and not by how the languages are stored', async () => {
    const form = await createForm(t, admin, { name: { en: 'Chiller log', 'zh-CN': '冷水机组日志', ar: 'سجل المبرد' } });
    const search = async (keyword: string) => (await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { keyword, pageSize: 500 })).list.map((f) => f.id);
    expect(await search('冷水机组')).toEqual([form.id]);
    expect(await search('المبرد')).toEqual([form.id]);
    expect(await search('CHILLER')).toEqual([form.id]);
    // Neither the language keys nor the JSON's quotes are part of any name.
    expect(await search('zh-CN')).toEqual([]);
    expect(await search('":"')).toEqual([]);
    // Paging counts the forms found.
    const page = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { keyword: '日志', pageSize: 1, pageNum: 1 });
    expect(page).toMatchObject({ total: 1, pageNum: 1, pageSize: 1 });
  });

  it('tells approvers and notices the form\'s name in every language, the stored English title in English', async () => {
    const finance = await inviteFinanceApprovers(t, admin);
    const formId = await publishFormWithFlow(t, admin, repairFlow({ finance: [finance.mark.user.id], cc: await userIdOf(t, admin, 'bob') }), BOILER);
    const alice = await t.signIn('alice', NORTHWIND);
    const record = await createRecord(t, alice, formId, { summary: 'Burner fault', cost: 100, priority: 'urgent', tenantPhone: '13912345678' });
    expect((await pendingTaskOn(t, admin, record.id)).formName).toEqual(BOILER);
    const notices = (await t.call<PageResult<Notification>>('POST', '/proptech_notify/notify/page', { token: admin, body: { pageSize: 50 } })).body.data.list;
    const notice = notices.find((n) => n.link === `/table/edit/${record.id}`)!;
    expect(notice.params?.form).toEqual(BOILER);
    expect(notice.title).toMatch(/^Approval needed: Boiler check /);
  });

  it('seeds the demo forms, their tasks and notices with names in three languages', async () => {
    const alice = await t.signIn('alice', NORTHWIND);
    const tasks = (await ok<{ list: { formName: unknown }[] }>(t, 'POST', 'flow/task/list', alice, { status: 'pending', pageSize: 100 })).list;
    expect(tasks.length).toBeGreaterThan(0);
    for (const task of tasks) expect(task.formName).toEqual({ en: expect.any(String), 'zh-CN': expect.any(String), ar: expect.any(String) });
    const notices = (await t.call<PageResult<Notification>>('POST', '/proptech_notify/notify/page', { token: alice, body: { notifyType: 'TASK', pageSize: 50 } })).body.data.list;
    expect(notices.find((n) => n.kind === 'approvalNeeded')?.params?.form).toMatchObject({ 'zh-CN': expect.any(String), ar: expect.any(String) });
  });
});

/**
 * Migration 025 on a database seeded before form names had languages: the demo forms' names
 * are put back to their English seed strings, one is renamed as an administrator would, and
 * the migration translates the others and leaves that one.
 */
describe.each(testDialects())('migration 025, form names in every language, on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<DB>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.db;
    await db.updateTable('form').set({ name: 'Maintenance request' }).where('seed_key', '=', 'maintenance-request').execute();
    await db.updateTable('form').set({ name: 'Lease application' }).where('seed_key', '=', 'lease-application').execute();
    await db.updateTable('form').set({ name: 'Site safety walk' }).where('seed_key', '=', 'site-safety-inspection').execute();
    await up(db as unknown as Kysely<unknown>);
  });
  afterAll(() => t.close());

  const nameOf = async (seedKey: string) => readStoredText((await db.selectFrom('form').select('name').where('seed_key', '=', seedKey).executeTakeFirstOrThrow()).name);

  it('gives demo forms still named in the seed\'s English their names in every language, in every tenant', async () => {
    expect(await nameOf('maintenance-request')).toEqual({ en: 'Maintenance request', 'zh-CN': '维修申请', ar: 'طلب صيانة' });
    expect(await nameOf('lease-application')).toEqual({ en: 'Lease application', 'zh-CN': '租赁申请', ar: 'طلب إيجار' });
  });

  it('leaves a name an administrator changed, and one already in languages, as they are', async () => {
    expect(await nameOf('site-safety-inspection')).toBe('Site safety walk');
    expect(await nameOf('rfi')).toMatchObject({ en: 'Request for information (RFI)', 'zh-CN': expect.any(String) });
  });

  it('changes nothing when run again', async () => {
    const before = await db.selectFrom('form').select(['id', 'name']).orderBy('id').execute();
    await up(db as unknown as Kysely<unknown>);
    expect(await db.selectFrom('form').select(['id', 'name']).orderBy('id').execute()).toEqual(before);
  });
});
