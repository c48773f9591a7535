/**
 * Calendar dates for forms (numbering periods, TODAY() in formulas). A date-only value is the
 * text 'YYYY-MM-DD'. Dates are taken in a fixed UTC offset rather than the machine's zone so
 * the server and every browser agree; tenants are in China, so the default is UTC+8.
 */
export const DEFAULT_UTC_OFFSET_MINUTES = 8 * 60;

export interface DateParts {
  year: number;
  month: number; // 1..12
  day: number;
}

/** The calendar date of an instant at a UTC offset. */
export function datePartsAt(instant: Date, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): DateParts {
  const shifted = new Date(instant.getTime() + utcOffsetMinutes * 60_000);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

export function formatIsoDate({ year, month, day }: DateParts): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/** 'YYYY-MM-DD', or the date part of an ISO date-time; null when it is no real date. */
export function parseIsoDate(text: string): DateParts | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(text);
  if (!match) return null;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  const check = new Date(Date.UTC(parts.year, parts.month - 1, parts.day));
  return check.getUTCMonth() === parts.month - 1 && check.getUTCDate() === parts.day ? parts : null;
}

/** Days in a month (1–12) of the Gregorian calendar, years 0–99 included; 0 for no such month. */
export function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1] ?? 0;
}

/** Whole days from a to b (negative when b is earlier). */
export function daysBetween(a: DateParts, b: DateParts): number {
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / 86_400_000);
}

/** Whole months from a to b: a month counts once its day of month is reached. */
export function monthsBetween(a: DateParts, b: DateParts): number {
  if (daysBetween(a, b) < 0) return -monthsBetween(b, a);
  const months = (b.year - a.year) * 12 + (b.month - a.month);
  return b.day < a.day ? months - 1 : months;
}

export function addDays(date: DateParts, days: number): DateParts {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Adds months, keeping the day of month where it exists (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: DateParts, months: number): DateParts {
  const index = date.year * 12 + (date.month - 1) + months;
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}
