import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlateDetail, PlateListItem } from '../../../src/core/contracts/plates.ts';
import type { Role } from '../../../src/core/contracts/role.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import type { NotifySummary } from '../../../src/core/entities.ts';
import { textIn } from '../../../src/core/local-text.ts';
import { flattenTree } from '../../../src/core/menu-tree.ts';
import { API, ok } from '../../helpers/authorization.ts';
import { testDialects } from '../../helpers/databases.ts';
import { menuNodes } from '../../helpers/pages.ts';
import { NORTHWIND, startTestApp, type TestApp } from '../../helpers/test-app.ts';

/** Stored texts (menu titles, role names, plate names and captions) are a string or a text per language. */
describe.each(testDialects())('stored texts in several languages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.signIn('admin', NORTHWIND);
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown) => t.call<PlateDetail>('POST', `${API}/${path}`, { token: admin, body });

  it('seeds the demo menu, roles, pages, plates and forms in English, Chinese and Arabic', async () => {
    const nodes = flattenTree(await menuNodes(t, admin));
    expect(nodes.find((n) => n.seedKey === 'tables')?.title).toEqual({ en: 'Forms & tables', 'zh-CN': '表单与表格', ar: 'النماذج والجداول' });
    const roles = await ok<Role[]>(t, 'GET', 'role/list', admin);
    expect(roles.find((r) => r.code === 'viewer')?.name).toMatchObject({ 'zh-CN': '查看者', ar: 'مُطّلع' });

    const plates = (await ok<PageResult<PlateListItem>>(t, 'GET', 'board/plate/list', admin)).list;
    const fire = plates.find((p) => textIn(p.name, 'en') === 'Fire safety inspections')!;
    expect(fire.name).toMatchObject({ 'zh-CN': '消防安全检查' });
    // The plate's menu entry and its config carry the same texts; captions and filter labels too.
    expect(nodes.find((n) => n.id === fire.resourceId)?.title).toEqual(fire.name);
    const detail = await ok<PlateDetail>(t, 'GET', 'board/plate/detail', admin, undefined, { id: fire.id });
    expect(detail.config.title).toEqual(fire.name);
    expect(detail.config.filters?.find((f) => f.id === 'building')?.label).toMatchObject({ ar: 'المباني' });
    expect(detail.config.widgets.find((w) => w.id === 'score')?.title).toMatchObject({ 'zh-CN': '平均得分' });

    const pages = await ok<{ title: unknown; route: string | null }[]>(t, 'GET', 'page/list', admin);
    expect(pages.find((p) => p.route === '/roche')?.title).toMatchObject({ 'zh-CN': '罗氏园区 · 运营' });

    const form = await t.app.services.db.selectFrom('form').select('design').where('seed_key', '=', 'fire-safety-inspection').executeTakeFirstOrThrow();
    // PostgreSQL hands a JSON column back parsed.
    expect(typeof form.design === 'string' ? form.design : JSON.stringify(form.design)).toContain('"zh-CN":"检查日期"');
  });

  it('accepts a plate named in several languages, with translated captions, and returns the texts as sent', async () => {
    const name = { en: 'Energy watch', 'zh-CN': '能耗观察', ar: 'مراقبة الطاقة' };
    const config = {
      title: 'ignored',
      filters: [{ id: 'period', type: 'dateRange', label: { en: 'Period', ar: 'الفترة' }, field: 'reportedAt' }],
      widgets: [{ id: 'note', type: 'markdown', title: { en: 'About', 'zh-CN': '说明' }, grid: { x: 0, y: 0, w: 6, h: 4 }, props: { content: 'x' } }],
    };
    const created = await post('board/plate/create', { name, description: { en: 'Meters', ar: 'العدادات' }, config });
    expect(created.status, created.body.message).toBe(200);
    const plate = created.body.data;
    expect(plate).toMatchObject({ name, description: { en: 'Meters', ar: 'العدادات' } });
    expect(plate.config.title).toEqual(name);
    expect(plate.config.widgets[0]!.title).toEqual({ en: 'About', 'zh-CN': '说明' });

    // In the menu under a title in two languages; a plain string stays valid and plain.
    const parent = flattenTree(await menuNodes(t, admin)).find((n) => n.seedKey === 'analysis')!;
    const published = await post('board/plate/publish', { id: plate.id, menu: { parentId: parent.id, title: { en: 'Energy', 'zh-CN': '能耗' } } });
    expect(published.body.data.menu?.title).toEqual({ en: 'Energy', 'zh-CN': '能耗' });
    const renamed = await post('board/plate/rename', { id: plate.id, revision: published.body.data.revision, name: 'Energy (all languages)' });
    expect(renamed.body.data.name).toBe('Energy (all languages)');

    // Search finds a plate by any of its languages.
    const found = await ok<PageResult<PlateListItem>>(t, 'GET', 'board/plate/list', admin, undefined, { keyword: '维修' });
    expect(found.list.map((p) => textIn(p.name, 'en'))).toContain('Maintenance backlog');
  });

  it('refuses a text in an unknown language, an empty language or a too long one, naming the field', async () => {
    const config = { title: 'x', widgets: [] };
    for (const name of [{ fr: 'Énergie' }, { en: '' }, {}, { en: 'x'.repeat(81) }]) {
      const refused = await post('board/plate/create', { name, config });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body.message).toContain('name');
    }
    const badCaption = await post('board/plate/create', { name: 'Caption check', config: { title: 'x', widgets: [{ id: 'a', type: 'markdown', title: { de: 'Hinweis' }, grid: { x: 0, y: 0, w: 4, h: 2 }, props: { content: 'x' } }] } });
    expect(badCaption.status).toBe(400);
  });

  it('keeps a role named and described in several languages, and a plain one', async () => {
    const created = await t.call<Role>('POST', `${API}/role/create`, {
      token: admin,
      body: { code: 'inspector', name: { en: 'Inspector', 'zh-CN': '检查员', ar: 'مفتش' }, description: { en: 'Walks the sites.', 'zh-CN': '巡视工地。' }, dataScope: 'own' },
    });
    expect(created.status, created.body.message).toBe(200);
    expect(created.body.data).toMatchObject({ name: { en: 'Inspector', 'zh-CN': '检查员', ar: 'مفتش' }, description: { en: 'Walks the sites.', 'zh-CN': '巡视工地。' } });
    const updated = await ok<Role>(t, 'POST', 'role/update', admin, { id: created.body.data.id, name: 'Site inspector', dataScope: 'own' });
    expect(updated).toMatchObject({ name: 'Site inspector', description: '' });
    const refused = await t.call('POST', `${API}/role/update`, { token: admin, body: { id: created.body.data.id, name: { en: '<b>bold</b>' }, dataScope: 'own' } });
    expect(refused.status).toBe(400);
  });

  it('stores a task\'s notification as a kind with parameters, beside its English text', async () => {
    const { db } = t.app.services;
    const northwind = await db.selectFrom('tenant').select('id').where('code', '=', 'northwind').executeTakeFirstOrThrow();
    const row = await db
      .selectFrom('notify')
      .select(['user_id', 'title', 'kind', 'params'])
      .where('tenant_id', '=', northwind.id)
      .where('kind', '=', 'approvalNeeded')
      .orderBy('id')
      .executeTakeFirstOrThrow();
    expect(row.title).toMatch(/^Approval needed: /);
    const params = JSON.parse(row.params!) as { form: unknown; record: string; node: unknown };
    // The step's name is a stored text: one string, or one per language.
    expect(params).toMatchObject({ form: expect.anything(), record: expect.any(String), node: expect.anything() });
    const user = await db.selectFrom('app_user').select('username').where('id', '=', row.user_id).executeTakeFirstOrThrow();
    const summary = (await t.call<NotifySummary>('GET', '/proptech_notify/notify', { token: await t.signIn(user.username, NORTHWIND) })).body.data;
    expect(summary.latest.some((n) => n.kind === 'approvalNeeded' && n.params?.record)).toBe(true);
  });
});
