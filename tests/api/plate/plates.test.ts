import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlateDetail, PlateListItem } from '../../../src/core/contracts/plates.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { Role } from '../../../src/core/contracts/role.ts';
import type { PageConfig } from '../../../src/core/pages/page-config.ts';
import { API, inviteAndSignIn, inviteWithPoints, ok, tenantNodes, workspaceByCode } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { menuNodes } from '../../helpers/pages.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { mapText, textIn } from '../../../src/core/local-text.ts';

describe.each(testDialects())('analysis plates on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let harbor: string;
  let maintenanceFormId: number;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, harbor] = await Promise.all([t.signIn('admin', NORTHWIND), t.signIn('harbor', HARBOR)]);
    const form = await t.app.services.db.selectFrom('form').select('id').where('seed_key', '=', 'maintenance-request').executeTakeFirstOrThrow();
    maintenanceFormId = form.id;
  });
  afterAll(() => t.close());

  const list = (token: string, query: Record<string, string | number> = {}) =>
    t.call<PageResult<PlateListItem>>('GET', `${API}/board/plate/list`, { token, query });
  const post = <T = PlateDetail>(path: string, token: string, body: unknown) => t.call<T>('POST', `${API}/board/plate/${path}`, { token, body });

  const fourComponents = (): PageConfig => {
    const dataset = `form_${maintenanceFormId}`;
    return {
      title: 'ignored: the name wins',
      widgets: [
        { id: 'count', type: 'kpi', grid: { x: 0, y: 0, w: 6, h: 4 }, props: { value: 'n' }, data: { dataset, measures: [{ agg: 'count', as: 'n' }] } },
        {
          id: 'bars',
          type: 'chart',
          grid: { x: 6, y: 0, w: 18, h: 8 },
          props: { kind: 'bar', x: 'building', series: [{ field: 'n' }] },
          data: { dataset, dimensions: ['building'], measures: [{ agg: 'count', as: 'n' }] },
        },
        {
          id: 'table',
          type: 'table',
          grid: { x: 0, y: 8, w: 12, h: 8 },
          props: { columns: [{ field: 'priority', title: 'Priority' }, { field: 'n', title: 'Requests', type: 'number' }] },
          data: { dataset, dimensions: ['priority'], measures: [{ agg: 'count', as: 'n' }] },
        },
        { id: 'note', type: 'markdown', grid: { x: 12, y: 8, w: 12, h: 8 }, props: { content: 'Counts include every request.' } },
      ],
    };
  };

  it('seeds two plates per tenant over its demo forms, each in the menu with at least four components', async () => {
    for (const token of [admin, harbor]) {
      const plates = (await ok<PageResult<PlateListItem>>(t, 'GET', 'board/plate/list', token)).list;
      expect(plates.length).toBe(2);
      const nodes = await menuNodes(t, token);
      for (const plate of plates) {
        expect(plate.componentCount).toBeGreaterThanOrEqual(4);
        const node = nodes.find((n) => n.id === plate.resourceId);
        expect(node, JSON.stringify(plate.name)).toMatchObject({ route: `/data-analysis-plate/${plate.id}`, title: plate.name });
        const detail = await ok<PlateDetail>(t, 'GET', 'board/plate/detail', token, undefined, { id: plate.id });
        // Every component's query answers for the tenant's admin.
        for (const widget of detail.config.widgets.filter((w) => w.data)) {
          const answer = await t.call('POST', `${API}/dataset/query`, { token, body: widget.data });
          expect(answer.status, `${textIn(plate.name, 'en')} / ${widget.id}: ${answer.body.message}`).toBe(200);
        }
      }
    }
  });

  it('creates, searches, renames, copies and deletes; a stale save answers 409 and changes nothing', async () => {
    const created = await post('create', admin, { name: 'Requests at a glance', description: 'Quarterly review', config: fourComponents() });
    expect(created.status, created.body.message).toBe(200);
    const plate = created.body.data;
    expect(plate).toMatchObject({ name: 'Requests at a glance', componentCount: 4, revision: 1, resourceId: null, updatedByName: 'Ada Admin' });
    expect(plate.config.title).toBe('Requests at a glance');

    const found = (await list(admin, { keyword: 'QUARTERLY' })).body.data;
    expect(found.list.map((p) => p.id)).toEqual([plate.id]);

    const renamed = await post('rename', admin, { id: plate.id, revision: 1, name: 'Requests this quarter' });
    expect(renamed.body.data).toMatchObject({ name: 'Requests this quarter', revision: 2 });
    expect(renamed.body.data.config.title).toBe('Requests this quarter');

    const stale = await post('update', admin, { id: plate.id, revision: 1, name: 'Lost edit', config: fourComponents() });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/Someone else saved this plate/);
    expect((await ok<PlateDetail>(t, 'GET', 'board/plate/detail', admin, undefined, { id: plate.id })).name).toBe('Requests this quarter');

    const copy = await post('copy', admin, { id: plate.id });
    expect(copy.body.data).toMatchObject({ name: 'Requests this quarter (copy)', componentCount: 4, revision: 1 });
    expect(copy.body.data.id).not.toBe(plate.id);

    expect((await post('delete', admin, { id: copy.body.data.id })).status).toBe(200);
    expect((await t.call('GET', `${API}/board/plate/detail`, { token: admin, query: { id: copy.body.data.id } })).status).toBe(404);
  });

  it('refuses a bad config or name with 400 naming the path', async () => {
    const config = fourComponents();
    config.widgets[1]!.data!.measures = [{ agg: 'sum', field: 'building' }];
    const badMeasure = await post('create', admin, { name: 'Bad', config });
    expect(badMeasure.status).toBe(400);
    expect(badMeasure.body.message).toMatch(/^config\.widgets\[1\]\.data\.measures\[0\]\.field/);
    const unknownForm = await post('create', admin, { name: 'Bad', config: { ...fourComponents(), widgets: [{ ...fourComponents().widgets[0]!, data: { dataset: 'form_999999', measures: [{ agg: 'count' }] } }] } });
    expect(unknownForm.status).toBe(400);
    expect(unknownForm.body.message).toMatch(/config\.widgets\[0\]\.data\.dataset/);
    const blank = await post('create', admin, { name: '   ', config: fourComponents() });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/name/);
    const before = (await list(admin)).body.data.total;
    expect(before).toBeGreaterThan(0);
    expect((await list(admin)).body.data.total).toBe(before);
  });

  it('publishes to a menu entry under a parent and takes it out again', async () => {
    const plate = (await post('create', admin, { name: 'Menu plate', config: fourComponents() })).body.data;
    const analysis = (await menuNodes(t, admin)).find((n) => n.seedKey === 'analysis')!;
    const published = await post('publish', admin, { id: plate.id, menu: { parentId: analysis.id, title: 'Requests board' } });
    expect(published.status, published.body.message).toBe(200);
    const node = (await menuNodes(t, admin)).find((n) => n.id === published.body.data.resourceId)!;
    expect(node).toMatchObject({ route: `/data-analysis-plate/${plate.id}`, title: 'Requests board' });
    const notMenu = await post('publish', admin, { id: plate.id, menu: { parentId: 999999 } });
    expect(notMenu.status).toBe(400);
    const out = await post('publish', admin, { id: plate.id, menu: null });
    expect(out.body.data.resourceId).toBeNull();
    expect((await menuNodes(t, admin)).some((n) => n.id === node.id)).toBe(false);
  });

  it('keeps writes to the board points, opening to them and to the plate menus, and plates inside their tenant', async () => {
    const { token: none } = await inviteWithPoints(t, admin, 'plateless', []);
    expect((await list(none)).status).toBe(403);
    expect((await post('create', none, { name: 'Mine', config: fourComponents() })).status).toBe(403);

    // A viewer whose role grants the plate list opens every plate and changes none.
    const plates = (await list(admin)).body.data.list;
    const listNode = (await tenantNodes(t, admin)).find((n) => n.seedKey === 'plates')!;
    const role = await ok<Role>(t, 'POST', 'role/create', admin, { code: 'plateViewer', name: 'Plate viewer', dataScope: 'tenant' });
    await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [listNode.id] });
    const hq = await workspaceByCode(t, admin, 'NW-HQ');
    const { token: viewer } = await inviteAndSignIn(t, admin, { username: 'plateviewer', workspaceIds: [hq.id], roleIds: [role.id] });
    expect((await list(viewer)).body.data.total).toBe(plates.length);
    const detail = await t.call<PlateDetail>('GET', `${API}/board/plate/detail`, { token: viewer, query: { id: plates[0]!.id } });
    expect(detail.status).toBe(200);
    expect(detail.body.data.can).toEqual({ edit: false, delete: false, create: false });
    expect((await post('rename', viewer, { id: plates[0]!.id, revision: plates[0]!.revision, name: 'Hijacked' })).status).toBe(403);
    expect((await post('delete', viewer, { id: plates[0]!.id })).status).toBe(403);

    // An editor holds board:edit only.
    const { token: editor } = await inviteWithPoints(t, admin, 'plateeditor', ['board:edit']);
    const renamed = await post('rename', editor, { id: plates[0]!.id, revision: plates[0]!.revision, name: mapText(plates[0]!.name, (each) => `${each} `) });
    expect(renamed.status, renamed.body.message).toBe(200);
    expect((await post('delete', editor, { id: plates[0]!.id })).status).toBe(403);

    // Another tenant's plate is not there at all.
    expect((await t.call('GET', `${API}/board/plate/detail`, { token: harbor, query: { id: plates[0]!.id } })).status).toBe(404);
    expect((await post('delete', harbor, { id: plates[0]!.id })).status).toBe(404);
    expect((await list(harbor)).body.data.list.some((p) => p.id === plates[0]!.id)).toBe(false);
  });
});
