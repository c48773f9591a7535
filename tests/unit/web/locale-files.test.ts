import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../src/core/routes.ts';
import { FORMAT_CHECKS } from '../../../src/core/validation/formats.ts';
import { readSeedMenu } from '../../../src/server/seed/seed-files.ts';
import type { SeedMenuNode } from '../../../src/server/seed/seed-files.ts';
import { NAMESPACES, SUPPORTED_LANGUAGES } from '../../../src/web/i18n/i18n.ts';
import { MENU_KEYS, ROUTE_MENU_KEYS, SEED_TITLES } from '../../../src/web/i18n/menu-keys.ts';
import { LOCALES_DIR, readLocale } from '../../helpers/locales.ts';

const LANGUAGES = SUPPORTED_LANGUAGES.map((language) => language.code);
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every string of a namespace by its dotted path; anything but nested objects and strings is an error. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const at = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') found.set(at, child);
    else if (child && typeof child === 'object' && !Array.isArray(child)) for (const entry of leaves(child, at)) found.set(...entry);
    else throw new Error(`${at} is neither a text nor a group`);
  }
  return found;
}

const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((match) => match[1]!);

/** Key without plural suffix -> the placeholders used by any of its forms. */
function placeholdersByKey(texts: Map<string, string>): Record<string, string[]> {
  const byKey: Record<string, Set<string>> = {};
  for (const [key, text] of texts) for (const name of placeholders(text)) (byKey[baseKey(key)] ??= new Set()).add(name);
  return Object.fromEntries(Object.entries(byKey).map(([key, names]) => [key, [...names].sort()]));
}

/** Plural keys -> their categories, e.g. `header.unread` -> ['one', 'other']. */
function pluralForms(texts: Map<string, string>): Record<string, string[]> {
  const forms: Record<string, string[]> = {};
  for (const key of texts.keys()) {
    const category = PLURAL_SUFFIX.exec(key)?.[1];
    if (category) (forms[baseKey(key)] ??= []).push(category);
  }
  return Object.fromEntries(Object.entries(forms).map(([key, list]) => [key, list.sort()]));
}

const texts = (lng: string, ns: string) => leaves(readLocale(lng, ns));
const flattenSeed = (nodes: SeedMenuNode[]): SeedMenuNode[] => nodes.flatMap((node) => [node, ...flattenSeed(node.children ?? [])]);

describe('locale files', () => {
  it('exist for every language and namespace, and nothing else is there', () => {
    for (const lng of LANGUAGES) {
      expect(fs.readdirSync(path.join(LOCALES_DIR, lng)).sort(), lng).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    }
    expect(fs.readdirSync(LOCALES_DIR).sort()).toEqual([...LANGUAGES].sort());
  });

  it('hold only non-empty texts', () => {
    for (const lng of LANGUAGES) {
      for (const ns of NAMESPACES) {
        for (const [key, text] of texts(lng, ns)) expect(text.trim(), `${lng}/${ns}:${key}`).not.toBe('');
      }
    }
  });

  it('have the same keys in every language', () => {
    for (const ns of NAMESPACES) {
      const english = [...new Set([...texts('en', ns).keys()].map(baseKey))].sort();
      for (const lng of LANGUAGES) {
        expect([...new Set([...texts(lng, ns).keys()].map(baseKey))].sort(), `${lng}/${ns}`).toEqual(english);
      }
    }
  });

  it('give plural keys exactly the plural forms of each language', () => {
    for (const ns of NAMESPACES) {
      const pluralKeys = Object.keys(pluralForms(texts('en', ns)));
      for (const lng of LANGUAGES) {
        const categories = [...new Intl.PluralRules(lng).resolvedOptions().pluralCategories].sort();
        const forms = pluralForms(texts(lng, ns));
        expect(Object.keys(forms).sort(), `${lng}/${ns}`).toEqual(pluralKeys.sort());
        for (const key of pluralKeys) expect(forms[key], `${lng}/${ns}:${key}`).toEqual(categories);
      }
    }
  });

  it('use the same {{placeholders}} in every language', () => {
    for (const ns of NAMESPACES) {
      const english = placeholdersByKey(texts('en', ns));
      for (const lng of LANGUAGES) expect(placeholdersByKey(texts(lng, ns)), `${lng}/${ns}`).toEqual(english);
    }
  });

  it('name a message for every validation format', () => {
    for (const lng of LANGUAGES) {
      const login = texts(lng, 'login');
      for (const format of Object.keys(FORMAT_CHECKS)) expect(login.has(`format.${format}`), `${lng}: ${format}`).toBe(true);
    }
  });

  it('carry the spec texts in English', () => {
    const errors = texts('en', 'errors');
    expect(errors.get('notLoggedIn')).toBe('Sorry, you are not logged in');
    expect(errors.get('invalidToken')).toBe('Invalid token.');
    expect(errors.get('systemError')).toBe('System error');
    expect(texts('en', 'common').get('chunkError.title')).toBe('A part of the page failed to load');
  });
});

describe('menu titles', () => {
  // Flat keys: seed keys such as `forms.create` contain dots.
  const menu = (lng: string) => readLocale(lng, 'menu') as Record<string, unknown>;

  it('translate every seed menu key and every route key, and nothing else', () => {
    for (const lng of LANGUAGES) {
      const entries = menu(lng);
      expect(Object.keys(entries).sort(), lng).toEqual([...MENU_KEYS].sort());
      for (const key of MENU_KEYS) expect(typeof entries[key], `${lng}: ${key}`).toBe('string');
    }
  });

  it('are the seed titles in English (menuTitle recognises unrenamed nodes by them)', () => {
    const english = menu('en');
    for (const [key, title] of SEED_TITLES) expect(english[key], key).toBe(title);
  });

  it('exist in all three languages for every route of the route table that the seed menu holds', () => {
    const seedKeyByRoute = new Map(flattenSeed(readSeedMenu()).flatMap((node) => (node.route ? [[node.route, node.key] as const] : [])));
    const routesInMenu = ROUTES.filter((route) => seedKeyByRoute.has(route.path));
    expect(routesInMenu.length).toBeGreaterThan(50);
    for (const route of routesInMenu) {
      const key = seedKeyByRoute.get(route.path)!;
      expect(ROUTE_MENU_KEYS.get(route.path), route.path).toBe(key);
      for (const lng of LANGUAGES) expect(menu(lng)[key], `${lng}: ${route.path}`).toEqual(expect.any(String));
    }
  });

  it('exist for the public routes outside the menu too', () => {
    for (const route of ROUTES) expect(ROUTE_MENU_KEYS.has(route.path), route.path).toBe(true);
  });
});
