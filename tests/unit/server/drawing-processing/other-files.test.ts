import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DrawingFileError } from '../../../../src/server/modules/drawing/processing/drawing-file.ts';
import { processDrawingFile } from '../../../../src/server/modules/drawing/processing/process-drawing-file.ts';
import { makeSet } from './pdf-sets.ts';
import { pngSize } from './png-size.ts';

/** Images, DXF and DWG files into sheets, and files whose bytes are not what their names say. */

const FIXTURES = path.resolve('../shared/fixtures');
const process = (bytes: Uint8Array, name: string) => processDrawingFile(bytes, name, () => {});

async function problemOf(work: Promise<unknown>): Promise<{ code: string; fileName: string }> {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DrawingFileError);
  const { code, fileName } = error as DrawingFileError;
  return { code, fileName };
}

function photo(format: 'png' | 'jpeg', width = 1600, height = 900): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: '#3366aa' } }).composite([
    { input: Buffer.from(`<svg width="${width}" height="${height}"><rect x="10" y="10" width="40" height="30" fill="#fff"/></svg>`) },
  ]);
  return (format === 'png' ? image.png() : image.jpeg()).toBuffer();
}

/** A small DXF with a line, a circle, a text and an entity no reader knows. */
const DXF_WITH_UNKNOWN = [
  '0', 'SECTION', '2', 'ENTITIES',
  '0', 'LINE', '8', 'WALLS', '10', '0', '20', '0', '30', '0', '11', '1000', '21', '500', '31', '0',
  '0', 'ACME_SMART_WIDGET', '8', 'X', '10', '5', '20', '5', '1', 'who knows',
  '0', 'CIRCLE', '8', 'WALLS', '10', '500', '20', '250', '30', '0', '40', '100',
  '0', 'TEXT', '8', 'TITLE', '10', '800', '20', '40', '30', '0', '40', '20', '1', 'A-301',
  '0', 'ENDSEC', '0', 'EOF', '',
].join('\n');

describe('images', () => {
  it('takes a PNG and a JPEG at their size in pixels, with a thumbnail of at most 512 px', async () => {
    const [png] = await process(await photo('png'), 'site-photo.png');
    expect(png).toMatchObject({ kind: 'image', page: null, width: 1600, height: 900, number: null, title: null });
    expect(pngSize(png!.thumbnail)).toEqual({ width: 512, height: 288 });
    const [jpg] = await process(await photo('jpeg', 300, 500), 'scan.jpeg');
    expect(jpg).toMatchObject({ kind: 'image', width: 300, height: 500 });
    // Smaller than a thumbnail: not blown up.
    expect(pngSize(jpg!.thumbnail)).toEqual({ width: 300, height: 500 });
  });

  it('reads a PNG named .jpg as the PNG it is, and refuses bytes of another kind than the name', async () => {
    const pngBytes = await photo('png', 200, 100);
    const [sheet] = await process(pngBytes, 'misnamed.jpg');
    expect(sheet).toMatchObject({ kind: 'image', width: 200, height: 100 });
    expect(Buffer.from(sheet!.source).equals(pngBytes)).toBe(true);

    const pdf = await makeSet([{ number: 'A-1', title: 'Plan', layout: 'labelBeside' }]);
    expect(await problemOf(process(pdf, 'plan.png'))).toEqual({ code: 'wrongType', fileName: 'plan.png' });
    expect(await problemOf(process(await photo('jpeg', 50, 50), 'photo.dxf'))).toEqual({ code: 'wrongType', fileName: 'photo.dxf' });
    expect(await problemOf(process(Buffer.from('hello, not an image'), 'note.png'))).toEqual({ code: 'wrongType', fileName: 'note.png' });
    expect(await problemOf(process(Buffer.from('plain text'), 'readme.txt'))).toEqual({ code: 'unsupportedType', fileName: 'readme.txt' });
    expect(await problemOf(process(pngBytes.subarray(0, 60), 'cut.png'))).toEqual({ code: 'corrupt', fileName: 'cut.png' });
  });
});

describe('DXF', () => {
  it.each(fs.readdirSync(path.join(FIXTURES, 'dxf')))('reads the fixture %s: its extents as its size and a thumbnail', async (name) => {
    const bytes = fs.readFileSync(path.join(FIXTURES, 'dxf', name));
    const [sheet] = await process(bytes, name);
    expect(sheet).toMatchObject({ kind: 'dxf', page: null });
    expect(sheet!.width).toBeGreaterThan(0);
    expect(sheet!.height).toBeGreaterThan(0);
    expect(Buffer.from(sheet!.source).equals(bytes)).toBe(true);
    const thumbnail = pngSize(sheet!.thumbnail);
    expect(Math.max(thumbnail.width, thumbnail.height)).toBe(512);
  });

  it('passes over entities it does not know, and reads a number from the lower right', async () => {
    const [sheet] = await process(Buffer.from(DXF_WITH_UNKNOWN), 'level-3.dxf');
    // The extents (1000 × 500) with the viewer's margin: the size the viewer draws it at.
    expect(sheet).toMatchObject({ kind: 'dxf', width: 1040, height: 540, number: 'A-301' });
  });

  it('refuses a DXF nothing can be drawn from as corrupt', async () => {
    const broken = '0\nSECTION\n2\nENTITIES\n0\nLINE\n10\nnot-a-number\n';
    expect(await problemOf(process(Buffer.from(broken), 'broken.dxf'))).toEqual({ code: 'corrupt', fileName: 'broken.dxf' });
    expect(await problemOf(process(Buffer.from('just some words'), 'words.dxf'))).toEqual({ code: 'corrupt', fileName: 'words.dxf' });
  });
});

describe('DWG', () => {
  it('converts the fixture to DXF in a process of its own, keeping the original as the source', async () => {
    const bytes = fs.readFileSync(path.join(FIXTURES, 'dwg', 'sonsbeek-v1-sparingen.dwg'));
    const [sheet] = await process(bytes, 'sonsbeek.dwg');
    expect(sheet).toMatchObject({ kind: 'dwg', page: null });
    expect(Buffer.from(sheet!.source).equals(bytes)).toBe(true);
    const dxf = Buffer.from(sheet!.view!).toString('latin1');
    expect(dxf).toMatch(/^(999\r?\n[^\n]*\n)?\s*0\r?\nSECTION/);
    expect(dxf).toContain('ENTITIES');
    expect(sheet!.width).toBeGreaterThan(0);
    expect(sheet!.height).toBeGreaterThan(0);
  }, 60_000);

  it('refuses a DWG of a version the converter does not read, and one it cannot convert', async () => {
    const r12 = Buffer.concat([Buffer.from('AC1009'), Buffer.alloc(200, 7)]);
    expect(await problemOf(process(r12, 'old.dwg'))).toEqual({ code: 'dwgUnsupported', fileName: 'old.dwg' });
    const garbage = Buffer.concat([Buffer.from('AC1015'), Buffer.alloc(4000, 0x5a)]);
    expect(await problemOf(process(garbage, 'garbage.dwg'))).toEqual({ code: 'dwgFailed', fileName: 'garbage.dwg' });
  }, 60_000);
});
