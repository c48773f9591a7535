import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldError, FormDesign } from '../../../src/core/forms/form-design.ts';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { FormRecord, RecordDetail, RecordOption, RecordPage, SearchConfigEntry } from '../../../src/core/contracts/record.ts';
import type { StagingDetail, StagingItem } from '../../../src/core/contracts/staging.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import { inviteAndSignIn, ok, roleByCode, userIdOf, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { EVERY_TYPE_DESIGN, GOOD_RECORD, SIMPLE_DESIGN, call, createRecord, grantPoints, publishedForm } from '../../helpers/forms.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

describe.each(testDialects())('records on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let harbor: string;
  let aliceId: number;
  let form: FormDetail;
  let good: Record<string, unknown>;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('harbor', HARBOR)]);
    aliceId = await userIdOf(t, admin, 'alice');
    form = await publishedForm(t, admin, 'Every type', EVERY_TYPE_DESIGN, { numbering: { rule: 'QC-{YYYYMMDD}-{####}' }, titleField: 'subject', indexedFields: ['kind'] });
    good = { ...GOOD_RECORD, owner: aliceId, watchers: [aliceId] };
  });
  afterAll(() => t.close());

  const count = async (formId: number) =>
    Number((await t.app.services.db.selectFrom('form_record').select((eb) => eb.fn.countAll<number>().as('n')).where('form_id', '=', formId).executeTakeFirstOrThrow()).n);

  it('creates a record: recomputed, titled, numbered, with the version it was made with', async () => {
    const record = await createRecord(t, admin, form.id, { ...good, total: 999999, items: [{ name: 'Washer', n: 2, cost: 1.5, amount: 5 }] }, { workspaceCode: 'NW-HQ' });
    expect(record).toMatchObject({
      formId: form.id,
      version: 1,
      number: 'QC-20261122-0001',
      title: 'Leaking pipe',
      status: 'none',
      workspaceCode: 'NW-HQ',
      createdByName: 'Ada Admin',
      revision: 1,
    });
    // Computed fields are the server's: the client's 5 and 999999 are replaced.
    expect(record.data).toMatchObject({ items: [{ name: 'Washer', n: 2, cost: 1.5, amount: 3 }], total: 3, price: 308941.85 });
    const detail = await ok<RecordDetail>(t, 'GET', 'record/detail', admin, undefined, { id: record.id });
    expect(detail.record.id).toBe(record.id);
    expect(detail.version.version).toBe(1);
    expect(detail.version.schema).toMatchObject({ type: 'object' });
    expect(detail.form).toMatchObject({ id: form.id, name: 'Every type', currentVersion: 1 });
  });

  it('refuses each invalid value with 400 naming the field, and writes nothing', async () => {
    const bad: [Record<string, unknown>, string][] = [
      [{ subject: undefined }, 'subject'],
      [{ subject: 42 }, 'subject'],
      [{ subject: 'x'.repeat(21) }, 'subject'],
      [{ qty: 'five' }, 'qty'],
      [{ qty: 1.5 }, 'qty'],
      [{ qty: 101 }, 'qty'],
      [{ price: 1.234 }, 'price'],
      [{ price: -1 }, 'price'],
      [{ rate: 150 }, 'rate'],
      [{ day: '2026-13-01' }, 'day'],
      [{ day: '22/11/2026' }, 'day'],
      [{ at: '2026-11-22 10:00' }, 'at'],
      [{ kind: 'z' }, 'kind'],
      [{ tags: ['purple'] }, 'tags'],
      [{ tags: 'red' }, 'tags'],
      [{ size: 'huge' }, 'size'],
      [{ extras: ['pool'] }, 'extras'],
      [{ urgent: 'yes' }, 'urgent'],
      [{ urgent: true }, 'reason'],
      [{ place: { province: '44' } }, 'place'],
      [{ place: 'Shenzhen' }, 'place'],
      [{ phone: '12345' }, 'phone'],
      [{ email: 'a@b' }, 'email'],
      [{ idNo: '110105194912310021' }, 'idNo'],
      [{ landline: '75512345678' }, 'landline'],
      [{ zip: '51800' }, 'zip'],
      [{ files: [{ fileId: 'f1', name: 'virus.exe', size: 10, type: 'application/octet-stream' }] }, 'files'],
      [{ photos: [{ fileId: 'f2', name: 'plan.pdf', size: 10, type: 'application/pdf' }] }, 'photos'],
      [{ owner: 'alice' }, 'owner'],
      [{ watchers: aliceId }, 'watchers'],
      [{ team: -1 }, 'team'],
      [{ items: [{ n: 2 }] }, 'items[0]'],
      [{ items: [{ name: 'x', bogus: 1 }] }, 'items[0]'],
      [{ items: [{ name: 'x', n: 0 }] }, 'items[0].n'],
      [{ ghost: 1 }, 'ghost'],
    ];
    const before = await count(form.id);
    for (const [patch, field] of bad) {
      const data = { ...good, ...patch };
      for (const [key, value] of Object.entries(patch)) if (value === undefined) delete data[key];
      const result = await call<{ errors: FieldError[] }>(t, 'POST', 'record/create', admin, { formId: form.id, data });
      expect(result.status, JSON.stringify(patch)).toBe(400);
      expect(result.body.message, JSON.stringify(patch)).toContain(field);
      expect(result.body.data.errors.map((e) => e.field).join(' '), JSON.stringify(patch)).toContain(field);
    }
    // Several bad fields at once: every one is named.
    const many = await call<{ errors: FieldError[] }>(t, 'POST', 'record/create', admin, { formId: form.id, data: { ...good, phone: '1', zip: '2', kind: 'q' } });
    expect(many.body.data.errors.map((e) => e.field).sort()).toEqual(['kind', 'phone', 'zip']);
    expect(many.body.message).toMatch(/Mobile \(phone\).*; .*\(zip\)|\(zip\).*; .*Mobile \(phone\)/);
    expect(await count(form.id)).toBe(before);
    expect((await call(t, 'POST', 'record/create', admin, { formId: form.id, data: [] })).status).toBe(400);
    expect((await call(t, 'POST', 'record/create', admin, { formId: form.id })).body.message).toMatch(/^data: is required/);
  });

  it('drops the values of hidden fields', async () => {
    const record = await createRecord(t, admin, form.id, { ...good, urgent: false, reason: 'left over' });
    expect(record.data).not.toHaveProperty('reason');
    const shown = await createRecord(t, admin, form.id, { ...good, urgent: true, reason: 'Water everywhere' });
    expect(shown.data.reason).toBe('Water everywhere');
  });

  it('hands out unique, gapless numbers to 50 creates at once', async () => {
    const numbered = await publishedForm(t, admin, 'Numbered', SIMPLE_DESIGN, { numbering: { rule: 'N-{YYYY}-{###}' } });
    const records = await Promise.all(Array.from({ length: 50 }, (_, i) => createRecord(t, i % 2 ? admin : alice, numbered.id, { summary: `Concurrent ${i}` })));
    const numbers = records.map((r) => r.number!).sort();
    expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `N-2026-${String(i + 1).padStart(3, '0')}`));
    // A refused create takes no number.
    expect((await call(t, 'POST', 'record/create', admin, { formId: numbered.id, data: {} })).status).toBe(400);
    expect((await createRecord(t, admin, numbered.id, { summary: 'After' })).number).toBe('N-2026-051');
    // The day part restarts nothing here; a new year does.
    t.clock.set(Date.parse('2027-01-01T00:00:00+08:00'));
    try {
      const later = await t.signIn('admin', NORTHWIND);
      expect((await createRecord(t, later, numbered.id, { summary: 'New year' })).number).toBe('N-2027-001');
    } finally {
      t.clock.set(Date.parse('2026-11-22T08:00:00.000Z'));
    }
  });

  it('updates with the revision it saw; a stale one gets 409 and changes nothing', async () => {
    const record = await createRecord(t, admin, form.id, good, { workspaceCode: 'NW-HQ' });
    const updated = await ok<FormRecord>(t, 'POST', 'record/update', admin, { id: record.id, revision: 1, data: { ...good, subject: 'Fixed pipe', qty: 4 } });
    expect(updated).toMatchObject({ revision: 2, title: 'Fixed pipe', number: record.number });
    const stale = await call(t, 'POST', 'record/update', alice, { id: record.id, revision: 1, data: { ...good, subject: 'Mine' } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/was changed by someone else.*revision 2, yours 1/);
    const bad = await call(t, 'POST', 'record/update', admin, { id: record.id, revision: 2, data: { ...good, email: 'nope' } });
    expect(bad.status).toBe(400);
    const detail = await ok<RecordDetail>(t, 'GET', 'record/detail', admin, undefined, { id: record.id });
    expect(detail.record).toMatchObject({ revision: 2, title: 'Fixed pipe' });
    expect(detail.record.data.qty).toBe(4);
    // A record in an approval flow is changed through its task.
    await t.app.services.db.updateTable('form_record').set({ status: 'running' }).where('id', '=', record.id).execute();
    expect((await call(t, 'POST', 'record/update', admin, { id: record.id, revision: 2, data: good })).status).toBe(409);
  });

  it('keeps each record on its version; an update may move it to the current one', async () => {
    const versioned = await publishedForm(t, admin, 'Versioned', {
      version: 1,
      items: [
        { key: 'summary', type: 'text', label: 'Summary', required: true },
        { key: 'room', type: 'text', label: 'Room' },
        { key: 'floor', type: 'number', label: 'Floor' },
      ],
    });
    const old = await createRecord(t, admin, versioned.id, { summary: 'Old', room: 'B12', floor: 3 });
    // Version 2: `summary` renamed, `room` removed, `priority` added and required.
    const v2: FormDesign = {
      version: 1,
      items: [
        { key: 'summary', type: 'text', label: 'Short description', required: true },
        { key: 'floor', type: 'number', label: 'Floor' },
        { key: 'priority', type: 'select', label: 'Priority', required: true, options: [{ value: 'low', label: 'Low' }, { value: 'high', label: 'High' }] },
      ],
    };
    const draft = await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: versioned.id });
    await ok(t, 'POST', 'form/update', admin, { id: versioned.id, revision: draft.revision, design: v2 });
    await ok(t, 'POST', 'form/publish', admin, { id: versioned.id });

    const detail = await ok<RecordDetail>(t, 'GET', 'record/detail', admin, undefined, { id: old.id });
    expect(detail.version.version).toBe(1);
    expect(detail.version.design.items.map((i) => i.key)).toEqual(['summary', 'room', 'floor']);
    expect(detail.record.data).toEqual({ summary: 'Old', room: 'B12', floor: 3 });
    // Edited on its own version, the removed field stays valid.
    const edited = await ok<FormRecord>(t, 'POST', 'record/update', admin, { id: old.id, revision: 1, data: { summary: 'Old, edited', room: 'B14', floor: 3 } });
    expect(edited).toMatchObject({ version: 1, data: { room: 'B14' } });
    // Moved to version 2: the new required field is needed, the removed one's value dropped.
    const missing = await call(t, 'POST', 'record/update', admin, { id: old.id, revision: 2, data: { summary: 'Old', room: 'B14', floor: 3 }, upgradeToVersion: true });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/priority/);
    const moved = await ok<FormRecord>(t, 'POST', 'record/update', admin, { id: old.id, revision: 2, data: { summary: 'Old', room: 'B14', floor: 3, priority: 'high' }, upgradeToVersion: true });
    expect(moved).toMatchObject({ version: 2, revision: 3, data: { summary: 'Old', floor: 3, priority: 'high' } });
    expect(moved.data).not.toHaveProperty('room');
    const fresh = await createRecord(t, admin, versioned.id, { summary: 'New', priority: 'low' });
    expect(fresh.version).toBe(2);
    const list = await ok<RecordPage>(t, 'POST', 'record/list', admin, { formId: versioned.id });
    expect(list.list.map((r) => [r.id, r.version])).toEqual([
      [fresh.id, 2],
      [old.id, 2],
    ]);
  });

  it('deletes records all or none', async () => {
    const a = await createRecord(t, admin, form.id, good);
    const b = await createRecord(t, admin, form.id, good);
    const harborForm = await publishedForm(t, harbor, 'Harbor only', SIMPLE_DESIGN);
    const foreign = await createRecord(t, harbor, harborForm.id, { summary: 'Theirs' });
    const refused = await call(t, 'POST', 'record/delete', admin, { ids: [a.id, foreign.id] });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe('ids[1]: Record not found');
    expect((await call(t, 'GET', 'record/detail', admin, undefined, { id: a.id })).status).toBe(200);
    expect(await ok(t, 'POST', 'record/delete', admin, { ids: [a.id, b.id] })).toEqual({ deleted: 2 });
    expect((await call(t, 'GET', 'record/detail', admin, undefined, { id: a.id })).status).toBe(404);
    expect((await call(t, 'POST', 'record/delete', admin, { ids: [] })).status).toBe(400);
  });

  it('refuses new records on a form switched off or never published', async () => {
    const off = await publishedForm(t, admin, 'Switched off', SIMPLE_DESIGN);
    await ok(t, 'POST', 'form/update', admin, { id: off.id, revision: off.revision, status: 'disabled' });
    expect((await call(t, 'POST', 'record/create', admin, { formId: off.id, data: { summary: 'x' } })).body.message).toMatch(/^formId: .*switched off/);
    const draft = await ok<FormDetail>(t, 'POST', 'form/create', admin, { name: 'Unpublished', design: SIMPLE_DESIGN });
    expect((await call(t, 'POST', 'record/create', admin, { formId: draft.id, data: { summary: 'x' } })).body.message).toMatch(/^formId: .*not published/);
  });

  it('links records of another form', async () => {
    const target = await createRecord(t, admin, form.id, { ...good, subject: 'Linked target' });
    const linking = await publishedForm(t, admin, 'Linking', {
      version: 1,
      items: [
        { key: 'summary', type: 'text', label: 'Summary', required: true },
        { key: 'source', type: 'linkedRecord', label: 'Source', linkedFormId: form.id },
      ],
    });
    const options = await ok<RecordOption[]>(t, 'GET', 'record/options', admin, undefined, { formId: form.id, keyword: 'linked target' });
    expect(options[0]).toMatchObject({ formId: form.id, recordId: target.id, title: 'Linked target' });
    const record = await createRecord(t, admin, linking.id, { summary: 'x', source: { formId: form.id, recordId: target.id, title: 'Linked target' } });
    expect(record.data.source).toEqual({ formId: form.id, recordId: target.id, title: 'Linked target' });
    const wrong = await call(t, 'POST', 'record/create', admin, { formId: linking.id, data: { summary: 'x', source: { formId: form.id + 1000, recordId: 1, title: 't' } } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/source/);
  });

  it('keeps drafts per user; a create from a draft removes it', async () => {
    const first = await ok<StagingItem>(t, 'POST', 'staging/save', alice, { formId: form.id, data: { subject: 'Half' } });
    expect(first).toMatchObject({ formId: form.id, formName: 'Every type', recordId: null, version: 1, title: 'Half' });
    // Autosave overwrites the same draft.
    const again = await ok<StagingItem>(t, 'POST', 'staging/save', alice, { id: first.id, formId: form.id, data: { subject: 'Half done', qty: 'not yet a number' } });
    expect(again).toMatchObject({ id: first.id, title: 'Half done' });
    expect((await ok<StagingDetail>(t, 'GET', 'staging/detail', alice, undefined, { id: first.id })).data).toEqual({ subject: 'Half done', qty: 'not yet a number' });
    expect((await ok<PageResult<StagingItem>>(t, 'GET', 'staging/list', alice)).list.map((d) => d.id)).toContain(first.id);

    // Nobody else sees or touches it.
    expect((await ok<PageResult<StagingItem>>(t, 'GET', 'staging/list', admin)).list.map((d) => d.id)).not.toContain(first.id);
    expect((await call(t, 'GET', 'staging/detail', admin, undefined, { id: first.id })).status).toBe(404);
    expect((await call(t, 'POST', 'staging/save', admin, { id: first.id, formId: form.id, data: {} })).status).toBe(404);
    expect((await call(t, 'POST', 'staging/delete', admin, { id: first.id })).status).toBe(404);
    expect((await call(t, 'GET', 'staging/detail', harbor, undefined, { id: first.id })).status).toBe(404);
    // Someone else's draft cannot be consumed, and the record is not written either.
    const before = await count(form.id);
    expect((await call(t, 'POST', 'record/create', admin, { formId: form.id, data: good, draftId: first.id })).status).toBe(404);
    expect(await count(form.id)).toBe(before);

    const record = await createRecord(t, alice, form.id, good, { draftId: first.id });
    expect(record.id).toBeGreaterThan(0);
    expect((await call(t, 'GET', 'staging/detail', alice, undefined, { id: first.id })).status).toBe(404);

    // A draft of an edit follows the record's version.
    const edit = await ok<StagingItem>(t, 'POST', 'staging/save', alice, { formId: form.id, recordId: record.id, data: { ...good, subject: 'Edited' } });
    expect(edit).toMatchObject({ recordId: record.id, title: 'Edited' });
    await ok(t, 'POST', 'staging/delete', alice, { id: edit.id });
    expect((await ok<PageResult<StagingItem>>(t, 'GET', 'staging/list', alice)).total).toBe(0);
  });

  it('saves the list search per user and form, checked against the fields', async () => {
    const config = { shownFilters: ['kind', 'day', 'status'], filters: [{ field: 'kind', op: 'in', value: ['a', 'b'] }], sort: [{ field: 'day', order: 'desc' }], pageSize: 50 };
    const saved = await ok<SearchConfigEntry>(t, 'POST', 'dataBoard/formList/updateSearchConfig', alice, { formId: form.id, config });
    expect(saved.config).toEqual(config);
    expect((await ok<SearchConfigEntry>(t, 'GET', 'dataBoard/formList/config/list', alice, undefined, { formId: form.id })).config).toEqual(config);
    expect((await ok<SearchConfigEntry>(t, 'GET', 'dataBoard/formList/config/list', admin, undefined, { formId: form.id })).config).toBeNull();
    const replaced = { ...config, shownFilters: ['subject'] };
    await ok(t, 'POST', 'dataBoard/formList/updateSearchConfig', alice, { formId: form.id, config: replaced });
    expect((await ok<SearchConfigEntry>(t, 'GET', 'dataBoard/formList/config/list', alice, undefined, { formId: form.id })).config).toEqual(replaced);

    const bad: [Record<string, unknown>, RegExp][] = [
      [{ shownFilters: ['ghost'] }, /^config\.shownFilters\[0\]: the form has no field "ghost"/],
      [{ filters: [{ field: 'kind', op: 'gt', value: 1 }] }, /^config\.filters\[0\]\.op: gt does not apply to kind/],
      [{ filters: [{ field: 'qty', op: 'eq', value: 'three' }] }, /^config\.filters\[0\]\.value: must be a number/],
      [{ sort: [{ field: 'tags', order: 'asc' }] }, /^config\.sort\[0\]\.field: tags holds no single value/],
      [{ sort: [{ field: 'day', order: 'up' }] }, /^config\.sort\/0\/order|^config\.sort\[0\]\.order/],
      [{ extra: true }, /^config\.extra: is not an allowed field/],
    ];
    for (const [change, message] of bad) {
      const result = await call(t, 'POST', 'dataBoard/formList/updateSearchConfig', alice, { formId: form.id, config: { ...config, ...change } });
      expect(result.status, JSON.stringify(change)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
  });

  it('answers another tenant\'s forms and records as not found', async () => {
    const record = await createRecord(t, admin, form.id, good);
    const asHarbor = [
      await call(t, 'GET', 'record/detail', harbor, undefined, { id: record.id }),
      await call(t, 'POST', 'record/list', harbor, { formId: form.id }),
      await call(t, 'POST', 'record/create', harbor, { formId: form.id, data: good }),
      await call(t, 'POST', 'record/update', harbor, { id: record.id, revision: 1, data: good }),
      await call(t, 'POST', 'record/delete', harbor, { ids: [record.id] }),
      await call(t, 'GET', 'record/options', harbor, undefined, { formId: form.id }),
      await call(t, 'POST', 'staging/save', harbor, { formId: form.id, data: {} }),
      await call(t, 'POST', 'dataBoard/formList/updateSearchConfig', harbor, { formId: form.id, config: { shownFilters: [], filters: [], sort: [] } }),
      await call(t, 'POST', 'record/export', harbor, { formId: form.id }),
    ];
    expect(asHarbor.map((r) => r.status)).toEqual(asHarbor.map(() => 404));
    expect((await ok<RecordDetail>(t, 'GET', 'record/detail', admin, undefined, { id: record.id })).record.revision).toBe(1);
  });

  it('asks for the record points of the form, or the ones its settings name', async () => {
    const workspace = await workspaceByCode(t, admin, 'NW-HQ');
    const probe = await inviteAndSignIn(t, admin, { username: 'recordprobe', workspaceIds: [workspace.id] });
    const probeId = await userIdOf(t, admin, 'recordprobe');
    const guarded = await publishedForm(t, admin, 'Guarded records', SIMPLE_DESIGN, { buttonPoints: { create: 'doc:upload' } });
    const record = await createRecord(t, admin, guarded.id, { summary: 'By admin' });
    const attempts = async () => ({
      list: (await call(t, 'POST', 'record/list', probe.token, { formId: guarded.id })).status,
      detail: (await call(t, 'GET', 'record/detail', probe.token, undefined, { id: record.id })).status,
      create: (await call(t, 'POST', 'record/create', probe.token, { formId: guarded.id, data: { summary: 'Probe' } })).status,
      update: (await call(t, 'POST', 'record/update', probe.token, { id: record.id, revision: 1, data: { summary: 'Probe' } })).status,
      delete: (await call(t, 'POST', 'record/delete', probe.token, { ids: [record.id] })).status,
      export: (await call(t, 'POST', 'record/export', probe.token, { formId: guarded.id })).status,
    });
    // No points, and the own data scope of a user without roles: nothing.
    expect(await attempts()).toEqual({ list: 403, detail: 404, create: 403, update: 404, delete: 404, export: 403 });

    // record:create is not what this form's create button needs; doc:upload is.
    await grantPoints(t, admin, probeId, ['record:create']);
    expect((await call(t, 'POST', 'record/create', probe.token, { formId: guarded.id, data: { summary: 'Probe' } })).status).toBe(403);
    await grantPoints(t, admin, probeId, ['doc:upload']);
    const mine = await createRecord(t, probe.token, guarded.id, { summary: 'Probe' });
    // Reading takes create, edit or export; editing and deleting their own record still need their points.
    expect((await call(t, 'POST', 'record/list', probe.token, { formId: guarded.id })).status).toBe(200);
    expect((await call(t, 'POST', 'record/update', probe.token, { id: mine.id, revision: 1, data: { summary: 'x' } })).status).toBe(403);
    expect((await call(t, 'POST', 'record/delete', probe.token, { ids: [mine.id] })).status).toBe(403);
    await grantPoints(t, admin, probeId, ['record:edit', 'record:delete']);
    expect((await call(t, 'POST', 'record/update', probe.token, { id: mine.id, revision: 1, data: { summary: 'x' } })).status).toBe(200);
    expect((await call(t, 'POST', 'record/delete', probe.token, { ids: [mine.id] })).status).toBe(200);
  });

  it('lists and opens only the records of the caller\'s data scope', async () => {
    const scoped = await publishedForm(t, admin, 'Scoped', SIMPLE_DESIGN);
    const tower = await workspaceByCode(t, admin, 'NW-TOWER');
    const member = await roleByCode(t, admin, 'member');
    const towerMember = await inviteAndSignIn(t, admin, { username: 'towerprobe', workspaceIds: [tower.id], roleIds: [member.id] });
    const bob = await t.signIn('bob', NORTHWIND);
    await grantPoints(t, admin, await userIdOf(t, admin, 'bob'), ['record:create']);

    const hq = await createRecord(t, admin, scoped.id, { summary: 'HQ' }, { workspaceCode: 'NW-HQ' });
    const inTower = await createRecord(t, alice, scoped.id, { summary: 'Tower' }, { workspaceCode: 'NW-TOWER' });
    const bobs = await createRecord(t, bob, scoped.id, { summary: 'Bob' }, { workspaceCode: 'NW-TOWER' });
    const loose = await createRecord(t, admin, scoped.id, { summary: 'No workspace' });
    const seen = async (token: string) => (await ok<RecordPage>(t, 'POST', 'record/list', token, { formId: scoped.id })).list.map((r) => r.data.summary).sort();

    expect(await seen(admin)).toEqual(['Bob', 'HQ', 'No workspace', 'Tower']); // tenant
    expect(await seen(alice)).toEqual(['Bob', 'HQ', 'Tower']); // workspace: both of hers
    expect(await seen(towerMember.token)).toEqual(['Bob', 'Tower']); // workspace: NW-TOWER only
    expect(await seen(bob)).toEqual(['Bob']); // own

    expect((await call(t, 'GET', 'record/detail', bob, undefined, { id: inTower.id })).status).toBe(404);
    expect((await call(t, 'GET', 'record/detail', towerMember.token, undefined, { id: hq.id })).status).toBe(404);
    expect((await call(t, 'GET', 'record/detail', alice, undefined, { id: loose.id })).status).toBe(404);
    expect((await call(t, 'GET', 'record/detail', towerMember.token, undefined, { id: bobs.id })).status).toBe(200);
    // A workspace the caller is not in cannot be given to a record.
    expect((await call(t, 'POST', 'record/create', towerMember.token, { formId: scoped.id, data: { summary: 'x' }, workspaceCode: 'NW-HQ' })).status).toBe(404);
  });
});
