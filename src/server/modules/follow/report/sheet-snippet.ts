import path from 'node:path';
import { createRequire } from 'node:module';
import { createCanvas, loadImage, type SKRSContext2D } from '@napi-rs/canvas';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { snippetWindow, type SnippetWindow } from '../../../../core/follows/snippet.ts';

/**
 * The part of a sheet around a follow-up's pin, as a PNG with the pin drawn: a PDF sheet is
 * drawn by pdf.js (its vectors sharp at the snippet's scale, as the sheet thumbnails are drawn
 * in drawing/processing), an image sheet is cropped, and a DXF or DWG sheet is cropped from its
 * thumbnail (the server draws those only as thumbnails). Which part: `snippetWindow`, as the
 * detail screen shows it.
 */

/** The snippet's size in pixels (its window's shape, 4:3), about 2× the size it is shown in the report. */
export const SNIPPET_WIDTH = 800;
export const SNIPPET_HEIGHT = 600;

// The window's rule is the detail screen's too; the report's readers find it here.
export { snippetWindow };

const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
const STANDARD_FONTS = path.join(PDFJS_ROOT, 'standard_fonts') + path.sep;
const CMAPS = path.join(PDFJS_ROOT, 'cmaps') + path.sep;

export interface SnippetSheet {
  kind: 'pdf' | 'image' | 'dxf' | 'dwg';
  /** The one-page PDF or the image; for DXF and DWG the thumbnail is drawn from. */
  source: Uint8Array | null;
  thumbnail: Uint8Array | null;
  /** Sheet units: PDF points, image pixels, DXF drawing units. */
  width: number;
  height: number;
}

export interface SnippetPin {
  x: number;
  y: number;
  /** `#rrggbb`, the follow-up's status or type colour. */
  color: string;
  /** Written in the pin (the follow-up's number, short). */
  label?: string;
}

function drawPin(context: SKRSContext2D, x: number, y: number, pin: SnippetPin): void {
  const radius = 16;
  context.save();
  context.shadowColor = 'rgba(0,0,0,0.35)';
  context.shadowBlur = 6;
  // A drop shape whose point is the pinned spot.
  context.beginPath();
  context.moveTo(x, y);
  context.bezierCurveTo(x - radius, y - radius * 1.2, x - radius, y - radius * 2.6, x, y - radius * 2.6);
  context.bezierCurveTo(x + radius, y - radius * 2.6, x + radius, y - radius * 1.2, x, y);
  context.fillStyle = pin.color;
  context.fill();
  context.shadowBlur = 0;
  context.lineWidth = 3;
  context.strokeStyle = '#ffffff';
  context.stroke();
  context.beginPath();
  context.arc(x, y - radius * 1.75, radius * 0.42, 0, Math.PI * 2);
  context.fillStyle = '#ffffff';
  context.fill();
  context.restore();
}

async function drawPdf(context: SKRSContext2D, source: Uint8Array, window: SnippetWindow, scale: number): Promise<void> {
  const document = await getDocument({ data: new Uint8Array(source), standardFontDataUrl: STANDARD_FONTS, cMapUrl: CMAPS, cMapPacked: true, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const page = await document.getPage(1);
    // The sheet as shown (its /Rotate applied), as the sheet's width, height and pins are.
    const viewport = page.getViewport({ scale });
    await page.render({
      canvas: context.canvas as unknown as HTMLCanvasElement,
      canvasContext: context as unknown as CanvasRenderingContext2D,
      viewport,
      transform: [1, 0, 0, 1, -window.left * scale, -window.top * scale],
    }).promise;
    page.cleanup();
  } finally {
    await document.destroy();
  }
}

/** The snippet PNG; null when the sheet has nothing to draw from. */
export async function sheetSnippet(sheet: SnippetSheet, pin: SnippetPin): Promise<Buffer | null> {
  if (!(sheet.width > 0 && sheet.height > 0)) return null;
  const window = snippetWindow(sheet, pin);
  const scale = Math.min(SNIPPET_WIDTH / window.width, SNIPPET_HEIGHT / window.height);
  const canvas = createCanvas(Math.max(1, Math.round(window.width * scale)), Math.max(1, Math.round(window.height * scale)));
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  if (sheet.kind === 'pdf' && sheet.source) {
    await drawPdf(context, sheet.source, window, scale);
  } else {
    const bytes = sheet.kind === 'image' ? sheet.source : sheet.thumbnail;
    if (!bytes) return null;
    const image = await loadImage(Buffer.from(bytes));
    // Image pixels per sheet unit: 1 for the image itself, less for a thumbnail.
    const per = image.width / sheet.width;
    context.drawImage(image, window.left * per, window.top * per, window.width * per, window.height * per, 0, 0, canvas.width, canvas.height);
  }
  drawPin(context, (pin.x - window.left) * scale, (pin.y - window.top) * scale, pin);
  return canvas.toBuffer('image/png');
}
