import type { FollowAgeBucket, FollowDueState, FollowStatus } from '../contracts/follows.ts';
import { datePartsAt, DEFAULT_UTC_OFFSET_MINUTES, formatIsoDate } from '../forms/calendar.ts';

/**
 * The one day boundary of follow-ups: a day is the workspace's calendar day (the platform keeps
 * its dates at UTC+8, as record numbering does), for due dates, "today", the age buckets, the
 * created-date filter and the overview's weeks alike. Times are stored as UTC instants.
 */

/** The calendar day (`YYYY-MM-DD`) of an instant where the platform keeps its dates. */
export function calendarDay(at: Date, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): string {
  return formatIsoDate(datePartsAt(at, utcOffsetMinutes));
}

/** The stored instant (ISO, UTC) at which a calendar day begins: the inverse of `calendarDay`. */
export function dayStart(day: string, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - utcOffsetMinutes * 60_000).toISOString();
}

/**
 * The stored instants of the calendar days `from`..`to` (both included, either open): a time
 * lies in them when `time >= atOrAfter` and `time < before`.
 */
export function instantsOfDays(from: string | undefined, to: string | undefined, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): { atOrAfter?: string; before?: string } {
  return {
    ...(from ? { atOrAfter: dayStart(from, utcOffsetMinutes) } : {}),
    ...(to ? { before: dayStart(addDays(to, 1), utcOffsetMinutes) } : {}),
  };
}

/** Days between two `YYYY-MM-DD` dates (b − a), by the calendar, whatever the clock's zone. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The date `days` after a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * How a follow-up's due date stands on `today` (the workspace's calendar day): a closed one, or
 * one with no due date, is `none`; past it `overdue`; then `today`, `tomorrow`, `later`.
 */
export function dueState(dueDate: string | null, status: FollowStatus, today: string): FollowDueState {
  if (!dueDate || status === 'closed') return 'none';
  const days = daysBetween(today, dueDate);
  if (days < 0) return 'overdue';
  if (days === 0) return 'today';
  if (days === 1) return 'tomorrow';
  return 'later';
}

/** The age buckets in days since created (inclusive; `null` open-ended). */
const AGE_DAYS: Record<FollowAgeBucket, [number, number | null]> = { '0-7': [0, 7], '8-30': [8, 30], '31-90': [31, 90], '90+': [91, null] };

/** The age bucket of a follow-up created at `created` (a stored instant, or a calendar day), seen on `today`. */
export function ageBucket(created: string, today: string): FollowAgeBucket {
  const day = created.length > 10 ? calendarDay(new Date(created)) : created;
  const days = daysBetween(day, today);
  return (Object.keys(AGE_DAYS) as FollowAgeBucket[]).find((bucket) => days <= (AGE_DAYS[bucket][1] ?? Infinity))!;
}

/** The creation days of an age bucket seen on `today`, as the list's created-date filter takes them. */
export function ageBucketDays(bucket: FollowAgeBucket, today: string): { createdFrom?: string; createdTo?: string } {
  const [youngest, oldest] = AGE_DAYS[bucket];
  return { ...(oldest !== null ? { createdFrom: addDays(today, -oldest) } : {}), ...(youngest > 0 ? { createdTo: addDays(today, -youngest) } : {}) };
}

/** The Monday (`YYYY-MM-DD`) of the week a calendar day is in. */
export function weekOf(date: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return addDays(date.slice(0, 10), -((day + 6) % 7));
}
