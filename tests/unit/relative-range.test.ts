import { describe, expect, it } from 'vitest';
import { RELATIVE_RANGES, localToday, resolveRelativeRange } from '../../src/core/pages/relative-range.ts';
import filterBarSchema from '../../widgets/filter-bar/props.schema.json';

describe('relative date ranges', () => {
  const sunday = new Date(Date.UTC(2026, 10, 22)); // Sunday 22 November 2026

  it.each([
    ['today', '2026-11-22', '2026-11-22'],
    ['yesterday', '2026-11-21', '2026-11-21'],
    ['last7days', '2026-11-16', '2026-11-22'],
    ['last30days', '2026-10-24', '2026-11-22'],
    ['last90days', '2026-08-25', '2026-11-22'],
    ['last12months', '2025-11-23', '2026-11-22'],
    ['thisWeek', '2026-11-16', '2026-11-22'], // weeks start on Monday
    ['lastWeek', '2026-11-09', '2026-11-15'],
    ['thisMonth', '2026-11-01', '2026-11-30'],
    ['lastMonth', '2026-10-01', '2026-10-31'],
    ['thisQuarter', '2026-10-01', '2026-12-31'],
    ['lastQuarter', '2026-07-01', '2026-09-30'],
    ['thisYear', '2026-01-01', '2026-12-31'],
    ['lastYear', '2025-01-01', '2025-12-31'],
    ['yearToDate', '2026-01-01', '2026-11-22'],
  ] as const)('%s', (name, from, to) => {
    expect(resolveRelativeRange(name, sunday)).toEqual([from, to]);
  });

  it('crosses year ends and leap days', () => {
    expect(resolveRelativeRange('lastMonth', new Date(Date.UTC(2027, 0, 15)))).toEqual(['2026-12-01', '2026-12-31']);
    expect(resolveRelativeRange('lastQuarter', new Date(Date.UTC(2027, 1, 1)))).toEqual(['2026-10-01', '2026-12-31']);
    expect(resolveRelativeRange('thisMonth', new Date(Date.UTC(2028, 1, 10)))).toEqual(['2028-02-01', '2028-02-29']);
  });

  it("counts from the reader's calendar day", () => {
    expect(localToday(new Date(2026, 10, 22, 23, 59)).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('are the presets the filter bar schema offers', () => {
    expect(filterBarSchema.$defs.relativeRange.enum).toEqual([...RELATIVE_RANGES]);
  });
});
