import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { SeededRandom } from './random.ts';

/**
 * Drawing files for the demo register, made at seed time: PDF sheets with a title block
 * (number, title, project, scale, revision, date) over simple plan linework (grid, walls, rooms,
 * doors, dimensions), and a DXF with a few layers. Deterministic: the same sheet gives the same
 * bytes, so a revision differs from the one before only where its `changes` say.
 */

export interface DemoSheet {
  number: string;
  title: string;
  project: string;
  scale: string;
  revision: string;
  /** ISO date printed in the title block. */
  date: string;
  /** Rooms the plan gets beyond its base layout: a later revision adds some (what a compare shows). */
  changes?: number;
}

/** A3 landscape, in PDF points. */
const PAGE = { width: 1190.55, height: 841.89 };
const MARGIN = 24;
const BLOCK = { width: 380, height: 150 };
const INK = rgb(0.1, 0.12, 0.16);
const GRID_INK = rgb(0.55, 0.6, 0.68);
const RED = rgb(0.75, 0.12, 0.1);

function seedOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
  return hash >>> 0;
}

/** PDF coordinates run up from the bottom; the plan is drawn top-down like the sheet. */
const up = (y: number) => PAGE.height - y;

function titleBlock(page: PDFPage, sheet: DemoSheet, regular: PDFFont, bold: PDFFont): void {
  const x = PAGE.width - MARGIN - BLOCK.width;
  const top = PAGE.height - MARGIN - BLOCK.height;
  page.drawRectangle({ x, y: up(top + BLOCK.height), width: BLOCK.width, height: BLOCK.height, borderColor: INK, borderWidth: 1.2 });
  const rows = [top + 34, top + 68, top + 102];
  for (const y of rows) page.drawLine({ start: { x, y: up(y) }, end: { x: x + BLOCK.width, y: up(y) }, thickness: 0.6, color: INK });
  const split = x + 250;
  page.drawLine({ start: { x: split, y: up(top + 68) }, end: { x: split, y: up(top + BLOCK.height) }, thickness: 0.6, color: INK });
  const label = (text: string, lx: number, ly: number) => page.drawText(text, { x: lx, y: up(ly), size: 6.5, font: regular, color: GRID_INK });
  const value = (text: string, vx: number, vy: number, size: number, font = regular) => page.drawText(text, { x: vx, y: up(vy), size, font, color: INK });
  label('PROJECT', x + 6, top + 10);
  value(sheet.project, x + 6, top + 27, 11, bold);
  label('TITLE', x + 6, top + 44);
  value(sheet.title, x + 6, top + 61, 13, bold);
  label('SCALE', x + 6, top + 78);
  value(sheet.scale, x + 6, top + 95, 10);
  label('DATE', x + 120, top + 78);
  value(sheet.date, x + 120, top + 95, 10);
  label('REV', x + 6, top + 112);
  value(sheet.revision, x + 6, top + 136, 14, bold);
  label('STATUS', x + 60, top + 112);
  value('FOR CONSTRUCTION', x + 60, top + 134, 9);
  label('DRAWING NO.', split + 6, top + 78);
  value(sheet.number, split + 6, top + 128, 26, bold);
}

function planLinework(page: PDFPage, sheet: DemoSheet, regular: PDFFont): void {
  const random = new SeededRandom(seedOf(sheet.number));
  const area = { left: MARGIN + 50, top: MARGIN + 50, right: PAGE.width - MARGIN - BLOCK.width - 40, bottom: PAGE.height - MARGIN - 60 };
  const columns = 6;
  const rowsCount = 4;
  const dx = (area.right - area.left) / columns;
  const dy = (area.bottom - area.top) / rowsCount;
  // Structural grid with lettered and numbered bubbles.
  for (let i = 0; i <= columns; i++) {
    const x = area.left + i * dx;
    page.drawLine({ start: { x, y: up(area.top - 30) }, end: { x, y: up(area.bottom + 10) }, thickness: 0.4, color: GRID_INK, dashArray: [8, 3, 2, 3] });
    page.drawCircle({ x, y: up(area.top - 38), size: 9, borderColor: GRID_INK, borderWidth: 0.6 });
    page.drawText(String(i + 1), { x: x - 3, y: up(area.top - 35), size: 8, font: regular, color: GRID_INK });
  }
  for (let j = 0; j <= rowsCount; j++) {
    const y = area.top + j * dy;
    page.drawLine({ start: { x: area.left - 30, y: up(y) }, end: { x: area.right + 10, y: up(y) }, thickness: 0.4, color: GRID_INK, dashArray: [8, 3, 2, 3] });
    page.drawCircle({ x: area.left - 38, y: up(y), size: 9, borderColor: GRID_INK, borderWidth: 0.6 });
    page.drawText(String.fromCharCode(65 + j), { x: area.left - 41, y: up(y + 3), size: 8, font: regular, color: GRID_INK });
  }
  // Outer walls, then rooms between grid lines.
  page.drawRectangle({ x: area.left, y: up(area.bottom), width: area.right - area.left, height: area.bottom - area.top, borderColor: INK, borderWidth: 3 });
  const rooms = ['OFFICE', 'MEETING', 'STORE', 'PLANT', 'LOBBY', 'WC', 'KITCHEN', 'STAIR', 'LIFT', 'CORRIDOR', 'ELEC', 'COMMS'];
  const count = 5 + random.int(0, 2) + (sheet.changes ?? 0);
  for (let r = 0; r < count; r++) {
    const c0 = random.int(0, columns - 2);
    const r0 = random.int(0, rowsCount - 1);
    const x = area.left + c0 * dx;
    const y = area.top + r0 * dy;
    const w = dx * random.int(1, 2);
    const h = dy;
    const changed = r >= count - (sheet.changes ?? 0);
    page.drawRectangle({ x: x + 4, y: up(y + h - 4), width: w - 8, height: h - 8, borderColor: changed ? RED : INK, borderWidth: 1.6 });
    // A door: leaf and swing.
    const doorX = x + 4 + random.between(12, Math.max(14, w - 50));
    page.drawLine({ start: { x: doorX, y: up(y + h - 4) }, end: { x: doorX, y: up(y + h - 32) }, thickness: 0.8, color: INK });
    page.drawSvgPath(`M ${doorX} ${y + h - 32} A 28 28 0 0 1 ${doorX + 28} ${y + h - 4}`, { x: 0, y: PAGE.height, borderColor: INK, borderWidth: 0.5 });
    page.drawText(rooms[r % rooms.length]!, { x: x + 12, y: up(y + 20), size: 7.5, font: regular, color: INK });
  }
  // A dimension line along the top.
  const dimY = area.top - 14;
  page.drawLine({ start: { x: area.left, y: up(dimY) }, end: { x: area.right, y: up(dimY) }, thickness: 0.4, color: INK });
  for (let i = 0; i <= columns; i++) {
    const x = area.left + i * dx;
    page.drawLine({ start: { x: x - 3, y: up(dimY - 3) }, end: { x: x + 3, y: up(dimY + 3) }, thickness: 0.6, color: INK });
    if (i < columns) page.drawText('7200', { x: x + dx / 2 - 8, y: up(dimY + 4), size: 6, font: regular, color: INK });
  }
  // North arrow.
  const nx = area.right - 20;
  const ny = area.bottom - 40;
  page.drawSvgPath(`M ${nx} ${ny - 22} L ${nx + 8} ${ny + 6} L ${nx} ${ny} L ${nx - 8} ${ny + 6} Z`, { x: 0, y: PAGE.height, color: INK });
  page.drawText('N', { x: nx - 3, y: up(ny - 26), size: 8, font: regular, color: INK });
}

/** A PDF set: one A3 page per sheet, each with its plan and title block. */
export async function demoSheetSetPdf(sheets: readonly DemoSheet[]): Promise<Uint8Array> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const sheet of sheets) {
    const page = pdf.addPage([PAGE.width, PAGE.height]);
    page.drawRectangle({ x: MARGIN, y: MARGIN, width: PAGE.width - 2 * MARGIN, height: PAGE.height - 2 * MARGIN, borderColor: INK, borderWidth: 1.5 });
    planLinework(page, sheet, regular);
    titleBlock(page, sheet, regular, bold);
  }
  return pdf.save({ useObjectStreams: true });
}

// ---- DXF ----

const LAYERS = [
  { name: 'A-GRID', color: 8 },
  { name: 'A-WALL', color: 7 },
  { name: 'A-DOOR', color: 3 },
  { name: 'A-ANNO', color: 7 },
  { name: 'M-DUCT', color: 5 },
] as const;

/** One group code and value per two lines, as DXF is written. */
function group(lines: string[], code: number, value: string | number): void {
  lines.push(String(code), typeof value === 'number' ? String(Math.round(value * 1000) / 1000) : value);
}

/**
 * A ventilation layout as an ASCII DXF (millimetres): grid, walls as polylines, doors as arcs,
 * ducts with circles for diffusers, room names and a title block in texts, each kind on its layer.
 */
export function demoDxf(sheet: Pick<DemoSheet, 'number' | 'title' | 'project' | 'scale' | 'revision'>): string {
  const width = 43200;
  const height = 28800;
  const lines: string[] = [];
  const entity = (type: string, layer: string, fields: [number, string | number][]) => {
    group(lines, 0, type);
    group(lines, 8, layer);
    for (const [code, value] of fields) group(lines, code, value);
  };
  const line = (layer: string, x1: number, y1: number, x2: number, y2: number) => entity('LINE', layer, [[10, x1], [20, y1], [30, 0], [11, x2], [21, y2], [31, 0]]);
  const text = (layer: string, x: number, y: number, size: number, value: string) => entity('TEXT', layer, [[10, x], [20, y], [30, 0], [40, size], [1, value]]);
  const polyline = (layer: string, points: [number, number][], closed: boolean) => {
    entity('LWPOLYLINE', layer, [[90, points.length], [70, closed ? 1 : 0]]);
    for (const [x, y] of points) {
      group(lines, 10, x);
      group(lines, 20, y);
    }
  };

  group(lines, 0, 'SECTION');
  group(lines, 2, 'HEADER');
  group(lines, 9, '$INSUNITS');
  group(lines, 70, 4);
  group(lines, 9, '$EXTMIN');
  group(lines, 10, 0);
  group(lines, 20, -5200);
  group(lines, 30, 0);
  group(lines, 9, '$EXTMAX');
  group(lines, 10, width);
  group(lines, 20, height);
  group(lines, 30, 0);
  group(lines, 0, 'ENDSEC');
  group(lines, 0, 'SECTION');
  group(lines, 2, 'TABLES');
  group(lines, 0, 'TABLE');
  group(lines, 2, 'LAYER');
  group(lines, 70, LAYERS.length);
  for (const layer of LAYERS) {
    group(lines, 0, 'LAYER');
    group(lines, 2, layer.name);
    group(lines, 70, 0);
    group(lines, 62, layer.color);
    group(lines, 6, 'CONTINUOUS');
  }
  group(lines, 0, 'ENDTAB');
  group(lines, 0, 'ENDSEC');
  group(lines, 0, 'SECTION');
  group(lines, 2, 'ENTITIES');

  const bay = 7200;
  for (let i = 0; i <= 5; i++) line('A-GRID', 1200 + i * bay, 600, 1200 + i * bay, 23000);
  for (let j = 0; j <= 3; j++) line('A-GRID', 600, 1200 + j * bay, 38000, 1200 + j * bay);
  polyline('A-WALL', [[1200, 1200], [37200, 1200], [37200, 22800], [1200, 22800]], true);
  polyline('A-WALL', [[8400, 1200], [8400, 15600], [22800, 15600], [22800, 22800]], false);
  polyline('A-WALL', [[22800, 1200], [22800, 8400], [37200, 8400]], false);
  for (const [x, y] of [[8400, 12000], [22800, 5000], [30000, 8400]] as const) {
    line('A-DOOR', x, y, x + 900, y);
    entity('ARC', 'A-DOOR', [[10, x], [20, y], [30, 0], [40, 900], [50, 0], [51, 90]]);
  }
  polyline('M-DUCT', [[2400, 20000], [34000, 20000], [34000, 4000]], false);
  polyline('M-DUCT', [[2400, 19400], [33400, 19400], [33400, 4000]], false);
  for (let k = 0; k < 6; k++) entity('CIRCLE', 'M-DUCT', [[10, 5000 + k * 5200], [20, 17600], [30, 0], [40, 450]]);
  text('A-ANNO', 3000, 8000, 500, 'PLANT ROOM');
  text('A-ANNO', 14000, 8000, 500, 'OPEN OFFICE');
  text('A-ANNO', 27000, 14000, 500, 'MEETING');
  // Title block, lower right.
  polyline('A-ANNO', [[31000, -5200], [43200, -5200], [43200, 0], [31000, 0]], true);
  text('A-ANNO', 31300, -800, 300, `PROJECT ${sheet.project}`);
  text('A-ANNO', 31300, -1800, 250, 'TITLE');
  text('A-ANNO', 31300, -2500, 450, sheet.title);
  text('A-ANNO', 31300, -3600, 300, `SCALE ${sheet.scale}   REV ${sheet.revision}`);
  text('A-ANNO', 38000, -3600, 250, 'DRAWING NO.');
  text('A-ANNO', 38000, -4700, 700, sheet.number);

  group(lines, 0, 'ENDSEC');
  group(lines, 0, 'EOF');
  return `${lines.join('\n')}\n`;
}
