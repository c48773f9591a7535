/** The interface languages Plinth ships, and how a browser's preferences map onto them. */

export const SUPPORTED_LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh-CN', label: '简体中文' },
  { code: 'ar', label: 'العربية' },
] as const;

export type SupportedLanguage = (typeof SUPPORTED_LANGUAGES)[number]['code'];

export const FALLBACK_LANGUAGE: SupportedLanguage = 'en';

/** localStorage key holding the language the user picked. */
export const LANGUAGE_STORAGE_KEY = 'PT_LANG';

const CODES: readonly string[] = SUPPORTED_LANGUAGES.map((language) => language.code);

export function isSupportedLanguage(value: unknown): value is SupportedLanguage {
  return typeof value === 'string' && CODES.includes(value);
}

const primarySubtag = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];

/**
 * Maps a BCP 47 tag such as `zh-TW`, `ar-EG` or `en_GB` to a shipped language: an exact
 * match first, then the same primary language (every Chinese variant gets Simplified
 * Chinese, which its readers understand better than the English fallback).
 */
export function matchSupportedLanguage(tag: string): SupportedLanguage | undefined {
  const exact = SUPPORTED_LANGUAGES.find((language) => language.code.toLowerCase() === tag.toLowerCase());
  if (exact) return exact.code;
  const primary = primarySubtag(tag);
  return SUPPORTED_LANGUAGES.find((language) => primarySubtag(language.code) === primary)?.code;
}

export function directionOf(lng: string): 'rtl' | 'ltr' {
  return primarySubtag(lng) === 'ar' ? 'rtl' : 'ltr';
}

export interface LanguageSources {
  storage?: Pick<Storage, 'getItem'> | undefined;
  /** The browser's preferred languages, most preferred first. */
  preferred?: readonly string[] | undefined;
}

function defaultSources(): LanguageSources {
  const hasNavigator = typeof navigator !== 'undefined';
  return {
    storage: readableLocalStorage(),
    preferred: hasNavigator ? (navigator.languages?.length ? navigator.languages : [navigator.language]) : [],
  };
}

/** The saved choice, else the first browser language we ship, else English. */
export function detectLanguage(sources: LanguageSources = defaultSources()): SupportedLanguage {
  const saved = safely(() => sources.storage?.getItem(LANGUAGE_STORAGE_KEY));
  if (isSupportedLanguage(saved)) return saved;
  for (const tag of sources.preferred ?? []) {
    const match = tag ? matchSupportedLanguage(tag) : undefined;
    if (match) return match;
  }
  return FALLBACK_LANGUAGE;
}

/** Remembers the user's choice; a blocked storage (private mode, policy) only loses the memory. */
export function saveLanguage(lng: SupportedLanguage, storage = readableLocalStorage()): void {
  safely(() => storage?.setItem(LANGUAGE_STORAGE_KEY, lng));
}

function readableLocalStorage(): Storage | undefined {
  // Reading `localStorage` itself throws when the browser blocks storage for the page.
  return safely(() => (typeof localStorage === 'undefined' ? undefined : localStorage));
}

function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
