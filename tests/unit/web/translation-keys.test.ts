import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NAMESPACE, NAMESPACES, SUPPORTED_LANGUAGES } from '../../../src/web/i18n/i18n.ts';
import { readLocale } from '../../helpers/locales.ts';

/*
 * Every literal key the web code passes to `t(...)` must be a text in every language.
 *
 * A plain text scan, not a parser. It sees:
 *  - calls written `t(` (also `i18n.t(`) whose first argument is a quoted string or a
 *    template literal without `${…}`;
 *  - an `ns:` prefix on the key, else an `ns: '…'` option of the call, else the first
 *    namespace of the file's `useTranslation(…)` (none given: the default namespace);
 *  - `keySeparator: false` in the call (the key is then one flat name);
 *  - plural keys: with a `count` option the key may instead exist as `key_<category>`
 *    for every plural category of the language.
 * It does not see: keys built at run time (`t(\`a.${b}\`)`, `t(name)`), which need their own
 * test or a defaultValue; a `t` renamed on destructuring; `<Trans i18nKey>`; namespaces
 * given through a variable. A file with several `useTranslation` calls of different first
 * namespaces, or with none (a helper handed a TFunction), must prefix its keys with `ns:`.
 */

const WEB_DIR = path.resolve('src/web');
// Widgets draw inside web pages and translate their chrome the same way.
const WIDGETS_DIR = path.resolve('widgets');
const LANGUAGES = SUPPORTED_LANGUAGES.map((language) => language.code);
const KNOWN_NAMESPACES: readonly string[] = NAMESPACES;

interface SourceFile {
  file: string;
  source: string;
}

interface KeyUse {
  file: string;
  line: number;
  ns: string | null;
  key: string;
  flat: boolean;
  plural: boolean;
}

function webSources(dir = WEB_DIR): SourceFile[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const at = path.join(dir, entry.name);
    if (entry.isDirectory()) return webSources(at);
    if (!/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) return [];
    return [{ file: path.relative(process.cwd(), at), source: fs.readFileSync(at, 'utf8') }];
  });
}

/** The text between the parenthesis at `open` and its partner, skipping strings and comments roughly. */
function argumentsAt(source: string, open: number): string {
  let depth = 0;
  for (let i = open; i < source.length; i++) {
    const char = source[i]!;
    if (char === "'" || char === '"' || char === '`') {
      for (i++; i < source.length && source[i] !== char; i++) if (source[i] === '\\') i++;
    } else if (char === '/' && source[i + 1] === '/') {
      i = source.indexOf('\n', i);
      if (i < 0) break;
    } else if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char) && --depth === 0) return source.slice(open + 1, i);
  }
  return source.slice(open + 1);
}

/** A leading string literal without interpolation, or null. */
function leadingString(text: string): string | null {
  const match = /^\s*(?:'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`([^`$\\]*)`)/.exec(text);
  return match ? (match[1] ?? match[2] ?? match[3] ?? null) : null;
}

/** First namespace of each `useTranslation(…)` call; undefined where it is not a literal. */
function fileNamespaces(source: string): (string | undefined)[] {
  return [...source.matchAll(/\buseTranslation\(/g)].map((match) => {
    const args = argumentsAt(source, match.index + match[0].length - 1).trim();
    if (args === '') return DEFAULT_NAMESPACE;
    return leadingString(args.startsWith('[') ? args.slice(1) : args) ?? undefined;
  });
}

function keyUses({ file, source }: SourceFile): { uses: KeyUse[]; problems: string[] } {
  const uses: KeyUse[] = [];
  const problems: string[] = [];
  const namespaces = [...new Set(fileNamespaces(source))];
  const fileNs = namespaces.length === 1 ? namespaces[0] : undefined;
  for (const match of source.matchAll(/(?<![\w$])t\(/g)) {
    const args = argumentsAt(source, match.index + 1);
    const key = leadingString(args);
    if (key === null) continue; // built at run time
    const line = source.slice(0, match.index).split('\n').length;
    const options = args.slice(args.indexOf(key) + key.length + 1);
    let ns: string | null = /\bns:\s*['"]([\w-]+)['"]/.exec(options)?.[1] ?? null;
    let name = key;
    const prefix = /^([\w-]+):(.+)$/.exec(key);
    if (prefix) {
      if (!KNOWN_NAMESPACES.includes(prefix[1]!)) problems.push(`${file}:${line}: '${key}' names no namespace of ${NAMESPACES.join(', ')}`);
      [ns, name] = [prefix[1]!, prefix[2]!];
    }
    if (!ns) {
      if (!fileNs) {
        problems.push(
          `${file}:${line}: '${key}' has no namespace: the file has ${namespaces.length === 0 ? 'no useTranslation' : 'no single literal useTranslation namespace'}; write 'ns:${key}'`,
        );
        continue;
      }
      ns = fileNs;
    }
    uses.push({ file, line, ns, key: name, flat: /\bkeySeparator:\s*false\b/.test(options), plural: /\bcount\b/.test(options) });
  }
  return { uses, problems };
}

function textAt(lng: string, ns: string, key: string, flat: boolean): unknown {
  const data = readLocale(lng, ns) as Record<string, unknown>;
  if (flat) return data[key];
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), data);
}

function resolves(lng: string, use: KeyUse): boolean {
  const ns = use.ns!;
  if (!KNOWN_NAMESPACES.includes(ns)) return false;
  if (typeof textAt(lng, ns, use.key, use.flat) === 'string') return true;
  if (!use.plural) return false;
  const categories = new Intl.PluralRules(lng).resolvedOptions().pluralCategories;
  return categories.every((category) => typeof textAt(lng, ns, `${use.key}_${category}`, use.flat) === 'string');
}

/** Everything wrong with the literal keys of these sources, one line each; empty when all resolve. */
function missingKeys(sources: SourceFile[]): { problems: string[]; checked: number } {
  const problems: string[] = [];
  let checked = 0;
  for (const source of sources) {
    const found = keyUses(source);
    problems.push(...found.problems);
    for (const use of found.uses) {
      checked++;
      for (const lng of LANGUAGES) {
        if (!resolves(lng, use)) problems.push(`${use.file}:${use.line}: ${use.ns}:${use.key} is not a text in ${lng}`);
      }
    }
  }
  return { problems, checked };
}

describe('translation keys used by the web code', () => {
  it('are texts in every language', () => {
    const { problems, checked } = missingKeys([...webSources(), ...webSources(WIDGETS_DIR)]);
    expect(problems).toEqual([]);
    // Guards against a scan that silently finds nothing.
    expect(checked).toBeGreaterThan(80);
  });

  it('the scan reports missing keys, groups, unknown namespaces and unprefixed keys of helpers', () => {
    const component = [
      "const { t } = useTranslation('login');",
      "t('password.account'); t('password'); t('no.such.key', 'Default');",
      "t('common:actions.ok'); t('layout:header.unread', { count: 2 }); t(\"layout:home.greeting\", { name });",
      "t('menu', { ns: 'layout' }); t(`tabs.password`); t(`notifications.${type}`); t('forms.create', { ns: 'menu', keySeparator: false });",
      "t('nowhere:title');",
    ].join('\n');
    const helper = "export const rule = (t: TFunction) => t('passwordRules.required');";
    const { problems, checked } = missingKeys([
      { file: 'component.tsx', source: component },
      { file: 'helper.ts', source: helper },
    ]);
    const missingIn = (key: string) => problems.filter((problem) => problem.includes(` ${key} is not a text in `)).length;
    expect(missingIn('login:password')).toBe(LANGUAGES.length); // a group, not a text
    expect(missingIn('login:no.such.key')).toBe(LANGUAGES.length);
    expect(missingIn('layout:menu')).toBe(LANGUAGES.length);
    expect(missingIn('login:password.account')).toBe(0);
    expect(missingIn('common:actions.ok')).toBe(0);
    expect(missingIn('layout:header.unread')).toBe(0);
    expect(missingIn('layout:home.greeting')).toBe(0);
    expect(missingIn('login:tabs.password')).toBe(0);
    expect(missingIn('menu:forms.create')).toBe(0);
    expect(problems.some((problem) => problem.includes("'nowhere:title' names no namespace"))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('helper.ts:1:') && problem.includes('no useTranslation'))).toBe(true);
    expect(checked).toBe(10);
  });
});
