import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FollowTemplateDetail, FollowTemplateVersion } from '../../../src/core/contracts/follow-settings.ts';
import { FOLLOW_PATHS } from '../../../src/core/contracts/follows.ts';
import { FORM_PATHS, type FormListItem, type FormOption } from '../../../src/core/contracts/form.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import { writeJson } from '../../../src/server/db/json-column.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { followRows } from './follow-rows.ts';
import { settingsClient } from './settings-client.ts';

const TOWER = 'NW-TOWER';
const design: FormDesign = { version: 1, items: [{ key: 'workers', type: 'number', label: 'Workers on site' }] };

describe.each(testDialects())('data-template forms on %s', (dialect) => {
  let t: TestApp;
  let api: ReturnType<typeof settingsClient>;
  let rows: ReturnType<typeof followRows>;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect);
    api = settingsClient(t);
    rows = followRows(t, () => admin);
    admin = await t.signIn('admin', NORTHWIND);
  });
  afterAll(() => t.close());

  /** A type with a published data template; its form's id. */
  const templated = async (name: string) => {
    const typeId = await rows.type(TOWER, name);
    const saved = await api.ok<FollowTemplateDetail>('POST', 'template/save', admin, { typeId, design, bindings: {} });
    await api.ok<FollowTemplateVersion>('POST', 'template/publish', admin, { typeId });
    return { typeId, formId: saved.formId };
  };
  const formIds = async () => {
    const listed = await t.call<PageResult<FormListItem>>('GET', FORM_PATHS.list, { token: admin, query: { pageNum: 1, pageSize: 500 } });
    expect(listed.status, listed.body?.message).toBe(200);
    return listed.body.data.list.map((f) => f.id);
  };
  const optionIds = async () => (await t.call<FormOption[]>('GET', FORM_PATHS.options, { token: admin })).body.data.map((f) => f.id);
  const deleteType = (id: number) => t.call('POST', FOLLOW_PATHS.typeDelete, { token: admin, body: { id } });
  const formRow = (id: number) => t.app.services.db.selectFrom('form').select(['id', 'status']).where('id', '=', id).executeTakeFirst();
  const versionCount = async (id: number) =>
    Number((await t.app.services.db.selectFrom('form_version').select((eb) => eb.fn.countAll<number | string>().as('n')).where('form_id', '=', id).executeTakeFirstOrThrow()).n);

  it('leaves template forms out of the form designers’ list and the form pickers; the data template screen still opens them', async () => {
    const { typeId, formId } = await templated('Hot works permit');
    const listed = await formIds();
    expect(listed.length).toBeGreaterThan(0);
    expect(listed).not.toContain(formId);
    expect(await optionIds()).not.toContain(formId);
    // Searched by name too.
    const searched = await t.call<PageResult<FormListItem>>('GET', FORM_PATHS.list, { token: admin, query: { pageNum: 1, pageSize: 50, keyword: 'Hot works' } });
    expect(searched.body.data.list.map((f) => f.id)).not.toContain(formId);
    // The data template page and the designer it opens read it by id.
    expect((await api.ok<FollowTemplateDetail>('GET', 'template/get', admin, { typeId })).formId).toBe(formId);
    expect((await t.call('GET', FORM_PATHS.detail, { token: admin, query: { id: formId } })).status).toBe(200);
  });

  it('deletes a type’s template form with the type', async () => {
    const { typeId, formId } = await templated('Crane lift');
    expect(await versionCount(formId)).toBe(1);
    const deleted = await deleteType(typeId);
    expect(deleted.status, deleted.body?.message).toBe(200);
    expect(await formRow(formId)).toBeUndefined();
    expect(await versionCount(formId)).toBe(0);
    expect((await t.call('GET', FORM_PATHS.detail, { token: admin, query: { id: formId } })).status).toBe(404);
  });

  it('retires the template form instead while follow-ups keep a version of it, and they keep it', async () => {
    const { typeId, formId } = await templated('Confined space entry');
    const other = await rows.type(TOWER, 'Permit review');
    const made = await rows.followUp(TOWER, typeId, { templateValues: { workers: 3 } });
    expect(made.template).toMatchObject({ formId, version: 1 });
    // Follow-ups of the type keep it from being deleted, form and all.
    expect((await deleteType(typeId)).status).toBe(409);
    expect(await formRow(formId)).toMatchObject({ id: formId });
    // Moved to another type, the follow-up takes that type's template; one that still holds a
    // version of this form (written before the move, as older data can) keeps the form alive.
    const moved = await t.call('POST', FOLLOW_PATHS.update, { token: admin, body: { id: made.id, revision: made.revision, typeId: other } });
    expect(moved.status, moved.body?.message).toBe(200);
    await t.app.services.db
      .updateTable('follow_up')
      .set({ template_form_id: formId, template_version: 1, template_values: writeJson({ workers: 3 }) })
      .where('id', '=', made.id)
      .execute();
    expect((await deleteType(typeId)).status).toBe(200);
    expect(await formRow(formId)).toMatchObject({ status: 'disabled' });
    expect(await versionCount(formId)).toBe(1);
    expect((await rows.get(made.id)).template).toMatchObject({ formId, version: 1, values: { workers: 3 } });
    expect(await formIds()).not.toContain(formId);
    expect(await optionIds()).not.toContain(formId);
  });
});
