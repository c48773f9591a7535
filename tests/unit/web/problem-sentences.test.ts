import fs from 'node:fs';
import path from 'node:path';
import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import flowSchema from '../../../schemas/meta/flow.schema.json';
import { FLOW_AJV_OPTIONS } from '../../../src/core/flows/flow-definition.ts';
import { validateFlowDefinition } from '../../../src/core/flows/validate-flow-definition.ts';
import { validateFormDesign } from '../../../src/core/forms/validate-form-design.ts';
import { parseNumberingRule } from '../../../src/core/forms/numbering.ts';
import { createAjv } from '../../../src/core/validation/ajv.ts';
import { problemsOfAjvErrors, type Problem } from '../../../src/core/validation/problems.ts';
import { createI18n, SUPPORTED_LANGUAGES } from '../../../src/web/i18n/i18n.ts';
import { partOf, problemSentence } from '../../../src/web/ui/problem-sentence.ts';
import { BAD_DESIGNS } from '../forms/bad-designs.ts';
import { fileBackend, readLocale } from '../../helpers/locales.ts';

const ts: Record<string, TFunction> = {};
beforeAll(async () => {
  for (const { code } of SUPPORTED_LANGUAGES) ts[code] = (await createI18n({ lng: code, backend: fileBackend })).t;
});

/** Every sentence key a check names literally: `problem(path, 'key', …)`, `this.add(path, 'key', …)`, `fault('key', …)`, `key: 'key'`. */
function keysInSources(dir: string): Set<string> {
  const keys = new Set<string>();
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
    const source = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    if (!/problems\.ts'|ProblemParams|NumberingRuleError/.test(source)) continue;
    for (const match of source.matchAll(/(?:\bproblem(?:Of)?\(|this\.add\(|\bfault\(|problem\()[^,]*?(?:`[^`]*`|'[^']*'|[\w.]+)?,\s*'(\w+)'/g)) keys.add(match[1]!);
    for (const match of source.matchAll(/\bfault\('(\w+)'/g)) keys.add(match[1]!);
    for (const match of source.matchAll(/\bkey: '(\w+)'/g)) keys.add(match[1]!);
    for (const match of source.matchAll(/\bkey: error\.keyword === 'minLength'[^?]*\? '(\w+)'/g)) keys.add(match[1]!);
  }
  return keys;
}

describe('problem sentences', () => {
  it('turn the ajv error of an empty sub-table into a key with its limit, at the sub-table’s columns', () => {
    const validate = createAjv({ allErrors: true }).compile({ type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { fields: { type: 'array', minItems: 1 } } } } } });
    validate({ items: [{}, {}, {}, {}, {}, { fields: [] }] });
    const [problem] = problemsOfAjvErrors(validate.errors);
    expect(problem).toEqual({ path: 'items[5].fields', key: 'minItems', params: { count: 1 }, message: 'must NOT have fewer than 1 items' });
    expect(partOf(problem!.path)).toBe('fields');
    expect(problemSentence(ts.en!, problem!)).toBe('Columns: add at least 1.');
    expect(problemSentence(ts['zh-CN']!, problem!)).toBe('列：至少添加 1 项。');
    expect(problemSentence(ts.ar!, problem!)).toBe('الأعمدة: أضف 1 على الأقل.');
    // A screen that knows the part's label names it so.
    expect(problemSentence(ts.en!, problem!, 'Line items')).toBe('Line items: add at least 1.');
  });

  it('say the common keywords in words, a blank text and a key pattern included', () => {
    const validate = createAjv({ allErrors: true }).compile({
      type: 'object',
      required: ['label'],
      properties: { label: { type: 'string', pattern: '\\S' }, key: { type: 'string', pattern: '^[a-z][a-zA-Z0-9_]{0,47}$' }, span: { type: 'integer', maximum: 24 }, kind: { enum: ['a', 'b'] } },
      additionalProperties: false,
    });
    validate({ label: ' ', key: 'Bad', span: 30, kind: 'c', colour: 'red' });
    const sentences = problemsOfAjvErrors(validate.errors).map((p) => problemSentence(ts.en!, p));
    expect(sentences).toEqual([
      'colour is not a setting here.',
      'Label cannot be blank.',
      'Key must start with a lower-case letter and hold only letters, digits and _ (at most 48).',
      'span must be at most 24.',
      'kind must be one of: a, b.',
    ]);
  });

  it('exist in every language for every key the checks can name', () => {
    const found = new Set<string>([...keysInSources(path.resolve('src/core')), ...keysInSources(path.resolve('src/server/modules/form'))]);
    for (const [, design] of BAD_DESIGNS) for (const p of validateFormDesign(design)) found.add(p.key);
    const meta = createAjv(FLOW_AJV_OPTIONS).compile(flowSchema);
    meta({ version: 1, nodes: [{ id: 'a', type: 'approval', name: '', assignees: [] }] });
    for (const p of problemsOfAjvErrors(meta.errors)) found.add(p.key);
    for (const p of validateFlowDefinition({ version: 1, nodes: [] }, { version: 1, items: [] })) found.add(p.key);
    for (const rule of ['', 'A-{###', 'A-{Q}', 'A', 'A{#}{#}', `{${'#'.repeat(11)}}`]) {
      const parsed = parseNumberingRule(rule);
      if ('key' in parsed) found.add(parsed.key);
    }
    expect(found.size).toBeGreaterThan(60);
    for (const { code } of SUPPORTED_LANGUAGES) {
      const texts = (readLocale(code, 'errors') as { problem: Record<string, string> }).problem;
      expect([...found].filter((key) => !texts[key]), code).toEqual([]);
    }
  });

  it('fall back to the English of a key no text has yet, never to the key itself', () => {
    const unknown: Problem = { path: 'x', key: 'somethingNew', params: {}, message: 'is odd' };
    expect(problemSentence(ts.ar!, unknown)).toBe('is odd');
  });
});
