/**
 * One uploaded drawing file → its sheets: a PDF set page by page (split keeping vectors, number
 * and title read from the text layer, a thumbnail drawn), an image, a DXF, or a DWG (converted
 * to DXF in a process of its own). Runs inside a job worker (drawing-job.ts).
 */
import type { DisciplineReading } from '../../../../core/drawings/disciplines.ts';
import type { ProcessedSheet } from './drawing-file.ts';
import { drawingKindOf } from './file-kind.ts';

export type ProcessProgress = (done: number, total: number) => void;

/** The sheets one at a time, so a caller can keep each and let it go before the next. */
export async function* eachDrawingSheet(bytes: Uint8Array, fileName: string, onProgress: ProcessProgress, reading?: DisciplineReading): AsyncGenerator<ProcessedSheet> {
  const { kind, sniffed } = drawingKindOf(bytes, fileName);
  // Each kind's readers (pdf.js, sharp, the DXF reader) are loaded when a file of that kind
  // comes: a worker thread starts without the ones it does not need.
  if (kind === 'pdf') {
    const { eachPdfSheet } = await import('./pdf-sheets.ts');
    yield* eachPdfSheet(bytes, fileName, onProgress, reading);
    return;
  }
  onProgress(0, 1);
  if (kind === 'image') yield await (await import('./image-sheet.ts')).imageSheet(bytes, fileName, sniffed === 'png' ? 'png' : 'jpg');
  else if (kind === 'dxf') yield await (await import('./dxf-sheet.ts')).dxfSheet(bytes, fileName, fileName, reading);
  else yield await (await import('./dwg-sheet.ts')).dwgSheet(bytes, fileName, reading);
  onProgress(1, 1);
}

/** Every sheet of the file (the contract's form; a job uses eachDrawingSheet to stream). */
export async function processDrawingFile(bytes: Uint8Array, fileName: string, onProgress: ProcessProgress): Promise<ProcessedSheet[]> {
  const sheets: ProcessedSheet[] = [];
  for await (const sheet of eachDrawingSheet(bytes, fileName, onProgress)) sheets.push(sheet);
  return sheets;
}
