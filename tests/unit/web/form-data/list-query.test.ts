import { describe, expect, it } from 'vitest';
import type { FormRecord } from '../../../../src/core/contracts/record.ts';
import type { RecordFilter } from '../../../../src/core/contracts/record-query.ts';
import type { FormDesign } from '../../../../src/core/forms/form-design.ts';
import { blankSystemColumns, defaultColumnPreference, listColumnsOf, mergeColumnPreference, moveColumn } from '../../../../src/web/pages/form-data/list-columns.ts';
import { activeFilters, defaultShownFilters, normalizeFilter } from '../../../../src/web/pages/form-data/list-filters.ts';

const design: FormDesign = {
  version: 1,
  items: [
    { key: 'summary', type: 'text', label: 'Summary' },
    { key: 'intro', type: 'description', label: 'Intro', content: 'Read me' },
    {
      key: 'where',
      type: 'section',
      title: 'Where',
      fields: [
        { key: 'building', type: 'select', label: 'Building', options: [{ value: 'a', label: 'Tower A' }] },
        { key: 'region', type: 'address', label: 'Region' },
      ],
    },
    { key: 'cost', type: 'money', label: 'Cost' },
    { key: 'dueDate', type: 'date', label: 'Due' },
    { key: 'photos', type: 'image', label: 'Photos' },
  ],
};
const columns = listColumnsOf(design);
const keys = (list: { key: string }[]) => list.map((each) => each.key);

describe('record list columns', () => {
  it('are number and title, the value fields of every section, then the record facts', () => {
    expect(keys(columns)).toEqual(['number', 'title', 'summary', 'building', 'region', 'cost', 'dueDate', 'photos', 'status', 'createdBy', 'createTime', 'updateTime']);
    expect(columns.find((c) => c.key === 'photos')).toMatchObject({ kind: 'presence', sortable: false });
    expect(columns.find((c) => c.key === 'cost')).toMatchObject({ kind: 'number', sortable: true });
  });

  it('show the form list columns and the usual facts by default', () => {
    const defaults = defaultColumnPreference(columns, { listColumns: ['cost', 'summary'] });
    expect(defaults.filter((each) => each.visible).map((each) => each.key)).toEqual(['number', 'summary', 'cost', 'status', 'createdBy', 'createTime']);
  });

  it('keep the saved order, visibility and width, drop fields the form lost and add new ones as the defaults say', () => {
    const defaults = defaultColumnPreference(columns, { listColumns: ['summary', 'cost'] });
    const saved = { columns: [{ key: 'cost', visible: true, width: 5000 }, { key: 'gone', visible: true }, { key: 'summary', visible: false }, { key: 'cost', visible: false }] };
    const merged = mergeColumnPreference(columns, defaults, saved);
    expect(merged.slice(0, 2)).toEqual([{ key: 'cost', visible: true, width: 800 }, { key: 'summary', visible: false }]);
    expect(keys(merged)).toEqual(['cost', 'summary', 'number', 'title', 'building', 'region', 'dueDate', 'photos', 'status', 'createdBy', 'createTime', 'updateTime']);
    expect(merged.find((each) => each.key === 'number')?.visible).toBe(true);
  });

  it('fall back to the defaults when the saved value is not a column list', () => {
    const defaults = defaultColumnPreference(columns, { listColumns: [] });
    expect(mergeColumnPreference(columns, defaults, null)).toEqual(defaults);
    expect(mergeColumnPreference(columns, defaults, { columns: 'x' })).toEqual(defaults);
    // Without list columns the first six fields show.
    expect(defaults.filter((each) => each.visible && !['number', 'status', 'createdBy', 'createTime'].includes(each.key)).map((each) => each.key)).toEqual(['summary', 'building', 'region', 'cost', 'dueDate', 'photos']);
  });

  it('move one step and stay put at either end', () => {
    const list = [{ key: 'a', visible: true }, { key: 'b', visible: true }, { key: 'c', visible: false }];
    expect(keys(moveColumn(list, 'c', -1))).toEqual(['a', 'c', 'b']);
    expect(keys(moveColumn(list, 'a', -1))).toEqual(['a', 'b', 'c']);
    expect(keys(moveColumn(list, 'c', 1))).toEqual(['a', 'b', 'c']);
  });
});

describe('record list filters', () => {
  it('leave out what holds nothing and trim text', () => {
    expect(normalizeFilter({ field: 'summary', op: 'contains', value: '  pump ' }, 'text')).toEqual({ field: 'summary', op: 'contains', value: 'pump' });
    expect(normalizeFilter({ field: 'summary', op: 'contains', value: '   ' }, 'text')).toBeNull();
    expect(normalizeFilter({ field: 'building', op: 'in', value: [] }, 'choice')).toBeNull();
    expect(normalizeFilter({ field: 'building', op: 'in', value: ['a', ''] }, 'choice')).toEqual({ field: 'building', op: 'in', value: ['a'] });
  });

  it('keep ranges open at an empty end', () => {
    expect(normalizeFilter({ field: 'cost', op: 'between', value: [100, null] }, 'number')).toEqual({ field: 'cost', op: 'between', value: [100, null] });
    expect(normalizeFilter({ field: 'dueDate', op: 'between', value: ['', '2026-11-30'] }, 'date')).toEqual({ field: 'dueDate', op: 'between', value: [null, '2026-11-30'] });
    expect(normalizeFilter({ field: 'cost', op: 'between', value: [null, null] }, 'number')).toBeNull();
  });

  it('refuse an operator the field family does not offer', () => {
    expect(normalizeFilter({ field: 'region', op: 'contains', value: '44' }, 'address')).toBeNull();
    expect(normalizeFilter({ field: 'region', op: 'prefix', value: '440300' }, 'address')).toEqual({ field: 'region', op: 'prefix', value: '440300' });
    expect(normalizeFilter({ field: 'photos', op: 'notEmpty', value: 'x' }, 'presence')).toEqual({ field: 'photos', op: 'notEmpty' });
  });

  it('send only the shown filters with a value, in the order of the bar', () => {
    const values = new Map<string, RecordFilter>([
      ['cost', { field: 'cost', op: 'between', value: [10, 20] }],
      ['summary', { field: 'summary', op: 'contains', value: 'leak' }],
      ['building', { field: 'building', op: 'in', value: ['a'] }],
      ['status', { field: 'status', op: 'in', value: [] }],
    ]);
    expect(activeFilters(columns, ['summary', 'status', 'cost'], values)).toEqual([
      { field: 'summary', op: 'contains', value: 'leak' },
      { field: 'cost', op: 'between', value: [10, 20] },
    ]);
  });

  it('show status and the first two filterable list columns before the user chose', () => {
    expect(defaultShownFilters(columns, ['photos', 'cost', 'summary', 'building'])).toEqual(['photos', 'cost', 'status']);
  });
});

describe('blank system columns', () => {
  const record = (id: number, facts: Partial<FormRecord>): FormRecord => ({
    id,
    formId: 1,
    version: 1,
    number: null,
    title: '',
    data: {},
    status: 'none',
    workspaceCode: null,
    createdBy: null,
    createdByName: null,
    createTime: '2026-11-22T08:00:00.000Z',
    updatedBy: null,
    updateTime: '2026-11-22T08:00:00.000Z',
    revision: 1,
    ...facts,
  });

  it('are the number, title and author no record of the page has', () => {
    const page = [record(1, { title: 'Leak', createdByName: 'Alice Chen' }), record(2, { title: '  ', createdByName: 'Bob Li' })];
    expect([...blankSystemColumns(page)]).toEqual(['number']);
  });

  it('keep a column one record of the page fills, and none of an empty page', () => {
    expect(blankSystemColumns([record(1, { number: 'MR-1', title: 'Leak', createdByName: 'Alice Chen' }), record(2, {})]).size).toBe(0);
    expect(blankSystemColumns([]).size).toBe(0);
  });
});
