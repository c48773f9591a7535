import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FlowDefinitionEnvelope, FlowTimelineEntry } from '../../../src/core/contracts/flows.ts';
import type { FormDetail, FormVersionDetail } from '../../../src/core/contracts/form.ts';
import type { FormRecord } from '../../../src/core/contracts/record.ts';
import type { PageDetail, PageEnvelope } from '../../../src/core/contracts/page.ts';
import type { PlateDetail } from '../../../src/core/contracts/plates.ts';
import type { FlowDefinition } from '../../../src/core/flows/flow-definition.ts';
import { ok, userIdOf } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { pendingTaskOn } from '../../helpers/flows.ts';
import { SIMPLE_DESIGN, call, createForm } from '../../helpers/forms.ts';
import { fixtureConfig, pageBody } from '../../helpers/pages.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/** A config as stored before configs carried a version. */
function withoutVersion<T extends object>(config: T): Omit<T, 'version'> {
  const { version: _version, ...content } = config as T & { version?: unknown };
  return content;
}

const NOTES_PLATE = {
  title: 'Notes',
  widgets: [{ id: 'note', type: 'markdown', grid: { x: 0, y: 0, w: 12, h: 4 }, props: { content: 'Stored before versions.' } }],
};

describe.each(testDialects())('versions of stored configs on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tenantId: number;
  const now = '2026-11-22T08:00:00.000Z';

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
    tenantId = (await t.app.services.db.selectFrom('tenant').select('id').where('name', '=', NORTHWIND).executeTakeFirstOrThrow()).id;
  });
  afterAll(() => t.close());

  /** A JSON column as stored: text on SQLite, parsed from jsonb on PostgreSQL. */
  const stored = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

  async function insertPage(route: string, config: object): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      insert into page (tenant_id, route, kind, published, title, config, resource_id, owns_resource, seed_key, create_time, update_time)
      values (${tenantId}, ${route}, 'page', 1, 'Stored by SQL', ${JSON.stringify(config)}, null, 0, null, ${now}, ${now})
      returning id`.execute(t.app.services.db);
    return rows[0]!.id;
  }

  it('reads a page config stored without a version as version 1, and saves it as version 1', async () => {
    const config = withoutVersion(fixtureConfig('roche', 'Stored before versions'));
    const id = await insertPage('/before-versions', config);

    const detail = await ok<PageDetail>(t, 'GET', 'page/detail', admin, undefined, { id });
    expect(detail.config).toEqual({ version: 1, ...config });
    expect((await ok<PageEnvelope>(t, 'GET', 'serverLoader', admin, undefined, { route: '/before-versions' })).page.config).toEqual({ version: 1, ...config });

    // What the editor sends back, and what a browser from before versions sends: both stored as version 1.
    for (const sent of [detail.config, config]) {
      const saved = await ok<PageDetail>(t, 'POST', 'page/update', admin, { id, route: detail.route, kind: detail.kind, published: detail.published, config: sent });
      expect(saved.config).toEqual({ version: 1, ...config });
      const row = await t.app.services.db.selectFrom('page').select('config').where('id', '=', id).executeTakeFirstOrThrow();
      expect(stored(row.config)).toEqual({ version: 1, ...config });
    }
  });

  it('reads a plate config stored without a version as version 1, and saves and renames it as version 1', async () => {
    const { rows } = await sql<{ id: number }>`
      insert into plate (tenant_id, name, description, config, resource_id, seed_key, created_by, updated_by, create_time, update_time)
      values (${tenantId}, 'Notes', '', ${JSON.stringify(NOTES_PLATE)}, null, null, null, null, ${now}, ${now})
      returning id`.execute(t.app.services.db);
    const id = rows[0]!.id;
    const storedConfig = async () => stored((await t.app.services.db.selectFrom('plate').select('config').where('id', '=', id).executeTakeFirstOrThrow()).config);

    const detail = await ok<PlateDetail>(t, 'GET', 'board/plate/detail', admin, undefined, { id });
    expect(detail).toMatchObject({ componentCount: 1, config: { version: 1, ...NOTES_PLATE } });
    const saved = await ok<PlateDetail>(t, 'POST', 'board/plate/update', admin, { id, revision: detail.revision, name: 'Notes', config: NOTES_PLATE });
    expect(saved.config).toEqual({ version: 1, ...NOTES_PLATE });
    expect(await storedConfig()).toEqual({ version: 1, ...NOTES_PLATE });

    // A rename writes the stored config again, with the name as its title.
    await t.app.services.db.updateTable('plate').set({ config: JSON.stringify(NOTES_PLATE) }).where('id', '=', id).execute();
    await ok<PlateDetail>(t, 'POST', 'board/plate/rename', admin, { id, revision: saved.revision, name: 'Site notes' });
    expect(await storedConfig()).toEqual({ version: 1, ...NOTES_PLATE, title: 'Site notes' });
  });

  it('reads a form design and its flows stored without a version as version 1, and saves them as version 1', async () => {
    const reviewFlow: FlowDefinition = {
      version: 1,
      nodes: [{ id: 'review', type: 'approval', name: 'Review', assignees: [{ kind: 'user', userId: await userIdOf(t, admin, 'admin') }], mode: 'any' }],
    };
    const form = await createForm(t, admin, { name: 'Stored before versions', design: SIMPLE_DESIGN });
    await ok(t, 'POST', 'flow/definition/save', admin, { formId: form.id, revision: form.revision, flow: reviewFlow });
    const db = t.app.services.db;
    await db.updateTable('form').set({ design: JSON.stringify(withoutVersion(SIMPLE_DESIGN)), flow: JSON.stringify(withoutVersion(reviewFlow)) }).where('id', '=', form.id).execute();

    const detail = await ok<FormDetail>(t, 'GET', 'form/detail', admin, undefined, { id: form.id });
    expect(detail).toMatchObject({ design: SIMPLE_DESIGN, flow: reviewFlow });
    expect((await ok<FlowDefinitionEnvelope>(t, 'GET', 'flow/definition', admin, undefined, { formId: form.id })).flow).toEqual(reviewFlow);

    // A browser from before versions sends none: each is stored as version 1.
    const updated = await ok<FormDetail>(t, 'POST', 'form/update', admin, { id: form.id, revision: detail.revision, design: withoutVersion(SIMPLE_DESIGN) });
    expect(updated.design).toEqual(SIMPLE_DESIGN);
    const flowSaved = await ok<FlowDefinitionEnvelope>(t, 'POST', 'flow/definition/save', admin, { formId: form.id, revision: updated.revision, flow: withoutVersion(reviewFlow) });
    expect(flowSaved.flow).toEqual(reviewFlow);
    const row = await db.selectFrom('form').select(['design', 'flow']).where('id', '=', form.id).executeTakeFirstOrThrow();
    expect([stored(row.design), stored(row.flow)]).toEqual([SIMPLE_DESIGN, reviewFlow]);

    // A published version and a running record's copy of the flow read the same way.
    await ok(t, 'POST', 'form/publish', admin, { id: form.id });
    await db
      .updateTable('form_version')
      .set({ design: JSON.stringify(withoutVersion(SIMPLE_DESIGN)), flow: JSON.stringify(withoutVersion(reviewFlow)) })
      .where('form_id', '=', form.id)
      .execute();
    expect(await ok<FormVersionDetail>(t, 'GET', 'form/version', admin, undefined, { id: form.id, version: 1 })).toMatchObject({ design: SIMPLE_DESIGN, flow: reviewFlow });
    const record = await ok<FormRecord>(t, 'POST', 'record/create', admin, { formId: form.id, data: { summary: 'Leaking tap' } });
    await db.updateTable('flow_instance').set({ definition: JSON.stringify(withoutVersion(reviewFlow)) }).where('record_id', '=', record.id).execute();
    const timeline = await ok<FlowTimelineEntry[]>(t, 'GET', 'flow/record/timeline', admin, undefined, { recordId: record.id });
    expect(timeline.map((entry) => entry.action)).toEqual(['submit']);
    const task = await pendingTaskOn(t, admin, record.id);
    await ok(t, 'POST', 'flow/task/approve', admin, { taskId: task.id });
    expect((await ok<FlowTimelineEntry[]>(t, 'GET', 'flow/record/timeline', admin, undefined, { recordId: record.id })).map((entry) => entry.action)).toEqual([
      'submit',
      'approve',
      'end',
    ]);
  });

  it('refuses a version newer than the server knows: 400 naming it in a save, 500 saying so for a stored one', async () => {
    const refused = async (path: string, body: unknown, message: string) => {
      const result = await call(t, 'POST', path, admin, body);
      expect(result.status, path).toBe(400);
      expect(result.body.message).toBe(message);
    };
    await refused('page/create', pageBody({ route: '/from-later', config: { ...fixtureConfig('roche'), version: 2 } }), 'config.version: 2 is newer than the page config version this server knows (1)');
    await refused('board/plate/create', { name: 'Later', config: { ...NOTES_PLATE, version: 2 } }, 'config.version: 2 is newer than the page config version this server knows (1)');
    await refused('form/create', { name: 'Later', design: { ...SIMPLE_DESIGN, version: 2 } }, 'design.version: 2 is newer than the form design version this server knows (1)');
    const form = await createForm(t, admin, { name: 'Later flow', design: SIMPLE_DESIGN });
    await refused('flow/definition/save', { formId: form.id, revision: form.revision, flow: { version: 2, nodes: [] } }, 'flow.version: 2 is newer than the flow definition version this server knows (1)');

    const id = await insertPage('/from-later', { ...fixtureConfig('roche'), version: 2 });
    const read = await call(t, 'GET', 'page/detail', admin, undefined, { id });
    expect(read.status).toBe(500);
    expect(read.body.message).toBe('A stored page config version 2 is newer than this server knows (1): a later release of Plinth wrote it; run that release or a later one');
  });
});
