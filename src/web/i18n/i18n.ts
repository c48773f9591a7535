import i18next from 'i18next';
import type { BackendModule, InitOptions, Newable, i18n as I18n } from 'i18next';
import HttpBackend from 'i18next-http-backend';
import type { HttpBackendOptions } from 'i18next-http-backend';
import { getI18n, initReactI18next } from 'react-i18next';
import {
  FALLBACK_LANGUAGE,
  SUPPORTED_LANGUAGES,
  detectLanguage,
  isSupportedLanguage,
  saveLanguage,
} from './languages.ts';
import type { SupportedLanguage } from './languages.ts';
import { applyPageLanguage } from './page-language.ts';

export { SUPPORTED_LANGUAGES, FALLBACK_LANGUAGE, LANGUAGE_STORAGE_KEY, directionOf, detectLanguage } from './languages.ts';
export type { SupportedLanguage } from './languages.ts';

// Translation loader limits of spec §9, set explicitly so a change of i18next's defaults
// cannot change them.
/** At most this many locale files are requested at once; further reads queue. */
export const MAX_PARALLEL_READS = 10;
/** A read that fails with a retryable error (network, HTTP 5xx) is retried this many times. */
export const MAX_RETRIES = 5;
/** Wait before the first retry; i18next doubles it before each further one (350, 700, 1400, ...). */
export const RETRY_TIMEOUT_MS = 350;

export const NAMESPACES = ['common', 'login', 'layout', 'menu', 'errors', 'widgets', 'admin', 'forms', 'docs', 'drawings', 'sheetViewer', 'markups', 'follows', 'followSettings', 'schedules'] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const DEFAULT_NAMESPACE: Namespace = 'common';

/** Locale files are served unhashed from the site root (built by scripts/vite/vite-locales-plugin.ts). */
export const LOCALES_LOAD_PATH = '/locales/{{lng}}/{{ns}}.json';

export interface CreateI18nOptions {
  /** Language to start in; detected (saved choice, then browser languages) when left out. */
  lng?: SupportedLanguage;
  /** Replaces the HTTP backend, e.g. with an in-memory one. */
  backend?: BackendModule | Newable<BackendModule>;
  /** Extra options for the HTTP backend, e.g. a custom `request` function. */
  http?: HttpBackendOptions;
}

/** The i18next init options: every namespace of one language plus the English fallback. */
export function i18nInitOptions(lng: SupportedLanguage, http: HttpBackendOptions = {}): InitOptions<HttpBackendOptions> {
  return {
    lng,
    supportedLngs: SUPPORTED_LANGUAGES.map((language) => language.code),
    fallbackLng: FALLBACK_LANGUAGE,
    // Only the exact code: there is no `zh` folder beside `zh-CN` to request.
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: DEFAULT_NAMESPACE,
    maxParallelReads: MAX_PARALLEL_READS,
    maxRetries: MAX_RETRIES,
    retryTimeout: RETRY_TIMEOUT_MS,
    backend: { loadPath: LOCALES_LOAD_PATH, ...http },
    // React escapes rendered text itself.
    interpolation: { escapeValue: false },
  };
}

/**
 * Creates and initializes an i18next instance bound to react-i18next (the last one created
 * is the one `useTranslation` and `changeLanguage` use). Resolves once every namespace of
 * the starting language has loaded or failed for good.
 */
export async function createI18n(options: CreateI18nOptions = {}): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(options.backend ?? HttpBackend).use(initReactI18next);
  // Covers the first language set by init and any later change, however it is made.
  instance.on('languageChanged', (lng) => {
    if (isSupportedLanguage(lng)) applyPageLanguage(lng);
  });
  await instance.init(i18nInitOptions(options.lng ?? detectLanguage(), options.http));
  return instance;
}

/** Switches the interface language, remembers the choice (PT_LANG) and updates `<html lang dir>` and dayjs. */
export async function changeLanguage(lng: SupportedLanguage, instance: I18n = activeI18n()): Promise<void> {
  saveLanguage(lng);
  await instance.changeLanguage(lng);
  applyPageLanguage(lng);
}

/** The instance react-i18next renders with. */
export function activeI18n(): I18n {
  const instance = getI18n() as I18n | undefined;
  if (!instance) throw new Error('No i18n instance: call createI18n() before rendering');
  return instance;
}

/** The language an instance currently shows, as one of the shipped codes. */
export function languageOf(instance: I18n = activeI18n()): SupportedLanguage {
  const lng = instance.resolvedLanguage ?? instance.language;
  return isSupportedLanguage(lng) ? lng : FALLBACK_LANGUAGE;
}
