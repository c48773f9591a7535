import type { LocalText } from './local-text.ts';

/**
 * What a system notification says, stored as a kind with its parameters so each reader sees
 * it in their language (the web app's `layout` locale files, `notices.<kind>`). The stored
 * English title and content stay beside them: notifications stored before kinds, and those
 * an administrator sends, show those.
 */
export const NOTICE_KINDS = [
  'approvalNeeded',
  'copiedToYou',
  'rejected',
  'approved',
  // Follow-ups (modules/follow/notices.ts): `form` is the type's name, `record` its number and title.
  'followAssigned',
  'followStatus',
  'followComment',
  'followMentioned',
  'followDueTomorrow',
  'followOverdue',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The parameters of a flow's notice: which record of which form, at which step, by whom. */
export interface NoticeParams {
  /** The form's name: a text per language or one for all. */
  form: LocalText;
  /** The record as people name it: its number and title, else `#id`. */
  record: string;
  /** The approval step it waits at or happened at (a follow-up: the status it moved to): a text per language or one for all. */
  node?: LocalText;
  /** Who submitted the record (a new task). */
  submitter?: string;
  /** Who did what the notice is about (a rejection's approver). */
  actor?: string;
  /** The comment left with it. */
  comment?: string;
}

export function isNoticeKind(value: unknown): value is NoticeKind {
  return typeof value === 'string' && (NOTICE_KINDS as readonly string[]).includes(value);
}
