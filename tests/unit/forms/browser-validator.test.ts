import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { RJSFSchema } from '@rjsf/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { prepareRecord, recordErrors } from '../../../src/core/forms/record-validation.ts';
import { validatorModuleSource } from '../../../src/server/modules/form/validator-code.ts';
import { loadFormValidator, type FormValidator } from '../../../src/web/forms/validation-runtime.ts';
import { BAD_VALUES, CONDITIONAL_DESIGN, EVERY_TYPE_DESIGN, GOOD_RECORD, versionOf } from './every-field-type.ts';

/*
 * The browser validates with code the server generates (ajv standalone) and the browser's
 * runtime; the server validates with ajv compiled in process. Both must reach the same
 * verdict, field by field, on the same prepared data.
 */

const NOW = new Date('2026-11-22T04:00:00Z');
let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-validator-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes the served module to a file and loads it the way the browser does. */
async function browserValidator(design: FormDesign, name: string): Promise<{ validator: FormValidator; schema: RJSFSchema }> {
  const { schema } = versionOf(design);
  const file = path.join(dir, `${name}.mjs`);
  fs.writeFileSync(file, validatorModuleSource(schema, name));
  return { validator: await loadFormValidator(pathToFileURL(file).href, schema), schema };
}

function compare(design: FormDesign, browser: { validator: FormValidator; schema: RJSFSchema }, data: Record<string, unknown>) {
  const server = prepareRecord(versionOf(design), data, { now: NOW, mode: 'update' });
  const raw = browser.validator.rawValidation(browser.schema, server.data);
  return { server: server.errors, browser: recordErrors(design, raw.errors ?? []) };
}

describe('generated browser validator agrees with the server', () => {
  it('accepts the good record of every field type', async () => {
    const browser = await browserValidator(EVERY_TYPE_DESIGN, 'every-type-good');
    const { server, browser: inBrowser } = compare(EVERY_TYPE_DESIGN, browser, GOOD_RECORD);
    expect(server).toEqual([]);
    expect(inBrowser).toEqual([]);
  });

  it.each(BAD_VALUES)('refuses $name in the same words', async ({ patch, field }) => {
    const browser = await browserValidator(EVERY_TYPE_DESIGN, 'every-type');
    const { server, browser: inBrowser } = compare(EVERY_TYPE_DESIGN, browser, { ...GOOD_RECORD, ...patch });
    expect(server.map((e) => e.field)).toEqual([field]);
    expect(inBrowser).toEqual(server);
  });

  it.each([
    [{ kind: 'repair' }, ['hazardNote']],
    [{ kind: 'other' }, ['otherReason']],
    [{ kind: 'other', otherReason: 'x', cost: 2000 }, ['approver']],
    [{ kind: 'repair', hazardNote: 'wet floor', cost: 20 }, []],
    [{}, ['kind']],
  ])('judges conditional requiredness of %j alike', async (data, fields) => {
    const browser = await browserValidator(CONDITIONAL_DESIGN, 'conditional');
    const { server, browser: inBrowser } = compare(CONDITIONAL_DESIGN, browser, data);
    expect(server.map((e) => e.field)).toEqual(fields);
    expect(inBrowser).toEqual(server);
  });

  it('gives rjsf field errors it can place under each input', async () => {
    const browser = await browserValidator(CONDITIONAL_DESIGN, 'conditional-rjsf');
    const result = browser.validator.validateFormData({ kind: 'other', cost: 2000.123 }, browser.schema);
    const placed = Object.keys(result.errorSchema).filter((key) => key !== '__errors');
    expect(placed.sort()).toEqual(['approver', 'cost', 'otherReason']);
  });

  it('the served code imports nothing and compiles nothing at run time', () => {
    const code = validatorModuleSource(versionOf(EVERY_TYPE_DESIGN).schema, 'scan');
    expect(code).not.toMatch(/\bimport\s|new Function|\beval\(/);
  });
});
