import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { errorMessageKey, fieldErrorText, translateErrors } from '../../../src/web/forms/form-view/error-messages.ts';
import {
  acceptsFile,
  addressToPath,
  computedText,
  filesOf,
  idsOf,
  idsToValue,
  linkedRecordsOf,
  linkedRecordsToValue,
  numberOrUndefined,
  pathToAddress,
  storedFile,
} from '../../../src/web/forms/form-view/field-values.ts';

describe('form view value conversions', () => {
  it('turns an address into the cascader path and back', () => {
    expect(addressToPath({ province: '110000', city: '110100', district: '110105' })).toEqual(['110000', '110100', '110105']);
    expect(addressToPath({ province: '110000' })).toEqual(['110000']);
    expect(addressToPath(undefined)).toEqual([]);
    expect(pathToAddress(['110000', '110100'])).toEqual({ province: '110000', city: '110100' });
    expect(pathToAddress([])).toBeUndefined();
    expect(pathToAddress(undefined)).toBeUndefined();
  });

  it('keeps member and department ids as one id or a list', () => {
    expect(idsOf(7)).toEqual([7]);
    expect(idsOf([3, 4])).toEqual([3, 4]);
    expect(idsOf(undefined)).toEqual([]);
    expect(idsOf([0, -1, 2.5, 'x', 5])).toEqual([5]);
    expect(idsToValue([3, 4], true)).toEqual([3, 4]);
    expect(idsToValue([3], false)).toBe(3);
    expect(idsToValue([], true)).toBeUndefined();
    expect(idsToValue([], false)).toBeUndefined();
  });

  it('keeps linked records as one record or a list', () => {
    const a = { formId: 2, recordId: 9, title: 'QC-1' };
    expect(linkedRecordsOf(a)).toEqual([a]);
    expect(linkedRecordsOf([a, { nope: 1 }])).toEqual([a]);
    expect(linkedRecordsToValue([a], false)).toEqual(a);
    expect(linkedRecordsToValue([a], true)).toEqual([a]);
    expect(linkedRecordsToValue([], true)).toBeUndefined();
  });

  it('reads numbers from inputs, an empty input clearing the field', () => {
    expect(numberOrUndefined(12.5)).toBe(12.5);
    expect(numberOrUndefined('3')).toBe(3);
    expect(numberOrUndefined('')).toBeUndefined();
    expect(numberOrUndefined(null)).toBeUndefined();
    expect(numberOrUndefined('abc')).toBeUndefined();
  });

  it('keeps the record shape of uploaded files and checks extensions', () => {
    const uploaded = { fileId: 'f1', name: 'Plan.PDF', size: 10, type: 'application/pdf', url: '/x' };
    expect(storedFile(uploaded)).toEqual({ fileId: 'f1', name: 'Plan.PDF', size: 10, type: 'application/pdf' });
    expect(filesOf([uploaded, null, { name: 'no id' }])).toHaveLength(1);
    expect(filesOf('x')).toEqual([]);
    expect(acceptsFile('Plan.PDF', ['pdf'])).toBe(true);
    expect(acceptsFile('plan.exe', ['pdf', 'png'])).toBe(false);
    expect(acceptsFile('.png', ['png'])).toBe(false);
    expect(acceptsFile('anything.bin', undefined)).toBe(true);
  });

  it('shows computed results to the field precision', () => {
    expect(computedText(7.5, 2, ['Yes', 'No'])).toBe('7.50');
    expect(computedText(7.5, undefined, ['Yes', 'No'])).toBe('7.5');
    expect(computedText(true, undefined, ['Yes', 'No'])).toBe('Yes');
    expect(computedText(null, 2, ['Yes', 'No'])).toBe('');
    expect(computedText('2026-11-22', undefined, ['Yes', 'No'])).toBe('2026-11-22');
  });
});

describe('form view error messages', () => {
  it('maps ajv keywords to message keys with their limits', () => {
    expect(errorMessageKey({ name: 'required', params: { missingProperty: 'summary' } })).toEqual({ key: 'view.errors.required', values: { limit: undefined, format: undefined } });
    expect(errorMessageKey({ name: 'minimum', params: { limit: 1 } }).values.limit).toBe(1);
    expect(errorMessageKey({ name: 'multipleOf', params: { multipleOf: 0.01 } })).toEqual({ key: 'view.errors.multipleOf', values: { count: 2 } });
    expect(errorMessageKey({ name: 'multipleOf', params: { multipleOf: 1 } }).values.count).toBe(0);
    expect(errorMessageKey({ name: 'if', params: {} }).key).toBe('view.errors.invalid');
  });

  it("words a server's field error in the user's language when it names its keyword, else keeps its message", () => {
    const t = ((key: string, values: { limit?: number }) => `${key}|${values.limit ?? ''}`) as unknown as TFunction;
    expect(fieldErrorText({ field: 'qty', message: 'Quantity (qty): must be at most 500', keyword: 'maximum', params: { limit: 500 } }, t, {})).toBe('view.errors.maximum|500');
    expect(fieldErrorText({ field: 'phone', message: 'Phone (phone): must be a mainland mobile number', keyword: 'format', params: { format: 'mobilePhone' } }, t, {})).toBe('view.errors.formats.mobilePhone|');
    expect(fieldErrorText({ field: 'code', message: 'Code (code): does not match', keyword: 'pattern', params: {} }, t, { code: 'Two letters' })).toBe('Two letters');
    expect(fieldErrorText({ field: 'files[0].name', message: 'Files › Name (files[0].name): must be a file of type pdf' }, t, {})).toBe('must be a file of type pdf');
    expect(fieldErrorText({ field: '', message: 'data: must be an object of field values' }, t, {})).toBe('data: must be an object of field values');
  });

  it('translates each error, a designer pattern message winning', () => {
    const t = ((key: string, values: { limit?: number }) => `${key}|${values.limit ?? ''}`) as unknown as TFunction;
    const errors = translateErrors(
      [
        { name: 'maxLength', params: { limit: 5 }, property: '.summary', stack: '' },
        { name: 'pattern', params: {}, property: '.code', stack: '' },
      ],
      t,
      { code: 'Two letters and four digits' },
    );
    expect(errors.map((e) => e.message)).toEqual(['view.errors.maxLength|5', 'Two letters and four digits']);
    expect(errors[0]!.stack).toBe('.summary view.errors.maxLength|5');
  });
});
