// @vitest-environment happy-dom
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LANGUAGE_STORAGE_KEY,
  SUPPORTED_LANGUAGES,
  changeLanguage,
  createI18n,
  detectLanguage,
  directionOf,
  languageOf,
} from '../../../src/web/i18n/i18n.ts';
import { antdLocaleOf } from '../../../src/web/i18n/antd-locale.ts';
import { fileBackend } from '../../helpers/locales.ts';

const html = () => document.documentElement;

describe('supported languages', () => {
  it('are English, Simplified Chinese and Arabic, labelled in their own language', () => {
    expect(SUPPORTED_LANGUAGES).toEqual([
      { code: 'en', label: 'English' },
      { code: 'zh-CN', label: '简体中文' },
      { code: 'ar', label: 'العربية' },
    ]);
  });

  it('Arabic is written right to left, the others left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('ar-EG')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
    expect(directionOf('zh-CN')).toBe('ltr');
  });

  it('map to antd locales', () => {
    expect(antdLocaleOf('en').locale).toBe('en');
    expect(antdLocaleOf('zh-CN').locale).toBe('zh-cn');
    expect(antdLocaleOf('ar').locale).toBe('ar');
    expect(antdLocaleOf('ar').global?.close).toBe('إغلاق');
  });
});

describe('language detection', () => {
  const saved = (value: string | null) => ({ getItem: (key: string) => (key === LANGUAGE_STORAGE_KEY ? value : null) });

  it('prefers the choice saved under PT_LANG', () => {
    expect(detectLanguage({ storage: saved('ar'), preferred: ['zh-CN'] })).toBe('ar');
  });

  it('ignores a saved value that is no supported language', () => {
    expect(detectLanguage({ storage: saved('fr'), preferred: ['zh-CN'] })).toBe('zh-CN');
  });

  it('survives a storage that throws', () => {
    const blocked = {
      getItem(): string | null {
        throw new Error('SecurityError');
      },
    };
    expect(detectLanguage({ storage: blocked, preferred: ['ar'] })).toBe('ar');
  });

  it('maps browser languages to the nearest supported one', () => {
    expect(detectLanguage({ storage: saved(null), preferred: ['zh-TW'] })).toBe('zh-CN');
    expect(detectLanguage({ storage: saved(null), preferred: ['zh'] })).toBe('zh-CN');
    expect(detectLanguage({ storage: saved(null), preferred: ['ar-EG'] })).toBe('ar');
    expect(detectLanguage({ storage: saved(null), preferred: ['en_GB'] })).toBe('en');
    expect(detectLanguage({ storage: saved(null), preferred: ['fr-FR', 'de', 'ar-SA', 'en'] })).toBe('ar');
  });

  it('falls back to English', () => {
    expect(detectLanguage({ storage: saved(null), preferred: ['fr-FR', 'de'] })).toBe('en');
    expect(detectLanguage({ storage: undefined, preferred: [] })).toBe('en');
  });
});

describe('the page language', () => {
  beforeEach(() => {
    localStorage.clear();
    html().removeAttribute('lang');
    html().removeAttribute('dir');
  });
  afterEach(() => dayjs.locale('en'));

  it('starts in the saved language and sets <html lang dir> and dayjs', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'ar');
    const i18n = await createI18n({ backend: fileBackend });
    expect(languageOf(i18n)).toBe('ar');
    expect(html().lang).toBe('ar');
    expect(html().dir).toBe('rtl');
    expect(dayjs.locale()).toBe('ar');
    expect(i18n.t('title', { ns: 'login' })).toBe('تسجيل الدخول');
  });

  it('changeLanguage switches texts, direction, dayjs and remembers the choice', async () => {
    const i18n = await createI18n({ lng: 'en', backend: fileBackend });
    expect(html().dir).toBe('ltr');

    await changeLanguage('ar');
    expect(i18n.language).toBe('ar');
    expect(html().lang).toBe('ar');
    expect(html().dir).toBe('rtl');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
    expect(dayjs.locale()).toBe('ar');
    expect(i18n.t('errors:systemError')).toBe('خطأ في النظام');

    await changeLanguage('zh-CN', i18n);
    expect(html().lang).toBe('zh-CN');
    expect(html().dir).toBe('ltr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('zh-CN');
    expect(dayjs.locale()).toBe('zh-cn');
    expect(i18n.t('errors:notLoggedIn')).toBe('抱歉，您尚未登录');
  });

  it('a change made on the instance directly updates the page too', async () => {
    const i18n = await createI18n({ lng: 'en', backend: fileBackend });
    await i18n.changeLanguage('ar');
    expect(html().dir).toBe('rtl');
  });

  it('uses Arabic plural forms', async () => {
    const i18n = await createI18n({ lng: 'ar', backend: fileBackend });
    const unread = (count: number) => i18n.t('layout:header.unread', { count });
    expect(unread(0)).toBe('لا توجد إشعارات غير مقروءة');
    expect(unread(2)).toBe('إشعاران غير مقروءين');
    expect(unread(5)).toBe('5 إشعارات غير مقروءة');
    expect(unread(11)).toBe('11 إشعارًا غير مقروء');
  });
});
