/**
 * The `drawing.process` job: reads the upload from the file store, processes it sheet by sheet
 * (process-drawing-file.ts) and keeps each sheet's files in the store as they come, so a
 * 300-page set holds one page's bytes at a time, not the set's.
 */
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { JobFailure, type JobContext } from '../../../jobs/job-kind.ts';
import type { BlobStore } from '../../filestore/blob-store.ts';
import { DrawingFileError, type ProcessedSheet } from './drawing-file.ts';
import type { DrawingJobInput, DrawingJobResult, StoredDrawingFile, StoredDrawingSheet } from './drawing-job-types.ts';
import { eachDrawingSheet } from './process-drawing-file.ts';
import { disciplineReading } from '../../../../core/drawings/disciplines.ts';

const TYPES = { pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', dxf: 'image/vnd.dxf', dwg: 'image/vnd.dwg' } as const;

async function keep(blobs: BlobStore, bytes: Uint8Array, type: string, name: string): Promise<StoredDrawingFile> {
  const staged = await blobs.stage(Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]));
  await staged.commit();
  // Nothing names the bytes until the drawing module writes its rows; the store keeps blobs
  // without rows (its collector removes only what a removed row named), so settle now.
  staged.settle();
  return { sha256: staged.sha256, size: staged.size, type, name };
}

/** The file names of a sheet's files: `set.pdf` page 3 → `set-p3.pdf`; a DWG's view → `plan.dxf`. */
function namesOf(fileName: string, sheet: ProcessedSheet) {
  const base = path.basename(fileName).replace(/\.[^.]*$/, '') || 'drawing';
  const sourceExtension = sheet.kind === 'image' ? imageExtension(sheet.source) : sheet.kind;
  return {
    source: sheet.page === null ? `${base}.${sourceExtension}` : `${base}-p${sheet.page}.pdf`,
    view: `${base}.dxf`,
    thumbnail: `${base}${sheet.page === null ? '' : `-p${sheet.page}`}.png`,
  };
}

const imageExtension = (bytes: Uint8Array): 'png' | 'jpg' => (bytes[0] === 0x89 ? 'png' : 'jpg');

async function storeSheet(blobs: BlobStore, fileName: string, sheet: ProcessedSheet): Promise<StoredDrawingSheet> {
  const names = namesOf(fileName, sheet);
  const sourceType = sheet.kind === 'image' ? TYPES[imageExtension(sheet.source)] : TYPES[sheet.kind];
  return {
    page: sheet.page,
    kind: sheet.kind,
    width: sheet.width,
    height: sheet.height,
    number: sheet.number,
    title: sheet.title,
    source: await keep(blobs, sheet.source, sourceType, names.source),
    view: sheet.view ? await keep(blobs, sheet.view, TYPES.dxf, names.view) : null,
    thumbnail: await keep(blobs, sheet.thumbnail, TYPES.png, names.thumbnail),
  };
}

/** How the workspace reads numbers, as the upload handed it in. */
const readingOf = (input: DrawingJobInput) => (input.numbering ? disciplineReading(input.numbering.rule, input.numbering.codes) : undefined);

export async function run(input: DrawingJobInput, context: JobContext): Promise<DrawingJobResult> {
  const blobs = await context.blobs();
  const stream = await blobs.open(input.sha256);
  const bytes = await buffer(stream);
  const sheets: StoredDrawingSheet[] = [];
  try {
    for await (const sheet of eachDrawingSheet(bytes, input.fileName, (done, total) => context.progress(total ? done / total : 0, `${done}/${total}`), readingOf(input))) {
      sheets.push(await storeSheet(blobs, input.fileName, sheet));
    }
  } catch (error) {
    if (error instanceof DrawingFileError) {
      throw new JobFailure(error.code, { fileName: error.fileName, ...(error.detail ? { detail: error.detail } : {}) });
    }
    throw error;
  }
  return { sheets };
}
