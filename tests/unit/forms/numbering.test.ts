import { describe, expect, it } from 'vitest';
import { formatNumber, numberingPeriod, parseNumberingRule } from '../../../src/core/forms/numbering.ts';

// 22 Nov 2026 17:30 UTC is 23 Nov 01:30 in UTC+8, the default calendar.
const LATE_EVENING_UTC = new Date('2026-11-22T17:30:00Z');

describe('numbering rules', () => {
  it.each([
    ['QC-{YYYYMMDD}-{####}', 7, 'QC-20261123-0007', '20261123'],
    ['WO{YY}{MM}{###}', 12, 'WO2611012', '202611'],
    ['{YYYY}/{MM}/{DD}-{#}', 3, '2026/11/23-3', '20261123'],
    ['LEASE-{YYYY}-{#####}', 1, 'LEASE-2026-00001', '2026'],
    ['RFI{YYYYMM}-{##}', 123, 'RFI202611-123', '202611'],
    ['No.{######}', 42, 'No.000042', ''],
    ['巡检-{YYYYMMDD}-{###}', 5, '巡检-20261123-005', '20261123'],
  ])('%s numbers record %i as %s in period %j', (rule, sequence, number, period) => {
    expect(formatNumber(rule, LATE_EVENING_UTC, sequence)).toBe(number);
    expect(numberingPeriod(rule, LATE_EVENING_UTC)).toBe(period);
  });

  it('takes another time zone when given one', () => {
    expect(formatNumber('QC-{YYYYMMDD}-{####}', LATE_EVENING_UTC, 1, 0)).toBe('QC-20261122-0001');
    expect(numberingPeriod('QC-{YYYYMMDD}-{####}', LATE_EVENING_UTC, 0)).toBe('20261122');
  });

  it('parses the parts and the restart period', () => {
    expect(parseNumberingRule('QC-{YYYYMM}-{####}')).toEqual({
      source: 'QC-{YYYYMM}-{####}',
      parts: [
        { kind: 'text', text: 'QC-' },
        { kind: 'date', token: 'YYYYMM' },
        { kind: 'text', text: '-' },
        { kind: 'sequence', width: 4 },
      ],
      period: 'month',
    });
  });

  it.each([
    ['', 'the numbering rule is empty'],
    ['QC-{YYYYMMDD}', 'needs a sequence such as {####}'],
    ['{####}-{##}', 'more than one sequence'],
    ['QC-{HH}-{###}', '{HH} is not a numbering token'],
    ['QC-{yyyy}-{###}', '{yyyy} is not a numbering token'],
    ['QC-{###', 'unmatched "{"'],
    ['QC}-{###}', 'unmatched "}"'],
    ['{###########}', 'wider than 10 digits'],
    ['A\n{###}', 'control character'],
    [`${'A'.repeat(60)}{###}`, 'longer than 64 characters'],
  ])('refuses %j: %s', (rule, message) => {
    const parsed = parseNumberingRule(rule);
    expect(parsed).toHaveProperty('error');
    expect((parsed as { error: string }).error).toContain(message);
  });
});
