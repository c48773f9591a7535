/**
 * One uploaded drawing file → its sheets: a PDF set page by page (split keeping vectors, number
 * and title read from the text layer, a thumbnail drawn), an image, a DXF, or a DWG (converted
 * to DXF in a process of its own). Runs inside a job worker (drawing-job.ts).
 */
import type { ProcessedSheet } from './drawing-file.ts';
import { dwgSheet } from './dwg-sheet.ts';
import { dxfSheet } from './dxf-sheet.ts';
import { drawingKindOf } from './file-kind.ts';
import { imageSheet } from './image-sheet.ts';
import { eachPdfSheet } from './pdf-sheets.ts';

export type ProcessProgress = (done: number, total: number) => void;

/** The sheets one at a time, so a caller can keep each and let it go before the next. */
export async function* eachDrawingSheet(bytes: Uint8Array, fileName: string, onProgress: ProcessProgress): AsyncGenerator<ProcessedSheet> {
  const { kind, sniffed } = drawingKindOf(bytes, fileName);
  if (kind === 'pdf') {
    yield* eachPdfSheet(bytes, fileName, onProgress);
    return;
  }
  onProgress(0, 1);
  if (kind === 'image') yield await imageSheet(bytes, fileName, sniffed === 'png' ? 'png' : 'jpg');
  else if (kind === 'dxf') yield await dxfSheet(bytes, fileName);
  else yield await dwgSheet(bytes, fileName);
  onProgress(1, 1);
}

/** Every sheet of the file (the contract's form; a job uses eachDrawingSheet to stream). */
export async function processDrawingFile(bytes: Uint8Array, fileName: string, onProgress: ProcessProgress): Promise<ProcessedSheet[]> {
  const sheets: ProcessedSheet[] = [];
  for await (const sheet of eachDrawingSheet(bytes, fileName, onProgress)) sheets.push(sheet);
  return sheets;
}
