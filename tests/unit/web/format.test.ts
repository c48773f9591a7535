import { describe, expect, it } from 'vitest';
import { formatDateForEnglish, formatSize, SIZE_UNITS } from '../../../src/core/format.ts';

const KB = 1024;
const MB = KB * 1024;
const GB = MB * 1024;
const T = GB * 1024;

describe('formatSize (spec §5/§9: KB, MB, GB or T with 2 decimals)', () => {
  it('uses exactly the units of the spec', () => expect(SIZE_UNITS).toEqual(['KB', 'MB', 'GB', 'T']));

  it.each([
    [0, '0.00 KB'],
    [1, '0.00 KB'],
    [512, '0.50 KB'],
    [1023, '1.00 KB'],
    [KB, '1.00 KB'],
    [1536, '1.50 KB'],
    [10 * KB + 5, '10.00 KB'],
    [1023 * KB, '1023.00 KB'],
    [MB - 1, '1.00 MB'], // would read 1024.00 KB
    [MB, '1.00 MB'],
    [2.345 * MB, '2.35 MB'],
    [GB, '1.00 GB'],
    [5 * GB, '5.00 GB'],
    [GB * 1.5, '1.50 GB'],
    [T, '1.00 T'],
    [3.25 * T, '3.25 T'],
    [2048 * T, '2048.00 T'],
  ])('%s bytes -> %s', (bytes, expected) => expect(formatSize(bytes)).toBe(expected));

  it.each([[-1], [Number.NaN], [Number.POSITIVE_INFINITY], [null], [undefined]])('%s gives an empty string', (bytes) =>
    expect(formatSize(bytes)).toBe(''),
  );
});

describe('formatDateForEnglish (spec §5: year-month, year-month-day, with minutes, with seconds)', () => {
  it.each([
    ['2026-11', 'Nov 2026'],
    ['2026-01', 'Jan 2026'],
    ['2026-12', 'Dec 2026'],
    ['2026-11-22', 'Nov 22, 2026'],
    ['2026-11-02', 'Nov 2, 2026'],
    ['2024-02-29', 'Feb 29, 2024'],
    ['2000-02-29', 'Feb 29, 2000'],
    ['2026-11-22 14:05', 'Nov 22, 2026 14:05'],
    ['2026-11-22 00:00', 'Nov 22, 2026 00:00'],
    ['2026-11-22 14:05:09', 'Nov 22, 2026 14:05:09'],
    ['2026-11-22 23:59:59', 'Nov 22, 2026 23:59:59'],
    ['2026-11-22T14:05', 'Nov 22, 2026 14:05'],
    ['2026-11-22T14:05:09', 'Nov 22, 2026 14:05:09'],
    ['2026-11-22T14:05:09.123', 'Nov 22, 2026 14:05:09'],
    ['2026-05-07 08:30', 'May 7, 2026 08:30'],
  ])('%s -> %s', (input, expected) => expect(formatDateForEnglish(input)).toBe(expected));

  it.each([
    '',
    'Nov 22, 2026',
    '2026',
    '2026-1',
    '2026-11-2',
    '2026/11/22',
    '2026-00',
    '2026-13',
    '2026-02-29', // not a leap year
    '1900-02-29', // century, not a leap year
    '2026-04-31',
    '2026-11-00',
    '2026-11-22 24:00',
    '2026-11-22 14:60',
    '2026-11-22 14:05:60',
    '2026-11-22 14',
    '2026-11-22T14:05:09Z', // a zone asks for conversion, not a reformat
    '2026-11-22T14:05:09+08:00',
    ' 2026-11-22',
    '2026-11-22 ',
    'pending',
  ])('%j is returned unchanged', (input) => expect(formatDateForEnglish(input)).toBe(input));
});
