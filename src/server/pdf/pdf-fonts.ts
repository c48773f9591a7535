import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { GlobalFonts } from '@napi-rs/canvas';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';

/**
 * The fonts of the documents the server draws (follow-up reports, printed schedules). PDF's
 * standard fonts know Latin only, so a document embeds fonts of the machine: one for Latin,
 * Greek, Cyrillic and Arabic (with its joining forms), one for Chinese; each character is set in
 * the first font that has it. Only the glyphs used are embedded (subset), so a document stays
 * small beside a CJK font of megabytes. Pictures (PNG) are drawn with the same files.
 */

const CJK_FONT_FILES = ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc', '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'];

/** Font files looked for, in order of use; a missing one is skipped (the README names the Debian packages). */
export const PDF_FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf',
  ...CJK_FONT_FILES,
];

/** Bold text: the bold faces where the machine has them, the regular ones for the rest (Chinese has no bold face here). */
export const PDF_BOLD_FONT_FILES = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSans-Bold.ttf',
  '/usr/share/fonts/truetype/noto/NotoSansArabic-Bold.ttf',
  ...PDF_FONT_FILES,
];

export interface PdfFontFile {
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
export const pdfFontkit = { create: (bytes: Uint8Array) => openFont(bytes) };

const opened = new Map<string, PdfFontFile | null>();

/** The fonts of `files` that are on this machine, each read once. */
export function loadPdfFonts(files: readonly string[] = PDF_FONT_FILES): PdfFontFile[] {
  const fonts: PdfFontFile[] = [];
  for (const path of files) {
    if (!opened.has(path)) {
      let bytes: Buffer;
      try {
        bytes = readFileSync(path);
      } catch {
        opened.set(path, null);
        continue;
      }
      const font = openFont(bytes);
      opened.set(path, { path, bytes, has: (codePoint) => font.hasGlyphForCodePoint(codePoint) });
    }
    const font = opened.get(path);
    if (font && !fonts.some((f) => f.path === path)) fonts.push(font);
  }
  return fonts;
}

export interface EmbeddedFont {
  pdf: PDFFont;
  has: (codePoint: number) => boolean;
}

/**
 * A font that lays out each text once: pdf-lib runs fontkit's layout (shaping, joining) on every
 * width and every draw, and a schedule's grid draws the same dates and durations thousands of
 * times. Widths scale with the size, so one width per text serves every size.
 */
function remembering(font: PDFFont): PDFFont {
  const encoded = new Map<string, ReturnType<PDFFont['encodeText']>>();
  const widths = new Map<string, number>();
  const encode = font.encodeText.bind(font);
  const width = font.widthOfTextAtSize.bind(font);
  font.encodeText = (text) => {
    let hex = encoded.get(text);
    if (!hex) {
      hex = encode(text);
      encoded.set(text, hex);
    }
    return hex;
  };
  font.widthOfTextAtSize = (text, size) => {
    let at1000 = widths.get(text);
    if (at1000 === undefined) {
      at1000 = width(text, 1000);
      widths.set(text, at1000);
    }
    return (at1000 * size) / 1000;
  };
  return font;
}

/** The fonts embedded in one document (subset to what it uses when it is saved); a file named twice is embedded once. */
export async function embedPdfFonts(document: PDFDocument, files: readonly PdfFontFile[], embedded = new Map<string, EmbeddedFont>()): Promise<EmbeddedFont[]> {
  document.registerFontkit(pdfFontkit);
  const fonts: EmbeddedFont[] = [];
  for (const file of files) {
    let font = embedded.get(file.path);
    if (!font) {
      font = { pdf: remembering(await document.embedFont(file.bytes, { subset: true })), has: file.has };
      embedded.set(file.path, font);
    }
    fonts.push(font);
  }
  return fonts;
}

/** Registers the machine's fonts with @napi-rs/canvas once (a file's regular and bold faces as one family); the CSS font-family list that draws with them, falling back from one to the next. */
let canvasFamilies: string | undefined;
export function canvasFontFamilies(): string {
  if (canvasFamilies === undefined) {
    const families: string[] = [];
    for (const file of loadPdfFonts(PDF_BOLD_FONT_FILES)) {
      const family = `Plinth ${basename(file.path).replace(/(-Bold|-Regular)?\.tt[fc]$/, '')}`;
      if (GlobalFonts.registerFromPath(file.path, family) && !families.includes(family)) families.push(family);
    }
    canvasFamilies = [...families.map((family) => `"${family}"`), 'sans-serif'].join(', ');
  }
  return canvasFamilies;
}
