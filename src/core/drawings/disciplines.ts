import { DEFAULT_SHEET_NUMBER_RULE } from '../contracts/follow-settings.ts';
import { parseSheetNumberRule, type SheetNumberPart } from '../follow-settings/sheet-number-rule.ts';

/**
 * A sheet's discipline: a code read from its number's prefix (`A-101` architectural,
 * `FP-201` fire protection), which a person may change. Labels are i18n keys of the
 * `drawings` namespace.
 */
export const DISCIPLINE_CODES = ['A', 'S', 'M', 'E', 'P', 'FP', 'C', 'L', 'G', 'I', 'T', 'X'] as const;
export type DisciplineCode = (typeof DISCIPLINE_CODES)[number];

/** `drawings:<key>`: what the discipline is called in the reader's language. */
export const DISCIPLINE_LABEL_KEYS: Readonly<Record<DisciplineCode, string>> = {
  A: 'discipline.architectural',
  S: 'discipline.structural',
  M: 'discipline.mechanical',
  E: 'discipline.electrical',
  P: 'discipline.plumbing',
  FP: 'discipline.fireProtection',
  C: 'discipline.civil',
  L: 'discipline.landscape',
  G: 'discipline.general',
  I: 'discipline.interiors',
  T: 'discipline.telecom',
  X: 'discipline.other',
};

export const isDisciplineCode = (value: unknown): value is DisciplineCode =>
  typeof value === 'string' && (DISCIPLINE_CODES as readonly string[]).includes(value);

/** Prefix letters that name a discipline other than their own code. */
const PREFIX_ALIASES: Readonly<Record<string, DisciplineCode>> = { F: 'FP' };

/** How a workspace reads a sheet number's discipline: its sheet-number rule and its discipline codes. */
export interface DisciplineReading {
  rule: readonly SheetNumberPart[];
  codes: readonly string[];
}

const DEFAULT_RULE = parseSheetNumberRule(DEFAULT_SHEET_NUMBER_RULE) as SheetNumberPart[];
export const DEFAULT_DISCIPLINE_READING: DisciplineReading = { rule: DEFAULT_RULE, codes: DISCIPLINE_CODES };

/** The workspace's reading from its stored settings; the defaults where it keeps none (or an unreadable rule). */
export function disciplineReading(rule: string | null | undefined, codes: readonly string[] | null | undefined): DisciplineReading {
  const parsed = rule ? parseSheetNumberRule(rule) : DEFAULT_RULE;
  return { rule: 'error' in parsed ? DEFAULT_RULE : parsed, codes: codes?.length ? codes : DISCIPLINE_CODES };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The code standing where the workspace's rule puts `{discipline}` when the number is one the rule makes; null otherwise. */
export function ruleDiscipline(number: string, reading: DisciplineReading): string | null {
  if (!reading.codes.length || !reading.rule.some((p) => p.kind === 'discipline')) return null;
  const codes = [...reading.codes].sort((a, b) => b.length - a.length);
  const pattern = reading.rule
    .map((p) => (p.kind === 'text' ? escape(p.text.toUpperCase()) : p.kind === 'discipline' ? `(${codes.map(escape).join('|')})` : '\\d+'))
    .join('');
  return new RegExp(`^${pattern}$`, 'u').exec(number.trim().toUpperCase())?.[1] ?? null;
}

/**
 * The discipline a sheet number names, by the workspace's rule and codes: the code standing
 * where the rule puts `{discipline}` (`T1-M001` under `T1-{discipline}{001}` is `M`); else the
 * number's leading letters after the rule's own leading text when they are a code (`FP`),
 * else the longest code they start with (`AD-101`, architectural demolition, is `A`), else
 * their first letter's alias (`F-1` is fire protection); else `X` (other), which every list keeps.
 */
export function disciplineOfNumber(number: string, reading: DisciplineReading = DEFAULT_DISCIPLINE_READING): string {
  const kept = number.trim().toUpperCase();
  const byRule = ruleDiscipline(kept, reading);
  if (byRule) return byRule;
  const codes = [...reading.codes].sort((a, b) => b.length - a.length);
  const lead = reading.rule[0];
  const rest = lead?.kind === 'text' && kept.startsWith(lead.text.toUpperCase()) ? kept.slice(lead.text.length) : kept;
  const prefix = /^[A-Z]+/.exec(rest)?.[0];
  const offered = (code: string | undefined) => (code !== undefined && reading.codes.includes(code) ? code : undefined);
  if (!prefix) return 'X';
  return offered(prefix) ?? offered(PREFIX_ALIASES[prefix]) ?? codes.find((code) => prefix.startsWith(code)) ?? offered(PREFIX_ALIASES[prefix[0]!]) ?? 'X';
}
