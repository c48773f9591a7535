import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManagedWorkspace, ManagedWorkspaceDetail } from '../../../src/core/contracts/management.ts';
import type { WorkspaceTemplate, WorkspaceTemplateDetail } from '../../../src/core/contracts/workspace-template.ts';
import type { MenuNode } from '../../../src/core/entities.ts';
import { flattenTree } from '../../../src/core/menu-tree.ts';
import { buildApp } from '../../../src/server/app.ts';
import { loadConfig } from '../../../src/server/config.ts';
import { API, ok, roleByCode, tenantNodes, userIdOf } from '../../helpers/authorization.ts';
import { createTestDatabase, testDialects } from '../../helpers/databases.ts';
import { HARBOR, NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

const byId = (a: number, b: number) => a - b;

describe.each(testDialects())('workspace templates on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let alice: string;
  let bob: string;
  let harbor: string;
  let nodes: MenuNode[];
  beforeAll(async () => {
    t = await startTestApp(dialect);
    [admin, alice, bob, harbor] = await Promise.all([
      t.signIn('admin', NORTHWIND),
      t.signIn('alice', NORTHWIND),
      t.signIn('bob', NORTHWIND),
      t.signIn('harbor', HARBOR),
    ]);
    nodes = await tenantNodes(t, admin);
  });
  afterAll(() => t.close());

  const call = <T = unknown>(method: string, path: string, token: string, body?: unknown, query?: Record<string, number>) =>
    t.call<T>(method, `${API}/${path}`, { token, body, query });
  const node = (route: string) => nodes.find((n) => n.route === route)!;
  const section = (seedKey: string) => nodes.find((n) => n.seedKey === seedKey)!;
  const subtreeIds = (root: MenuNode) => flattenTree([root]).map((n) => n.id);
  const templates = (token: string) => ok<WorkspaceTemplate[]>(t, 'GET', 'workspaceTemplate/list', token);
  /** A customer page with its own menu entry under "Project dashboards", made through the page API. */
  const createPage = async (route: string, title: string) => {
    const { id } = await ok<{ id: number }>(t, 'POST', 'page/create', admin, {
      route,
      kind: 'page',
      published: true,
      config: { title, widgets: [] },
      menu: { parentId: section('customerPages').id },
    });
    return ok<{ id: number; resourceId: number | null }>(t, 'GET', 'page/detail', admin, undefined, { id });
  };

  it('seeds one template per tenant: Property operations for Northwind, Construction site for Harbor', async () => {
    const mine = await templates(admin);
    expect(mine.map((x) => x.name)).toEqual(['Property operations']);
    const detail = await ok<WorkspaceTemplateDetail>(t, 'GET', 'workspaceTemplate/detail', admin, undefined, { id: mine[0]!.id });
    const offered = new Set(detail.resourceIds);
    for (const route of ['/home', '/table/customerForm/form', '/docManage', '/dataAnalysisPlate', '/roche']) {
      expect(offered.has(node(route).id), route).toBe(true);
    }
    expect(offered.has(node('/drawing/pictureList').id)).toBe(false);
    expect(offered.has(node('/authorize/roleManage').id)).toBe(false);
    // The customer pages of the seed come with it.
    const pages = await ok<{ id: number; resourceId: number | null; kind: string }[]>(t, 'GET', 'page/list', admin);
    const customerPages = pages.filter((p) => p.resourceId !== null && subtreeIds(section('customerPages')).includes(p.resourceId));
    expect(detail.pageIds).toEqual(customerPages.map((p) => p.id).sort(byId));
    expect(detail.template).toMatchObject({ resourceCount: detail.resourceIds.length, pageCount: detail.pageIds.length });

    const theirs = await templates(harbor);
    expect(theirs.map((x) => x.name)).toEqual(['Construction site']);
    const harborDetail = await ok<WorkspaceTemplateDetail>(t, 'GET', 'workspaceTemplate/detail', harbor, undefined, { id: theirs[0]!.id });
    const harborRoutes = flattenTree(await ok<MenuNode[]>(t, 'GET', 'role/resourceTree', harbor))
      .filter((n) => harborDetail.resourceIds.includes(n.id))
      .map((n) => n.route);
    expect(harborRoutes).toEqual(expect.arrayContaining(['/drawing/pictureList', '/gantt-list', '/modelMag', '/follows']));
    expect(harborRoutes).not.toContain('/table/customerForm/form');
  });

  it('creates, updates and deletes a template; form and board ids are kept as given', async () => {
    const docs = node('/docManage');
    const created = await ok<WorkspaceTemplateDetail>(t, 'POST', 'workspaceTemplate/create', admin, {
      name: 'Document room',
      description: 'Documents only',
      resourceIds: [docs.id],
      pageIds: [],
      formIds: [7, 3],
      boardIds: [11],
    });
    expect(created).toMatchObject({
      template: { name: 'Document room', description: 'Documents only', resourceCount: 1, pageCount: 0 },
      resourceIds: [docs.id],
      pageIds: [],
      formIds: [3, 7],
      boardIds: [11],
    });
    const dup = await call('POST', 'workspaceTemplate/create', admin, { name: 'Document room', resourceIds: [], pageIds: [] });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/^name:/);

    t.clock.advance(1000);
    const updated = await ok<WorkspaceTemplateDetail>(t, 'POST', 'workspaceTemplate/update', admin, {
      id: created.template.id,
      name: 'Document room II',
      resourceIds: [docs.id, node('/home').id],
      pageIds: [],
    });
    expect(updated).toMatchObject({ template: { name: 'Document room II', description: '', resourceCount: 2 }, formIds: [3, 7], boardIds: [11] });
    expect(updated.template.updateTime > created.template.updateTime).toBe(true);

    await ok(t, 'POST', 'workspaceTemplate/delete', admin, { id: created.template.id });
    expect((await call('GET', 'workspaceTemplate/detail', admin, undefined, { id: created.template.id })).status).toBe(404);
  });

  it('answers 400 naming the field, and 404 for resources, pages and templates of another tenant', async () => {
    for (const [body, message] of [
      [{ name: 'X', resourceIds: [1, 1], pageIds: [] }, /^resourceIds: must NOT have duplicate items/],
      [{ name: 'X', resourceIds: [], pageIds: ['a'] }, /^pageIds\[0\]: must be integer/],
      [{ name: 'X', resourceIds: [], pageIds: [], formIds: ['F-1'] }, /^formIds\[0\]: must be integer/],
      [{ name: 'X', resourceIds: [] }, /^pageIds: is required/],
      [{ name: '', resourceIds: [], pageIds: [] }, /^name: must NOT have fewer than 1 characters/],
    ] as const) {
      const result = await call('POST', 'workspaceTemplate/create', admin, body);
      expect(result.status, JSON.stringify(body)).toBe(400);
      expect(result.body.message).toMatch(message);
    }
    const harborTemplate = (await templates(harbor))[0]!;
    const harborNode = flattenTree(await ok<MenuNode[]>(t, 'GET', 'role/resourceTree', harbor))[0]!;
    const harborPage = (await ok<{ id: number }[]>(t, 'GET', 'page/list', harbor))[0];
    expect((await call('GET', 'workspaceTemplate/detail', admin, undefined, { id: harborTemplate.id })).status).toBe(404);
    expect((await call('POST', 'workspaceTemplate/update', admin, { id: harborTemplate.id, name: 'Mine', resourceIds: [], pageIds: [] })).status).toBe(404);
    expect((await call('POST', 'workspaceTemplate/delete', admin, { id: harborTemplate.id })).status).toBe(404);
    const instantiate = await call('POST', 'workspaceTemplate/instantiate', admin, { id: harborTemplate.id, code: 'NW-X', name: 'X' });
    expect(instantiate.status).toBe(404);
    expect(instantiate.body.message).toBe('id: Workspace template not found');
    const create = await call('POST', 'management/workspace/create', admin, { code: 'NW-X', name: 'X', templateId: harborTemplate.id });
    expect(create.body.message).toBe('templateId: Workspace template not found');
    const resource = await call('POST', 'workspaceTemplate/create', admin, { name: 'Foreign', resourceIds: [harborNode.id], pageIds: [] });
    expect(resource.status).toBe(404);
    expect(resource.body.message).toBe('resourceIds[0]: Resource not found');
    if (harborPage) {
      const page = await call('POST', 'workspaceTemplate/create', admin, { name: 'Foreign', resourceIds: [], pageIds: [harborPage.id] });
      expect(page.status).toBe(404);
      expect(page.body.message).toBe('pageIds[0]: Page not found');
    }
    expect((await templates(admin)).map((x) => x.name)).not.toContain('Foreign');
    expect((await ok<ManagedWorkspace[]>(t, 'GET', 'management/workspace/list', admin)).map((w) => w.code)).not.toContain('NW-X');
  });

  it("instantiates a workspace whose menu is the template's resources and its pages' menu entries, with ancestors", async () => {
    const page = await createPage('/site-board', 'Site board');
    expect(page.resourceId).toEqual(expect.any(Number));
    const form = node('/table/customerForm/form');
    const template = await ok<WorkspaceTemplateDetail>(t, 'POST', 'workspaceTemplate/create', admin, {
      name: 'Site office',
      resourceIds: [form.id, node('/home').id],
      pageIds: [page.id],
    });
    const workspace = await ok<ManagedWorkspace>(t, 'POST', 'workspaceTemplate/instantiate', admin, {
      id: template.template.id,
      code: 'NW-SITE',
      name: 'Site office',
    });
    expect(workspace).toMatchObject({ code: 'NW-SITE', name: 'Site office', templateId: template.template.id, memberCount: 0 });
    const detail = await ok<ManagedWorkspaceDetail>(t, 'GET', 'management/workspace/detail', admin, undefined, { id: workspace.id });
    const expected = [form.id, node('/home').id, page.resourceId!, section('tables').id, section('customerPages').id].sort(byId);
    expect(detail.resourceIds).toEqual(expected);
    expect(workspace.resourceCount).toBe(expected.length);

    // A member holding the member role sees that menu in the new workspace at once.
    const aliceId = await userIdOf(t, admin, 'alice');
    await ok(t, 'POST', 'management/workspace/members', admin, { id: workspace.id, userIds: [aliceId] });
    const menu = flattenTree(
      await ok<MenuNode[]>(t, 'GET', 'workingSpace/user/function/tree', alice, undefined, { workingSpaceCode: 'NW-SITE' }),
    );
    expect(menu.map((n) => n.route).filter(Boolean).sort()).toEqual(['/home', '/site-board', '/table/customerForm/form']);

    const again = await call('POST', 'workspaceTemplate/instantiate', admin, { id: template.template.id, code: 'NW-SITE', name: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^code:/);
  });

  it('makes the same workspace through management/workspace/create with a templateId', async () => {
    const seedTemplate = (await templates(admin)).find((x) => x.name === 'Property operations')!;
    const detail = await ok<WorkspaceTemplateDetail>(t, 'GET', 'workspaceTemplate/detail', admin, undefined, { id: seedTemplate.id });
    const workspace = await ok<ManagedWorkspace>(t, 'POST', 'management/workspace/create', admin, {
      code: 'NW-OPS',
      name: 'Operations',
      templateId: seedTemplate.id,
    });
    expect(workspace.templateId).toBe(seedTemplate.id);
    const offered = (await ok<ManagedWorkspaceDetail>(t, 'GET', 'management/workspace/detail', admin, undefined, { id: workspace.id })).resourceIds;
    expect(offered).toEqual(expect.arrayContaining(detail.resourceIds));
  });

  it('drops deleted pages from a template; deleting a template leaves its workspaces their menus', async () => {
    const page = await createPage('/short-lived', 'Short lived');
    const template = await ok<WorkspaceTemplateDetail>(t, 'POST', 'workspaceTemplate/create', admin, {
      name: 'Short lived',
      resourceIds: [node('/home').id],
      pageIds: [page.id],
    });
    const workspace = await ok<ManagedWorkspace>(t, 'POST', 'workspaceTemplate/instantiate', admin, {
      id: template.template.id,
      code: 'NW-SHORT',
      name: 'Short',
    });
    await ok(t, 'POST', 'page/delete', admin, { id: page.id });
    const after = await ok<WorkspaceTemplateDetail>(t, 'GET', 'workspaceTemplate/detail', admin, undefined, { id: template.template.id });
    expect(after).toMatchObject({ pageIds: [], template: { pageCount: 0 } });

    await ok(t, 'POST', 'workspaceTemplate/delete', admin, { id: template.template.id });
    const kept = (await ok<ManagedWorkspace[]>(t, 'GET', 'management/workspace/list', admin)).find((w) => w.id === workspace.id)!;
    expect(kept.templateId).toBeNull();
    expect(kept.resourceCount).toBeGreaterThan(0);
  });

  it('refuses every template endpoint to a USER without workspace:manage (403 envelope)', async () => {
    const seedTemplate = (await templates(admin))[0]!;
    const requests: [string, string, unknown?, Record<string, number>?][] = [
      ['GET', 'workspaceTemplate/list'],
      ['GET', 'workspaceTemplate/detail', undefined, { id: seedTemplate.id }],
      ['POST', 'workspaceTemplate/create', { name: 'Mole', resourceIds: [], pageIds: [] }],
      ['POST', 'workspaceTemplate/update', { id: seedTemplate.id, name: 'Mole', resourceIds: [], pageIds: [] }],
      ['POST', 'workspaceTemplate/delete', { id: seedTemplate.id }],
      ['POST', 'workspaceTemplate/instantiate', { id: seedTemplate.id, code: 'NW-MOLE', name: 'Mole' }],
    ];
    for (const token of [alice, bob]) {
      for (const [method, path, body, query] of requests) {
        const result = await call(method, path, token, body, query);
        expect(result.status, path).toBe(403);
        expect(result.body).toMatchObject({ success: false, code: 403 });
      }
    }
    expect((await templates(admin)).find((x) => x.id === seedTemplate.id)?.name).toBe(seedTemplate.name);
  });

  it('lets a USER given workspace:manage through a role manage templates', async () => {
    const role = await ok<{ id: number }>(t, 'POST', 'role/create', admin, { code: 'planner', name: 'Planner', dataScope: 'workspace' });
    await ok(t, 'POST', 'role/grant', admin, { id: role.id, resourceIds: [nodes.find((n) => n.code === 'workspace:manage')!.id] });
    const viewer = await roleByCode(t, admin, 'viewer');
    const bobId = await userIdOf(t, admin, 'bob');
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [viewer.id, role.id] });
    expect((await templates(bob)).length).toBeGreaterThan(0);
    expect((await call('POST', 'workspaceTemplate/create', bob, { name: 'Bob layout', resourceIds: [], pageIds: [] })).status).toBe(200);
    await ok(t, 'POST', 'management/user/roles', admin, { userId: bobId, roleIds: [viewer.id] });
    expect((await call('GET', 'workspaceTemplate/list', bob)).status).toBe(403);
  });
});

describe.each(testDialects())('authorization seed on later starts on %s', (dialect) => {
  it('describes the seed roles and makes the templates once; what administrators changed stays changed', async () => {
    const database = await createTestDatabase(dialect);
    const config = { ...loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl, LOG_LEVEL: 'silent' }), webDir: '/none' };
    try {
      const first = await buildApp({ config });
      const db = first.services.db;
      const roles = await db.selectFrom('role').select(['code', 'description', 'data_scope', 'built_in']).orderBy('id').execute();
      expect(roles.filter((r) => r.code === 'member').map((r) => r.data_scope)).toEqual(['workspace', 'workspace']);
      expect(roles.filter((r) => r.code === 'viewer').map((r) => r.data_scope)).toEqual(['own', 'own']);
      expect(roles.every((r) => r.built_in === 1 && r.description !== null && r.description.length > 0)).toBe(true);
      expect((await db.selectFrom('workspace_template').select('name').orderBy('name').execute()).map((x) => x.name)).toEqual([
        'Construction site',
        'Property operations',
      ]);
      // An administrator deletes Harbor's template and rewrites a role.
      await db.deleteFrom('workspace_template').where('name', '=', 'Construction site').execute();
      await db.updateTable('role').set({ description: '', data_scope: 'tenant' }).where('code', '=', 'viewer').execute();
      await first.close();

      const second = await buildApp({ config });
      const again = second.services.db;
      expect((await again.selectFrom('workspace_template').select('name').execute()).map((x) => x.name)).toEqual(['Property operations']);
      expect(
        (await again.selectFrom('role').select(['description', 'data_scope']).where('code', '=', 'viewer').execute()).every(
          (r) => r.description === '' && r.data_scope === 'tenant',
        ),
      ).toBe(true);
      await second.close();
    } finally {
      await database.drop();
    }
  });
});
