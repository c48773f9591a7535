import type { FollowAgeBucket, FollowDueState, FollowStatus } from '../contracts/follows.ts';
import { datePartsAt, DEFAULT_UTC_OFFSET_MINUTES, formatIsoDate } from '../forms/calendar.ts';

/** The calendar day (`YYYY-MM-DD`) of an instant where the platform keeps its dates (as record numbering does). */
export function calendarDay(at: Date, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): string {
  return formatIsoDate(datePartsAt(at, utcOffsetMinutes));
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

/** The age bucket of a follow-up created on `created` (a date or timestamp), seen on `today`. */
export function ageBucket(created: string, today: string): FollowAgeBucket {
  const days = daysBetween(created.slice(0, 10), today);
  if (days <= 7) return '0-7';
  if (days <= 30) return '8-30';
  if (days <= 90) return '31-90';
  return '90+';
}

/** The Monday (`YYYY-MM-DD`) of the week a date is in. */
export function weekOf(date: string): string {
  const day = new Date(`${date.slice(0, 10)}T00:00:00Z`).getUTCDay();
  return addDays(date.slice(0, 10), -((day + 6) % 7));
}
