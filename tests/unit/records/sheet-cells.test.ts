import { describe, expect, it } from 'vitest';
import type { FieldDesign } from '../../../src/core/forms/form-design.ts';
import { cellOf, readCell } from '../../../src/server/modules/record/cells.ts';
import { NameIndex, type RecordDirectory } from '../../../src/server/modules/record/directory.ts';
import { contentDisposition } from '../../../src/server/content-disposition.ts';
import { recordsFileName } from '../../../src/server/modules/record/export.ts';
import { sheetName } from '../../../src/server/modules/record/sheet-layout.ts';
import { fileNameFromContentDisposition } from '../../../src/web/api/download.ts';

const members = new NameIndex([
  { id: 1, name: 'Alice Chen', aliases: ['alice'] },
  { id: 2, name: 'Li Wei', aliases: ['liwei'] },
  { id: 3, name: 'Li Wei', aliases: ['liwei2'] },
]);
const directory = { members, departments: new NameIndex([]), regions: null } as unknown as RecordDirectory;
const noLinks = async () => null;

const field = (type: FieldDesign['type'], extra: Partial<FieldDesign> = {}): FieldDesign => ({ key: 'f', label: 'F', type, ...extra });
const choice = field('multiselect', { options: [{ value: 'a', label: 'Alpha, first' }, { value: 'b', label: 'Beta' }] });

describe('record workbook cells', () => {
  it('write values as people read them and read them back', async () => {
    const cases: [FieldDesign, unknown][] = [
      [field('number', { precision: 2 }), 12.5],
      [field('date'), '2026-02-28'],
      [field('datetime'), '2026-02-28T23:15:00+08:00'],
      [field('select', { options: [{ value: 'x', label: 'Ex' }] }), 'x'],
      [choice, ['a', 'b']],
      [field('switch'), false],
      [field('member', { multiple: true }), [1, 2]],
      [field('mobile'), '13800000009'],
    ];
    for (const [f, value] of cases) {
      const cell = cellOf(f, value, directory);
      const read = await readCell(f, cell.value, directory, noLinks);
      expect(read, f.type).toEqual({ value });
    }
    expect(cellOf(choice, ['a', 'b'], directory)).toEqual({ value: 'Alpha, first, Beta' });
    expect(cellOf(field('money'), 3, directory)).toEqual({ value: 3, numFmt: '0.00' });
  });

  it('read what people type, and say what is wrong', async () => {
    const read = (f: FieldDesign, raw: unknown) => readCell(f, raw, directory, noLinks);
    expect(await read(field('date'), '2026/3/4')).toEqual({ value: '2026-03-04' });
    expect(await read(field('date'), '2026-02-30')).toEqual({ error: 'must be a date such as 2026-11-22' });
    expect(await read(field('datetime'), '2026-03-04 9:05')).toEqual({ value: '2026-03-04T09:05:00+08:00' });
    expect(await read(field('number'), '1,234.5')).toEqual({ value: 1234.5 });
    expect(await read(field('number'), 'lots')).toEqual({ error: 'must be a number' });
    expect(await read(field('switch'), '否')).toEqual({ value: false });
    expect(await read(choice, 'beta；Alpha, first')).toEqual({ value: ['b', 'a'] });
    expect(await read(choice, 'Gamma')).toEqual({ error: '"Gamma" is not one of: Alpha, first, Beta' });
    expect(await read(field('member'), 'alice')).toEqual({ value: 1 });
    expect(await read(field('member'), 'Li Wei')).toEqual({ error: '"Li Wei" names 2 entries; use a unique name' });
    expect(await read(field('member'), 'liwei2')).toEqual({ value: 3 });
    expect(await read(field('member'), 'Li Wei (liwei2)')).toEqual({ value: 3 });
    expect(cellOf(field('member'), 2, directory)).toEqual({ value: 'Li Wei (liwei)' });
    expect(await read(field('member'), 'Alice Chen, alice')).toEqual({ error: 'takes one name only' });
    expect(await read(field('text'), { richText: [{ text: 'Rich ' }, { text: 'text' }] })).toEqual({ value: 'Rich text' });
    expect(await read(field('text'), { formula: 'A1', result: 'calculated' })).toEqual({ value: 'calculated' });
    expect(await read(field('text'), '  ')).toEqual({ empty: true });
    expect(await read(field('computed'), 5)).toEqual({ empty: true });
  });
});

describe('record workbook names', () => {
  it('keeps sheet names legal and unique', () => {
    const taken = new Set<string>();
    expect(sheetName('Parts: labour/materials?', taken)).toBe('Parts  labour materials');
    expect(sheetName('Items', taken)).toBe('Items');
    expect(sheetName('items', taken)).toBe('items 2');
    expect(sheetName('A very long sub-table label that goes on', taken)).toHaveLength(31);
  });

  it('names the download after the form and the day, readable by the client', () => {
    const name = recordsFileName('报修/Repairs: "north"\u202e', new Date('2026-11-22T17:00:00Z'));
    expect(name).toBe('报修_Repairs_ _north_-20261123.xlsx');
    const header = contentDisposition(name);
    expect(header).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(fileNameFromContentDisposition(header)).toBe(name);
  });
});
