import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MenuNode } from '../../../src/core/entities.ts';
import { toMenuItems } from '../../../src/core/menu-tree.ts';
import { createI18n } from '../../../src/web/i18n/i18n.ts';
import { menuKeyOfPath } from '../../../src/web/i18n/menu-keys.ts';
import { menuTitle, routeTitle, type MenuTitleSource } from '../../../src/web/i18n/menu-title.ts';
import { readSeedMenu } from '../../../src/server/seed/seed-files.ts';
import { fileBackend } from '../../helpers/locales.ts';

const node = (title: string, route: string | null, extra: Partial<MenuNode> = {}): MenuNode => ({
  id: 1,
  title,
  seedKey: null,
  route,
  resourceId: 1,
  type: 'MENU',
  icon: null,
  sort: 0,
  code: null,
  isLeaf: true,
  children: [],
  ...extra,
});

let zh: TFunction;
let ar: TFunction;
let en: TFunction;

beforeAll(async () => {
  zh = (await createI18n({ lng: 'zh-CN', backend: fileBackend })).t;
  ar = (await createI18n({ lng: 'ar', backend: fileBackend })).t;
  en = (await createI18n({ lng: 'en', backend: fileBackend })).t;
});

/** The title as a reader of `t`'s language sees it. */
const titleIn = (t: TFunction, node: MenuTitleSource) => menuTitle(t, node, t === zh ? 'zh-CN' : t === ar ? 'ar' : 'en');

describe('menuTitle', () => {
  it('shows a stored text in the reader\'s language, whether seeded or written by an administrator', () => {
    const title = { en: 'Site safety', 'zh-CN': '工地安全', ar: 'سلامة الموقع' };
    expect(titleIn(zh, node('x', '/data-analysis-plate/3', { title }))).toBe('工地安全');
    expect(titleIn(ar, { seedKey: 'formData', title })).toBe('سلامة الموقع');
    expect(titleIn(en, { title: { 'zh-CN': '巡检' } })).toBe('巡检');
  });
});

describe('menuTitle of plain titles stored before texts had languages', () => {
  it('translates by seed key when the node carries one', () => {
    expect(titleIn(zh, { seedKey: 'formData', title: 'Form data' })).toBe('表单数据');
    expect(titleIn(ar, { seedKey: 'formData', title: 'Form data', route: null })).toBe('بيانات النماذج');
  });

  it('translates flat keys that contain a dot', () => {
    expect(titleIn(zh, { seedKey: 'forms.create', title: 'Create form' })).toBe('新建表单');
  });

  it('translates a route-less section of the API menu by its seed key, in the sidebar items too', () => {
    const section = node('Forms & tables', null, { seedKey: 'tables', isLeaf: false, children: [node('Form data', '/table/formData', { seedKey: 'formData' })] });
    expect(titleIn(zh, section)).toBe('表单与表格');
    expect(titleIn(ar, section)).toBe('النماذج والجداول');
    expect(titleIn(en, section)).toBe('Forms & tables');
    // Without its seed key nothing else names it: no route, no function point code.
    expect(titleIn(zh, { ...section, seedKey: null })).toBe('Forms & tables');

    const [item] = toMenuItems([section]);
    expect(item!.seedKey).toBe('tables');
    expect(titleIn(zh, item!)).toBe('表单与表格');
    expect(titleIn(ar, item!.children[0]!)).toBe('بيانات النماذج');
  });

  it('translates every route-less top-level section of the seed menu by its seed key', () => {
    const sections = readSeedMenu().filter((entry) => !entry.route);
    expect(sections.length).toBeGreaterThan(5);
    for (const entry of sections) {
      const section = node(entry.title, null, { seedKey: entry.key });
      for (const [name, t] of [['zh-CN', zh], ['ar', ar]] as const) {
        const title = titleIn(t, section);
        expect(title, `${name}: ${entry.key}`).not.toBe(entry.title);
        expect(title, `${name}: ${entry.key}`).toBe(t(entry.key, { ns: 'menu', keySeparator: false }));
      }
    }
  });

  it('else translates an API menu node by its route', () => {
    expect(titleIn(zh, node('Form data', '/table/formData'))).toBe('表单数据');
    expect(titleIn(ar, node('Drawing register', '/drawing/pictureList'))).toBe('سجل المخططات');
    expect(titleIn(zh, node('Fill in', '/table/fill/:id', { type: 'PAGE' }))).toBe('填报');
  });

  it('else translates a button by its function point code', () => {
    expect(titleIn(zh, node('Export records', null, { type: 'BUTTON', code: 'record:export' }))).toBe('导出记录');
  });

  it('prefers the route over an unknown seed key', () => {
    expect(titleIn(zh, { seedKey: 'tenantOwnKey', title: 'Form data', route: '/table/formData' })).toBe('表单数据');
  });

  it('works on client menu items, whose numeric keys are no seed keys', () => {
    const [home] = toMenuItems([node('Home', '/home')]);
    expect(home!.key).toBe('1');
    expect(titleIn(zh, home!)).toBe('首页');
  });

  it('keeps the stored title of a menu a tenant administrator added', () => {
    expect(titleIn(zh, node('Site inspections', '/website/42'))).toBe('Site inspections');
    expect(titleIn(zh, node('Quality reports', null))).toBe('Quality reports');
    expect(titleIn(zh, node('Export to ERP', null, { type: 'BUTTON', code: 'erp:export' }))).toBe('Export to ERP');
  });

  it('keeps the stored title of a seeded menu that was renamed', () => {
    expect(titleIn(zh, node('Inspection records', '/table/formData'))).toBe('Inspection records');
    expect(titleIn(zh, { seedKey: 'formData', title: '巡检记录' })).toBe('巡检记录');
  });

  it('shows the seed title in English', () => {
    expect(titleIn(en, node('Drawing register', '/drawing/pictureList'))).toBe('Drawing register');
  });
});

describe('routeTitle', () => {
  it('names concrete pathnames through the route table', () => {
    expect(menuKeyOfPath('/table/fill/42')).toBe('fill');
    expect(menuKeyOfPath('/table/staging/7')).toBe('stagingFill');
    expect(routeTitle(zh, '/table/fill/42')).toBe('填报');
    expect(routeTitle(ar, '/login')).toBe('تسجيل الدخول');
    expect(routeTitle(zh, '/no/such/page')).toBeUndefined();
  });
});
