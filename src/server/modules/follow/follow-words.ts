import ar from '../../../../locales/ar/follows.json';
import en from '../../../../locales/en/follows.json';
import zhCN from '../../../../locales/zh-CN/follows.json';
import type { FollowPriority, FollowStatus } from '../../../core/contracts/follows.ts';
import { textIn, type LocalTexts, type TextLanguage } from '../../../core/local-text.ts';

/**
 * The words of a follow-up's status and priority in files the server writes (the xlsx export,
 * the PDF report): the very words the screens show, read from the browser's locale files, so a
 * status reads the same on the screen, in the spreadsheet and on paper in every language.
 */

const LOCALES: Record<TextLanguage, { status: Record<FollowStatus, string>; priority: Record<FollowPriority, string> }> = { en, 'zh-CN': zhCN, ar };

function wordsOf<K extends string>(pick: (locale: (typeof LOCALES)[TextLanguage]) => Record<K, string>, key: K): LocalTexts {
  return Object.fromEntries(Object.entries(LOCALES).map(([lng, locale]) => [lng, pick(locale)[key]]));
}

/** A status as a reader of `lng` reads it (English when the language is not shipped). */
export const statusWord = (status: FollowStatus, lng: string): string => textIn(wordsOf((l) => l.status, status), lng);

/** A priority as a reader of `lng` reads it. */
export const priorityWord = (priority: FollowPriority, lng: string): string => textIn(wordsOf((l) => l.priority, priority), lng);
