/**
 * Named date ranges relative to today (page filter defaults and filter-bar presets), each
 * resolved to `[from, to]` as YYYY-MM-DD, both ends included. Weeks start on Monday.
 */
export const RELATIVE_RANGES = [
  'today',
  'yesterday',
  'last7days',
  'last30days',
  'last90days',
  'last12months',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'thisQuarter',
  'lastQuarter',
  'thisYear',
  'lastYear',
  'yearToDate',
] as const;

export type RelativeRange = (typeof RELATIVE_RANGES)[number];

export const isRelativeRange = (value: unknown): value is RelativeRange =>
  typeof value === 'string' && (RELATIVE_RANGES as readonly string[]).includes(value);

const DAY_MS = 86_400_000;
const iso = (date: Date) => date.toISOString().slice(0, 10);
const utc = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day));
const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Today's calendar date where the reader is, as a UTC midnight to count days on. */
export function localToday(now: Date = new Date()): Date {
  return utc(now.getFullYear(), now.getMonth(), now.getDate());
}

/** `[from, to]` of a named range around `today` (a UTC midnight, see {@link localToday}). */
export function resolveRelativeRange(name: RelativeRange, today: Date): [string, string] {
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  const monday = addDays(today, -((today.getUTCDay() + 6) % 7));
  const quarter = Math.floor(m / 3) * 3;
  const span = (from: Date, to: Date): [string, string] => [iso(from), iso(to)];
  switch (name) {
    case 'today':
      return span(today, today);
    case 'yesterday':
      return span(addDays(today, -1), addDays(today, -1));
    case 'last7days':
      return span(addDays(today, -6), today);
    case 'last30days':
      return span(addDays(today, -29), today);
    case 'last90days':
      return span(addDays(today, -89), today);
    case 'last12months':
      return span(addDays(utc(y - 1, m, today.getUTCDate()), 1), today);
    case 'thisWeek':
      return span(monday, addDays(monday, 6));
    case 'lastWeek':
      return span(addDays(monday, -7), addDays(monday, -1));
    case 'thisMonth':
      return span(utc(y, m, 1), utc(y, m + 1, 0));
    case 'lastMonth':
      return span(utc(y, m - 1, 1), utc(y, m, 0));
    case 'thisQuarter':
      return span(utc(y, quarter, 1), utc(y, quarter + 3, 0));
    case 'lastQuarter':
      return span(utc(y, quarter - 3, 1), utc(y, quarter, 0));
    case 'thisYear':
      return span(utc(y, 0, 1), utc(y, 11, 31));
    case 'lastYear':
      return span(utc(y - 1, 0, 1), utc(y - 1, 11, 31));
    case 'yearToDate':
      return span(utc(y, 0, 1), today);
  }
}
