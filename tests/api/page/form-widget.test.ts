import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlateDetail } from '../../../src/core/contracts/plates.ts';
import type { StoredPage } from '../../../src/core/pages/page-config.ts';
import { testDialects } from '../../helpers/databases.ts';
import { publishedForm } from '../../helpers/forms.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const API = '/proptech_allplan';

/**
 * A form widget names a form by its id (its props schema marks the prop): the server takes a
 * page or plate whose form widgets name published forms of the tenant, and refuses one naming
 * any other form, or a public website holding one.
 */
describe.each(testDialects())('form widgets in saved pages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let formId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
    formId = (await publishedForm(t, admin, 'Visitor log', { version: 1, items: [{ key: 'visitor', type: 'text', label: 'Visitor', required: true }] })).id;
  });
  afterAll(() => t.close());

  const config = (form: number) => ({
    title: 'Visitor desk',
    widgets: [{ id: 'visitors', type: 'form', grid: { x: 0, y: 0, w: 12, h: 10 }, props: { form, show: 'records' } }],
  });
  const page = (body: Record<string, unknown>) => t.call<StoredPage>('POST', `${API}/page/create`, { token: admin, body: { published: true, ...body } });

  it('saves a page and a plate whose form widget names a published form', async () => {
    const saved = await page({ route: '/visitor-desk', kind: 'page', config: config(formId) });
    expect(saved.status, saved.body.message).toBe(200);
    expect(saved.body.data.config.widgets[0]!.props).toEqual({ form: formId, show: 'records' });
    const plate = await t.call<PlateDetail>('POST', `${API}/board/plate/create`, { token: admin, body: { name: 'Visitors', config: config(formId) } });
    expect(plate.status, plate.body.message).toBe(200);
  });

  it('refuses a form the tenant has not published, and any form on a public website', async () => {
    const unknown = await page({ route: '/visitor-desk-2', kind: 'page', config: config(999_999) });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain('config.widgets[0].props.form');
    expect(unknown.body.message).toContain('999999 is not a published form this page may show');
    const website = await page({ route: null, kind: 'website', config: config(formId) });
    expect(website.status).toBe(400);
    expect(website.body.message).toContain(`${formId} is not a published form this page may show`);
  });
});
