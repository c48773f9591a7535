import { createCanvas } from '@napi-rs/canvas';
import { drawDxf } from '../../../../core/drawings/dxf/draw-dxf.ts';
import type { DxfDisplayList } from '../../../../core/drawings/dxf/display-list.ts';
import { readDxf } from '../../../../core/drawings/dxf/read-dxf.ts';
import type { DisciplineReading } from '../../../../core/drawings/disciplines.ts';
import { readTitleBlock, type TextRun } from '../../../../core/drawings/title-block.ts';
import { DrawingFileError, DRAWING_THUMBNAIL_PX, type ProcessedSheet } from './drawing-file.ts';

/** The display list's texts as runs for the title-block rule, one per line, in sheet coordinates. */
function textRuns(list: DxfDisplayList): TextRun[] {
  return list.texts.flatMap((text) =>
    text.lines.map((line, i) => ({
      text: line,
      x: text.bbox[0],
      y: text.y + i * text.lineSpacing,
      width: text.bbox[2] - text.bbox[0],
      size: text.height,
    })),
  );
}

/** The thumbnail: the drawing as the viewer draws it (the same display list and code), on white. */
function thumbnailOf(list: DxfDisplayList): Uint8Array {
  const scale = DRAWING_THUMBNAIL_PX / Math.max(list.width, list.height);
  const canvas = createCanvas(Math.max(1, Math.round(list.width * scale)), Math.max(1, Math.round(list.height * scale)));
  const context = canvas.getContext('2d');
  drawDxf(context, list, { matrix: [scale, 0, 0, scale, 0, 0], paper: '#ffffff', lineWidth: 1, minTextPx: 3 });
  return canvas.toBuffer('image/png');
}

/**
 * A DXF sheet, read by the viewer's reader (src/core/drawings/dxf: entities it does not know are
 * passed over), so its size in sheet units is the one the viewer draws and markups are placed
 * in; number and title read from its texts as from a title block. `fileName` is the name the
 * person gave (the DWG's, when the DXF was made from one).
 */
export async function dxfSheet(bytes: Uint8Array, dxfName: string, fileName = dxfName, reading?: DisciplineReading): Promise<ProcessedSheet> {
  let list: DxfDisplayList;
  try {
    list = readDxf(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8'));
  } catch (error) {
    throw new DrawingFileError('corrupt', fileName, (error as Error).message);
  }
  if (!(list.width > 0 && list.height > 0) || (list.batches.length === 0 && list.texts.length === 0)) {
    throw new DrawingFileError('corrupt', fileName, 'nothing is drawn');
  }
  const { number, title } = readTitleBlock(textRuns(list), list.width, list.height, reading);
  return Promise.resolve({ page: null, kind: 'dxf', source: bytes, thumbnail: thumbnailOf(list), width: list.width, height: list.height, number, title });
}
