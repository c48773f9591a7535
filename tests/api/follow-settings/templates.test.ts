import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceOption, FollowTemplate, FollowTemplateDetail, FollowTemplateVersion, OptionUsage } from '../../../src/core/contracts/follow-settings.ts';
import type { FieldDesign, FormDesign } from '../../../src/core/forms/form-design.ts';
import { testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { followRows } from './follow-rows.ts';
import { ownWorkspace } from './own-workspace.ts';
import { settingsClient } from './settings-client.ts';

// The demo's workspaces come with their lists: the template's choices here are the test's own trades.
const TOWER = 'NW-TEMPLATES';

/** A safety observation's extra fields: a trade (from the list), a sub-table of checks, a formula and a condition. */
const design = (extra: FieldDesign[] = []): FormDesign => ({
  version: 1,
  items: [
    { key: 'trade', type: 'select', label: 'Trade', options: [{ value: 'placeholder', label: 'Filled from the list' }] },
    { key: 'crafts', type: 'multiselect', label: 'Other trades', options: [{ value: 'placeholder', label: 'Filled from the list' }] },
    { key: 'workers', type: 'number', label: 'Workers on site' },
    { key: 'perWorker', type: 'computed', label: 'Hours per worker', formula: 'ROUND(8 / workers, 1)', resultType: 'number' },
    { key: 'stopped', type: 'switch', label: 'Work stopped' },
    { key: 'reason', type: 'text', label: 'Why', requiredIf: { all: [{ field: 'stopped', op: 'eq', value: true }] } },
    { key: 'checks', type: 'subtable', label: 'Checks', fields: [{ key: 'item', type: 'text', label: 'Item', required: true }, { key: 'passed', type: 'switch', label: 'Passed' }] },
    ...extra,
  ],
});

describe.each(testDialects())('data templates on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof settingsClient>;
  let rows: ReturnType<typeof followRows>;
  let admin: string;
  let bob: string;
  let harbor: string;
  let typeId: number;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = settingsClient(t);
    rows = followRows(t, () => admin);
    await ownWorkspace(t, TOWER, ['admin', 'bob']);
    [admin, bob, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('bob', NORTHWIND), t.signIn('harbor', HARBOR)]);
    typeId = await rows.type(TOWER, 'Safety observation');
    for (const [code, label] of [['ELEC', 'Electrical'], ['MECH', 'Mechanical'], ['SCAF', 'Scaffolding']]) {
      await api.ok('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'trade', code, label });
    }
  });
  afterAll(() => t.close());

  const trades = () => api.ok<DataSourceOption[]>('GET', 'option/list', admin, { workspaceCode: TOWER, source: 'trade', retired: true });
  const choices = (version: FollowTemplateVersion, key: string) =>
    (version.design.items.find((f) => f.key === key) as FieldDesign).options!.map((o) => o.value);

  it('a type starts without a template; the first save makes its form and names it on the type', async () => {
    const empty = await api.ok<FollowTemplateDetail>('GET', 'template/get', admin, { typeId });
    expect(empty).toMatchObject({ formId: 0, currentVersion: null, versions: [] });
    const saved = await api.ok<FollowTemplateDetail>('POST', 'template/save', admin, { typeId, design: design(), bindings: { trade: 'trade', crafts: 'trade' } });
    expect(saved).toMatchObject({ typeId, workspaceCode: TOWER, currentVersion: null, bindings: { trade: 'trade', crafts: 'trade' } });
    expect(saved.formId).toBeGreaterThan(0);
    const type = await t.app.services.db.selectFrom('follow_type').select('template_form_id').where('id', '=', typeId).executeTakeFirstOrThrow();
    expect(type.template_form_id).toBe(saved.formId);
    // Bindings name choice fields of the design and lists of the workspace.
    const notChoice = await api.call('POST', 'template/save', admin, { typeId, revision: saved.revision, design: design(), bindings: { workers: 'trade' } });
    expect(notChoice.status).toBe(400);
    expect(notChoice.body.message).toMatch(/workers is not a choice field/);
    const unknown = await api.call('POST', 'template/save', admin, { typeId, revision: saved.revision, design: design(), bindings: { trade: 'weather' } });
    expect(unknown.status).toBe(400);
    // A design the form rules refuse is refused here too.
    const broken = await api.call('POST', 'template/save', admin, { typeId, revision: saved.revision, design: { version: 1, items: [{ key: 'x', type: 'computed', label: 'X', formula: 'nope(' }] } });
    expect(broken.status).toBe(400);
    // A stale revision answers 409.
    await api.ok('POST', 'template/save', admin, { typeId, revision: saved.revision, design: design(), bindings: { trade: 'trade', crafts: 'trade' } });
    expect((await api.call('POST', 'template/save', admin, { typeId, revision: saved.revision, design: design() })).status).toBe(409);
  });

  it('publishing fills bound fields with the list offered now and keeps the form off the ordinary form screens', async () => {
    const published = await api.ok<FollowTemplateVersion>('POST', 'template/publish', admin, { typeId });
    expect(published.version).toBe(1);
    expect(choices(published, 'trade')).toEqual(['ELEC', 'MECH', 'SCAF']);
    expect(choices(published, 'crafts')).toEqual(['ELEC', 'MECH', 'SCAF']);
    // Sub-table, formula and condition come through the form compiler.
    expect(published.schema).toMatchObject({ properties: { checks: { type: 'array' } } });
    const forms = await t.call<{ id: number }[]>('GET', '/proptech_allplan/form/options', { token: admin });
    expect(forms.body.data.some((f) => f.id === published.formId)).toBe(false);
    const [template] = await api.ok<FollowTemplate[]>('GET', 'template/list', admin, { workspaceCode: TOWER });
    expect(template).toMatchObject({ typeId, currentVersion: 1, unpublishedChanges: false, optionsBehind: false });
  });

  it('an option held by a follow-up or its template values cannot be deleted, only retired; republishing leaves it out', async () => {
    const template = await api.ok<FollowTemplateDetail>('GET', 'template/get', admin, { typeId });
    const byCode = new Map((await trades()).map((o) => [o.code, o]));
    const made = await rows.followUp(TOWER, typeId, { trade: 'ELEC', templateValues: { trade: 'MECH', crafts: ['SCAF', 'ELEC'], workers: 4, checks: [{ item: 'Guardrail', passed: false }] } });
    // The follow-up module checked the values by version 1 (the formula computed) and keeps that version.
    expect(made.template).toMatchObject({ formId: template.formId, version: 1, values: { trade: 'MECH', crafts: ['SCAF', 'ELEC'], perWorker: 2 } });
    // A code the template does not offer is refused by the same rules.
    const wrong = await t.call('POST', '/proptech_allplan/follow/create', { token: admin, body: { workspaceCode: TOWER, typeId, title: 'Wrong trade', templateValues: { trade: 'PLUMB' } } });
    expect(wrong.status).toBe(400);

    const usage = (code: string) => api.ok<OptionUsage>('GET', 'option/usage', admin, { workspaceCode: TOWER, source: 'trade', id: byCode.get(code)!.id });
    expect(await usage('ELEC')).toMatchObject({ followUps: 1, templateValues: 1, inUse: true });
    expect(await usage('MECH')).toMatchObject({ followUps: 0, templateValues: 1, inUse: true });
    expect(await usage('SCAF')).toMatchObject({ followUps: 0, templateValues: 1, inUse: true, templates: [{ typeId, formId: template.formId, fieldKey: 'trade' }, { typeId, formId: template.formId, fieldKey: 'crafts' }] });

    for (const code of ['ELEC', 'MECH', 'SCAF']) {
      const refused = await api.call('POST', 'option/delete', admin, { workspaceCode: TOWER, source: 'trade', ids: [byCode.get(code)!.id] });
      expect(refused.status, code).toBe(409);
      expect(refused.body.message).toMatch(/in use; retire it instead/);
    }
    // Its code is fixed while in use; its label is not.
    const mech = byCode.get('MECH')!;
    expect((await api.call('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'trade', id: mech.id, revision: mech.revision, code: 'MEP', label: 'Mechanical' })).status).toBe(409);
    await api.ok('POST', 'option/save', admin, { workspaceCode: TOWER, source: 'trade', id: mech.id, revision: mech.revision, code: 'MECH', label: 'Mechanical services' });
    // A list with an option in use is not deleted either.
    await api.ok('POST', 'option/retire', admin, { workspaceCode: TOWER, source: 'trade', ids: [byCode.get('SCAF')!.id], retired: true });

    const [behind] = await api.ok<FollowTemplate[]>('GET', 'template/list', admin, { workspaceCode: TOWER });
    expect(behind!.optionsBehind).toBe(true);
    const second = await api.ok<FollowTemplateVersion>('POST', 'template/publish', admin, { typeId });
    expect(second.version).toBe(2);
    expect(choices(second, 'trade')).toEqual(['ELEC', 'MECH']);
    // The follow-up made with version 1 still reads it, retired option and all.
    const first = await api.ok<FollowTemplateVersion>('GET', 'template/version', bob, { typeId, version: 1 });
    expect(choices(first, 'trade')).toEqual(['ELEC', 'MECH', 'SCAF']);
    expect((await trades()).find((o) => o.code === 'SCAF')).toMatchObject({ retired: true, label: 'Scaffolding' });
  });

  it('changing a template publishes a new version; follow-ups keep the version they were made with', async () => {
    const before = await api.ok<FollowTemplateDetail>('GET', 'template/get', admin, { typeId });
    const kept = await rows.followUp(TOWER, typeId, { templateValues: { workers: 4, stopped: true, reason: 'Wind' } });
    expect(kept.template?.version).toBe(2);
    // The condition holds: stopped work needs a reason.
    const noReason = await t.call('POST', '/proptech_allplan/follow/create', { token: admin, body: { workspaceCode: TOWER, typeId, title: 'Stopped', templateValues: { stopped: true } } });
    expect(noReason.status).toBe(400);
    await api.ok('POST', 'template/save', admin, {
      typeId,
      revision: before.revision,
      design: design([{ key: 'weather', type: 'text', label: 'Weather' }]),
      bindings: before.bindings,
    });
    const changed = await api.ok<FollowTemplateDetail>('GET', 'template/get', admin, { typeId });
    expect(changed.unpublishedChanges).toBe(true);
    const third = await api.ok<FollowTemplateVersion>('POST', 'template/publish', admin, { typeId });
    expect(third.version).toBe(3);
    expect(third.design.items.map((f) => f.key)).toContain('weather');
    expect((await rows.get(kept.id)).template).toMatchObject({ version: 2, values: { workers: 4, stopped: true, reason: 'Wind' } });
    // A follow-up made now takes version 3.
    expect((await rows.followUp(TOWER, typeId, { templateValues: { weather: 'Windy' } })).template?.version).toBe(3);
    const second = await api.ok<FollowTemplateVersion>('GET', 'template/version', admin, { typeId, version: 2 });
    expect(second.design.items.map((f) => f.key)).not.toContain('weather');
    expect((await api.ok<FollowTemplateDetail>('GET', 'template/get', admin, { typeId })).versions.map((v) => v.version)).toEqual([3, 2, 1]);
  });

  it('members read templates; follow:settings changes them; another tenant finds no type', async () => {
    expect((await api.call('GET', 'template/get', bob, { typeId })).status).toBe(200);
    expect((await api.call('GET', 'template/list', bob, { workspaceCode: TOWER })).status).toBe(200);
    const current = await api.ok<FollowTemplateDetail>('GET', 'template/get', admin, { typeId });
    expect((await api.call('POST', 'template/save', bob, { typeId, revision: current.revision, design: design() })).status).toBe(403);
    expect((await api.call('POST', 'template/publish', bob, { typeId })).status).toBe(403);
    expect((await api.call('GET', 'template/get', harbor, { typeId })).status).toBe(404);
    expect((await api.call('GET', 'template/version', harbor, { typeId, version: 1 })).status).toBe(404);
    expect((await api.call('POST', 'template/publish', harbor, { typeId })).status).toBe(404);
  });
});
