import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORIZATION_POINTS } from '../../../src/core/contracts/role.ts';
import type { PageDetail, PageEnvelope, PageListItem } from '../../../src/core/contracts/page.ts';
import type { MenuNode } from '../../../src/core/entities.ts';
import { flattenTree } from '../../../src/core/menu-tree.ts';
import type { StoredPage } from '../../../src/core/pages/page-config.ts';
import { inviteWithPoints } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { fixtureConfig, menuNodes, pageBody } from '../../helpers/pages.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const API = '/proptech_allplan';

describe.each(testDialects())('customer pages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let harbor: string;
  let customerPages: MenuNode;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob, harbor] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
      t.signIn('harbor', HARBOR),
    ]);
    customerPages = (await menuNodes(t, admin)).find((n) => n.seedKey === 'customerPages')!;
  });
  afterAll(() => t.close());

  const create = (body: unknown, token = admin) => t.call<StoredPage>('POST', `${API}/page/create`, { token, body });
  const update = (body: unknown, token = admin) => t.call<StoredPage>('POST', `${API}/page/update`, { token, body });
  const remove = (id: number, token = admin) => t.call('POST', `${API}/page/delete`, { token, body: { id } });
  const detail = (id: number, token = admin) => t.call<PageDetail>('GET', `${API}/page/detail`, { token, query: { id } });
  const list = (token = admin) => t.call<PageListItem[]>('GET', `${API}/page/list`, { token });
  const loader = (route: string, token: string) => t.call<PageEnvelope>('GET', `${API}/serverLoader`, { token, query: { route } });
  const created = async (body: unknown, token = admin) => {
    const result = await create(body, token);
    expect(result.status, result.body.message).toBe(200);
    return result.body.data;
  };
  const count = async (table: 'resource' | 'page' | 'workspace_resource' | 'role_resource') =>
    Number((await t.app.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const userRoutes = async (token: string, workingSpaceCode: string) =>
    flattenTree((await t.call<MenuNode[]>('GET', `${API}/workingSpace/user/function/tree`, { token, query: { workingSpaceCode } })).body.data).map(
      (n) => n.route,
    );

  describe('create, read, update, delete', () => {
    it('creates a page, lists it and gives its detail', async () => {
      const page = await created(pageBody({ route: '/ops-board', config: fixtureConfig('roche', 'Operations board') as never }));
      expect(page).toMatchObject({ route: '/ops-board', kind: 'page', published: true, updateTime: '2026-11-22T08:00:00.000Z' });
      expect(page.config).toEqual(fixtureConfig('roche', 'Operations board'));
      const item = (await list()).body.data.find((p) => p.id === page.id);
      expect(item).toEqual({ id: page.id, route: '/ops-board', kind: 'page', published: true, title: 'Operations board', resourceId: null, updateTime: page.updateTime });
      const got = await detail(page.id);
      expect(got.status).toBe(200);
      expect(got.body.data).toMatchObject({ ...page, resourceId: null, menu: null });
    });

    it('lets a USER holding page:edit write pages', async () => {
      const page = await created(pageBody({ route: '/alice-board' }), alice);
      expect((await update({ ...pageBody({ route: '/alice-board-2' }), id: page.id }, alice)).status).toBe(200);
      expect((await remove(page.id, alice)).status).toBe(200);
    });

    it('updates route, kind, publication and config, and deletes', async () => {
      const page = await created(pageBody({ route: '/to-change' }));
      t.clock.advance(60_000);
      const changed = await update({ id: page.id, route: null, kind: 'website', published: false, config: fixtureConfig('energy-site') });
      expect(changed.status, changed.body.message).toBe(200);
      expect(changed.body.data).toMatchObject({ id: page.id, route: null, kind: 'website', published: false, updateTime: '2026-11-22T08:01:00.000Z' });
      expect((await detail(page.id)).body.data.config.title).toBe('Energy and service desk');
      expect((await remove(page.id)).status).toBe(200);
      expect((await detail(page.id)).status).toBe(404);
      expect((await remove(page.id)).status).toBe(404);
      expect((await update({ ...pageBody({ route: '/gone' }), id: page.id })).status).toBe(404);
    });
  });

  describe('menu entries', () => {
    it('creates a menu entry under the parent, offered by the workspaces and roles that offer the parent', async () => {
      const resources = await count('resource');
      const page = await created(pageBody({ route: '/campus-energy', config: fixtureConfig('roche', 'Campus energy') as never, menu: { parentId: customerPages.id, icon: 'ThunderboltOutlined' } }));
      expect(await count('resource')).toBe(resources + 1);
      const got = (await detail(page.id)).body.data;
      expect(got.menu).toMatchObject({ parentId: customerPages.id, title: 'Campus energy', icon: 'ThunderboltOutlined' });
      const node = (await menuNodes(t, admin)).find((n) => n.id === got.resourceId)!;
      expect(node).toMatchObject({ route: '/campus-energy', title: 'Campus energy', type: 'MENU', seedKey: null });
      // After the seeded entries of the parent.
      const siblings = (await menuNodes(t, admin)).find((n) => n.id === customerPages.id)!.children;
      expect(siblings.at(-1)!.id).toBe(node.id);
      // NW-HQ offers the customer pages (alice sees it there); NW-TOWER does not.
      expect(await userRoutes(alice, 'NW-HQ')).toContain('/campus-energy');
      expect(await userRoutes(alice, 'NW-TOWER')).not.toContain('/campus-energy');
      // bob's viewer role grants the customer pages, so it grants the new entry too.
      expect((await loader('/campus-energy', bob)).status).toBe(200);
    });

    it('keeps the entry in step on update, retitles it, and removes it with the page', async () => {
      const page = await created(pageBody({ route: '/site-a', menu: { parentId: customerPages.id } }));
      const nodeId = (await detail(page.id)).body.data.resourceId!;
      const title = fixtureConfig('roche').title;
      expect((await menuNodes(t, admin)).find((n) => n.id === nodeId)).toMatchObject({ route: '/site-a', title });

      await update({ ...pageBody({ route: '/site-b', config: fixtureConfig('roche', 'Site B') as never }), id: page.id });
      expect((await menuNodes(t, admin)).find((n) => n.id === nodeId)).toMatchObject({ route: '/site-b', title: 'Site B' });
      await update({ ...pageBody({ route: '/site-b' }), id: page.id, menu: { parentId: customerPages.id, title: 'Site B (menu)' } });
      expect((await menuNodes(t, admin)).find((n) => n.id === nodeId)).toMatchObject({ route: '/site-b', title: 'Site B (menu)' });

      const resources = await count('resource');
      expect((await remove(page.id)).status).toBe(200);
      expect(await count('resource')).toBe(resources - 1);
      expect((await menuNodes(t, admin)).some((n) => n.id === nodeId)).toBe(false);
    });

    it('adds an entry on update, removes it with menu: null, and refuses a route-less page in the menu', async () => {
      const page = await created(pageBody({ route: '/later-menu' }));
      await update({ ...pageBody({ route: '/later-menu' }), id: page.id, menu: { parentId: customerPages.id, title: 'Later' } });
      const nodeId = (await detail(page.id)).body.data.resourceId!;
      expect((await menuNodes(t, admin)).find((n) => n.id === nodeId)).toMatchObject({ title: 'Later', route: '/later-menu' });
      const noRoute = await update({ ...pageBody({ route: null }), id: page.id });
      expect(noRoute.status).toBe(400);
      expect(noRoute.body.message).toMatch(/^route: the page has a menu entry/);
      const unlinked = await update({ ...pageBody({ route: null }), id: page.id, menu: null });
      expect(unlinked.status, unlinked.body.message).toBe(200);
      expect((await detail(page.id)).body.data).toMatchObject({ resourceId: null, menu: null, route: null });
      expect((await menuNodes(t, admin)).some((n) => n.id === nodeId)).toBe(false);
    });
  });

  describe('validation', () => {
    const refused = async (body: unknown, message: string | RegExp, status = 400) => {
      const before = await count('page');
      const resources = await count('resource');
      const result = await create(body);
      expect(result.status, JSON.stringify(result.body)).toBe(status);
      expect(result.body.success).toBe(false);
      if (typeof message === 'string') expect(result.body.message).toBe(message);
      else expect(result.body.message).toMatch(message);
      // Nothing half-written.
      expect(await count('page')).toBe(before);
      expect(await count('resource')).toBe(resources);
    };
    const withWidget = (patch: Record<string, unknown>, index = 1) => {
      const config = fixtureConfig('roche') as unknown as { widgets: Record<string, unknown>[] };
      config.widgets[index] = { ...config.widgets[index], ...patch };
      return pageBody({ route: '/checked', config, menu: { parentId: customerPages.id } });
    };

    it('names the path of bad widget props and unknown widget types', async () => {
      await refused(withWidget({ props: { content: 7 } }, 0), 'config.widgets[0].props.content: must be string');
      await refused(withWidget({ props: { content: 'x', tone: 'neon' } }, 0), 'config.widgets[0].props.tone: must be equal to one of the allowed values');
      await refused(withWidget({ props: { kind: 'bar', series: [{ field: 'count', colour: 'red' }] } }), 'config.widgets[1].props.series[0].colour: is not an allowed field');
      await refused(withWidget({ type: 'hologram' }), 'config.widgets[1].type: unknown widget type "hologram"');
    });

    it('names the path of a bad page field', async () => {
      const config = { ...fixtureConfig('roche'), title: undefined };
      await refused(pageBody({ route: '/checked', config }), 'config.title: is required');
      await refused(pageBody({ route: '/checked', config: { ...fixtureConfig('roche'), extra: 1 } }), 'config.extra: is not an allowed field');
    });

    it('names the path of a bad widget query: unknown dataset, unknown field, wrong value', async () => {
      const data = (patch: Record<string, unknown>) => withWidget({ data: { dataset: 'work_orders', measures: [{ agg: 'count' }], ...patch } });
      await refused(withWidget({ data: { dataset: 'sales' } }), 'config.widgets[1].data.dataset: unknown dataset "sales"');
      await refused(data({ filters: [{ field: 'colour', op: 'eq', value: 'red' }] }), 'config.widgets[1].data.filters[0].field: unknown field "colour" of dataset "work_orders"');
      await refused(data({ dimensions: ['created:fortnight'] }), /^config\.widgets\[1\]\.data\.dimensions\[0\]: must match pattern/);
      await refused(data({ filters: [{ field: 'cost', op: 'gt', value: 'lots' }] }), 'config.widgets[1].data.filters[0].value: must be a number for field "cost"');
    });

    it('checks a select filter drawing its options from a dataset', async () => {
      const config = fixtureConfig('roche');
      config.filters![0] = { ...config.filters![0]!, optionsDataset: 'energy_readings', field: 'assignee' };
      await refused(pageBody({ route: '/checked', config: config as never }), 'config.filters[0].field: unknown field "assignee" of dataset "energy_readings"');
    });

    it('refuses bad routes, naming the route', async () => {
      await refused(pageBody({ route: 'no-slash' }), /^route: must start with "\/"/);
      await refused(pageBody({ route: '/two words' }), /^route: must start with "\/"/);
      await refused(pageBody({ route: '/login' }), 'route: "/login" is the address of the login screen');
      await refused(pageBody({ route: '/table/fill/3' }), 'route: "/table/fill/3" is the address of the formFill screen');
      await refused(pageBody({ route: '/api/pages' }), 'route: "/api" is reserved by the app');
      await refused(pageBody({ route: `/${'a'.repeat(200)}` }), /^route: must NOT have more than 200 characters/);
      await refused(pageBody({ route: '/site', kind: 'website' }), 'route: must be null for a website, which answers at /website/{id}');
      await refused(pageBody({ route: null, menu: { parentId: customerPages.id } }), 'menu: a menu entry needs the page to have a route');
    });

    it('refuses a menu parent that is not a menu of the tenant, and unknown fields', async () => {
      const button = (
        await t.app.services.db
          .selectFrom('resource')
          .innerJoin('tenant', 'tenant.id', 'resource.tenant_id')
          .select('resource.id')
          .where('resource.code', '=', 'page:edit')
          .where('tenant.code', '=', 'northwind')
          .executeTakeFirstOrThrow()
      ).id;
      await refused(pageBody({ route: '/checked', menu: { parentId: button } }), 'menu.parentId: no menu of this tenant has this id');
      const harborMenu = (await menuNodes(t, harbor)).find((n) => n.seedKey === 'customerPages')!;
      await refused(pageBody({ route: '/checked', menu: { parentId: harborMenu.id } }), 'menu.parentId: no menu of this tenant has this id');
      await refused({ ...pageBody({ route: '/checked' }), owner: 'me' }, 'owner: is not an allowed field');
      await refused({ ...pageBody({ route: '/checked' }), kind: 'blog' }, /^kind: must be equal to one of the allowed values/);
      await refused({ route: '/checked', kind: 'page', published: true }, 'config: is required');
    });

    it('answers 409 for a route another page of the tenant has, on create and update', async () => {
      await created(pageBody({ route: '/taken' }));
      await refused(pageBody({ route: '/taken', menu: { parentId: customerPages.id } }), 'Another page already answers at /taken', 409);
      const other = await created(pageBody({ route: '/not-taken' }));
      const clash = await update({ ...pageBody({ route: '/taken' }), id: other.id });
      expect(clash.status).toBe(409);
      // Pages without a route never clash.
      await created(pageBody({ route: null }));
      await created(pageBody({ route: null }));
    });
  });

  describe('permissions and tenants', () => {
    it('refuses every page read and write to bob, who lacks page:edit', async () => {
      const page = await created(pageBody({ route: '/bob-cannot' }));
      const calls = [
        list(bob),
        detail(page.id, bob),
        create(pageBody({ route: '/by-bob' }), bob),
        update({ ...pageBody({ route: '/bob-cannot' }), id: page.id }, bob),
        remove(page.id, bob),
      ];
      for (const result of await Promise.all(calls)) {
        expect(result.status).toBe(403);
        expect(result.body).toMatchObject({ success: false, code: 403 });
      }
      expect((await detail(page.id)).body.data.route).toBe('/bob-cannot');
    });

    it('lists pages, without their configs, to a workspace manager who lacks page:edit, and nothing more', async () => {
      const page = await created(pageBody({ route: '/for-templates' }));
      const { token: keeper } = await inviteWithPoints(t, admin, `keeper_${dialect}`, [AUTHORIZATION_POINTS.workspaces]);

      const listed = await list(keeper);
      expect(listed.status).toBe(200);
      const item = listed.body.data.find((p) => p.id === page.id)!;
      expect(Object.keys(item).sort()).toEqual(['id', 'kind', 'published', 'resourceId', 'route', 'title', 'updateTime']);
      for (const result of [await detail(page.id, keeper), await update({ ...pageBody({ route: '/for-templates' }), id: page.id }, keeper)]) {
        expect(result.status).toBe(403);
      }
    });

    it("keeps Northwind's pages from Harbor: 404 on detail, update and delete; routes are per tenant", async () => {
      const page = await created(pageBody({ route: '/northwind-only' }));
      expect((await detail(page.id, harbor)).status).toBe(404);
      expect((await update({ ...pageBody({ route: '/stolen' }), id: page.id }, harbor)).status).toBe(404);
      expect((await remove(page.id, harbor)).status).toBe(404);
      expect((await list(harbor)).body.data.some((p) => p.id === page.id)).toBe(false);
      expect((await loader('/northwind-only', harbor)).status).toBe(404);
      const harborPage = await created(pageBody({ route: '/northwind-only' }), harbor);
      expect(harborPage.id).not.toBe(page.id);
      expect((await detail(page.id)).body.data.route).toBe('/northwind-only');
    });

    it('needs a token', async () => {
      expect((await t.call('GET', `${API}/page/list`)).status).toBe(401);
      expect((await t.call('GET', `${API}/serverLoader`, { query: { route: '/x' } })).status).toBe(401);
    });
  });

  describe('serverLoader', () => {
    it('answers 404 for a route no page has', async () => {
      const result = await loader('/nothing-here', admin);
      expect(result.status).toBe(404);
      expect(result.body.success).toBe(false);
    });

    it('gives the page to ADMINs and holders of page:edit, drafts included', async () => {
      const page = await created(pageBody({ route: '/draft-board', published: false }));
      for (const token of [admin, alice]) {
        const result = await loader('/draft-board', token);
        expect(result.status).toBe(200);
        expect(result.body.data.page).toEqual(page);
      }
      // A draft is not there for a reader.
      expect((await loader('/draft-board', bob)).status).toBe(404);
    });

    it('answers 403 to a USER whose roles do not grant the page’s menu entry', async () => {
      const page = await created(pageBody({ route: '/no-entry' }));
      expect((await loader('/no-entry', bob)).status).toBe(403);
      // Under a menu bob's viewer role does not grant (Authorization): still refused.
      const authorize = (await menuNodes(t, admin)).find((n) => n.seedKey === 'authorize')!;
      await update({ ...pageBody({ route: '/no-entry' }), id: page.id, menu: { parentId: authorize.id } });
      expect((await loader('/no-entry', bob)).status).toBe(403);
      // Moved under the customer pages, which the role grants.
      await update({ ...pageBody({ route: '/no-entry' }), id: page.id, menu: { parentId: customerPages.id } });
      const result = await loader('/no-entry', bob);
      expect(result.status).toBe(200);
      expect(result.body.data.page.id).toBe(page.id);
    });
  });
});
