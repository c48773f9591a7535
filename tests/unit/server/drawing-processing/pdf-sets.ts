/**
 * PDF sets made at test time with pdf-lib: sheets with title blocks in several layouts, a line
 * drawing on each (vectors), turned pages, and a set that needs a password.
 */
import { degrees, PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';

export type TitleBlockLayout = 'labelBeside' | 'labelAbove' | 'noLabels' | 'rightStrip' | 'chinese' | 'none';

export interface SheetSpec {
  number: string;
  title: string;
  layout: TitleBlockLayout;
  /** A0 landscape by default (points). */
  size?: [number, number];
  /** The page's /Rotate. */
  rotate?: 0 | 90 | 180 | 270;
}

const A1: [number, number] = [2384, 1684];

/** Decoy texts every title block has: numbers that are not the sheet's, words that are not its title. */
function decoys(page: PDFPage, font: PDFFont, x: number, y: number): void {
  page.drawText('Scale 1:100', { x, y, size: 9, font });
  page.drawText('Date 2026-03-14', { x: x + 120, y, size: 9, font });
  page.drawText('Project Harbour Tower', { x, y: y + 16, size: 9, font });
}

function drawSheet(page: PDFPage, font: PDFFont, bold: PDFFont, sheet: SheetSpec): void {
  const { width, height } = page.getSize();
  // The drawing: a grid of lines and a dimension text far from the title block.
  for (let i = 0; i < 20; i++) page.drawLine({ start: { x: 60 + i * 40, y: 200 }, end: { x: 60 + i * 40, y: height - 60 }, thickness: 0.5, color: rgb(0.2, 0.2, 0.2) });
  page.drawText('B-12 3600', { x: 120, y: height - 120, size: 30, font: bold });
  page.drawRectangle({ x: 20, y: 20, width: width - 40, height: height - 40, borderWidth: 2, borderColor: rgb(0, 0, 0) });
  const right = width - 420;
  switch (sheet.layout) {
    case 'labelBeside':
      decoys(page, font, right, 140);
      page.drawText('Drawing Title:', { x: right, y: 100, size: 9, font });
      page.drawText(sheet.title, { x: right + 80, y: 100, size: 16, font: bold });
      page.drawText('Drawing No:', { x: right, y: 60, size: 9, font });
      page.drawText(sheet.number, { x: right + 80, y: 60, size: 24, font: bold });
      break;
    case 'labelAbove':
      page.drawText('TITLE', { x: right, y: 150, size: 7, font });
      page.drawText(sheet.title, { x: right, y: 132, size: 14, font: bold });
      page.drawText('DWG NO.', { x: right + 250, y: 80, size: 7, font });
      page.drawText(sheet.number, { x: right + 250, y: 58, size: 20, font: bold });
      decoys(page, font, right, 40);
      break;
    case 'noLabels':
      page.drawText(sheet.title, { x: right, y: 110, size: 13, font: bold });
      page.drawText(sheet.number, { x: right + 260, y: 50, size: 36, font: bold });
      decoys(page, font, right, 60);
      break;
    case 'rightStrip': {
      // A narrow title strip along the right edge, top to bottom: number near the top.
      const x = width - 150;
      page.drawText('Sheet', { x, y: height - 100, size: 8, font });
      page.drawText(sheet.number, { x, y: height - 125, size: 22, font: bold });
      page.drawText('Title', { x, y: height - 200, size: 8, font });
      page.drawText(sheet.title, { x, y: height - 218, size: 11, font: bold });
      page.drawText('Scale 1:50', { x, y: height - 260, size: 8, font });
      break;
    }
    case 'chinese':
      // Standard fonts have no CJK glyphs: the labels are drawn as Latin stand-ins of the same
      // layout, and the rule's Chinese labels are covered by the title-block unit test.
      page.drawText('Dwg No', { x: right, y: 70, size: 8, font });
      page.drawText(sheet.number, { x: right + 60, y: 70, size: 18, font: bold });
      page.drawText('Title', { x: right, y: 110, size: 8, font });
      page.drawText(sheet.title, { x: right + 60, y: 110, size: 12, font: bold });
      break;
    case 'none':
      break;
  }
}

/** A PDF with one page per sheet. */
export async function makeSet(sheets: SheetSpec[], options: { classicXref?: boolean } = {}): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const sheet of sheets) {
    const [w, h] = sheet.size ?? A1;
    const page = pdf.addPage([w, h]);
    drawSheet(page, font, bold, sheet);
    if (sheet.rotate) page.setRotation(degrees(sheet.rotate));
  }
  return pdf.save({ useObjectStreams: !options.classicXref });
}

/** `count` sheets numbered A-001… with titles, labelled title blocks. */
export function numberedSheets(count: number): SheetSpec[] {
  return Array.from({ length: count }, (_, i) => ({ number: `A-${String(i + 1).padStart(3, '0')}`, title: `Level ${i + 1} Plan`, layout: 'labelBeside' as const, size: [842, 595] as [number, number] }));
}

/**
 * A set that needs a password: pdf-lib cannot encrypt, so an incremental update adds a
 * standard security handler (RC4, revision 2) whose user-password check no empty password
 * passes, and a trailer naming it.
 */
export async function makeEncryptedSet(): Promise<Uint8Array> {
  const plain = Buffer.from(await makeSet([{ number: 'A-101', title: 'Secret Plan', layout: 'labelBeside' }], { classicXref: true }));
  const text = plain.toString('latin1');
  const size = Number(/\/Size (\d+)/.exec(text)![1]);
  const root = /\/Root (\d+ \d+ R)/.exec(text)![1];
  const previous = Number(/startxref\s+(\d+)/.exec(text.slice(text.lastIndexOf('startxref')))![1]);
  const hex32 = (byte: string) => byte.repeat(32);
  const objectAt = plain.length + 1;
  const object = `\n${size} 0 obj\n<< /Filter /Standard /V 1 /R 2 /O <${hex32('ab')}> /U <${hex32('cd')}> /P -4 >>\nendobj\n`;
  const xrefAt = plain.length + object.length;
  const xref = `xref\n${size} 1\n${String(objectAt).padStart(10, '0')} 00000 n \n`;
  const trailer = `trailer\n<< /Size ${size + 1} /Root ${root} /Prev ${previous} /Encrypt ${size} 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.concat([plain, Buffer.from(object + xref + trailer, 'latin1')]);
}

/**
 * A landscape sheet kept as a portrait page turned by /Rotate 90, as plotters often write them:
 * drawn so that, shown turned, its title block is at the lower right and reads left to right.
 */
export async function makeTurnedSheet(number: string, title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const page = pdf.addPage([842, 1190]);
  page.setRotation(degrees(90));
  // Shown turned, a point (across, down) of the sheet is (down, across) of the page.
  const text = (value: string, across: number, down: number, size: number, face: PDFFont) =>
    page.drawText(value, { x: down, y: across, size, font: face, rotate: degrees(90) });
  text('Drawing Title', 850, 730, 8, font);
  text(title, 850, 750, 14, bold);
  text('Drawing No', 850, 780, 8, font);
  text(number, 850, 805, 20, bold);
  text('Scale 1:200', 1050, 780, 8, font);
  page.drawLine({ start: { x: 50, y: 50 }, end: { x: 700, y: 1000 }, thickness: 1 });
  return pdf.save();
}
