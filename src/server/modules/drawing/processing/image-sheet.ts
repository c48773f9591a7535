import sharp from 'sharp';
import { DrawingFileError, DRAWING_THUMBNAIL_PX, type ProcessedSheet } from './drawing-file.ts';

/** Most pixels an image sheet may have; more is refused before it is decoded (a decompression bomb). */
const MAX_PIXELS = 268_000_000;

/** A PNG or JPEG sheet: its own bytes are the source, its size in pixels, a PNG thumbnail. */
export async function imageSheet(bytes: Uint8Array, fileName: string, type: 'png' | 'jpg'): Promise<ProcessedSheet> {
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' });
    const meta = await image.metadata();
    if (meta.format !== (type === 'png' ? 'png' : 'jpeg')) throw new DrawingFileError('wrongType', fileName, meta.format);
    // EXIF orientation turns a photo of a sheet upright: the sheet's size is as it is shown.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    const thumbnail = await sharp(bytes, { limitInputPixels: MAX_PIXELS })
      .rotate()
      .resize(DRAWING_THUMBNAIL_PX, DRAWING_THUMBNAIL_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    return { page: null, kind: 'image', source: bytes, thumbnail, width, height, number: null, title: null };
  } catch (error) {
    if (error instanceof DrawingFileError) throw error;
    throw new DrawingFileError('corrupt', fileName, (error as Error).message);
  }
}
