import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The fonts a follow-up report is written in. PDF's standard fonts know Latin only, so the
 * report embeds fonts of the machine: one for Latin, Greek, Cyrillic and Arabic (with its joining
 * forms), one for Chinese; each character is set in the first font that has it. Only the glyphs
 * used are embedded (subset), so a report stays small beside a CJK font of megabytes.
 */

/** Font files looked for, in order of use; a missing one is skipped (the README names the Debian packages). */
export const REPORT_FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf',
  '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc',
];

export interface ReportFontFile {
  path: string;
  bytes: Buffer;
  /** Whether the font draws the code point (read once from its cmap). */
  has: (codePoint: number) => boolean;
}

/** A font collection (.ttc) is embedded as its first font: pdf-lib embeds single fonts. */
function openFont(bytes: Uint8Array): fontkit.Font {
  const opened = fontkit.create(bytes) as fontkit.Font & { fonts?: fontkit.Font[] };
  return opened.fonts?.[0] ?? opened;
}

/** pdf-lib's font engine, handing it the first font of a collection. */
export const reportFontkit = { create: (bytes: Uint8Array) => openFont(bytes) };

let machineFonts: ReportFontFile[] | undefined;

/** The fonts of REPORT_FONT_FILES that are on this machine, read once. */
export function loadReportFonts(files: readonly string[] = REPORT_FONT_FILES): ReportFontFile[] {
  if (files === REPORT_FONT_FILES && machineFonts) return machineFonts;
  const fonts: ReportFontFile[] = [];
  for (const path of files) {
    let bytes: Buffer;
    try {
      bytes = readFileSync(path);
    } catch {
      continue;
    }
    const font = openFont(bytes);
    fonts.push({ path, bytes, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) });
  }
  if (files === REPORT_FONT_FILES) machineFonts = fonts;
  return fonts;
}

export interface EmbeddedFont {
  pdf: PDFFont;
  has: (codePoint: number) => boolean;
}

/** The fonts embedded in one document (subset to what it uses when it is saved). */
export async function embedReportFonts(document: PDFDocument, files: readonly ReportFontFile[]): Promise<EmbeddedFont[]> {
  document.registerFontkit(reportFontkit);
  const embedded: EmbeddedFont[] = [];
  for (const file of files) embedded.push({ pdf: await document.embedFont(file.bytes, { subset: true }), has: file.has });
  return embedded;
}
