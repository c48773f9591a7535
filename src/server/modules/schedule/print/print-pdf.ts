import {
  closePath,
  fill,
  lineTo,
  moveTo,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setDashPattern,
  setFillingColor,
  setLineWidth,
  setStrokingColor,
  stroke,
  type PDFPage,
  type RGB,
} from 'pdf-lib';
import type { Rect } from '../../../../core/schedule/bar-geometry.ts';
import { embedPdfFonts, loadPdfFonts, PDF_BOLD_FONT_FILES, PDF_FONT_FILES, type EmbeddedFont } from '../../../pdf/pdf-fonts.ts';
import { PdfText } from '../../../pdf/pdf-text.ts';
import { POINTS_PER_UNIT, splitPages } from './print-layout.ts';
import { paintPage, type PrintSheet, type PrintSurface, type TextStyle } from './print-painter.ts';

/**
 * A printed schedule as a vector PDF: a page per sheet of rows, text in the machine's fonts
 * (embedded, subset), Arabic joined and laid right to left by the same text setter as the
 * follow-up report.
 */

const colours = new Map<string, RGB>();
function colourOf(hex: string): RGB {
  let colour = colours.get(hex);
  if (!colour) {
    const n = parseInt(hex.slice(1), 16);
    colour = rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
    colours.set(hex, colour);
  }
  return colour;
}

/** A text cut to `width` with an ellipsis, measured by the text setter (lengths remembered: a grid repeats its words). */
class Fitter {
  private readonly widths = new Map<string, number>();
  constructor(readonly text: PdfText) {}

  width(value: string, size: number): number {
    const key = `${size}|${value}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.text.width(value, size);
      this.widths.set(key, width);
    }
    return width;
  }

  fit(value: string, size: number, width: number): string {
    if (this.width(value, size) <= width) return value;
    const chars = [...value];
    let low = 0;
    let high = chars.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.text.width(`${chars.slice(0, mid).join('').trimEnd()}…`, size) <= width) low = mid;
      else high = mid - 1;
    }
    return low === 0 ? '' : `${chars.slice(0, low).join('').trimEnd()}…`;
  }
}

class PdfSurface implements PrintSurface {
  constructor(
    private readonly page: PDFPage,
    private readonly regular: Fitter,
    private readonly bold: Fitter,
    private readonly height: number,
  ) {}

  private readonly x = (x: number) => x * POINTS_PER_UNIT;
  private readonly y = (y: number) => (this.height - y) * POINTS_PER_UNIT;

  // Shapes are written as bare path operators, each in its own graphics state: pdf-lib's
  // drawRectangle and drawLine add a dozen operators each, and 10,000 rows draw 100,000 shapes.
  rect(rect: Rect, colour: string): void {
    this.page.pushOperators(pushGraphicsState(), setFillingColor(colourOf(colour)), rectangle(this.x(rect.x), this.y(rect.y + rect.height), rect.width * POINTS_PER_UNIT, rect.height * POINTS_PER_UNIT), fill(), popGraphicsState());
  }

  line(x1: number, y1: number, x2: number, y2: number, colour: string, width: number, dash?: number[]): void {
    this.page.pushOperators(
      pushGraphicsState(),
      setStrokingColor(colourOf(colour)),
      setLineWidth(width * POINTS_PER_UNIT),
      ...(dash ? [setDashPattern(dash.map((d) => d * POINTS_PER_UNIT), 0)] : []),
      moveTo(this.x(x1), this.y(y1)),
      lineTo(this.x(x2), this.y(y2)),
      stroke(),
      popGraphicsState(),
    );
  }

  polygon(points: [number, number][], colour: string): void {
    this.page.pushOperators(
      pushGraphicsState(),
      setFillingColor(colourOf(colour)),
      ...points.map(([x, y], i) => (i === 0 ? moveTo : lineTo)(this.x(x), this.y(y))),
      closePath(),
      fill(),
      popGraphicsState(),
    );
  }

  text(value: string, x: number, y: number, width: number, style: TextStyle): void {
    if (!value || width <= 0) return;
    const fitter = style.bold ? this.bold : this.regular;
    const size = style.size * POINTS_PER_UNIT;
    const room = width * POINTS_PER_UNIT;
    const shown = fitter.fit(value, size, room);
    if (!shown) return;
    let left = this.x(x);
    let align: 'left' | 'right' = style.align === 'right' ? 'right' : 'left';
    if (style.align === 'center') {
      left += Math.max(0, (room - fitter.width(shown, size)) / 2);
      align = 'left';
    }
    fitter.text.drawLine(this.page, shown, left, this.y(y), room, { size, color: colourOf(style.colour ?? '#000000') }, align);
  }
}

/** The PDF's bytes: the sheet's rows over as many pages as they need. */
export async function renderSchedulePdf(sheet: PrintSheet, generatedAt: Date): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.setTitle(sheet.title);
  document.setLanguage(sheet.words.language);
  document.setCreationDate(generatedAt);
  const embedded = new Map<string, EmbeddedFont>();
  const regular = new Fitter(new PdfText(await embedPdfFonts(document, loadPdfFonts(PDF_FONT_FILES), embedded)));
  const bold = new Fitter(new PdfText(await embedPdfFonts(document, loadPdfFonts(PDF_BOLD_FONT_FILES), embedded)));
  const pages = splitPages(sheet.rows.length, sheet.page);
  for (const [index, rows] of pages.entries()) {
    const page = document.addPage([sheet.page.width * POINTS_PER_UNIT, sheet.page.height * POINTS_PER_UNIT]);
    paintPage(new PdfSurface(page, regular, bold, sheet.page.height), sheet, index, rows, pages.length);
  }
  return document.save();
}
