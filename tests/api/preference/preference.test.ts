import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreferenceConfig } from '../../../src/core/entities.ts';
import { textIn, type LocalText } from '../../../src/core/local-text.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('user preferences on %s', (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [alice, bob] = await Promise.all([t.signIn('alice', NORTHWIND), t.signIn('bob', NORTHWIND)]);
  });
  afterAll(() => t.close());

  const save = (token: string, body: unknown) =>
    t.call<PreferenceConfig>('POST', '/proptech_allplan/preference/config/createOrUpdate', { token, body });
  const list = (token: string, query: Record<string, string> = {}) =>
    t.call<PreferenceConfig[]>('GET', '/proptech_allplan/preference/config/list', { token, query });

  it('creates, then updates the same (configType, bizId), and lists it', async () => {
    const created = await save(alice, { configType: 'formListColumns', bizId: 'F-1', configValue: { columns: ['title', 'status'] } });
    expect(created.body.data).toMatchObject({ configType: 'formListColumns', bizId: 'F-1', configValue: { columns: ['title', 'status'] } });
    const updated = await save(alice, { configType: 'formListColumns', bizId: 'F-1', configValue: { columns: ['status'], widths: { status: 120 } } });
    expect(updated.body.data.id).toBe(created.body.data.id);
    await save(alice, { configType: 'formSearch', bizId: 'F-1', configValue: ['status'] });
    await save(alice, { configType: 'theme', configValue: 'dark' });
    const all = await list(alice);
    expect(all.body.data.map((p) => `${p.configType}/${p.bizId}`)).toEqual(['formListColumns/F-1', 'formSearch/F-1', 'theme/']);
    expect((await list(alice, { configType: 'formListColumns' })).body.data[0]!.configValue).toEqual({
      columns: ['status'],
      widths: { status: 120 },
    });
  });

  it('keeps each user\'s settings to themselves, also across tenants', async () => {
    expect((await list(bob)).body.data).toEqual([]);
    const aliceInNorthwind = (await list(alice)).body.data.length;
    const harborAdmin = await t.signIn('harbor', HARBOR);
    await save(harborAdmin, { configType: 'theme', configValue: 'light' });
    expect((await list(alice)).body.data.length).toBe(aliceInNorthwind);
  });

  it('formDefaultSetting/reset removes every setting the user keeps for a form', async () => {
    await save(bob, { configType: 'formListColumns', bizId: 'F-1', configValue: [] });
    const reset = await t.call<{ removed: number }>('GET', '/proptech_allplan/preference/config/formDefaultSetting/reset', {
      token: alice,
      query: { formId: 'F-1' },
    });
    expect(reset.body.data.removed).toBe(2);
    expect((await list(alice)).body.data.map((p) => p.configType)).toEqual(['theme']);
    expect((await list(bob)).body.data).toHaveLength(1);
  });

  it('formDefaultSetting/reset also forgets the saved search of the form’s record list, only the caller’s', async () => {
    const forms = (await t.call<{ id: number; name: LocalText }[]>('GET', '/proptech_allplan/form/options', { token: alice })).body.data;
    const formId = forms.find((form) => textIn(form.name, 'en') === 'Maintenance request')!.id;
    const config = { shownFilters: ['status'], filters: [], sort: [], keyword: 'leak', pageSize: 50 };
    const searchOf = async (token: string) =>
      (await t.call<{ config: unknown }>('GET', '/proptech_allplan/dataBoard/formList/config/list', { token, query: { formId } })).body.data.config;
    const admin = await t.signIn('admin', NORTHWIND);
    for (const token of [alice, admin]) {
      expect((await t.call('POST', '/proptech_allplan/dataBoard/formList/updateSearchConfig', { token, body: { formId, config } })).status).toBe(200);
    }
    await save(alice, { configType: 'formListColumns', bizId: String(formId), configValue: [] });
    const reset = await t.call<{ removed: number }>('GET', '/proptech_allplan/preference/config/formDefaultSetting/reset', { token: alice, query: { formId: String(formId) } });
    expect(reset.body.data.removed).toBe(2);
    expect(await searchOf(alice)).toBeNull();
    expect(await searchOf(admin)).toEqual(config);
  });

  it('refuses bad input naming the field, and writes nothing', async () => {
    const before = (await list(alice)).body.data;
    const cases: [unknown, RegExp][] = [
      [{ configValue: 1 }, /^configType: is required/],
      [{ configType: 'a b', configValue: 1 }, /^configType/],
      [{ configType: 'x'.repeat(65), configValue: 1 }, /^configType/],
      [{ configType: 'ok', bizId: 5, configValue: 1 }, /^bizId/],
      [{ configType: 'ok' }, /^configValue: is required/],
      [{ configType: "x'; DROP TABLE preference_config; --", configValue: 1 }, /^configType/],
    ];
    for (const [body, message] of cases) {
      const result = await save(alice, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    expect((await list(alice)).body.data).toEqual(before);
  });
});
