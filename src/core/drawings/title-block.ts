/**
 * Which text of a sheet is its number and which its title, read from the sheet's text runs
 * (a PDF's text layer, a DXF's texts): the title block first — a label such as "Drawing No",
 * "Sheet", "Dwg No" or "Title" and the value beside or below it —, then the largest text near
 * the lower right that looks like a sheet number (`A-101`, `S2.03`, `M-201a`, `E 100`); the
 * title the largest other words in the title block. Sheet coordinates: x right, y down.
 */
import { ruleDiscipline, type DisciplineReading } from './disciplines.ts';
import { normaliseSheetNumber, normaliseSheetTitle } from './sheet-number.ts';

export interface TextRun {
  text: string;
  /** Left end of the baseline. */
  x: number;
  y: number;
  width: number;
  /** Font size (height of the text), sheet units. */
  size: number;
}

export interface TitleBlockReading {
  number: string | null;
  title: string | null;
}

/** A drawing number as title blocks print it: discipline letters, a separator or none, digits, an optional part. */
const NUMBER_SHAPE = /^[A-Z]{1,3}[-. _/]?\d{1,4}(?:[.-]\d{1,4})*[a-z]?$/i;

const NUMBER_LABEL = /^(?:drawing|dwg\.?|sheet|drg\.?)\s*(?:no\.?|nr\.?|number|#)?\s*[:.]?\s*|^(?:图号|图纸编号|رقم اللوحة)\s*[:：]?\s*/i;
const TITLE_LABEL = /^(?:(?:drawing|dwg\.?|sheet)\s+)?(?:title|name)\s*[:.]?\s*|^(?:图名|图纸名称|عنوان اللوحة)\s*[:：]?\s*/i;
/** Words of a title block that are neither number nor title. */
const OTHER_LABEL = /^(?:scale|date|drawn|checked|approved|project|client|rev(?:ision)?|job|status|issue|sheet\s+\d+\s+of|比例|日期|设计|审核|项目)\b/i;
const NOT_A_TITLE = /^(?:\d+\s*[:/]\s*\d+|[\d\s./:-]+|n\.?t\.?s\.?)$/i;

/** Runs on one baseline close together are one piece of text (PDF writers often split words or letters). */
export function joinLines(runs: readonly TextRun[]): TextRun[] {
  const sorted = runs.filter((r) => r.text.trim()).toSorted((a, b) => a.y - b.y || a.x - b.x);
  const lines: TextRun[] = [];
  for (const run of sorted) {
    const last = lines.at(-1);
    const sameLine = last && Math.abs(last.y - run.y) < Math.max(last.size, run.size) * 0.3 && Math.abs(last.size - run.size) < Math.max(last.size, run.size) * 0.2;
    const gap = last ? run.x - (last.x + last.width) : Infinity;
    if (last && sameLine && gap > -last.size * 0.5 && gap < Math.max(last.size, run.size) * 1.2) {
      const space = gap > run.size * 0.15 && !last.text.endsWith(' ') && !run.text.startsWith(' ') ? ' ' : '';
      lines[lines.length - 1] = { ...last, text: last.text + space + run.text, width: run.x + run.width - last.x };
    } else {
      lines.push({ ...run, text: run.text });
    }
  }
  return lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() }));
}

/** A reader of numbers: the usual shape, or one the workspace's sheet-number rule makes (`T1-HV001`). */
const numberReader =
  (reading: DisciplineReading | undefined) =>
  (text: string): string | null => {
    const trimmed = text.replace(/\s+/g, ' ').trim();
    if (NUMBER_SHAPE.test(trimmed)) return normaliseSheetNumber(trimmed);
    return reading && ruleDiscipline(trimmed, reading) ? normaliseSheetNumber(trimmed) : null;
  };

/** The value for a label: the rest of its own line, else the nearest text to its right on its line, else the nearest below it. */
function valueBeside(label: TextRun, rest: string, lines: readonly TextRun[], accept: (text: string) => string | null): string | null {
  const own = rest ? accept(rest) : null;
  if (own) return own;
  const right = lines
    .filter((l) => l !== label && Math.abs(l.y - label.y) < label.size * 0.6 && l.x > label.x + label.width - label.size * 0.5 && l.x - (label.x + label.width) < label.size * 30)
    .toSorted((a, b) => a.x - b.x);
  const below = lines
    .filter((l) => l !== label && l.y > label.y && l.y - label.y < Math.max(label.size, l.size) * 4 && l.x + l.width > label.x - label.size * 2 && l.x < label.x + Math.max(label.width, label.size * 12))
    .toSorted((a, b) => a.y - b.y || Math.abs(a.x - label.x) - Math.abs(b.x - label.x));
  for (const candidate of [...right, ...below]) {
    const value = accept(candidate.text);
    if (value) return value;
  }
  return null;
}

const titleReader = (numberOf: (text: string) => string | null) => (text: string): string | null => {
  const title = normaliseSheetTitle(text);
  if (!title || title.length < 3 || !/\p{L}.*\p{L}/u.test(title) || NOT_A_TITLE.test(title) || NUMBER_LABEL.test(title) || TITLE_LABEL.test(title) || OTHER_LABEL.test(title)) return null;
  return numberOf(title) ? null : title;
};

/**
 * The number and title of a sheet `width` × `height` from its text runs; with the workspace's
 * reading, numbers its sheet-number rule makes are numbers too.
 */
export function readTitleBlock(runs: readonly TextRun[], width: number, height: number, reading?: DisciplineReading): TitleBlockReading {
  const numberOf = numberReader(reading);
  const titleOf = titleReader(numberOf);
  const lines = joinLines(runs);
  // The title block: the lower right of the sheet, or the strip along its right edge.
  const inBlock = (l: TextRun) => (l.x >= width * 0.5 && l.y >= height * 0.55) || l.x >= width * 0.78;
  const block = lines.filter(inBlock);

  let number: string | null = null;
  let title: string | null = null;
  for (const line of block) {
    const numberLabel = NUMBER_LABEL.exec(line.text);
    if (!number && numberLabel && !TITLE_LABEL.test(line.text)) {
      number = valueBeside(line, line.text.slice(numberLabel[0].length), block, numberOf);
    }
    const titleLabel = TITLE_LABEL.exec(line.text);
    if (!title && titleLabel) title = valueBeside(line, line.text.slice(titleLabel[0].length), block, titleOf);
  }

  if (!number) {
    // The largest text shaped like a number, nearest the lower right corner on a tie.
    const candidates = (block.length ? block : lines.filter((l) => l.x >= width * 0.5 && l.y >= height * 0.5))
      .filter((l) => numberOf(l.text))
      .toSorted((a, b) => b.size - a.size || b.x + b.y - (a.x + a.y));
    number = candidates[0] ? numberOf(candidates[0].text) : null;
  }
  if (!title) {
    const words = block.filter((l) => titleOf(l.text) && normaliseSheetNumber(l.text) !== number).toSorted((a, b) => b.size - a.size || a.y - b.y);
    title = words[0] ? titleOf(words[0].text) : null;
  }
  return { number, title };
}
