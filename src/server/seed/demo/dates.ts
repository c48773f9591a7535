/** UTC calendar arithmetic on ISO dates (`YYYY-MM-DD`), for the demo generators. */

const DAY_MS = 86_400_000;

export const isoDay = (time: number): string => new Date(time).toISOString().slice(0, 10);

export const dayStart = (isoDate: string): number => Date.parse(`${isoDate}T00:00:00.000Z`);

export const addDays = (isoDate: string, days: number): string => isoDay(dayStart(isoDate) + days * DAY_MS);

/** The Monday of the ISO week holding the date. */
export function mondayOf(isoDate: string): string {
  const weekday = new Date(dayStart(isoDate)).getUTCDay(); // 0 = Sunday
  return addDays(isoDate, -((weekday + 6) % 7));
}

/** The first day of the month `monthsBack` months before the month of the date. */
export function monthStart(isoDate: string, monthsBack = 0): string {
  const d = new Date(dayStart(isoDate));
  return isoDay(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - monthsBack, 1));
}

export { DAY_MS };
