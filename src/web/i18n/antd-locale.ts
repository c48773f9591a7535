// The ES build of antd's locales, so they share modules with `antd` itself (the
// `antd/locale/*` entry points are CommonJS re-exports of the `lib` build).
import arEG from 'antd/es/locale/ar_EG';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { Locale } from 'antd/es/locale';
import type { SupportedLanguage } from './languages.ts';

// Static imports: each is a few kilobytes and <ConfigProvider locale> needs one synchronously.
const ANTD_LOCALES: Record<SupportedLanguage, Locale> = { en: enUS, 'zh-CN': zhCN, ar: arEG };

/** antd's component texts (pagination, pickers, modals, ...) for a language. */
export function antdLocaleOf(lng: SupportedLanguage): Locale {
  return ANTD_LOCALES[lng];
}
