/**
 * A stored text an administrator writes (a menu title, a role's name, a page, plate or form
 * title, a field label, a caption, a filter label): one plain string, read the same in every
 * language, or the text in each language Plinth ships. Readers get their language, else
 * English, else any language the text has (`textIn`).
 */

/** The languages a stored text may carry, as the interface ships them. */
export const TEXT_LANGUAGES = ['en', 'zh-CN', 'ar'] as const;
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

/** The text in some of the languages, at least one. */
export type LocalTexts = { readonly [L in TextLanguage]?: string };
export type LocalText = string | LocalTexts;

const primarySubtag = (tag: string) => tag.toLowerCase().split(/[-_]/)[0];

export function isLocalTexts(value: unknown): value is LocalTexts {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const entries = Object.entries(value);
  return entries.length > 0 && entries.every(([lng, text]) => (TEXT_LANGUAGES as readonly string[]).includes(lng) && typeof text === 'string');
}

/**
 * The text for a reader of `lng` (a BCP 47 tag): that language, else one of the same primary
 * language (`zh-TW` reads `zh-CN`), else English, else the first language that has one.
 */
export function textIn(text: LocalText | null | undefined, lng: string): string {
  if (text == null) return '';
  if (typeof text === 'string') return text;
  const filled = TEXT_LANGUAGES.filter((each) => text[each]?.trim());
  const pick =
    filled.find((each) => each.toLowerCase() === lng.toLowerCase()) ??
    filled.find((each) => primarySubtag(each) === primarySubtag(lng)) ??
    filled.find((each) => each === 'en') ??
    filled[0];
  return pick ? text[pick]! : '';
}

/** Every language's text, for a search that should find a title whichever language is typed. */
export function everyText(text: LocalText | null | undefined): string[] {
  if (text == null) return [];
  if (typeof text === 'string') return [text];
  return TEXT_LANGUAGES.map((lng) => text[lng] ?? '').filter((each) => each.trim());
}

/** Whether `needle` (already lower-cased) is in the text in any of its languages. */
export function textMatches(text: LocalText | null | undefined, needle: string): boolean {
  return everyText(text).some((each) => each.toLowerCase().includes(needle));
}

/**
 * The text as an editor sends it: languages left empty dropped, trimmed; a text with no
 * language left is '' and one whose only language is the reader's stays an object (so it is
 * known which language it is in).
 */
export function normalizeText(text: LocalText): LocalText {
  if (typeof text === 'string') return text;
  const kept = Object.fromEntries(TEXT_LANGUAGES.flatMap((lng) => (text[lng]?.trim() ? [[lng, text[lng].trim()]] : [])));
  return Object.keys(kept).length ? kept : '';
}

/** The text with each language's text changed alike (e.g. "… (copy)"). */
export function mapText(text: LocalText, change: (each: string) => string): LocalText {
  if (typeof text === 'string') return change(text);
  return Object.fromEntries(TEXT_LANGUAGES.flatMap((lng) => (text[lng] === undefined ? [] : [[lng, change(text[lng])]])));
}

/** Whether two texts say the same in every language. */
export function sameText(a: LocalText, b: LocalText): boolean {
  if (typeof a === 'string' || typeof b === 'string') return a === b;
  return TEXT_LANGUAGES.every((lng) => (a[lng] ?? '') === (b[lng] ?? ''));
}

/**
 * A text column holds a plain string as it is and a text in several languages as its JSON
 * (`{"en":"…","zh-CN":"…"}`), so rows written before stay readable and a `like` search over
 * the column finds any language.
 */
export function storedText(text: LocalText): string {
  const normal = normalizeText(text);
  return typeof normal === 'string' ? normal : JSON.stringify(normal);
}

/** Reads a text column written by {@link storedText}. */
export function readStoredText(value: string): LocalText {
  if (!value.startsWith('{')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return isLocalTexts(parsed) ? parsed : value;
  } catch {
    return value;
  }
}

/** Length and pattern rules of a text, applied to a plain string and to each language alike. */
export interface TextRules {
  minLength?: number;
  maxLength: number;
  pattern?: string;
}

/** The JSON Schema of a text with these rules: a string, or an object of languages each a string. */
export function localTextSchema<const R extends TextRules>(rules: R) {
  const line = { type: 'string', ...rules } as const;
  return {
    anyOf: [
      line,
      {
        type: 'object',
        additionalProperties: false,
        minProperties: 1,
        properties: { en: line, 'zh-CN': line, ar: line },
      },
    ],
  } as const;
}

/**
 * The texts of the stored meta-schemas (schemas/meta: page and form designs), registered in
 * every ajv instance (src/core/validation/ajv.ts) so a meta-schema names one with
 * `{ "$ref": "local-text.schema.json#/$defs/line" }`.
 */
export const LOCAL_TEXT_SCHEMA = {
  $id: 'plinth/local-text.schema.json',
  title: 'Text in several languages',
  description: 'A plain string read the same in every language, or an object of language -> text (en, zh-CN, ar).',
  $defs: {
    /** A required title or label: 1-120 characters, not only spaces. */
    line: localTextSchema({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    /** A short required label (a filter's): 1-80 characters. */
    label: localTextSchema({ minLength: 1, maxLength: 80 }),
    /** A title that may be empty (a widget's caption). */
    caption: localTextSchema({ maxLength: 120 }),
    /** A page's title: 1-120 characters. */
    title: localTextSchema({ minLength: 1, maxLength: 120 }),
    /** A page's description: up to 2000 characters. */
    paragraph: localTextSchema({ maxLength: 2000 }),
  },
} as const;
