import { describe, expect, it } from 'vitest';
import { compileFormDesign } from '../../../src/core/forms/compile-form-design.ts';
import { DEFAULT_FORM_SETTINGS, FIELD_TYPE_NAMES, type FormDesign } from '../../../src/core/forms/form-design.ts';
import { initialRecordData, prepareRecord, recordTitle } from '../../../src/core/forms/record-validation.ts';
import { validateFormDesign } from '../../../src/core/forms/validate-form-design.ts';
import { BAD_VALUES, CONDITIONAL_DESIGN, EVERY_TYPE_COVERED, EVERY_TYPE_DESIGN, GOOD_RECORD, versionOf } from './every-field-type.ts';

const NOW = new Date('2026-11-22T04:00:00Z');
const create = (design: FormDesign, data: unknown, settings = DEFAULT_FORM_SETTINGS) => prepareRecord(versionOf(design, settings), data, { now: NOW, mode: 'create' });

describe('record validation per field type', () => {
  it('the fixture covers every field type and is a valid design', () => {
    expect([...EVERY_TYPE_COVERED].sort()).toEqual([...FIELD_TYPE_NAMES].sort());
    expect(validateFormDesign(EVERY_TYPE_DESIGN)).toEqual([]);
  });

  it('compiles every field type to a property with its widget', () => {
    const { schema, uiSchema } = compileFormDesign(EVERY_TYPE_DESIGN);
    const properties = schema.properties as Record<string, Record<string, unknown>>;
    expect(Object.keys(properties)).toHaveLength(EVERY_TYPE_COVERED.length);
    expect(properties.contactPhone).toMatchObject({ type: 'string', format: 'mobilePhone', title: 'Contact phone' });
    expect(properties.price).toMatchObject({ type: 'number', multipleOf: 0.01 });
    expect(properties.discount).toMatchObject({ minimum: 0, maximum: 100 });
    expect(properties.total).toMatchObject({ type: 'number', readOnly: true });
    expect(uiSchema['ui:order']).toContain('site');
    expect(uiSchema.site).toMatchObject({ 'ui:widget': 'address', 'ui:options': { section: 'contact', span: 24 } });
    expect(uiSchema.intro).toMatchObject({ 'ui:field': 'description', 'ui:options': { content: 'Fill in **every** field.' } });
    expect(uiSchema.price).toMatchObject({ 'ui:widget': 'money', 'ui:options': { currency: 'CNY', precision: 2 } });
    expect(uiSchema.priority).toMatchObject({ 'ui:enumNames': ['Low', 'High'] });
    expect(uiSchema['ui:options']).toEqual({ sections: [{ key: 'contact', title: 'Contact' }] });
  });

  it('accepts a record with a good value in every field and recomputes the total', () => {
    const result = create(EVERY_TYPE_DESIGN, { ...GOOD_RECORD, total: 1 });
    expect(result.errors).toEqual([]);
    expect(result.data.total).toBe(110.25);
    expect(result.data).not.toHaveProperty('intro');
  });

  it.each(BAD_VALUES)('refuses $name, naming $field', ({ patch, field, message }) => {
    const result = create(EVERY_TYPE_DESIGN, { ...GOOD_RECORD, ...patch });
    expect(result.errors.map((e) => e.field)).toEqual([field]);
    expect(result.errors[0]!.message).toContain(message);
    expect(result.errors[0]!.message).toContain(field);
  });

  it('names every bad field at once', () => {
    const result = create(EVERY_TYPE_DESIGN, { ...GOOD_RECORD, contactPhone: '1', postalCode: 'x', items: [{ name: 'a', amount: 0.001 }] });
    expect(result.errors.map((e) => e.field)).toEqual(['contactPhone', 'postalCode', 'items[0].amount']);
  });

  it('names the keyword and its limits when the message says no more, so screens can word it themselves', () => {
    const result = create(EVERY_TYPE_DESIGN, {
      ...GOOD_RECORD,
      contactPhone: '1',
      photos: Array.from({ length: 4 }, (_, i) => ({ fileId: `f-${i}`, name: `p${i}.jpg`, size: 1, type: 'image/jpeg' })),
      documents: [{ fileId: 'f', name: 'x.exe', size: 2 * 1024 * 1024, type: 'application/x' }],
    });
    const byField = Object.fromEntries(result.errors.map((e) => [e.field, e]));
    expect(byField.contactPhone).toMatchObject({ keyword: 'format', params: { format: 'mobilePhone' } });
    expect(byField.photos).toMatchObject({ keyword: 'maxItems', params: { limit: 3 } });
    // A file's type and size say more than the keyword: their English message stands.
    expect(byField['documents[0].name']).not.toHaveProperty('keyword');
    expect(byField['documents[0].size']?.keyword).toBeUndefined();
  });

  it('accepts 0.1 + 0.2 as a money amount with two decimals', () => {
    expect(create(EVERY_TYPE_DESIGN, { ...GOOD_RECORD, price: 0.1 + 0.2 }).errors).toEqual([]);
  });

  it('refuses a "__proto__" key as an unknown field rather than inheriting through it', () => {
    const data = JSON.parse('{"__proto__": {"subject": "Inherited"}, "items": [{"__proto__": {"name": "x"}}]}') as unknown;
    const result = create(EVERY_TYPE_DESIGN, data);
    expect(result.errors.map((e) => e.field)).toEqual(['subject', 'items[0].name', 'items[0].__proto__', '__proto__']);
    expect(({} as Record<string, unknown>).subject).toBeUndefined();
  });

  it('refuses data that is not an object', () => {
    for (const data of [null, 'x', [1], 3]) expect(create(EVERY_TYPE_DESIGN, data).errors[0]!.message).toContain('object of field values');
  });
});

describe('conditional visibility and requiredness', () => {
  it('requires a visible field and drops the value of a hidden one', () => {
    expect(create(CONDITIONAL_DESIGN, { kind: 'other' }).errors.map((e) => e.field)).toEqual(['otherReason']);
    const hidden = create(CONDITIONAL_DESIGN, { kind: 'repair', otherReason: 'left over', hazardNote: 'wet floor' });
    expect(hidden.errors).toEqual([]);
    expect(hidden.data).toEqual({ kind: 'repair', hazardNote: 'wet floor' });
  });

  it('applies a section visibility to the fields in it', () => {
    expect(create(CONDITIONAL_DESIGN, { kind: 'repair' }).errors.map((e) => e.field)).toEqual(['hazardNote']);
    expect(create(CONDITIONAL_DESIGN, { kind: 'other', otherReason: 'x', hazardNote: 'dropped' }).data).not.toHaveProperty('hazardNote');
  });

  it('requires a field when its condition holds', () => {
    expect(create(CONDITIONAL_DESIGN, { kind: 'other', otherReason: 'x', cost: 2000 }).errors.map((e) => e.message)).toEqual(['Approver (approver): is required']);
    expect(create(CONDITIONAL_DESIGN, { kind: 'other', otherReason: 'x', cost: 200 }).errors).toEqual([]);
  });
});

describe('defaults and titles', () => {
  const design: FormDesign = {
    version: 1,
    items: [
      { key: 'status', type: 'select', label: 'Status', default: 'open', options: [{ value: 'open', label: 'Open' }, { value: 'closed', label: 'Closed' }] },
      { key: 'qty', type: 'number', label: 'Qty', default: 1 },
      { key: 'rows', type: 'subtable', label: 'Rows', fields: [{ key: 'unit', type: 'text', label: 'Unit', default: 'pcs' }] },
      { key: 'double', type: 'computed', label: 'Double', formula: 'qty * 2' },
    ],
  };
  const settings = { ...DEFAULT_FORM_SETTINGS, defaults: { qty: 5 }, titleField: 'status' };

  it('fills defaults on create only, the settings winning over the design', () => {
    const created = create(design, { rows: [{}] }, settings);
    expect(created.data).toEqual({ status: 'open', qty: 5, rows: [{ unit: 'pcs' }], double: 10 });
    expect(created.title).toBe('Open');
    const updated = prepareRecord(versionOf(design, settings), { rows: [{}] }, { now: NOW, mode: 'update' });
    expect(updated.data).toEqual({ rows: [{}], double: 0 });
  });

  it('starts a new record with defaults and computed values', () => {
    expect(initialRecordData(design, settings, NOW)).toEqual({ status: 'open', qty: 5, double: 10 });
  });

  it('titles a record by its title field', () => {
    expect(recordTitle(design, settings, { status: 'closed' })).toBe('Closed');
    expect(recordTitle(design, DEFAULT_FORM_SETTINGS, { status: 'closed' })).toBe('');
  });
});
