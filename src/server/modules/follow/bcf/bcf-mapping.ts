import { createHash } from 'node:crypto';
import { FOLLOW_DESCRIPTION_MAX, FOLLOW_TITLE_MAX, type FollowPriority, type FollowStatus } from '../../../../core/contracts/follows.ts';

/**
 * How BCF's free words meet a follow-up's fixed ones. BCF leaves TopicStatus and Priority to
 * each project (extensions.xml lists them); checkers write Open/Active/New, In Progress,
 * Resolved, Closed and High/Normal/Low/Critical in some spelling, so they are matched loosely,
 * and written back in the spelling most tools read.
 */

const squash = (value: string | undefined) => (value ?? '').toLowerCase().replace(/[\s_-]+/g, '');

export function statusFromBcf(value: string | undefined): FollowStatus {
  const word = squash(value);
  if (/closed|complete|done|cancel/.test(word)) return 'closed';
  if (/resolved|review|fixed|answered/.test(word)) return 'readyForReview';
  if (/progress|started|working/.test(word)) return 'inProgress';
  return 'open';
}

export const STATUS_TO_BCF: Record<FollowStatus, string> = { open: 'Open', inProgress: 'In Progress', readyForReview: 'Resolved', closed: 'Closed' };

export function priorityFromBcf(value: string | undefined): FollowPriority {
  const word = squash(value);
  if (/critical|blocker|urgent|severe/.test(word)) return 'critical';
  if (/high|major|important/.test(word)) return 'high';
  if (/low|minor|trivial/.test(word)) return 'low';
  return 'normal';
}

export const PRIORITY_TO_BCF: Record<FollowPriority, string> = { low: 'Low', normal: 'Normal', high: 'High', critical: 'Critical' };

/** A title the follow-up schema takes: no angle brackets, not blank, at most FOLLOW_TITLE_MAX. */
export function followTitle(title: string, guid: string): string {
  const clean = title.replace(/[<>]/g, ' ').replace(/\s+/g, ' ').trim();
  return [...(clean || `BCF ${guid.slice(0, 8)}`)].slice(0, FOLLOW_TITLE_MAX).join('');
}

export const followDescription = (text: string | undefined) => [...(text ?? '')].slice(0, FOLLOW_DESCRIPTION_MAX).join('');

/** A BCF dateTime's day (YYYY-MM-DD) as it was written, or null. */
export function dueDay(value: string | undefined): string | null {
  const day = /^(\d{4}-\d{2}-\d{2})/.exec(value ?? '')?.[1];
  return day && !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : null;
}

/** A time the database keeps (ISO, UTC), from a BCF dateTime; `fallback` when it cannot be read. */
export function isoTime(value: string | undefined, fallback: string): string {
  const ms = Date.parse(value ?? '');
  return Number.isNaN(ms) ? fallback : new Date(ms).toISOString();
}

/**
 * The GUID a follow-up, comment or photo gets in a BCF file when it was not imported from one:
 * a UUID made from what it is (SHA-1, version 5 layout), so each export names it the same and
 * a checker that reads two exports sees one topic.
 */
export function stableGuid(...parts: Array<string | number>): string {
  const hex = createHash('sha1').update(parts.join(':')).digest('hex').slice(0, 32).split('');
  hex[12] = '5';
  hex[16] = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20, 32)}`;
}
