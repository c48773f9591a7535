import { rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import type { EmbeddedFont } from './pdf-fonts.ts';

/**
 * Lines of text on a report page in any script: each run set in a font that has its characters,
 * Arabic and Hebrew runs right to left (the font engine joins and reverses their letters), a
 * right-to-left paragraph's runs laid from the right, lines broken at spaces, or between any two
 * Chinese characters.
 */

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;
const LTR_STRONG = /[\p{L}\p{N}]/u;
const BIDI_CONTROLS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/gu;
const CJK = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;

interface Run {
  text: string;
  rtl: boolean;
  font: PDFFont | null;
}

export interface TextStyle {
  size: number;
  color?: RGB;
}

export class PdfText {
  constructor(private readonly fonts: readonly EmbeddedFont[]) {}

  /** Whether a paragraph reads right to left: its first strong character is Arabic or Hebrew. */
  static isRtl(text: string): boolean {
    for (const char of text) {
      if (RTL.test(char)) return true;
      if (LTR_STRONG.test(char) && !/\p{N}/u.test(char)) return false;
    }
    return false;
  }

  private fontFor(char: string): PDFFont | null {
    const codePoint = char.codePointAt(0)!;
    return this.fonts.find((font) => font.has(codePoint))?.pdf ?? null;
  }

  /** Runs of one direction and one font, in logical order; what no font has becomes `?`. */
  private runs(text: string): Run[] {
    const runs: Run[] = [];
    // Bidi control marks (as Intl puts around Arabic dates) are not drawn: the runs carry direction.
    for (const raw of text.replace(BIDI_CONTROLS, '')) {
      let char = raw === '\t' ? ' ' : raw;
      let font = this.fontFor(char);
      if (!font) {
        char = '?';
        font = this.fontFor(char);
      }
      const rtl = RTL.test(char);
      const neutral = !rtl && !LTR_STRONG.test(char);
      const last = runs[runs.length - 1];
      // Spaces and punctuation go with the run before them when its font has them.
      if (last && ((neutral && this.fontHas(last.font, char)) || (last.rtl === rtl && last.font === font))) {
        last.text += char;
        continue;
      }
      runs.push({ text: char, rtl, font });
    }
    return runs;
  }

  private fontHas(font: PDFFont | null, char: string): boolean {
    const codePoint = char.codePointAt(0)!;
    return Boolean(font && this.fonts.find((f) => f.pdf === font)?.has(codePoint));
  }

  width(text: string, size: number): number {
    return this.runs(text).reduce((sum, run) => sum + (run.font ? run.font.widthOfTextAtSize(run.text, size) : 0), 0);
  }

  /** The text broken into lines no wider than maxWidth (a word longer than a line is cut). */
  wrap(text: string, size: number, maxWidth: number): string[] {
    const lines: string[] = [];
    for (const paragraph of text.replace(/\r\n?/g, '\n').split('\n')) {
      // Break points: after spaces, and around each Chinese character.
      const pieces = paragraph.match(new RegExp(`${CJK.source}|[^\\s\\u2E80-\\u9FFF\\uAC00-\\uD7AF\\uF900-\\uFAFF\\uFF00-\\uFFEF]+\\s*|\\s+`, 'gu')) ?? [''];
      let line = '';
      for (const piece of pieces) {
        if (this.width(line + piece, size) <= maxWidth || !line) {
          line += piece;
          // A single piece wider than the line: cut it where it no longer fits.
          while (this.width(line.trimEnd(), size) > maxWidth && [...line].length > 1) {
            const chars = [...line];
            let cut = chars.length - 1;
            while (cut > 1 && this.width(chars.slice(0, cut).join(''), size) > maxWidth) cut--;
            lines.push(chars.slice(0, cut).join(''));
            line = chars.slice(cut).join('');
          }
        } else {
          lines.push(line.trimEnd());
          line = piece.trimStart();
        }
      }
      lines.push(line.trimEnd());
    }
    return lines;
  }

  /**
   * One line at (x, y) (the baseline) within maxWidth, set against the left or right edge. Its
   * direction is its own (its first strong character) unless `rtl` says; in a line of one
   * direction, a run of the other keeps its trailing spaces and marks on the line's side, as
   * the Unicode bidi rules place neutrals between runs of different directions.
   */
  drawLine(page: PDFPage, text: string, x: number, y: number, maxWidth: number, style: TextStyle, align: 'left' | 'right', rtl = PdfText.isRtl(text)): void {
    const runs: Run[] = [];
    for (const run of this.runs(text)) {
      const tail = run.rtl !== rtl ? /[\s\p{P}\p{S}]+$/u.exec(run.text)?.[0] : undefined;
      if (tail && tail.length < run.text.length) {
        runs.push({ ...run, text: run.text.slice(0, -tail.length) }, { text: tail, rtl, font: run.font });
      } else {
        runs.push(run);
      }
    }
    const ordered = rtl ? runs.reverse() : runs;
    const total = ordered.reduce((sum, run) => sum + (run.font ? run.font.widthOfTextAtSize(run.text, style.size) : 0), 0);
    let cursor = align === 'right' ? x + maxWidth - total : x;
    for (const run of ordered) {
      if (!run.font) continue;
      page.drawText(run.text, { x: cursor, y, size: style.size, font: run.font, color: style.color ?? rgb(0.1, 0.1, 0.12) });
      cursor += run.font.widthOfTextAtSize(run.text, style.size);
    }
  }
}
