import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { readStoredText } from '../../../src/core/local-text.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { valueFields } from '../../../src/core/forms/form-design.ts';
import type { FlowDefinition } from '../../../src/core/flows/flow-definition.ts';
import { readJson, writeJson } from '../../../src/server/db/json-column.ts';
import { up } from '../../../src/server/db/migrations/022_seed_texts_in_languages.ts';
import type { DB } from '../../../src/server/db/schema.ts';
import { readSeedForms } from '../../../src/server/modules/form/seed.ts';
import { testDialects } from '../../helpers/databases.ts';
import { startTestApp, type TestApp } from '../../helpers/test-app.ts';

const EASTGATE = { en: 'Eastgate Mall', 'zh-CN': '东门商场', ar: 'مول البوابة الشرقية' };

/**
 * Migration 022 on a database seeded before the seed spoke three languages: the demo's texts
 * are put back to their English seed strings (as such a database holds them), one is changed
 * as an administrator would, and the migration translates the first and leaves the second.
 */
describe.each(testDialects())('migration 022, seed texts in every language, on %s', (dialect) => {
  let t: TestApp;
  let db: Kysely<DB>;
  const seed = readSeedForms().find((form) => form.key === 'fire-safety-inspection')!.file;
  let formId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    db = t.app.services.db;
    const form = await db.selectFrom('form').select(['id']).where('seed_key', '=', 'fire-safety-inspection').executeTakeFirstOrThrow();
    formId = form.id;
    // As an older database has it: the seed's English design and flow, a role and a menu title in English…
    const design: FormDesign = structuredClone(seed.design);
    // …and a choice an administrator renamed since.
    const building = valueFields(design).find((field) => field.key === 'building')!;
    building.options = building.options!.map((option) => (option.value === 'tower' ? { ...option, label: 'Tower One' } : option));
    const flow = readJson<FlowDefinition>((await db.selectFrom('form').select('flow').where('id', '=', formId).executeTakeFirstOrThrow()).flow);
    flow.nodes[0]!.name = 'Building manager review';
    await db.updateTable('form').set({ design: writeJson(design), flow: writeJson(flow) }).where('id', '=', formId).execute();
    await db.updateTable('form_version').set({ design: writeJson(design) }).where('form_id', '=', formId).execute();
    await db.updateTable('role').set({ name: 'Workspace member' }).where('code', '=', 'member').execute();
    await db.updateTable('resource').set({ title: 'Home' }).where('seed_key', '=', 'home').execute();
    await db.updateTable('plate').set({ name: 'Fire safety inspections' }).where('seed_key', '=', 'fire-safety').execute();
    await up(db as unknown as Kysely<unknown>);
  });
  afterAll(() => t?.close());

  const storedDesign = async (table: 'form' | 'form_version') =>
    readJson<FormDesign>((await db.selectFrom(table).select('design').where(table === 'form' ? 'id' : 'form_id', '=', formId).executeTakeFirstOrThrow()).design);

  it('gives the demo form\'s labels and choices every language, in the form and its versions', async () => {
    for (const table of ['form', 'form_version'] as const) {
      const building = valueFields(await storedDesign(table)).find((field) => field.key === 'building')!;
      expect(building.label).toMatchObject({ en: 'Building', 'zh-CN': expect.any(String), ar: expect.any(String) });
      expect(building.options!.find((option) => option.value === 'eastgate')!.label).toEqual(EASTGATE);
    }
  });

  it('leaves a text an administrator changed as it is', async () => {
    const building = valueFields(await storedDesign('form')).find((field) => field.key === 'building')!;
    expect(building.options!.find((option) => option.value === 'tower')!.label).toBe('Tower One');
  });

  it('names the demo flow\'s steps, the seed roles, menu and plates in every language', async () => {
    const flow = readJson<FlowDefinition>((await db.selectFrom('form').select('flow').where('id', '=', formId).executeTakeFirstOrThrow()).flow);
    expect(flow.nodes[0]!.name).toEqual({ en: 'Building manager review', 'zh-CN': '楼宇经理审核', ar: 'مراجعة مدير المبنى' });
    const member = await db.selectFrom('role').select('name').where('code', '=', 'member').executeTakeFirstOrThrow();
    expect(readStoredText(member.name)).toMatchObject({ en: 'Workspace member', 'zh-CN': expect.any(String) });
    const home = await db.selectFrom('resource').select('title').where('seed_key', '=', 'home').executeTakeFirstOrThrow();
    expect(readStoredText(home.title)).toMatchObject({ en: 'Home', 'zh-CN': '首页' });
    const plate = await db.selectFrom('plate').select(['name', 'config']).where('seed_key', '=', 'fire-safety').executeTakeFirstOrThrow();
    expect(readStoredText(plate.name)).toMatchObject({ en: 'Fire safety inspections', 'zh-CN': expect.any(String), ar: expect.any(String) });
  });

  it('changes nothing when run again', async () => {
    const before = await storedDesign('form');
    await up(db as unknown as Kysely<unknown>);
    expect(await storedDesign('form')).toEqual(before);
  });
});
