import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDetail } from '../../../src/core/contracts/form.ts';
import { inviteWithPoints, userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { grantPoints, publishedForm, SIMPLE_DESIGN } from '../../helpers/forms.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const POINTS = '/proptech_allplan/resource/OrdinaryUser/functionPoints';

/** Spec §6: function points per module and form; a form's buttons may name their own points. */
describe.each(testDialects())('function points of a form on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let harbor: string;
  let plain: FormDetail;
  let guarded: FormDetail;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('alice', NORTHWIND), t.signIn('harbor', HARBOR)]);
    plain = await publishedForm(t, admin, 'Plain points', SIMPLE_DESIGN);
    // Creating needs doc:upload on this form, and exporting doc:manage.
    guarded = await publishedForm(t, admin, 'Guarded points', SIMPLE_DESIGN, { buttonPoints: { create: 'doc:upload', export: 'doc:manage' } });
  });
  afterAll(() => t.close());

  const points = (token: string | undefined, body: Record<string, unknown>) => t.call<string[]>('POST', POINTS, { token, body });

  it('answers anonymous 401, another tenant’s form 404, no rights an empty list, and the form’s rights in record codes', async () => {
    expect((await points(undefined, { module: 'record', formId: plain.id })).status).toBe(401);
    // harbor is an ADMIN of Harbor: Northwind's forms are not there for them.
    const foreign = await points(harbor, { module: 'record', formId: plain.id });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toMatch(/^formId/);
    expect((await points(alice, { module: 'record', formId: 999_999 })).status).toBe(404);
    expect((await points(alice, { module: 'record', formId: 'F-1' })).status).toBe(404);

    const none = await inviteWithPoints(t, admin, 'formpointsnone', []);
    expect((await points(none.token, { module: 'record', formId: plain.id })).body.data).toEqual([]);

    // alice (member) holds every record point: the plain form gives all five.
    expect((await points(alice, { module: 'record', formId: plain.id })).body.data).toEqual(['record:create', 'record:delete', 'record:edit', 'record:export', 'record:import']);
    // The module alone still answers the module's points.
    expect((await points(alice, { module: 'record' })).body.data).toContain('record:create');
    // An ADMIN may do everything, on any form.
    expect((await points(admin, { module: 'record', formId: guarded.id })).body.data).toHaveLength(5);
  });

  it('follows the form’s own point: holding it grants the button, holding only the record point does not', async () => {
    const probe = await inviteWithPoints(t, admin, 'formpointsprobe', ['record:create', 'record:edit']);
    expect((await points(probe.token, { module: 'record', formId: guarded.id })).body.data).toEqual(['record:edit']);
    await grantPoints(t, admin, await userIdOf(t, admin, 'formpointsprobe'), ['doc:upload']);
    expect((await points(probe.token, { module: 'record', formId: guarded.id })).body.data).toEqual(['record:create', 'record:edit']);
    expect((await points(probe.token, { module: 'record', formId: String(guarded.id) })).body.data).toEqual(['record:create', 'record:edit']);
    // Other modules have no per-form rights: the form changes nothing there.
    expect((await points(probe.token, { module: 'doc', formId: guarded.id })).body.data).toEqual(['doc:upload']);
  });
});
