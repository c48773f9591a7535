import { convertDwgToDxf } from './dwg-converter.ts';
import type { ProcessedSheet } from './drawing-file.ts';
import type { DisciplineReading } from '../../../../core/drawings/disciplines.ts';
import { dxfSheet } from './dxf-sheet.ts';

/**
 * A DWG sheet: the original is the source (kept and downloadable whatever happens), the DXF
 * the converter makes of it is the view, and size, thumbnail, number and title come from that DXF.
 */
export async function dwgSheet(bytes: Uint8Array, fileName: string, reading?: DisciplineReading): Promise<ProcessedSheet> {
  const dxf = await convertDwgToDxf(bytes, fileName);
  const view = await dxfSheet(dxf, fileName.replace(/\.dwg$/i, '.dxf'), fileName, reading);
  return { ...view, kind: 'dwg', source: bytes, view: dxf };
}
