/**
 * What a sheet number and a revision label look like, the one form they are kept and
 * matched in, and the label proposed for a sheet's next revision.
 */

export const SHEET_NUMBER_MAX = 32;
export const SHEET_TITLE_MAX = 200;

/** Letters and digits first, then letters, digits, `.`, `-`, `_`, `/` or single spaces (`A-101`, `S 2.01`, `M/101`). */
export const SHEET_NUMBER_PATTERN = '^[\\p{L}\\p{N}](?:[\\p{L}\\p{N}._/-]| (?! ))*$';
/** `A`, `B`, `AA`, `0`, `12`, `P1`, `C02`. */
export const REVISION_LABEL_PATTERN = '^[A-Za-z0-9]{1,8}$';

const sheetNumberRule = new RegExp(SHEET_NUMBER_PATTERN, 'u');

/**
 * A number as kept and matched: full-width forms and dashes read as ASCII (`Ａ－１０１` is
 * `A-101`), upper case, spaces trimmed and single. Null when nothing of a number is left.
 */
export function normaliseSheetNumber(raw: string): string | null {
  const kept = raw
    .normalize('NFKC')
    .replace(/[\u2010-\u2015\u2212\uFE58\uFE63]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();
  if (!kept || kept.length > SHEET_NUMBER_MAX || !sheetNumberRule.test(kept)) return null;
  return kept;
}

export const isSheetNumber = (value: string): boolean => normaliseSheetNumber(value) === value;

/** A title as kept: spaces single and trimmed, no angle brackets, cut to the longest allowed. */
export function normaliseSheetTitle(raw: string): string {
  return raw.normalize('NFKC').replace(/[<>]/g, '').replace(/\s+/g, ' ').trim().slice(0, SHEET_TITLE_MAX).trim();
}

/** The label of a sheet's first revision. */
export const FIRST_REVISION_LABEL = 'A';

/**
 * The label after `label`: letters count on as columns do (`A` → `B`, `Z` → `AA`), a trailing
 * number counts up keeping its width (`0` → `1`, `P09` → `P10`). Null starts at `A`.
 */
export function nextRevisionLabel(label: string | null): string {
  if (!label) return FIRST_REVISION_LABEL;
  const digits = /^(.*?)(\d+)$/.exec(label);
  if (digits) {
    const [, prefix, number] = digits;
    return prefix! + String(Number(number) + 1).padStart(number!.length, '0');
  }
  if (/^[A-Za-z]+$/.test(label)) {
    const upper = label === label.toUpperCase();
    const letters = label.toUpperCase().split('');
    let i = letters.length - 1;
    while (i >= 0 && letters[i] === 'Z') letters[i--] = 'A';
    if (i < 0) letters.unshift('A');
    else letters[i] = String.fromCharCode(letters[i]!.charCodeAt(0) + 1);
    const next = letters.join('');
    return upper ? next : next.toLowerCase();
  }
  return FIRST_REVISION_LABEL;
}

/**
 * Which of two labels is later: longer letter runs and bigger numbers come after
 * (`B` < `AA`, `9` < `10`), as `nextRevisionLabel` counts.
 */
export function compareRevisionLabels(a: string, b: string): number {
  const key = (label: string) => /^(.*?)(\d*)$/.exec(label.toUpperCase())!;
  const [, pa, na] = key(a);
  const [, pb, nb] = key(b);
  if (pa!.length !== pb!.length) return pa!.length - pb!.length;
  if (pa !== pb) return pa! < pb! ? -1 : 1;
  return Number(na || -1) - Number(nb || -1);
}
