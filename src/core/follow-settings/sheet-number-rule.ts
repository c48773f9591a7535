import { isSheetNumber, normaliseSheetNumber } from '../drawings/sheet-number.ts';

/**
 * A workspace's sheet-number rule: how the register proposes a number no title block gave,
 * e.g. `{discipline}-{101}` → …; `{discipline}` is the discipline's code and
 * `{<digits>}` a counter that starts at that number and keeps its width (`{001}` → 001, 002).
 * Text around them is kept as written (upper case, as sheet numbers are).
 */
export type SheetNumberPart = { kind: 'text'; text: string } | { kind: 'discipline' } | { kind: 'counter'; start: number; width: number };

export interface SheetNumberRuleError {
  error: string;
}

const TOKEN = /\{([^{}]*)\}/g;

export function parseSheetNumberRule(rule: string): SheetNumberPart[] | SheetNumberRuleError {
  const parts: SheetNumberPart[] = [];
  let at = 0;
  for (const match of rule.matchAll(TOKEN)) {
    if (match.index > at) parts.push({ kind: 'text', text: rule.slice(at, match.index) });
    const token = match[1]!;
    if (token === 'discipline') parts.push({ kind: 'discipline' });
    else if (/^\d{1,6}$/.test(token)) parts.push({ kind: 'counter', start: Number(token), width: token.length });
    else return { error: `{${token}} is not a part of a sheet number: use {discipline} or a starting number such as {101}` };
    at = match.index + match[0].length;
  }
  if (at < rule.length) parts.push({ kind: 'text', text: rule.slice(at) });
  if (parts.some((p) => p.kind === 'text' && /[{}]/.test(p.text))) return { error: 'braces must enclose {discipline} or a starting number' };
  const counters = parts.filter((p) => p.kind === 'counter').length;
  if (counters !== 1) return { error: 'the rule needs exactly one counter, such as {101}' };
  // Every number the rule makes must be a sheet number: try the widest discipline code and a long counter.
  const sample = formatSheetNumber(parts, 'FPXX', 999999);
  if (!isSheetNumber(sample)) return { error: `the rule makes numbers such as "${sample}", which is not a sheet number (letters, digits, . - _ / and single spaces, at most 32)` };
  return parts;
}

export function formatSheetNumber(parts: readonly SheetNumberPart[], discipline: string, counter: number): string {
  return parts
    .map((p) => (p.kind === 'text' ? p.text.toUpperCase() : p.kind === 'discipline' ? discipline : String(counter).padStart(p.width, '0')))
    .join('');
}

/** The first number of the rule for the discipline that no sheet of `taken` has (kept numbers, normalised). */
export function proposeSheetNumber(parts: readonly SheetNumberPart[], discipline: string, taken: ReadonlySet<string>): string | null {
  const counter = parts.find((p) => p.kind === 'counter')!;
  for (let n = counter.start; n < counter.start + 100000; n++) {
    const number = normaliseSheetNumber(formatSheetNumber(parts, discipline, n));
    if (number && !taken.has(number)) return number;
  }
  return null;
}
