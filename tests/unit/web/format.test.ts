import { describe, expect, it } from 'vitest';
import {
  formatDateForEnglish,
  formatServerDate,
  formatSize,
  isEnglishMode,
  SIZE_UNITS,
  toLocalDateTime,
} from '../../../src/core/format.ts';

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

describe('toLocalDateTime (instants of the API as local wall-clock time)', () => {
  it.each([
    ['2026-11-22T08:00:00.000Z', 'UTC', '2026-11-22 08:00:00'],
    ['2026-11-22T08:00:00.000Z', 'Asia/Shanghai', '2026-11-22 16:00:00'],
    ['2026-11-22T20:30:05Z', 'Asia/Shanghai', '2026-11-23 04:30:05'], // the next day
    ['2026-01-01T02:00:00Z', 'America/New_York', '2025-12-31 21:00:00'], // the year before
    ['2026-11-22T08:00:00+08:00', 'UTC', '2026-11-22 00:00:00'],
    ['2026-11-22T00:00:00Z', 'UTC', '2026-11-22 00:00:00'], // midnight is 00, never 24
    ['2026-11-22T08:15Z', 'Asia/Riyadh', '2026-11-22 11:15'], // no seconds in, none out
  ])('%s in %s -> %s', (input, zone, expected) => expect(toLocalDateTime(input, zone)).toBe(expected));

  it.each(['2026-11-22', '2026-11', '2026-11-22 14:05:09', '2026-11-22T14:05:09', '2026-02-30T08:00:00Z', '2026-11-22T24:00:00Z', 'soon', ''])(
    '%j is returned unchanged',
    (input) => expect(toLocalDateTime(input, 'Asia/Shanghai')).toBe(input),
  );
});

describe('formatServerDate (spec §5: English mode reformats dates, other languages do not)', () => {
  it('knows English mode', () => {
    expect(isEnglishMode('en')).toBe(true);
    expect(isEnglishMode('en-GB')).toBe(true);
    expect(isEnglishMode('zh-CN')).toBe(false);
    expect(isEnglishMode('ar')).toBe(false);
    expect(isEnglishMode('eng')).toBe(false);
  });

  it.each([
    ['2026-11', 'Nov 2026'],
    ['2026-11-22', 'Nov 22, 2026'],
    ['2026-11-22 14:05', 'Nov 22, 2026 14:05'],
    ['2026-11-22 14:05:09', 'Nov 22, 2026 14:05:09'],
  ])('reformats %s in English to %s', (input, expected) => expect(formatServerDate(input, 'en', 'UTC')).toBe(expected));

  it.each(['zh-CN', 'ar'])('keeps the server form in %s', (language) => {
    for (const input of ['2026-11', '2026-11-22', '2026-11-22 14:05', '2026-11-22 14:05:09']) {
      expect(formatServerDate(input, language, 'UTC')).toBe(input);
    }
  });

  it('shows an instant in local time: reformatted in English, as YYYY-MM-DD HH:mm:ss otherwise', () => {
    const sent = '2026-11-22T08:00:00.000Z';
    expect(formatServerDate(sent, 'en', 'Asia/Shanghai')).toBe('Nov 22, 2026 16:00:00');
    expect(formatServerDate(sent, 'zh-CN', 'Asia/Shanghai')).toBe('2026-11-22 16:00:00');
    expect(formatServerDate(sent, 'ar', 'Asia/Riyadh')).toBe('2026-11-22 11:00:00');
  });

  it('leaves what it cannot read alone in every language', () => {
    for (const language of ['en', 'zh-CN', 'ar']) expect(formatServerDate('yesterday', language)).toBe('yesterday');
  });
});
