import type { FollowStatus } from '../contracts/follows.ts';

/**
 * A status's one colour, wherever a follow-up shows: its pin on the sheet, its tag in the list,
 * the detail and the canvas panel, the overview's figures and chart. Dark enough to read as text
 * on a light tint and to stand out as a pin on a drawing.
 */
export const FOLLOW_STATUS_COLORS: Record<FollowStatus, string> = {
  open: '#1677ff',
  inProgress: '#d48806',
  readyForReview: '#722ed1',
  closed: '#389e0d',
};
