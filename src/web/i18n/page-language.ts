import dayjs from 'dayjs';
// dayjs registers each locale on import; English is built in.
import 'dayjs/locale/zh-cn';
import 'dayjs/locale/ar';
import { directionOf } from './languages.ts';
import type { SupportedLanguage } from './languages.ts';

const DAYJS_LOCALES: Record<SupportedLanguage, string> = { en: 'en', 'zh-CN': 'zh-cn', ar: 'ar' };

/**
 * Points the page at a language: `<html lang dir>` (screen readers, fonts, and the RTL
 * mirroring of CSS logical properties) and the dayjs locale used by dates and antd pickers.
 */
export function applyPageLanguage(lng: SupportedLanguage): void {
  dayjs.locale(DAYJS_LOCALES[lng]);
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lng;
  document.documentElement.dir = directionOf(lng);
}
