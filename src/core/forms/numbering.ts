/**
 * Record numbering rules such as `QC-{YYYYMMDD}-{####}`: literal text, date tokens and one
 * sequence token whose width is the number of `#`. The sequence restarts each period of the
 * rule's finest date token (day, month or year) and never restarts without one; the server
 * keeps one counter per (form, period) — `numberingPeriod` is that key.
 */
import type { ProblemParams } from '../validation/problems.ts';
import { datePartsAt, DEFAULT_UTC_OFFSET_MINUTES, type DateParts } from './calendar.ts';

export const DATE_TOKENS = ['YYYYMMDD', 'YYYYMM', 'YYYY', 'YY', 'MM', 'DD'] as const;
export type DateToken = (typeof DATE_TOKENS)[number];

export type NumberingPart = { kind: 'text'; text: string } | { kind: 'date'; token: DateToken } | { kind: 'sequence'; width: number };

export interface NumberingRule {
  source: string;
  parts: NumberingPart[];
  /** The period the sequence restarts in, from the finest date token; null: it never restarts. */
  period: 'day' | 'month' | 'year' | null;
}

export const MAX_NUMBERING_RULE_LENGTH = 64;
export const MAX_SEQUENCE_WIDTH = 10;

const TOKEN_PERIOD: Record<DateToken, 'day' | 'month' | 'year'> = {
  YYYYMMDD: 'day', DD: 'day', YYYYMM: 'month', MM: 'month', YYYY: 'year', YY: 'year',
};
const PERIOD_RANK = { year: 1, month: 2, day: 3 } as const;

/** What is wrong with a rule: in English, and as a problem sentence key with its parameters. */
export interface NumberingRuleError {
  error: string;
  key: string;
  params: ProblemParams;
}

const fault = (key: string, params: ProblemParams, error: string): NumberingRuleError => ({ error, key, params });

/** Parses a rule; `{ error }` says what is wrong with it. */
export function parseNumberingRule(rule: string): NumberingRule | NumberingRuleError {
  if (typeof rule !== 'string' || !rule) return fault('numberingEmpty', {}, 'the numbering rule is empty');
  if (rule.length > MAX_NUMBERING_RULE_LENGTH) return fault('numberingTooLong', { count: MAX_NUMBERING_RULE_LENGTH }, `the numbering rule is longer than ${MAX_NUMBERING_RULE_LENGTH} characters`);
  const parts: NumberingPart[] = [];
  let period: NumberingRule['period'] = null;
  const pattern = /\{([^{}]*)\}|([^{}]+)|([{}])/g;
  for (const match of rule.matchAll(pattern)) {
    const [, token, text, stray] = match;
    if (stray) return fault('numberingUnmatched', { char: stray, at: match.index + 1 }, `unmatched "${stray}" at character ${match.index + 1}`);
    if (text !== undefined) {
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(text)) return fault('numberingControl', {}, 'the numbering rule contains a control character');
      parts.push({ kind: 'text', text });
      continue;
    }
    if (/^#+$/.test(token!)) {
      if (token!.length > MAX_SEQUENCE_WIDTH) return fault('numberingWide', { count: MAX_SEQUENCE_WIDTH }, `the sequence {${token}} is wider than ${MAX_SEQUENCE_WIDTH} digits`);
      parts.push({ kind: 'sequence', width: token!.length });
      continue;
    }
    if (!(DATE_TOKENS as readonly string[]).includes(token!)) {
      return fault('numberingToken', { token: `{${token}}` }, `{${token}} is not a numbering token; use {YYYY}, {YY}, {MM}, {DD}, {YYYYMM}, {YYYYMMDD} or {#...#}`);
    }
    const tokenPeriod = TOKEN_PERIOD[token as DateToken];
    if (!period || PERIOD_RANK[tokenPeriod] > PERIOD_RANK[period]) period = tokenPeriod;
    parts.push({ kind: 'date', token: token as DateToken });
  }
  const sequences = parts.filter((p) => p.kind === 'sequence').length;
  if (sequences > 1) return fault('numberingTwoSequences', {}, 'the numbering rule has more than one sequence {#...#}');
  if (sequences === 0) return fault('numberingNoSequence', {}, 'the numbering rule needs a sequence such as {####}');
  return { source: rule, parts, period };
}

function ruleOf(rule: NumberingRule | string): NumberingRule {
  if (typeof rule !== 'string') return rule;
  const parsed = parseNumberingRule(rule);
  if ('error' in parsed) throw new Error(`Invalid numbering rule ${JSON.stringify(rule)}: ${parsed.error}`);
  return parsed;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

function dateText(token: DateToken, { year, month, day }: DateParts): string {
  switch (token) {
    case 'YYYYMMDD':
      return `${pad(year, 4)}${pad(month, 2)}${pad(day, 2)}`;
    case 'YYYYMM':
      return `${pad(year, 4)}${pad(month, 2)}`;
    case 'YYYY':
      return pad(year, 4);
    case 'YY':
      return pad(year % 100, 2);
    case 'MM':
      return pad(month, 2);
    case 'DD':
      return pad(day, 2);
  }
}

/**
 * The record number for the n-th record (from 1) of the period holding `date`. A sequence
 * that outgrows its width keeps all its digits rather than wrapping onto used numbers.
 */
export function formatNumber(rule: NumberingRule | string, date: Date, sequence: number, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): string {
  const parsed = ruleOf(rule);
  const parts = datePartsAt(date, utcOffsetMinutes);
  return parsed.parts
    .map((part) => (part.kind === 'text' ? part.text : part.kind === 'date' ? dateText(part.token, parts) : pad(sequence, part.width)))
    .join('');
}

/** The counter key of `date`: '20261122' (day), '202611' (month), '2026' (year) or '' (never restarts). */
export function numberingPeriod(rule: NumberingRule | string, date: Date, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): string {
  const parsed = ruleOf(rule);
  if (!parsed.period) return '';
  const parts = datePartsAt(date, utcOffsetMinutes);
  return parsed.period === 'day' ? dateText('YYYYMMDD', parts) : parsed.period === 'month' ? dateText('YYYYMM', parts) : dateText('YYYY', parts);
}
