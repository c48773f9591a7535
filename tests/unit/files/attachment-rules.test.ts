import { describe, expect, it } from 'vitest';
import { ATTACHMENT_TYPE_FILTERS, extensionsOfType, fileIdOfStoreUrl } from '../../../src/core/contracts/attachments.ts';
import { FILE_TYPE_GROUPS, groupOfExtension } from '../../../src/core/contracts/files.ts';
import { FILE_EXTENSIONS } from '../../../src/core/contracts/files.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { fileFieldLabels, filesInRecord } from '../../../src/core/forms/record-files.ts';
import { routePath } from '../../../src/core/routes.ts';

const id = (n: number) => `file${String(n).padStart(18, '0')}`;
const file = (n: number) => ({ fileId: id(n), name: `f${n}.pdf`, size: 1, type: 'application/pdf' });

describe('the files a record holds', () => {
  it('finds files in file fields and sub-table rows, naming the field and the row', () => {
    const data = {
      summary: 'Doors',
      photos: [file(1), file(2)],
      items: [{ name: 'Hinge' }, { name: 'Lock', receipt: [file(3)] }],
      place: { province: '440000' },
    };
    expect(filesInRecord(data)).toEqual([
      { fileId: id(1), field: 'photos' },
      { fileId: id(2), field: 'photos' },
      { fileId: id(3), field: 'items[1].receipt' },
    ]);
  });

  it('lists a file once per field, and ignores ids the store never makes', () => {
    expect(filesInRecord({ a: [file(1), file(1)], b: [file(1)], c: [{ fileId: 'short', name: 'x' }], d: 'file0000000000000000001' })).toEqual([
      { fileId: id(1), field: 'a' },
      { fileId: id(1), field: 'b' },
    ]);
    expect(filesInRecord(null)).toEqual([]);
  });

  it('names a path’s field by its labels in the version', () => {
    const design: FormDesign = {
      version: 1,
      items: [
        { key: 'sec', type: 'section', title: 'Section', fields: [{ key: 'photos', type: 'image', label: 'Photos' }] },
        { key: 'items', type: 'subtable', label: 'Items', fields: [{ key: 'receipt', type: 'attachment', label: 'Receipt' }] },
      ],
    };
    expect(fileFieldLabels(design, 'photos')).toEqual(['Photos']);
    expect(fileFieldLabels(design, 'items[4].receipt')).toEqual(['Items', 'Receipt']);
    expect(fileFieldLabels(design, 'removed')).toBeNull();
  });
});

describe('file types and addresses', () => {
  it('puts every uploadable extension in exactly one group', () => {
    const grouped: string[] = Object.values(FILE_TYPE_GROUPS).flat();
    expect(FILE_EXTENSIONS.filter((extension) => !grouped.includes(extension))).toEqual([]);
    expect(new Set(grouped).size).toBe(grouped.length);
    expect(new Set(ATTACHMENT_TYPE_FILTERS).size).toBe(ATTACHMENT_TYPE_FILTERS.length);
  });

  it('reads a type filter as a group or one extension', () => {
    expect(extensionsOfType('model')).toEqual(['ifc', 'rvt']);
    expect(extensionsOfType('dwg')).toEqual(['dwg']);
    expect(groupOfExtension('pdf')).toBe('pdf');
    expect(groupOfExtension('')).toBeNull();
  });

  it('knows a file-store address from any other', () => {
    expect(fileIdOfStoreUrl(`/api/proptech_filestore/file/${id(7)}`)).toBe(id(7));
    expect(fileIdOfStoreUrl(`/api/proptech_filestore/file/${id(7)}?inline=1`)).toBe(id(7));
    expect(fileIdOfStoreUrl('/api/proptech_allplan/account/avatar/ab.png')).toBeNull();
    expect(fileIdOfStoreUrl(`https://elsewhere.example/api/proptech_filestore/file/${id(7)}`)).toBeNull();
    expect(fileIdOfStoreUrl(null)).toBeNull();
  });

  it('fills a route of the table and refuses one that is not there', () => {
    expect(routePath('/table/edit/:id', { id: 12 })).toBe('/table/edit/12');
    expect(() => routePath('/table/nowhere/:id', { id: 1 })).toThrow(/not a route/);
  });
});
