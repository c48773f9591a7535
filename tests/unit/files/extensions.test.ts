import { describe, expect, it } from 'vitest';
import { groupOfExtension } from '../../../src/core/contracts/files.ts';
import { freeName } from '../../../src/core/file-names.ts';
import { compileFormDesign } from '../../../src/core/forms/compile-form-design.ts';
import type { FormDesign } from '../../../src/core/forms/form-design.ts';
import { DOCUMENT_EXTENSIONS, extensionOf, IMAGE_EXTENSIONS, isAllowedUpload } from '../../../src/core/upload-types.ts';
import { acceptsFile } from '../../../src/web/forms/form-view/field-values.ts';

/** Names the readers of extensions once answered differently, and what the one rule answers. */
const EDGES = [
  ['plan.pdf', 'pdf'],
  ['PLAN.PDF', 'pdf'],
  ['Plan.Png', 'png'],
  ['archive.tar.gz', 'gz'],
  ['my.site.photo.jpeg', 'jpeg'],
  ['图纸.svg', 'svg'],
  ['noext', ''],
  ['.hidden', ''],
  ['.png', ''],
  ['..png', 'png'],
  ['name.', ''],
  ['', ''],
] as const;

const ACCEPTED = ['pdf', 'png', 'gz', 'jpeg', 'svg'];

describe('the extension rule', () => {
  it.each(EDGES)('the extension of %j is %j', (name, extension) => expect(extensionOf(name)).toBe(extension));

  it("is the rule of a form field's accept, in the browser and in the record's schema", () => {
    const design = { version: 1, items: [{ key: 'files', type: 'attachment', label: 'Files', accept: ACCEPTED }] } as FormDesign;
    const schema = compileFormDesign(design).schema as { properties: { files: { items: { properties: { name: { pattern: string } } } } } };
    const pattern = new RegExp(schema.properties.files.items.properties.name.pattern, 'u');
    for (const [name, extension] of EDGES) {
      const accepted = ACCEPTED.includes(extension);
      expect(acceptsFile(name, ['PDF', 'png', 'gz', 'jpeg', 'svg']), name).toBe(accepted);
      expect(pattern.test(name), name).toBe(accepted);
    }
  });

  it("groups a file by its extension's group", () => {
    expect(groupOfExtension(extensionOf('Plan.PDF'))).toBe('pdf');
    expect(groupOfExtension(extensionOf('.pdf'))).toBeNull();
    expect(groupOfExtension(extensionOf('README'))).toBeNull();
  });

  it('numbers a name before its extension, a hidden file after its whole name', () => {
    const taken = (...names: string[]) => (candidate: string) => names.includes(candidate);
    expect(freeName('archive.tar.gz', taken('archive.tar.gz'))).toBe('archive.tar (2).gz');
    expect(freeName('.hidden', taken('.hidden'))).toBe('.hidden (2)');
    expect(freeName('noext', taken('noext', 'noext (2)'))).toBe('noext (3)');
  });
});

describe('upload kinds (spec §5/§9)', () => {
  it('lists jpg, jpeg, bmp, png, svg as images and pdf as documents', () => {
    expect([...IMAGE_EXTENSIONS]).toEqual(['jpg', 'jpeg', 'bmp', 'png', 'svg']);
    expect([...DOCUMENT_EXTENSIONS]).toEqual(['pdf']);
  });

  it.each(['a.jpg', 'a.jpeg', 'a.bmp', 'a.png', 'a.svg', 'PHOTO.JPG', 'Plan.Png', 'my.site.photo.jpeg', '图纸.svg'])('%s is an image', (name) =>
    expect(isAllowedUpload(name, 'image')).toBe(true),
  );

  it.each(['a.pdf', 'A.PDF', 'spec.v2.Pdf'])('%s is a document', (name) => expect(isAllowedUpload(name, 'document')).toBe(true));

  it.each([
    ['a.pdf', 'image'],
    ['a.png', 'document'],
    ['a.gif', 'image'],
    ['a.webp', 'image'],
    ['a.docx', 'document'],
    ['a.png.exe', 'image'],
    ['png', 'image'],
    ['.png', 'image'],
    ['a.', 'image'],
    ['a.jpg ', 'image'],
    ['', 'document'],
  ] as const)('%j is not a %s', (name, kind) => expect(isAllowedUpload(name, kind)).toBe(false));
});
