import { viewMatrix, type Size, type Viewport } from '../../core/drawings/viewport.ts';

/** Draws an image sheet: one <img> placed by a CSS matrix, the browser scaling it. */
export class ImageSheetPainter {
  readonly image = document.createElement('img');

  constructor(
    private readonly host: HTMLElement,
    /** Set once the image has loaded when no size was stored. */
    public sheet: Size,
  ) {
    this.image.className = 'sheet-image';
    this.image.alt = '';
    this.image.draggable = false;
    this.image.decoding = 'async';
    host.append(this.image);
  }

  load(url: string): Promise<HTMLImageElement> {
    return new Promise((resolve, reject) => {
      this.image.onload = () => resolve(this.image);
      this.image.onerror = () => reject(new Error('image'));
      this.image.src = url;
    });
  }

  update(view: Viewport): void {
    // Sheet units are the image's pixels, but the stored size wins if they differ.
    const kx = this.sheet.width / (this.image.naturalWidth || this.sheet.width);
    const ky = this.sheet.height / (this.image.naturalHeight || this.sheet.height);
    const [a, b, c, d, e, f] = viewMatrix(view, this.sheet);
    this.image.style.transform = `matrix(${a * kx}, ${b * kx}, ${c * ky}, ${d * ky}, ${e}, ${f})`;
    // Pixels stay crisp when zoomed past 1:1 (a scan's lines), smooth when smaller.
    this.image.style.imageRendering = view.scale * kx > 2 ? 'pixelated' : 'auto';
  }

  destroy(): void {
    this.image.remove();
  }
}
