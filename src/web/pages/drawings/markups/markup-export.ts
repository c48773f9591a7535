import type { PDFDocument, PDFFont, PDFImage, PDFPage, rgb as pdfRgb } from 'pdf-lib';
import { readDxf } from '../../../../core/drawings/dxf/read-dxf.ts';
import type { Size } from '../../../../core/drawings/viewport.ts';
import { drawDxf } from '../../../../core/drawings/dxf/draw-dxf.ts';
import { markupOutline } from '../../../../core/drawings/markup.ts';
import { openPdfSheet } from '../../../drawing-kit/pdf-sheet.ts';
import type { SheetSource } from '../../../drawing-kit/sheet-view.tsx';
import type { MarkupBody } from '../../../../core/drawings/markup.ts';
import { calloutCorners, MARKUP_FONT, markupLabels, paintMarkups, type MarkupLabel } from '../../../drawing-kit/markup-paint.ts';
import { LINE_HEIGHT, readsRightToLeft, textLines, type ShapeTexts } from '../../../drawing-kit/markup-shapes.tsx';

/** The long side of an exported PNG, and of a picture put into an exported PDF, in pixels. */
export const EXPORT_LONG_SIDE = 4096;

async function loadImage(url: string): Promise<HTMLImageElement> {
  const image = new Image();
  image.crossOrigin = 'anonymous';
  image.src = url;
  await image.decode();
  return image;
}

/** The sheet alone, drawn on a canvas at `scale` pixels per sheet unit. */
async function paintSheet(ctx: CanvasRenderingContext2D, source: SheetSource, scale: number): Promise<void> {
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  if (source.kind === 'pdf') {
    const aborted = new AbortController();
    const opened = await openPdfSheet(source.url, aborted.signal);
    const page = opened.page;
    try {
      const viewport = page.getViewport({ scale: scale * (source.width / page.getViewport({ scale: 1 }).width) });
      await page.render({ canvas: ctx.canvas, canvasContext: ctx, viewport }).promise;
    } finally {
      opened.close();
    }
  } else if (source.kind === 'image') {
    ctx.drawImage(await loadImage(source.url), 0, 0, source.width * scale, source.height * scale);
  } else {
    const response = await fetch(source.url);
    if (!response.ok) throw new Error(`the drawing could not be read (${response.status})`);
    const list = readDxf(await response.text());
    drawDxf(ctx, list, { matrix: [scale, 0, 0, scale, 0, 0], paper: '#ffffff', lineWidth: 1 });
  }
}

/** A canvas of the sheet at most EXPORT_LONG_SIDE pixels long, with or without its markups. */
async function sheetCanvas(source: SheetSource, bodies: readonly MarkupBody[] | null, texts: ShapeTexts): Promise<{ canvas: HTMLCanvasElement; scale: number }> {
  const scale = Math.min(EXPORT_LONG_SIDE / Math.max(source.width, source.height), 8);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(source.width * scale));
  canvas.height = Math.max(1, Math.round(source.height * scale));
  const ctx = canvas.getContext('2d')!;
  await paintSheet(ctx, source, scale);
  if (bodies) {
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    paintMarkups(ctx, bodies, texts);
  }
  return { canvas, scale };
}

const toBlob = (canvas: HTMLCanvasElement) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('the picture could not be made'))), 'image/png'));

/** The sheet with its markups as a PNG. */
export async function exportPng(source: SheetSource, bodies: readonly MarkupBody[], texts: ShapeTexts): Promise<Blob> {
  return toBlob((await sheetCanvas(source, bodies, texts)).canvas);
}

function rgbOf(hex: string) {
  const n = parseInt(hex.slice(1), 16);
  return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255] as const;
}

/** A PDF transformation matrix [a, b, c, d, e, f]. */
type PdfMatrix = [number, number, number, number, number, number];

/**
 * Where sheet units land on a PDF page. A PDF sheet is its page as shown, the page's /Rotate
 * applied (as pdf.js shows it and the register measured it), so markups are drawn in the shown
 * page's frame — points, y up, origin at its bottom-left corner — and `matrix` turns that frame
 * into the page's own unturned space, where a turned page's drawing is.
 */
export function pdfPageFrame(page: PDFPage, sheet: Size): { unit: number; height: number; matrix: PdfMatrix } {
  const box = page.getCropBox();
  const angle = page.getRotation().angle;
  // As pdf.js reads /Rotate: a quarter turn's multiple, else none.
  const turn = angle % 90 === 0 ? ((angle % 360) + 360) % 360 : 0;
  const { x, y, width: w, height: h } = box;
  const shown = turn === 90 || turn === 270 ? { width: h, height: w } : { width: w, height: h };
  // The page turned clockwise by `turn` is shown: the frame is turned back counter-clockwise.
  const matrix: PdfMatrix =
    turn === 90 ? [0, 1, -1, 0, x + w, y] : turn === 180 ? [-1, 0, 0, -1, x + w, y + h] : turn === 270 ? [0, -1, 1, 0, x, y + h] : [1, 0, 0, 1, x, y];
  return { unit: shown.width / sheet.width, height: shown.height, matrix };
}

/**
 * Draws markups on a PDF page as vector paths and texts, each where it is on the sheet (pdf-lib
 * closes a loaded page's own drawing in a graphics state of its own, so a transform it leaves
 * open cannot move them). Texts the standard font cannot write (Chinese, Arabic) are put in as
 * pictures of themselves (a browser's canvas draws them).
 */
export async function drawMarkupsOnPdfPage(doc: PDFDocument, page: PDFPage, sheet: Size, bodies: readonly MarkupBody[], texts: ShapeTexts): Promise<void> {
  const { StandardFonts, rgb, pushGraphicsState, popGraphicsState, concatTransformationMatrix } = await import('pdf-lib');
  const frame = pdfPageFrame(page, sheet);
  const unit = frame.unit;
  const left = 0;
  const top = frame.height;
  page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...frame.matrix));

  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const colour = (hex: string) => rgb(...rgbOf(hex));
  const svgOptions = { x: left, y: top, scale: unit };

  for (const body of bodies) {
    const { style } = body;
    const outline = markupOutline(body);
    if (outline.d) {
      if (body.kind === 'callout') {
        page.drawSvgPath(markupOutline({ ...body, kind: 'rectangle', points: calloutCorners(body) }).d, { ...svgOptions, color: rgb(1, 1, 1), opacity: style.opacity });
      }
      page.drawSvgPath(outline.d, {
        ...svgOptions,
        borderColor: colour(style.color),
        borderWidth: style.width,
        borderOpacity: style.opacity,
        borderLineCap: body.kind === 'highlighter' ? undefined : 1,
        borderDashArray: body.kind === 'link' ? [style.width * 3, style.width * 2] : undefined,
        color: outline.closed && style.fill ? colour(style.fill) : undefined,
        opacity: style.opacity * 0.25,
      });
    }
    if (outline.solid) page.drawSvgPath(outline.solid, { ...svgOptions, color: colour(style.color), opacity: style.opacity });
    for (const label of markupLabels(body, texts)) await drawLabel(doc, page, label, label.bold ? bold : font, { unit, left, top, opacity: style.opacity }, colour);
  }
  page.pushOperators(popGraphicsState());
}

/**
 * The sheet with its markups as a PDF: a PDF sheet keeps its own page (vector, turned as it
 * is) with the markups drawn on it; an image or DXF sheet becomes a page of its picture.
 */
export async function exportPdf(source: SheetSource, bodies: readonly MarkupBody[], texts: ShapeTexts): Promise<Blob> {
  const { PDFDocument: Pdf } = await import('pdf-lib');
  let doc: PDFDocument;
  let page: PDFPage;
  if (source.kind === 'pdf') {
    const response = await fetch(source.url);
    if (!response.ok) throw new Error(`the sheet could not be read (${response.status})`);
    doc = await Pdf.load(await response.arrayBuffer());
    page = doc.getPage(0);
  } else {
    doc = await Pdf.create();
    // A page at most 200 inches long, the picture filling it.
    const unit = Math.min(1, 14400 / Math.max(source.width, source.height));
    page = doc.addPage([source.width * unit, source.height * unit]);
    const { canvas } = await sheetCanvas(source, null, texts);
    const picture = await doc.embedPng(await (await toBlob(canvas)).arrayBuffer());
    page.drawImage(picture, { x: 0, y: 0, width: source.width * unit, height: source.height * unit });
  }
  await drawMarkupsOnPdfPage(doc, page, source, bodies, texts);
  const bytes = await doc.save();
  return new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

async function drawLabel(
  doc: PDFDocument,
  page: PDFPage,
  label: MarkupLabel,
  font: PDFFont,
  place: { unit: number; left: number; top: number; opacity: number },
  colour: (hex: string) => ReturnType<typeof pdfRgb>,
): Promise<void> {
  const lines = textLines(label.text);
  const size = label.size * place.unit;
  const pageX = (x: number) => place.left + x * place.unit;
  const pageY = (y: number) => place.top - y * place.unit;
  let encodable = true;
  try {
    for (const line of lines) font.encodeText(line);
  } catch {
    encodable = false;
  }
  if (encodable) {
    lines.forEach((line, i) => {
      const width = font.widthOfTextAtSize(line, size);
      const x = label.centred ? pageX(label.at[0]) - width / 2 : pageX(label.at[0]);
      const y = label.centred ? pageY(label.at[1]) - size * 0.35 : pageY(label.at[1] + label.size * 0.9 + i * label.size * LINE_HEIGHT);
      page.drawText(line, { x, y, size, font, color: colour(label.color), opacity: place.opacity });
    });
    return;
  }
  // A picture of the text at four pixels per point, placed where the text goes.
  const pixels = 4;
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d')!;
  const cssFont = `${label.bold ? '700 ' : ''}${size * pixels}px ${MARKUP_FONT}`;
  ctx.font = cssFont;
  const width = Math.max(...lines.map((line) => ctx.measureText(line).width), 1);
  // Sizing the canvas resets its context: the font is set again after.
  canvas.width = Math.ceil(width);
  canvas.height = Math.ceil(lines.length * size * pixels * LINE_HEIGHT);
  ctx.font = cssFont;
  ctx.fillStyle = label.color;
  ctx.textBaseline = 'alphabetic';
  ctx.direction = readsRightToLeft(label.text) ? 'rtl' : 'ltr';
  ctx.textAlign = 'left';
  lines.forEach((line, i) => ctx.fillText(line, 0, size * pixels * (0.9 + i * LINE_HEIGHT)));
  const png = await (await toBlob(canvas)).arrayBuffer();
  const picture: PDFImage = await doc.embedPng(png);
  const w = canvas.width / pixels;
  const h = canvas.height / pixels;
  const x = label.centred ? pageX(label.at[0]) - w / 2 : pageX(label.at[0]);
  const yTop = label.centred ? pageY(label.at[1]) + h / 2 : pageY(label.at[1]);
  page.drawImage(picture, { x, y: yTop - h, width: w, height: h, opacity: place.opacity });
}
