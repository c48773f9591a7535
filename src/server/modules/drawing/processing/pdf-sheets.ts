/**
 * A PDF set, page by page: each page split into a one-page PDF with pdf-lib (its vectors and
 * fonts copied, nothing rasterised), its text read with pdf.js for the number and title, and a
 * PNG thumbnail drawn by pdf.js on an @napi-rs/canvas canvas. Each page's bytes are handed on
 * before the next page is made, so memory holds the set once plus one page.
 */
import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from 'pdf-lib';
import { getDocument, type PDFDocumentProxy, type PDFPageProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DisciplineReading } from '../../../../core/drawings/disciplines.ts';
import { readTitleBlock, type TextRun } from '../../../../core/drawings/title-block.ts';
import { DrawingFileError, DRAWING_PDF_MAX_PAGES, DRAWING_THUMBNAIL_PX, type ProcessedSheet } from './drawing-file.ts';

const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
// pdf.js reads these from the disk in Node: the 14 standard fonts (PDFs that name Helvetica
// without embedding it) and the character maps of CJK fonts.
const STANDARD_FONTS = path.join(PDFJS_ROOT, 'standard_fonts') + path.sep;
const CMAPS = path.join(PDFJS_ROOT, 'cmaps') + path.sep;

async function openWithPdfJs(bytes: Uint8Array, fileName: string): Promise<PDFDocumentProxy> {
  try {
    // pdf.js takes the buffer it is given over (and refuses a Node Buffer): it gets a plain
    // copy, so the caller's bytes stay readable.
    return await getDocument({
      data: new Uint8Array(bytes),
      standardFontDataUrl: STANDARD_FONTS,
      cMapUrl: CMAPS,
      cMapPacked: true,
      isEvalSupported: false,
      verbosity: 0,
      stopAtErrors: false,
    }).promise;
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'PasswordException') throw new DrawingFileError('encrypted', fileName);
    throw new DrawingFileError('corrupt', fileName, (error as Error).message);
  }
}

async function openWithPdfLib(bytes: Uint8Array, fileName: string): Promise<PDFDocument> {
  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  } catch (error) {
    throw new DrawingFileError('corrupt', fileName, (error as Error).message);
  }
  // Even without a password to open it, an encrypted file's streams would be copied still
  // encrypted into each page: refused as encrypted rather than split into pages nobody can read.
  if (document.isEncrypted) throw new DrawingFileError('encrypted', fileName);
  return document;
}

/** The page's text as runs in sheet coordinates (the page as shown, its /Rotate applied). */
async function textRunsOf(page: PDFPageProxy): Promise<{ runs: TextRun[]; width: number; height: number }> {
  const viewport = page.getViewport({ scale: 1 });
  const content = await page.getTextContent();
  const runs: TextRun[] = [];
  for (const item of content.items) {
    if (!('str' in item) || !item.str.trim()) continue;
    const { str, width } = item;
    const [a, b, , , e, f] = item.transform as number[];
    const [x, y] = viewport.convertToViewportPoint(e!, f!) as [number, number];
    const size = Math.hypot(a!, b!);
    // Text turned a quarter on the page (a title block along a side) is read as it stands, for its size.
    runs.push({ text: str, x, y, width, size });
  }
  return { runs, width: viewport.width, height: viewport.height };
}

async function thumbnailOf(page: PDFPageProxy): Promise<Uint8Array> {
  const base = page.getViewport({ scale: 1 });
  const viewport = page.getViewport({ scale: DRAWING_THUMBNAIL_PX / Math.max(base.width, base.height) });
  const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  await page.render({ canvas: canvas as unknown as HTMLCanvasElement, canvasContext: context as unknown as CanvasRenderingContext2D, viewport }).promise;
  return canvas.toBuffer('image/png');
}

async function splitPage(set: PDFDocument, index: number): Promise<Uint8Array> {
  const single = await PDFDocument.create({ updateMetadata: false });
  const [copied] = await single.copyPages(set, [index]);
  single.addPage(copied);
  return single.save({ useObjectStreams: true });
}

export async function* eachPdfSheet(
  bytes: Uint8Array,
  fileName: string,
  onProgress: (done: number, total: number) => void,
  reading?: DisciplineReading,
): AsyncGenerator<ProcessedSheet> {
  const reader = await openWithPdfJs(bytes, fileName);
  try {
    const total = reader.numPages;
    if (total === 0) throw new DrawingFileError('corrupt', fileName, 'no pages');
    if (total > DRAWING_PDF_MAX_PAGES) throw new DrawingFileError('tooManyPages', fileName, String(total));
    const set = await openWithPdfLib(bytes, fileName);
    if (set.getPageCount() !== total) throw new DrawingFileError('corrupt', fileName, `${set.getPageCount()} of ${total} pages readable`);
    onProgress(0, total);
    for (let index = 0; index < total; index++) {
      let sheet: ProcessedSheet;
      const page = await reader.getPage(index + 1).catch((error: Error) => {
        throw new DrawingFileError('corrupt', fileName, `page ${index + 1}: ${error.message}`);
      });
      try {
        const { runs, width, height } = await textRunsOf(page);
        const { number, title } = readTitleBlock(runs, width, height, reading);
        sheet = { page: index + 1, kind: 'pdf', source: await splitPage(set, index), thumbnail: await thumbnailOf(page), width, height, number, title };
      } catch (error) {
        if (error instanceof DrawingFileError) throw error;
        throw new DrawingFileError('corrupt', fileName, `page ${index + 1}: ${(error as Error).message}`);
      } finally {
        // What pdf.js keeps of the page (its operator list, fonts' glyphs) goes before the next.
        page.cleanup();
      }
      onProgress(index + 1, total);
      yield sheet;
    }
  } finally {
    await reader.destroy();
  }
}
