import { PDFDocument, rgb, type PDFImage, type PDFPage } from 'pdf-lib';
import sharp from 'sharp';
import type { FollowPriority, FollowStatus } from '../../../../core/contracts/follows.ts';
import { FOLLOW_STATUS_COLORS } from '../../../../core/follows/status-colors.ts';
import { priorityWord, statusWord } from '../follow-words.ts';
import { embedPdfFonts, type PdfFontFile } from '../../../pdf/pdf-fonts.ts';
import { PdfText } from '../../../pdf/pdf-text.ts';
import { REPORT_WORDS, reportDate, type ReportLanguage } from './report-texts.ts';

/**
 * The PDF report of a list of follow-ups: a heading, then each follow-up from a new page with
 * its number, title, fields, description, the sheet around its pin and its photos, in the
 * reader's language and direction (Arabic from the right).
 */

export interface ReportEntry {
  number: string;
  title: string;
  status: FollowStatus;
  priority: FollowPriority;
  /** The type's name in the reader's language. */
  typeName: string;
  /** `#rrggbb`. */
  typeColor: string;
  assignees: string[];
  reviewer: string | null;
  /** `YYYY-MM-DD` or null. */
  dueDate: string | null;
  trade: string | null;
  location: string | null;
  /** The pinned sheet as a reader names it (number and title), or null. */
  sheet: string | null;
  createdBy: string;
  createTime: string;
  description: string;
  /** PNG of the sheet around the pin (sheetSnippet), or null. */
  snippet: Buffer | null;
  photos: Array<{ name: string; bytes: Buffer }>;
  /** Photos the follow-up has beyond those printed. */
  morePhotos: number;
}

export interface ReportInput {
  language: ReportLanguage;
  /** What the report is of: the workspace's name. */
  heading: string;
  generatedAt: Date;
  timeZone?: string;
  entries: ReportEntry[];
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 42;
const INK = rgb(0.12, 0.12, 0.14);
const MUTED = rgb(0.42, 0.43, 0.47);
const RULE = rgb(0.85, 0.86, 0.88);
/** A photo's long side in the PDF's JPEG, in pixels: sharp at the size it is printed (half the page), not the camera's 4000. */
const PHOTO_PX = 1000;
/** Photos printed per follow-up; the rest are counted (a report of 500 stays a file one can send). */
export const REPORT_PHOTOS_MAX = 8;

function hex(color: string) {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  return m ? rgb(parseInt(m[1]!, 16) / 255, parseInt(m[2]!, 16) / 255, parseInt(m[3]!, 16) / 255) : INK;
}

/** A photo as a JPEG pdf-lib embeds (any format sharp reads, turned upright, scaled down); null when it cannot be read. */
export async function photoJpeg(bytes: Buffer): Promise<Buffer | null> {
  try {
    return await sharp(bytes, { failOn: 'none', limitInputPixels: 100_000_000 })
      .rotate()
      .resize(PHOTO_PX, PHOTO_PX, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 80 })
      .toBuffer();
  } catch {
    return null;
  }
}

class Layout {
  page!: PDFPage;
  y = 0;
  readonly width = A4[0] - 2 * MARGIN;
  /** The edge lines are set against: the reading side. */
  get side(): 'left' | 'right' {
    return this.rtl ? 'right' : 'left';
  }

  constructor(
    private readonly document: PDFDocument,
    readonly text: PdfText,
    readonly rtl: boolean,
  ) {}

  newPage(): void {
    this.page = this.document.addPage(A4);
    this.y = A4[1] - MARGIN;
  }

  /** Room for `height` more points on this page, else a new page. */
  need(height: number): void {
    if (this.y - height < MARGIN + 20) this.newPage();
  }

  paragraph(value: string, size: number, color = INK, lineGap = 1.35): void {
    for (const line of this.text.wrap(value, size, this.width)) {
      this.need(size * lineGap);
      this.y -= size * lineGap;
      this.text.drawLine(this.page, line, MARGIN, this.y, this.width, { size, color }, this.side);
    }
  }

  /** Label and value side by side; the label on the reading side. */
  field(label: string, value: string, size = 10): void {
    const labelWidth = 110;
    const valueWidth = this.width - labelWidth - 8;
    const lines = this.text.wrap(value, size, valueWidth);
    lines.forEach((line, i) => {
      this.need(size * 1.5);
      this.y -= size * 1.5;
      const labelX = this.rtl ? MARGIN + this.width - labelWidth : MARGIN;
      const valueX = this.rtl ? MARGIN : MARGIN + labelWidth + 8;
      if (i === 0) this.text.drawLine(this.page, label, labelX, this.y, labelWidth, { size, color: MUTED }, this.side);
      this.text.drawLine(this.page, line, valueX, this.y, valueWidth, { size, color: INK }, this.side);
    });
  }

  rule(): void {
    this.y -= 8;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + this.width, y: this.y }, thickness: 0.7, color: RULE });
    this.y -= 6;
  }

  /** An image at most maxWidth × maxHeight, on the reading side; returns its drawn width. */
  image(image: PDFImage, maxWidth: number, maxHeight: number, x?: number): { width: number; height: number } {
    const scale = Math.min(maxWidth / image.width, maxHeight / image.height, 1);
    const width = image.width * scale;
    const height = image.height * scale;
    const left = x ?? (this.rtl ? MARGIN + this.width - width : MARGIN);
    this.page.drawImage(image, { x: left, y: this.y - height, width, height });
    this.page.drawRectangle({ x: left, y: this.y - height, width, height, borderColor: RULE, borderWidth: 0.7 });
    return { width, height };
  }
}

/** The report's PDF bytes; `fonts` from loadPdfFonts (the machine's fonts, or a test's). */
export async function renderFollowReport(input: ReportInput, fonts: readonly PdfFontFile[]): Promise<Uint8Array> {
  const words = REPORT_WORDS[input.language];
  const document = await PDFDocument.create();
  document.setTitle(`${words.title} — ${input.heading}`);
  document.setLanguage(input.language);
  document.setCreationDate(input.generatedAt);
  const text = new PdfText(await embedPdfFonts(document, fonts));
  const layout = new Layout(document, text, input.language === 'ar');
  const date = (value: string, withTime = false) => reportDate(value, input.language, withTime, input.timeZone);

  layout.newPage();
  layout.paragraph(words.title, 20);
  layout.paragraph(input.heading, 13, MUTED);
  layout.paragraph(words.generated(date(input.generatedAt.toISOString(), true), input.entries.length), 10, MUTED);

  for (const entry of input.entries) {
    layout.newPage();
    // The number and status as a coloured line, then the title.
    layout.paragraph(`${entry.number} · ${statusWord(entry.status, input.language)}`, 11, hex(FOLLOW_STATUS_COLORS[entry.status]));
    layout.paragraph(entry.title, 16);
    layout.rule();
    layout.field(words.status, statusWord(entry.status, input.language));
    layout.field(words.type, entry.typeName);
    layout.field(words.priority, priorityWord(entry.priority, input.language));
    layout.field(words.assignees, entry.assignees.length ? entry.assignees.join(', ') : words.none);
    layout.field(words.reviewer, entry.reviewer ?? words.none);
    layout.field(words.due, entry.dueDate ? date(entry.dueDate) : words.none);
    if (entry.trade) layout.field(words.trade, entry.trade);
    if (entry.location) layout.field(words.location, entry.location);
    if (entry.sheet) layout.field(words.sheet, entry.sheet);
    layout.field(words.created, `${entry.createdBy}, ${date(entry.createTime, true)}`);
    layout.rule();
    layout.paragraph(words.description, 11, MUTED);
    layout.paragraph(entry.description.trim() || words.noDescription, 10);

    if (entry.snippet) {
      const image = await document.embedPng(entry.snippet);
      const height = Math.min(250, (layout.width * image.height) / image.width);
      layout.need(height + 16);
      layout.y -= 10;
      layout.y -= layout.image(image, layout.width, height).height;
    }

    const photos: PDFImage[] = [];
    for (const photo of entry.photos) {
      const jpeg = await photoJpeg(photo.bytes);
      if (jpeg) photos.push(await document.embedJpg(jpeg));
    }
    if (photos.length) {
      // The heading stays with the first row of photos.
      layout.need(40 + Math.min(200, ((layout.width - 10) / 2 / photos[0]!.width) * photos[0]!.height));
      layout.y -= 8;
      layout.paragraph(words.photos, 11, MUTED);
      // Two photos a row, each in half the width.
      const cell = (layout.width - 10) / 2;
      for (let i = 0; i < photos.length; i += 2) {
        const row = photos.slice(i, i + 2);
        const rowHeight = Math.max(...row.map((p) => Math.min(cell / p.width, 200 / p.height, 1) * p.height));
        layout.need(rowHeight + 10);
        layout.y -= 6;
        row.forEach((photo, j) => {
          const column = layout.rtl ? 1 - j : j;
          layout.image(photo, cell, 200, MARGIN + column * (cell + 10));
        });
        layout.y -= rowHeight;
      }
    }
    if (entry.morePhotos > 0) layout.paragraph(words.morePhotos(entry.morePhotos), 10, MUTED);
  }

  // Page numbers last, when the count is known.
  const pages = document.getPages();
  pages.forEach((page, i) => {
    text.drawLine(page, words.page(i + 1, pages.length), MARGIN, MARGIN - 18, A4[0] - 2 * MARGIN, { size: 8, color: MUTED }, input.language === 'ar' ? 'left' : 'right');
  });
  return document.save();
}
