import { describe, expect, it } from 'vitest';
import { FORM_NAME_MAX, formCreateBody, formUpdateBody } from '../../src/core/contracts/form.ts';
import { plateCreateBody } from '../../src/core/contracts/plates.ts';
import { roleCreateBody } from '../../src/core/contracts/role.ts';
import {
  everyText,
  localTextSchema,
  mapText,
  normalizeText,
  readStoredText,
  storedText,
  textIn,
  textMatches,
  type LocalText,
} from '../../src/core/local-text.ts';
import { pageConfigValidator } from '../../src/core/pages/validate-page-config.ts';
import { validateFormDesign } from '../../src/core/forms/validate-form-design.ts';
import { createAjv } from '../../src/core/validation/ajv.ts';

const title: LocalText = { en: 'Fire safety inspections', 'zh-CN': '消防安全检查', ar: 'عمليات التفتيش على السلامة من الحرائق' };

describe('textIn: the reader\'s language, else English, else any', () => {
  it('reads a plain text the same in every language', () => {
    expect(textIn('Site safety', 'ar')).toBe('Site safety');
    expect(textIn(null, 'en')).toBe('');
  });

  it('picks the exact language first', () => {
    expect(textIn(title, 'zh-CN')).toBe('消防安全检查');
    expect(textIn(title, 'ar')).toBe('عمليات التفتيش على السلامة من الحرائق');
  });

  it('takes a variant of the same language (zh-TW reads zh-CN, ar-EG reads ar)', () => {
    expect(textIn(title, 'zh-TW')).toBe('消防安全检查');
    expect(textIn(title, 'ar-EG')).toBe('عمليات التفتيش على السلامة من الحرائق');
  });

  it('falls back to English, then to the first language the text has', () => {
    expect(textIn({ en: 'Budget', ar: 'الميزانية' }, 'zh-CN')).toBe('Budget');
    expect(textIn({ ar: 'الميزانية' }, 'zh-CN')).toBe('الميزانية');
    expect(textIn({ 'zh-CN': '预算', ar: 'الميزانية' }, 'en')).toBe('预算');
  });

  it('skips a language left blank', () => {
    expect(textIn({ en: 'Budget', 'zh-CN': '  ' }, 'zh-CN')).toBe('Budget');
  });
});

describe('search over texts', () => {
  it('finds a text by any of its languages', () => {
    expect(everyText(title)).toHaveLength(3);
    expect(textMatches(title, '消防')).toBe(true);
    expect(textMatches(title, 'fire')).toBe(true);
    expect(textMatches('Site safety', 'safety')).toBe(true);
    expect(textMatches(title, 'budget')).toBe(false);
  });
});

describe('normalizing and storing', () => {
  it('drops empty languages and trims; nothing left is the empty text', () => {
    expect(normalizeText({ en: ' Budget ', 'zh-CN': '', ar: ' ' })).toEqual({ en: 'Budget' });
    expect(normalizeText({ en: '' })).toBe('');
    expect(normalizeText('As is ')).toBe('As is ');
  });

  it('keeps a plain text as it is in its column and a text in several languages as JSON, reading both back', () => {
    expect(storedText('Site safety')).toBe('Site safety');
    expect(readStoredText(storedText(title))).toEqual(title);
    expect(readStoredText('Site safety')).toBe('Site safety');
    // A plain text that only looks like JSON stays text.
    expect(readStoredText('{not json')).toBe('{not json');
    expect(readStoredText('{"x":"y"}')).toBe('{"x":"y"}');
  });

  it('changes each language alike', () => {
    expect(mapText(title, (each) => `${each} (copy)`)).toMatchObject({ en: 'Fire safety inspections (copy)', 'zh-CN': '消防安全检查 (copy)' });
  });
});

describe('the schema of a text', () => {
  // Schemas as plain objects: ajv would otherwise infer a data type from each deep literal.
  const validate = createAjv().compile(localTextSchema({ minLength: 1, maxLength: 10, pattern: '\\S' }) as object);

  it('accepts a plain string and an object of languages', () => {
    expect(validate('Budget')).toBe(true);
    expect(validate({ en: 'Budget', 'zh-CN': '预算' })).toBe(true);
  });

  it('holds each language to the string\'s rules and refuses unknown languages and empty objects', () => {
    expect(validate({ en: 'A text far too long' })).toBe(false);
    expect(validate({ en: '   ' })).toBe(false);
    expect(validate({ fr: 'Budget' })).toBe(false);
    expect(validate({})).toBe(false);
    expect(validate(42)).toBe(false);
  });

  it('is what the role and plate contracts accept', () => {
    const role = createAjv().compile(roleCreateBody as object);
    expect(role({ code: 'inspector', name: { en: 'Inspector', ar: 'مفتش' }, dataScope: 'own' })).toBe(true);
    expect(role({ code: 'inspector', name: { en: '<b>' }, dataScope: 'own' })).toBe(false);
    const plate = createAjv().compile(plateCreateBody as object);
    expect(plate({ name: { 'zh-CN': '看板' }, description: { en: 'Scores' }, config: {} })).toBe(true);
  });

  it('is what a form\'s name may be: one string or languages, each 1-80 characters and not only spaces', () => {
    const create = createAjv().compile(formCreateBody as object);
    const update = createAjv().compile(formUpdateBody as object);
    const good: unknown[] = ['Boiler check', { en: 'Boiler check', 'zh-CN': '锅炉检查', ar: 'فحص المرجل' }, { ar: 'فحص' }, { 'zh-CN': '长'.repeat(FORM_NAME_MAX) }];
    const bad: unknown[] = ['', '  ', 'x'.repeat(FORM_NAME_MAX + 1), {}, [], 7, { fr: 'Forme' }, { en: '' }, { en: 'Fine', ar: ' ' }, { en: 'Fine', 'zh-CN': 8 }];
    for (const name of good) {
      expect(create({ name }), JSON.stringify(name)).toBe(true);
      expect(update({ id: 1, revision: 1, name }), JSON.stringify(name)).toBe(true);
    }
    for (const name of bad) {
      expect(create({ name }), JSON.stringify(name)).toBe(false);
      expect(update({ id: 1, revision: 1, name }), JSON.stringify(name)).toBe(false);
    }
  });

  it('is what the page and form meta-schemas refer to', () => {
    const check = pageConfigValidator({});
    const config = { version: 1, title, filters: [{ id: 'b', type: 'select', label: { en: 'Buildings', ar: 'المباني' }, field: 'building', options: [] }], widgets: [{ id: 'w', type: 'text', title: { 'zh-CN': '说明' }, grid: { x: 0, y: 0, w: 4, h: 2 } }] };
    expect(check(config).filter((problem) => !problem.path.startsWith('widgets[0].type') && !problem.path.startsWith('widgets[0].props'))).toEqual([]);
    expect(check({ ...config, title: { en: '' } }).map((problem) => problem.path)).toContain('title');
    const design = { version: 1, items: [{ key: 'score', type: 'number', label: { en: 'Score', 'zh-CN': '得分' } }] };
    expect(validateFormDesign(design)).toEqual([]);
    expect(validateFormDesign({ ...design, items: [{ key: 'score', type: 'number', label: { de: 'Punkte' } }] }).length).toBeGreaterThan(0);
  });
});
