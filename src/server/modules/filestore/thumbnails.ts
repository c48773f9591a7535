import { buffer } from 'node:stream/consumers';
import type { decode as DecodeBmp } from 'bmp-ts';
import type SharpFactory from 'sharp';
import type { Sharp } from 'sharp';
import { THUMBNAIL_SOURCE_EXTENSIONS, type ThumbnailSize } from '../../../core/contracts/files.ts';
import { formatSize } from '../../../core/format.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from './blob-store.ts';

/**
 * Thumbnails of image files: WebP (small, with transparency, shown by every current browser)
 * fitting a size×size box, made with sharp (libvips, Apache-2.0, prebuilt for each platform
 * as npm packages) and kept in the blob store as a variant of the image's blob, so each
 * content and size is made once whoever uploaded it. libvips reads no BMP, so BMP files are
 * decoded with bmp-ts (MIT, plain TypeScript) and handed over as raw pixels.
 */

/** Raised when thumbnails come out differently, so the kept ones are made anew. */
const THUMBNAIL_VERSION = 1;
export const thumbnailVariant = (size: ThumbnailSize) => `thumbnail-v${THUMBNAIL_VERSION}-${size}.webp`;

export interface ThumbnailLimits {
  /** Largest image file made into a thumbnail: its bytes are read into memory. */
  maxSourceBytes: number;
  /** Most pixels an image may have; more is refused before it is decoded. */
  maxPixels: number;
}
export const THUMBNAIL_LIMITS: ThumbnailLimits = { maxSourceBytes: 64 * 1024 * 1024, maxPixels: 100_000_000 };

/** Thumbnails made at once: each holds its image in memory and keeps a core busy. */
const MAKING_AT_ONCE = 2;

export interface ThumbnailSource {
  sha256: string;
  size: number;
  extension: string;
}

const noThumbnail = (problem: string) => new AppError(415, 415, `file: ${problem}`);

/** Width × height from a BMP's header: the old OS/2 header has 16-bit sizes, the later ones 32-bit (height negative for top-down rows). */
function bmpPixels(bytes: Buffer): number | null {
  if (bytes.length < 26) return null;
  if (bytes.readUInt32LE(14) === 12) return bytes.readUInt16LE(18) * bytes.readUInt16LE(20);
  return Math.abs(bytes.readInt32LE(18)) * Math.abs(bytes.readInt32LE(22));
}

let imaging: Promise<{ sharp: typeof SharpFactory; decodeBmp: typeof DecodeBmp }> | null = null;
/** sharp (libvips) and the BMP decoder load with the first thumbnail: a server that makes none keeps their memory. */
const loadImaging = () =>
  (imaging ??= Promise.all([import('sharp'), import('bmp-ts')]).then(([sharpModule, bmpModule]) => ({ sharp: sharpModule.default, decodeBmp: bmpModule.decode })));

/** A BMP as raw RGBA pixels for sharp; the alpha channel counts only in 32-bit images that use it. */
async function fromBmp(bytes: Buffer, limits: ThumbnailLimits): Promise<Sharp> {
  const pixels = bmpPixels(bytes);
  if (pixels === null) throw noThumbnail('the image cannot be read');
  if (pixels > limits.maxPixels) throw tooManyPixels(limits);
  const { sharp, decodeBmp } = await loadImaging();
  const bmp = decodeBmp(bytes, { toRGBA: true });
  const image = sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 4 } });
  let usesAlpha = false;
  if (bmp.bitPP === 32) {
    for (let i = 3; i < bmp.data.length && !usesAlpha; i += 4) usesAlpha = bmp.data[i] !== 0;
  }
  return usesAlpha ? image : image.removeAlpha();
}

const tooManyPixels = (limits: ThumbnailLimits) => noThumbnail(`the image has more than ${limits.maxPixels / 1_000_000} million pixels, too many for a thumbnail`);

/** An SVG drawn at the density that makes its longer side `size` pixels: a vector image has no size of its own to keep. */
async function fromSvg(bytes: Buffer, size: number, limits: ThumbnailLimits): Promise<Sharp> {
  const { sharp } = await loadImaging();
  const { width, height } = await sharp(bytes, { limitInputPixels: limits.maxPixels }).metadata();
  const longer = Math.max(width ?? 0, height ?? 0) || size;
  const density = Math.min(Math.max((72 * size) / longer, 1), 100_000);
  return sharp(bytes, { density, limitInputPixels: limits.maxPixels });
}

async function render(bytes: Buffer, extension: string, size: ThumbnailSize, limits: ThumbnailLimits): Promise<Buffer> {
  try {
    const { sharp } = await loadImaging();
    const image =
      extension === 'bmp'
        ? await fromBmp(bytes, limits)
        : extension === 'svg'
          ? await fromSvg(bytes, size, limits)
          : // The first frame of an animation; a damaged tail of a photo still gives its top.
            sharp(bytes, { limitInputPixels: limits.maxPixels, failOn: 'error' });
    return await image
      .autoOrient()
      .resize(size, size, { fit: 'inside', withoutEnlargement: extension !== 'svg' })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (/pixel limit/i.test((error as Error).message)) throw tooManyPixels(limits);
    throw noThumbnail('the image cannot be read: its bytes are damaged or of a kind that is not supported');
  }
}

/** Makes and keeps thumbnails for one store; a thumbnail asked for twice at once is made once. */
export class Thumbnails {
  private readonly making = new Map<string, Promise<Buffer>>();
  private running = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly store: BlobStore,
    private readonly limits: ThumbnailLimits = THUMBNAIL_LIMITS,
  ) {}

  /** Throws the 415 to answer when files of this extension have no thumbnail. */
  static requireImage(extension: string): void {
    if (!THUMBNAIL_SOURCE_EXTENSIONS.includes(extension)) {
      throw noThumbnail(`${extension ? `.${extension} files have` : 'a file without an extension has'} no thumbnail; images of type ${THUMBNAIL_SOURCE_EXTENSIONS.join(', ')} do`);
    }
  }

  /** The WebP thumbnail of an image blob: the kept one, or made now and kept. */
  async of(source: ThumbnailSource, size: ThumbnailSize): Promise<Buffer> {
    Thumbnails.requireImage(source.extension);
    const variant = thumbnailVariant(size);
    const kept = await this.store.readVariant(source.sha256, variant);
    if (kept) return kept;
    if (source.size > this.limits.maxSourceBytes) {
      throw noThumbnail(`the image is larger than ${formatSize(this.limits.maxSourceBytes)}, too large for a thumbnail; download it instead`);
    }
    const key = `${source.sha256}/${variant}`;
    let made = this.making.get(key);
    if (!made) {
      made = this.make(source, size, variant).finally(() => this.making.delete(key));
      this.making.set(key, made);
    }
    return made;
  }

  private async make(source: ThumbnailSource, size: ThumbnailSize, variant: string): Promise<Buffer> {
    await this.turn();
    try {
      const bytes = await buffer(await this.store.open(source.sha256));
      const thumbnail = await render(bytes, source.extension, size, this.limits);
      await this.store.keepVariant(source.sha256, variant, thumbnail);
      return thumbnail;
    } finally {
      this.leave();
    }
  }

  /** Waits until fewer than MAKING_AT_ONCE thumbnails are being made. */
  private async turn(): Promise<void> {
    if (this.running < MAKING_AT_ONCE) this.running++;
    // The one that leaves hands its place on, so the count stays as it is.
    else await new Promise<void>((resolve) => this.queue.push(resolve));
  }

  private leave(): void {
    const next = this.queue.shift();
    if (next) next();
    else this.running--;
  }
}
