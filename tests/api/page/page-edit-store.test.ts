import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/entities.ts';
import { flattenTree } from '../../../src/core/menu-tree.ts';
import { adminApi, type AdminApi } from '../../../src/web/api/admin-endpoints.ts';
import { shellApi } from '../../../src/web/api/endpoints.ts';
import { pageApi } from '../../../src/web/api/page-endpoints.ts';
import { PageEditStore, type PageEditSources, type PageSettings } from '../../../src/web/pages/page-admin/page-edit-store.ts';
import { configText, pageTemplate } from '../../../src/web/pages/page-admin/page-templates.ts';
import { testDialects } from '../../helpers/databases.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';
import { webRequest } from '../../helpers/web-request.ts';

const TEXTS = { title: 'Boiler house', intro: 'Heat and hot water.', kpi: 'Open', chart: 'By category', table: 'Latest' };

/** The page editor's store over the browser's request layer, against the real server. */
describe.each(testDialects())('page editor store on %s', (dialect) => {
  let t: TestApp;
  let api: AdminApi;
  let sources: PageEditSources;
  let customerPages: MenuNode;
  const toasts: string[] = [];

  beforeAll(async () => {
    t = await startTestApp(dialect);
    const token = await t.signIn('admin', NORTHWIND);
    const http = webRequest(t, token, '/pageManage/edit/new', toasts);
    api = adminApi(http);
    sources = { api, datasets: pageApi(http).datasets, menuTree: shellApi(http).currentTree };
    customerPages = flattenTree(await shellApi(http).currentTree()).find((node) => node.seedKey === 'customerPages')!;
  });
  afterAll(() => t?.close());

  const started = async (id: number | null, text = configText(pageTemplate('dashboard', TEXTS))) => {
    const store = new PageEditStore(sources, id);
    await store.start(text);
    await store.datasets.load(); // checked against the tenant's datasets from here on
    store.analyseNow();
    return store;
  };
  const inMenu = (extra: Partial<PageSettings> = {}): PageSettings => ({
    route: '/boiler-house',
    kind: 'page',
    published: true,
    inMenu: true,
    menu: { parentId: customerPages.id },
    ...extra,
  });

  it('creates a page from a template with a menu entry, then loads it clean', async () => {
    const store = await started(null);
    expect(store.problems).toEqual([]);
    expect(store.previewConfig?.title).toBe('Boiler house');
    expect(store.dirty).toBe(false);
    const saved = await store.save(inMenu({ menu: { parentId: customerPages.id, icon: 'FireOutlined' } }));
    expect(store.dirty).toBe(false);

    const reopened = await started(saved.id);
    expect(reopened.text).toBe(store.text);
    expect(reopened.dirty).toBe(false);
    expect(reopened.detail.data?.page).toMatchObject({ route: '/boiler-house', menu: { parentId: customerPages.id, title: 'Boiler house', icon: 'FireOutlined' } });
    expect(reopened.menuTree.data).not.toBeNull();
  });

  it('renames the entry, clears its icon, then takes the page out of the menu, which removes the entry', async () => {
    const [created] = (await api.pages()).filter((page) => page.route === '/boiler-house');
    const store = await started(created!.id);
    const entryId = store.detail.data!.page!.resourceId!;
    await store.save(inMenu({ menu: { parentId: customerPages.id, title: 'Boilers' } }));
    expect((await api.pageDetail(created!.id)).menu).toMatchObject({ id: entryId, title: 'Boilers', icon: null });

    await store.detail.load();
    await store.save(inMenu({ inMenu: false }));
    const detail = await api.pageDetail(created!.id);
    expect(detail.menu).toBeNull();
    expect(flattenTree(await sources.menuTree()).some((node) => node.id === entryId)).toBe(false);
  });

  it('marks problems as the text changes, and keeps the last drawable preview', async () => {
    const store = await started(null);
    const good = store.previewConfig;
    store.setText(store.text.replace('"kind": "bar"', '"kind": "donut"'));
    expect(store.dirty).toBe(true);
    store.analyseNow();
    expect(store.problems.map((p) => p.path)).toEqual(['widgets[1].props.kind']);
    store.setText(store.text.replace('"title": "Boiler house"', '"title": ""'));
    store.analyseNow();
    expect(store.problems.map((p) => p.path)).toContain('title');
    expect(store.previewBehind).toBe(true);
    expect(store.previewConfig).toBe(good);
    store.dispose();
  });

  it('places what the server refuses: the config in the text, a taken route and a bad parent beside their fields', async () => {
    // A dataset the tenant lacks, sent as it is: the server's answer is marked in the text.
    const config = pageTemplate('dashboard', TEXTS);
    config.widgets[0]!.data!.dataset = 'boilers';
    const store = new PageEditStore(sources, null);
    await store.start(configText(config));
    const refusedConfig = await store.save(inMenu({ route: '/boilers-2' })).catch((failure: unknown) => store.placeFailure(failure, 'failed'));
    expect(refusedConfig).toMatchObject({ at: 'config', problem: { path: 'widgets[0].data.dataset', source: 'server' } });
    expect(store.problems.filter((p) => p.source === 'server').map((p) => store.text.slice(p.from, p.to))).toEqual(['"dataset": "boilers"']);
    store.setText(`${store.text} `);
    expect(store.problems.filter((p) => p.source === 'server')).toEqual([]); // the text it was about has changed

    const fresh = await started(null);
    const taken = await fresh.save(inMenu({ route: '/roche' })).catch((failure: unknown) => fresh.placeFailure(failure, 'failed'));
    expect(taken).toEqual({ at: 'field', field: ['route'], text: 'Another page already answers at /roche' });
    const badParent = await fresh.save(inMenu({ route: '/boilers-3', menu: { parentId: 999_999 } })).catch((failure: unknown) => fresh.placeFailure(failure, 'failed'));
    expect(badParent).toEqual({ at: 'field', field: ['menu', 'parentId'], text: 'no menu of this tenant has this id' });
    expect(toasts).toEqual([]); // form writes say it in place, not in a toast
  });
});
