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

/**
 * The discipline a sheet number names: its leading letters when they are a code (`FP`),
 * else their first letter (`AD-101`, architectural demolition, is `A`; `F-1` is fire
 * protection), else `X`.
 */
export function disciplineOfNumber(number: string): DisciplineCode {
  const prefix = /^[A-Za-z]+/.exec(number.trim())?.[0]?.toUpperCase();
  if (!prefix) return 'X';
  if (isDisciplineCode(prefix)) return prefix;
  if (PREFIX_ALIASES[prefix]) return PREFIX_ALIASES[prefix];
  const first = prefix[0]!;
  if (isDisciplineCode(first)) return first;
  return PREFIX_ALIASES[first] ?? 'X';
}
