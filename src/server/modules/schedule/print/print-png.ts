import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { SCHEDULE_PNG_MAX_PX } from '../../../../core/contracts/schedules.ts';
import type { Rect } from '../../../../core/schedule/bar-geometry.ts';
import { ROW_HEIGHT } from '../../../../core/schedule/bar-geometry.ts';
import { canvasFontFamilies } from '../../../pdf/pdf-fonts.ts';
import { PdfText } from '../../../pdf/pdf-text.ts';
import { FOOTER_HEIGHT, PAGE_MARGIN, TABLE_HEAD_HEIGHT, TITLE_HEIGHT } from './print-layout.ts';
import { paintPage, type PrintSheet, type PrintSurface, type TextStyle } from './print-painter.ts';

/**
 * A printed schedule as one PNG: the paper's width, every row on one long page. Drawn at 1.5
 * pixels a unit (about 200 dpi); a schedule too tall for SCHEDULE_PNG_MAX_PX is drawn smaller,
 * down to 0.75, and past that its last rows are cut, the picture saying how many.
 */

const SCALE = 1.5;
const MIN_SCALE = 0.75;

class CanvasSurface implements PrintSurface {
  private readonly families = canvasFontFamilies();
  constructor(private readonly ctx: SKRSContext2D) {}

  rect(rect: Rect, colour: string): void {
    this.ctx.fillStyle = colour;
    this.ctx.fillRect(rect.x, rect.y, rect.width, rect.height);
  }

  line(x1: number, y1: number, x2: number, y2: number, colour: string, width: number, dash?: number[]): void {
    const ctx = this.ctx;
    ctx.strokeStyle = colour;
    ctx.lineWidth = width;
    ctx.setLineDash(dash ?? []);
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.stroke();
  }

  polygon(points: [number, number][], colour: string): void {
    const ctx = this.ctx;
    ctx.fillStyle = colour;
    ctx.beginPath();
    points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
    ctx.closePath();
    ctx.fill();
  }

  text(value: string, x: number, y: number, width: number, style: TextStyle): void {
    if (!value || width <= 0) return;
    const ctx = this.ctx;
    ctx.font = `${style.bold ? 'bold ' : ''}${style.size}px ${this.families}`;
    // Each text reads in its own direction (its first strong letter), as the PDF's do.
    ctx.direction = PdfText.isRtl(value) ? 'rtl' : 'ltr';
    let shown = value;
    if (ctx.measureText(shown).width > width) {
      const chars = [...value];
      let low = 0;
      let high = chars.length;
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (ctx.measureText(`${chars.slice(0, mid).join('').trimEnd()}…`).width <= width) low = mid;
        else high = mid - 1;
      }
      if (low === 0) return;
      shown = `${chars.slice(0, low).join('').trimEnd()}…`;
    }
    ctx.fillStyle = style.colour ?? '#000000';
    ctx.textAlign = style.align;
    ctx.fillText(shown, style.align === 'left' ? x : style.align === 'right' ? x + width : x + width / 2, y);
  }
}

/** The picture's height in units for `rows` rows: one page with the title band. */
const heightFor = (rows: number) => 2 * PAGE_MARGIN + TITLE_HEIGHT + TABLE_HEAD_HEIGHT + rows * ROW_HEIGHT + FOOTER_HEIGHT;

/** How many rows the picture holds, and at what scale. */
export function pictureFit(rowCount: number, pageWidth: number): { rows: number; scale: number } {
  const tallest = SCHEDULE_PNG_MAX_PX;
  const widthScale = tallest / pageWidth;
  const scale = Math.min(SCALE, widthScale, tallest / heightFor(rowCount));
  if (scale >= Math.min(MIN_SCALE, widthScale)) return { rows: rowCount, scale };
  const floor = Math.min(MIN_SCALE, widthScale);
  const rows = Math.max(0, Math.floor((tallest / floor - heightFor(0)) / ROW_HEIGHT));
  return { rows, scale: floor };
}

/** The PNG's bytes, its size in pixels, and how many rows were cut. */
export async function renderSchedulePng(sheet: PrintSheet): Promise<{ bytes: Buffer; width: number; height: number; cutRows: number }> {
  const { rows, scale } = pictureFit(sheet.rows.length, sheet.page.width);
  const cutRows = sheet.rows.length - rows;
  const page = { width: sheet.page.width, height: heightFor(rows) };
  const width = Math.min(SCHEDULE_PNG_MAX_PX, Math.round(page.width * scale));
  const height = Math.min(SCHEDULE_PNG_MAX_PX, Math.round(page.height * scale));
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.scale(scale, scale);
  ctx.textBaseline = 'alphabetic';
  paintPage(new CanvasSurface(ctx), { ...sheet, page, ...(cutRows > 0 ? { cutRows } : {}) }, 0, [0, rows], 1);
  return { bytes: await canvas.encode('png'), width, height, cutRows };
}
