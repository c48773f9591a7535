import { describe, expect, it } from 'vitest';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { keepDesignFields, prepareRecord } from '../../../src/core/forms/record-validation.ts';
import { versionOf } from './every-field-type.ts';

const NOW = new Date('2026-11-22T04:00:00Z');

const V1: FormDesign = {
  version: 1,
  items: [
    { key: 'unit', type: 'text', label: 'Unit', required: true },
    { key: 'phone', type: 'mobile', label: 'Phone' },
    { key: 'floor', type: 'number', label: 'Floor' },
  ],
};

// Version 2: `unit` renamed, `floor` removed, a required `category` added.
const V2: FormDesign = {
  version: 1,
  items: [
    { key: 'unit', type: 'text', label: 'Unit number', required: true },
    { key: 'phone', type: 'mobile', label: 'Phone' },
    { key: 'category', type: 'select', label: 'Category', required: true, options: [{ value: 'leak', label: 'Leak' }] },
  ],
};

describe('records keep the version they were written with', () => {
  const v1 = versionOf(V1, undefined, 5, 1);
  const v2 = versionOf(V2, undefined, 5, 2);
  const written = prepareRecord(v1, { unit: '3B', phone: '13800000000', floor: 3 }, { now: NOW, mode: 'create' });

  it('a v1 record still validates against v1 after v2 renamed, added and removed fields', () => {
    expect(written.errors).toEqual([]);
    const edited = prepareRecord(v1, { ...written.data, floor: 4 }, { now: NOW, mode: 'update' });
    expect(edited.errors).toEqual([]);
    expect(edited.data).toEqual({ unit: '3B', phone: '13800000000', floor: 4 });
  });

  it('errors on a v1 record use the v1 labels', () => {
    expect(prepareRecord(v1, { phone: '13800000000' }, { now: NOW, mode: 'update' }).errors).toEqual([{ field: 'unit', message: 'Unit (unit): is required', keyword: 'required', params: {} }]);
  });

  it('the same data is not a valid v2 record as it stands', () => {
    const fields = prepareRecord(v2, written.data, { now: NOW, mode: 'update' }).errors.map((e) => e.field).sort();
    expect(fields).toEqual(['category', 'floor']);
  });

  it('moving to v2 drops the removed field and asks for the new one', () => {
    const moved = keepDesignFields(V2, written.data);
    expect(moved).toEqual({ unit: '3B', phone: '13800000000' });
    expect(prepareRecord(v2, moved, { now: NOW, mode: 'update' }).errors).toEqual([{ field: 'category', message: 'Category (category): is required', keyword: 'required', params: {} }]);
    expect(prepareRecord(v2, { ...moved, category: 'leak' }, { now: NOW, mode: 'update' }).errors).toEqual([]);
  });
});
