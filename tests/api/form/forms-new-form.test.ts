import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import type { FormRecord } from '../../../src/core/contracts/record.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { DEFAULT_NUMBERING_RULE } from '../../../src/core/forms/new-form-settings.ts';
import { formatNumber } from '../../../src/core/forms/numbering.ts';
import { ok } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { call, createForm, createRecord } from '../../helpers/forms.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const VISIT: FormDesign = {
  version: 1,
  items: [
    { key: 'arrival', type: 'date', label: 'Arrival' },
    { key: 'visitor', type: 'text', label: 'Visitor' },
    { key: 'host', type: 'text', label: 'Host' },
  ],
};

describe.each(testDialects())('a new form on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
  });
  afterAll(() => t.close());

  it('gets the default numbering rule and its first text field as the title, so its records have both', async () => {
    const form = await createForm(t, admin, { name: 'Visitor log', design: VISIT });
    expect(form.settings).toMatchObject({ numbering: { rule: DEFAULT_NUMBERING_RULE }, titleField: 'visitor' });
    await ok(t, 'POST', 'form/publish', admin, { id: form.id });

    const record = await createRecord(t, admin, form.id, { visitor: 'Mei Lin', host: 'Ada' });
    expect(record.number).toBe(formatNumber(DEFAULT_NUMBERING_RULE, new Date(t.clock.now()), 1));
    expect(record.title).toBe('Mei Lin');
    const second = await createRecord(t, admin, form.id, { visitor: 'Omar' });
    expect(second.number).toBe(formatNumber(DEFAULT_NUMBERING_RULE, new Date(t.clock.now()), 2));

    // The list's keyword finds a record by its number.
    const found = await ok<PageResult<FormRecord>>(t, 'POST', 'record/list', admin, { formId: form.id, keyword: second.number, pageNum: 1, pageSize: 10 });
    expect(found.list.map((r) => r.title)).toEqual(['Omar']);
  });

  it('proposes the title when the design gains its first text field, and leaves a cleared title cleared', async () => {
    const form = await createForm(t, admin, { name: 'Key handover' });
    expect(form.settings).toMatchObject({ numbering: { rule: DEFAULT_NUMBERING_RULE }, titleField: null });

    const withFields = await ok<FormDetail>(t, 'POST', 'form/update', admin, { id: form.id, revision: form.revision, design: VISIT });
    expect(withFields.settings.titleField).toBe('visitor');

    const cleared = await ok<FormDetail>(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: withFields.revision, settings: { ...withFields.settings, titleField: null } });
    const saved = await ok<FormDetail>(t, 'POST', 'form/update', admin, { id: form.id, revision: cleared.revision, design: { ...VISIT, items: [...VISIT.items, { key: 'badge', type: 'text', label: 'Badge' }] } });
    expect(saved.settings.titleField).toBeNull();

    const chosen = await ok<FormDetail>(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: saved.revision, settings: { ...saved.settings, titleField: 'host' } });
    expect(chosen.settings.titleField).toBe('host');
  });

  it('answers a refused design, settings or request with every problem as a sentence key at its path', async () => {
    const form = await createForm(t, admin, { name: 'Refusals', design: VISIT });
    const design = await call(t, 'POST', 'form/update', admin, {
      id: form.id,
      revision: form.revision,
      design: { version: 1, items: [{ key: 'lines', type: 'subtable', label: 'Lines', fields: [] }, { key: 'lines', type: 'text', label: 'Again' }] },
    });
    expect(design.status).toBe(400);
    expect(design.body.message).toBe('design.items[0].fields: must NOT have fewer than 1 items');
    expect((design.body.data as { problems: unknown[] }).problems).toEqual([
      { path: 'design.items[0].fields', key: 'minItems', params: { count: 1 }, message: 'must NOT have fewer than 1 items' },
    ]);

    const settings = await call(t, 'POST', 'form/settings/update', admin, { id: form.id, revision: form.revision, settings: { ...form.settings, numbering: { rule: 'V-{###' } } });
    expect(settings.status).toBe(400);
    expect((settings.body.data as { problems: unknown[] }).problems).toEqual([
      { path: 'settings.numbering.rule', key: 'numberingUnmatched', params: { char: '{', at: 3 }, message: 'unmatched "{" at character 3' },
    ]);

    const request = await call(t, 'POST', 'form/create', admin, { name: '' });
    expect(request.status).toBe(400);
    expect((request.body.data as { problems: unknown[] }).problems).toContainEqual(expect.objectContaining({ path: 'name', key: 'empty' }));
  });
});
