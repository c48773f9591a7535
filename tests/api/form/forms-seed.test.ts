import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail, FormListItem } from '../../../src/core/contracts/form.ts';
import { valueFields } from '../../../src/core/forms/form-design.ts';
import { textIn } from '../../../src/core/local-text.ts';
import type { RecordPage } from '../../../src/core/contracts/record.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import { prepareRecord } from '../../../src/core/forms/record-validation.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { readJson } from '../../../src/server/db/json-column.ts';
import { readSeedForms } from '../../../src/server/modules/form/seed.ts';
import { API, ok } from '../../helpers/authorization.ts';
import { createTestDatabase, testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const seeds = readSeedForms();

describe('demo form files', () => {
  it('give each tenant at least three forms with records', () => {
    for (const tenant of ['northwind', 'harbor']) {
      const forms = seeds.filter((s) => s.file.tenant === tenant);
      expect(forms.length).toBeGreaterThanOrEqual(3);
      for (const form of forms) expect(form.file.demo.records).toBeGreaterThanOrEqual(200);
    }
  });
});

describe.each(testDialects())('demo forms on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
  });
  afterAll(() => t.close());

  it('are published with their records, numbered without gaps over the past year', async () => {
    const forms = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { pageSize: 50 });
    const names = forms.list.map((f) => textIn(f.name, 'en')).sort();
    expect(names).toEqual(['Fire-safety inspection', 'Lease application', 'Maintenance request']);
    for (const form of forms.list) {
      expect(form).toMatchObject({ status: 'published', currentVersion: 1 });
      const seed = seeds.find((s) => s.file.name === textIn(form.name, 'en'))!;
      const page = await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: form.id, pageSize: 500, sort: [{ field: 'createTime', order: 'asc' }] });
      expect(page.total).toBe(seed.file.demo.records);
      const times = page.list.map((r) => Date.parse(r.createTime));
      expect(Math.min(...times)).toBeGreaterThanOrEqual(t.clock.now() - 366 * 86_400_000);
      expect(Math.max(...times)).toBeLessThan(t.clock.now());
      expect(new Set(page.list.map((r) => r.number)).size).toBe(page.list.length);
      // With a flow, records of the last two weeks are in approval and older ones settled; without one, merely saved.
      const settled = page.list.filter((r) => t.clock.now() - Date.parse(r.createTime) >= 14 * 86_400_000).map((r) => r.status);
      const recent = page.list.filter((r) => t.clock.now() - Date.parse(r.createTime) < 14 * 86_400_000).map((r) => r.status);
      if (seed.file.flow) {
        expect(new Set(settled)).toEqual(new Set(['approved', 'rejected', 'withdrawn']));
        expect(new Set(recent)).toEqual(new Set(['running']));
      } else {
        expect(new Set([...settled, ...recent])).toEqual(new Set(['none']));
      }
    }
  });

  it('hold records that pass their own version', async () => {
    const db = t.app.services.db;
    const versions = await db.selectFrom('form_version').selectAll().execute();
    for (const version of versions) {
      const model = { formId: version.form_id, version: 1, design: readJson(version.design), schema: readJson(version.schema), settings: readJson(version.settings) } as never;
      const records = await db.selectFrom('form_record').select(['data', 'create_time']).where('form_id', '=', version.form_id).limit(100).execute();
      for (const record of records) {
        const prepared = prepareRecord(model, readJson(record.data), { now: new Date(record.create_time), mode: 'update' });
        expect(prepared.errors).toEqual([]);
      }
    }
  });

  it('label their choices in English, Chinese and Arabic', async () => {
    const forms = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { pageSize: 50 });
    const inspection = forms.list.find((form) => textIn(form.name, 'en') === 'Fire-safety inspection')!;
    const detail = await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: inspection.id });
    const building = valueFields(detail.design).find((field) => field.key === 'building')!;
    expect(building.options?.find((option) => option.value === 'eastgate')?.label).toEqual({ en: 'Eastgate Mall', 'zh-CN': '东门商场', ar: 'مول البوابة الشرقية' });
    // Every choice of every demo form reads in the three languages.
    for (const form of forms.list) {
      const { design } = await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id });
      for (const field of valueFields(design)) {
        for (const option of [...(field.options ?? []), ...(field.fields ?? []).flatMap((column) => column.options ?? [])]) {
          expect(option.label, `${textIn(form.name, 'en')}: ${field.key}.${option.value}`).toEqual({ en: expect.any(String), 'zh-CN': expect.any(String), ar: expect.any(String) });
        }
      }
    }
  });

  it('are named in English, Chinese and Arabic', async () => {
    const forms = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin, undefined, { pageSize: 50 });
    for (const form of forms.list) expect(form.name, textIn(form.name, 'en')).toEqual({ en: expect.any(String), 'zh-CN': expect.any(String), ar: expect.any(String) });
    expect(forms.list.find((form) => textIn(form.name, 'en') === 'Maintenance request')?.name).toEqual({ en: 'Maintenance request', 'zh-CN': '维修申请', ar: 'طلب صيانة' });
  });

  it('belong to their own tenant', async () => {
    const harbor = await t.signIn('harbor', HARBOR);
    const forms = await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', harbor);
    expect(forms.list.map((f) => textIn(f.name, 'en')).sort()).toEqual(['Material requisition', 'Request for information (RFI)', 'Site safety inspection']);
    const northwindForm = (await ok<PageResult<FormListItem>>(t, 'GET', 'form/list', admin)).list[0]!;
    const foreign = await t.call('GET', `${API}/form/detail`, { token: harbor, query: { id: northwindForm.id } });
    expect(foreign.status).toBe(404);
  });
});

describe.each(testDialects())('seeding forms again on %s', (dialect) => {
  it('changes nothing on a later start', async () => {
    const database = await createTestDatabase(dialect);
    const config = { ...loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent' }), webDir: '/none' };
    const count = async (app: Awaited<ReturnType<typeof buildApp>>) => ({
      forms: Number((await app.services.db.selectFrom('form').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
      records: Number((await app.services.db.selectFrom('form_record').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n),
    });
    try {
      const first = await buildApp({ config });
      const before = await count(first);
      await first.close();
      expect(before.forms).toBe(seeds.length);
      const second = await buildApp({ config });
      expect(await count(second)).toEqual(before);
      await second.close();
    } finally {
      await database.drop();
    }
  });
});
