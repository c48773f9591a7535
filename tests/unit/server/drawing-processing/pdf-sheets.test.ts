import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { DRAWING_PDF_PAGES_MAX } from '../../../../src/core/contracts/drawings.ts';
import { normaliseSheetNumber } from '../../../../src/core/drawings/sheet-number.ts';
import { DrawingFileError, type ProcessedSheet } from '../../../../src/server/modules/drawing/processing/drawing-file.ts';
import { processDrawingFile } from '../../../../src/server/modules/drawing/processing/process-drawing-file.ts';
import { pngSize } from './png-size.ts';
import { makeEncryptedSet, makeSet, makeTurnedSheet, numberedSheets, type SheetSpec } from './pdf-sets.ts';

/**
 * PDF sets into sheets: one page each, vectors kept, number and title read from the title
 * block in the layouts drawings come in, thumbnails, and the files that cannot be sheets.
 */

const process = (bytes: Uint8Array, name = 'set.pdf', progress: [number, number][] = []) =>
  processDrawingFile(bytes, name, (done, total) => progress.push([done, total]));

async function problemOf(work: Promise<unknown>): Promise<{ code: string; fileName: string }> {
  const error = await work.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DrawingFileError);
  const { code, fileName } = error as DrawingFileError;
  return { code, fileName };
}

describe('reading a sheet’s number and title from its title block', () => {
  const layouts: [SheetSpec['layout'], string, string][] = [
    ['labelBeside', 'A-101', 'Ground Floor Plan'],
    ['labelAbove', 'S2.03', 'Foundation Details'],
    ['noLabels', 'M-201a', 'Level 2 Ductwork'],
    ['rightStrip', 'E 100', 'Lighting Layout'],
    ['chinese', 'FP-310', 'Sprinkler Zones'],
  ];

  it.each(layouts)('title block %s: %s “%s”', async (layout, number, title) => {
    const [sheet] = await process(await makeSet([{ number, title, layout }]));
    // Kept as sheet numbers are kept and matched (upper case: M-201a is M-201A).
    expect(sheet).toMatchObject({ page: 1, kind: 'pdf', number: normaliseSheetNumber(number), title });
  });

  it('reads neither from a sheet with no title block, and says so with nulls', async () => {
    const [sheet] = await process(await makeSet([{ number: 'X', title: 'X', layout: 'none' }]));
    expect(sheet).toMatchObject({ number: null, title: null });
  });

  it('reads a turned page as it is shown: its size turned, its title block at the lower right', async () => {
    const [sheet] = await process(await makeTurnedSheet('C-501', 'Site Drainage'));
    expect(sheet).toMatchObject({ width: 1190, height: 842, number: 'C-501', title: 'Site Drainage' });
    expect(pngSize(Buffer.from(sheet!.thumbnail))).toEqual({ width: 512, height: 362 });
  });
});

describe('splitting a set into sheets', () => {
  it('makes one sheet per page, each a one-page PDF that keeps its vectors and text', async () => {
    const specs = numberedSheets(3);
    const progress: [number, number][] = [];
    const sheets = await process(await makeSet(specs), 'tender.pdf', progress);
    expect(sheets.map((s) => [s.page, s.number, s.title, s.width, s.height])).toEqual([
      [1, 'A-001', 'Level 1 Plan', 842, 595],
      [2, 'A-002', 'Level 2 Plan', 842, 595],
      [3, 'A-003', 'Level 3 Plan', 842, 595],
    ]);
    expect(progress).toEqual([[0, 3], [1, 3], [2, 3], [3, 3]]);
    for (const sheet of sheets) await expectOnePageVectorPdf(sheet);
  });

  it('draws each thumbnail as a PNG at most 512 px on its long side, with the sheet’s lines on white', async () => {
    const [sheet] = await process(await makeSet([{ number: 'A-101', title: 'Plan', layout: 'labelBeside' }]));
    const png = Buffer.from(sheet!.thumbnail);
    expect(pngSize(png)).toEqual({ width: 512, height: 362 });
    // Not blank: a rendered page of lines compresses far less than 512×362 of white.
    expect(png.length).toBeGreaterThan(4_000);
  });

  it(`reads a 200-page set (the limit is ${DRAWING_PDF_PAGES_MAX} pages)`, async () => {
    const sheets = await process(await makeSet(numberedSheets(200)));
    expect(sheets).toHaveLength(200);
    expect(sheets.filter((s, i) => s.number === `A-${String(i + 1).padStart(3, '0')}`)).toHaveLength(200);
  }, 120_000);
});

describe('PDFs that cannot become sheets', () => {
  it('refuses a set that needs a password as encrypted', async () => {
    expect(await problemOf(process(await makeEncryptedSet(), 'locked.pdf'))).toEqual({ code: 'encrypted', fileName: 'locked.pdf' });
  });

  it('refuses a broken file as corrupt and zero bytes as empty', async () => {
    const whole = await makeSet(numberedSheets(2));
    expect(await problemOf(process(whole.slice(0, 300), 'cut.pdf'))).toEqual({ code: 'corrupt', fileName: 'cut.pdf' });
    expect(await problemOf(process(Buffer.from('%PDF-1.7\nthis is not a pdf at all\n%%EOF'), 'junk.pdf'))).toEqual({ code: 'corrupt', fileName: 'junk.pdf' });
    expect(await problemOf(process(new Uint8Array(0), 'empty.pdf'))).toEqual({ code: 'empty', fileName: 'empty.pdf' });
  });

  it(`refuses a set of more than ${DRAWING_PDF_PAGES_MAX} pages before splitting any`, async () => {
    const pdf = await PDFDocument.create();
    for (let i = 0; i <= DRAWING_PDF_PAGES_MAX; i++) pdf.addPage([200, 100]);
    const progress: [number, number][] = [];
    expect(await problemOf(process(await pdf.save(), 'huge.pdf', progress))).toEqual({ code: 'tooManyPages', fileName: 'huge.pdf' });
    expect(progress).toEqual([]);
  });
});

async function expectOnePageVectorPdf(sheet: ProcessedSheet): Promise<void> {
  const document = await getDocument({ data: sheet.source.slice(), verbosity: 0 }).promise;
  try {
    expect(document.numPages).toBe(1);
    const page = await document.getPage(1);
    const text = await page.getTextContent();
    expect(text.items.map((item) => ('str' in item ? item.str : '')).join(' ')).toContain(sheet.number);
    // Lines stay drawing operators (not an image of them).
    const operators = await page.getOperatorList();
    expect(operators.fnArray.length).toBeGreaterThan(20);
  } finally {
    await document.destroy();
  }
}
