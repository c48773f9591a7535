import { describe, expect, it } from 'vitest';
import { formatSheetNumber, parseSheetNumberRule, proposeSheetNumber } from '../../../../src/core/follow-settings/sheet-number-rule.ts';

const parts = (rule: string) => {
  const parsed = parseSheetNumberRule(rule);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed;
};

describe('sheet-number rule', () => {
  it('makes numbers from the discipline and a counter that keeps its width', () => {
    expect(formatSheetNumber(parts('{discipline}-{101}'), 'A', 101)).toBe('A-101');
    expect(formatSheetNumber(parts('{discipline}-{001}'), 'FP', 7)).toBe('FP-007');
    expect(formatSheetNumber(parts('tw1-{discipline}{100}'), 'S', 120)).toBe('TW1-S120');
  });

  it('proposes the first number no sheet has', () => {
    expect(proposeSheetNumber(parts('{discipline}-{101}'), 'A', new Set(['A-101', 'A-102']))).toBe('A-103');
    expect(proposeSheetNumber(parts('{discipline}-{101}'), 'M', new Set(['A-101']))).toBe('M-101');
  });

  it('refuses unknown parts, a missing or second counter, and rules whose numbers are not sheet numbers', () => {
    expect(parseSheetNumberRule('{level}-{101}')).toMatchObject({ error: expect.stringMatching(/\{level\}/) });
    expect(parseSheetNumberRule('{discipline}-101')).toMatchObject({ error: expect.stringMatching(/exactly one counter/) });
    expect(parseSheetNumberRule('{1}-{2}')).toMatchObject({ error: expect.stringMatching(/exactly one counter/) });
    expect(parseSheetNumberRule('{discipline}#{101}')).toMatchObject({ error: expect.stringMatching(/not a sheet number/) });
    expect(parseSheetNumberRule('{discipline}-{101')).toMatchObject({ error: expect.stringMatching(/braces/) });
    expect(parseSheetNumberRule('A-VERY-LONG-PROJECT-PREFIX-{discipline}-{101}')).toMatchObject({ error: expect.stringMatching(/at most 32/) });
  });
});
