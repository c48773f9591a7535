/** Display formatting shared by browser and server (spec §5 and §9). */
import { daysInMonth } from './forms/calendar.ts';

/** The units of spec §9, in order; each is 1024 times the one before. */
export const SIZE_UNITS = ['KB', 'MB', 'GB', 'T'] as const;

const BYTES_PER_KB = 1024;

/**
 * Bytes as KB, MB, GB or T with 2 decimals: `1536` -> `'1.50 KB'`, `5 * 1024 ** 3` -> `'5.00 GB'`.
 *
 * - Below 1 KB the size is still shown in KB (`512` -> `'0.50 KB'`, `0` -> `'0.00 KB'`): the spec
 *   names no byte unit, and a column of sizes then reads in one family of units.
 * - A value that would round up to 1024.00 of a unit moves to the next unit (`'1.00 MB'`, never
 *   `'1024.00 KB'`); beyond 1024 T the number simply grows (`'2048.00 T'`).
 * - Negative, NaN, infinite, null or undefined input gives `''`: there is no size to show.
 */
export function formatSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  let value = bytes / BYTES_PER_KB;
  let unit = 0;
  while (unit < SIZE_UNITS.length - 1 && Number(value.toFixed(2)) >= BYTES_PER_KB) {
    value /= BYTES_PER_KB;
    unit += 1;
  }
  return `${value.toFixed(2)} ${SIZE_UNITS[unit]}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

// YYYY-MM, YYYY-MM-DD, then a space or ISO 'T' with HH:mm, optional :ss and fractional seconds.
// No zone designator: a 'Z' or offset would ask for a time-zone conversion, which is not a reformat.
const DATE_PATTERN = /^(\d{4})-(\d{2})(?:-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?)?$/;

/**
 * The English rendering of a date string (spec §5 "Dates in English mode are reformatted"):
 *
 * | input                  | output                    |
 * |------------------------|---------------------------|
 * | `2026-11`              | `Nov 2026`                |
 * | `2026-11-22`           | `Nov 22, 2026`            |
 * | `2026-11-22 14:05`     | `Nov 22, 2026 14:05`      |
 * | `2026-11-22 14:05:09`  | `Nov 22, 2026 14:05:09`   |
 *
 * The ISO forms with `T` are read the same way (fractional seconds are dropped). Anything else,
 * including impossible dates such as `2026-02-30` or times with a zone, is returned unchanged.
 */
export function formatDateForEnglish(value: string): string {
  const match = DATE_PATTERN.exec(value);
  if (!match) return value;
  const [, yearText, monthText, dayText, hourText, minuteText, secondText] = match;
  const month = Number(monthText);
  const monthName = MONTHS[month - 1];
  if (!monthName) return value;
  if (dayText === undefined) return `${monthName} ${yearText}`;

  const day = Number(dayText);
  if (day < 1 || day > daysInMonth(Number(yearText), month)) return value;
  const date = `${monthName} ${day}, ${yearText}`;
  if (hourText === undefined || minuteText === undefined) return date;

  if (Number(hourText) > 23 || Number(minuteText) > 59) return value;
  if (secondText === undefined) return `${date} ${hourText}:${minuteText}`;
  if (Number(secondText) > 59) return value;
  return `${date} ${hourText}:${minuteText}:${secondText}`;
}

// An instant as the API writes it (`Date#toISOString`): a full date and time with a zone.
const INSTANT_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

// Making an Intl.DateTimeFormat costs far more than using one, and a table writes hundreds of dates a
// second; the browser's zone (no `timeZone`) is read when the first date is written.
const wallClockFormats = new Map<string | undefined, Intl.DateTimeFormat>();

function wallClockFormat(timeZone: string | undefined): Intl.DateTimeFormat {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    wallClockFormats.set(timeZone, format);
  }
  return format;
}

/**
 * An instant with a zone (`2026-11-22T08:00:00.000Z`) as the wall-clock time of `timeZone` (the
 * browser's zone when left out), in the server-style form `2026-11-22 16:00:00` (`…16:00` when the
 * instant has no seconds). Any other string, and an impossible date or time, is returned unchanged.
 */
export function toLocalDateTime(value: string, timeZone?: string): string {
  const match = INSTANT_PATTERN.exec(value);
  if (!match) return value;
  const [, year, month, day, hour, minute, second] = match;
  const dayInRange = Number(day) >= 1 && Number(day) <= daysInMonth(Number(year), Number(month));
  if (!dayInRange || Number(hour) > 23 || Number(minute) > 59 || Number(second ?? 0) > 59) return value;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) return value;
  const parts = wallClockFormat(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const date = `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
  const time = `${part('hour')}:${part('minute')}`;
  return second === undefined ? `${date} ${time}` : `${date} ${time}:${part('second')}`;
}

/** English mode (spec §5): English, or a regional English such as `en-GB`. */
export function isEnglishMode(language: string): boolean {
  return /^en(?:-|$)/i.test(language);
}

/**
 * A date string of the API as the interface shows it in `language`. An instant with a zone is
 * first put into the local wall-clock form `YYYY-MM-DD HH:mm:ss` ({@link toLocalDateTime});
 * dates without a zone are taken as they are. In English mode the result is then reformatted
 * by {@link formatDateForEnglish} (`Nov 22, 2026 16:00:00`); other languages show the
 * `YYYY-MM-DD HH:mm:ss` form.
 */
export function formatServerDate(value: string, language: string, timeZone?: string): string {
  const local = toLocalDateTime(value, timeZone);
  return isEnglishMode(language) ? formatDateForEnglish(local) : local;
}

const instantFormats = new Map<string, Intl.DateTimeFormat>();

/** An instant (`2026-11-22T08:00:00.000Z`) as the reader's language writes a day and time, in the reader's time zone. */
export function instantText(at: string, language: string): string {
  let format = instantFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    instantFormats.set(language, format);
  }
  return format.format(new Date(at));
}
