import type { FollowMove, FollowRole, FollowStatus, FollowStatusRule } from '../contracts/follows.ts';
import type { LocalTexts } from '../local-text.ts';

/**
 * The status flow of a follow-up: open → in progress → ready for review → closed, with a
 * review sent back to in progress and a closed one reopened. Each move has a name; a type's
 * rule says which roles may make it. One implementation, read by the server (which refuses)
 * and the browser (which offers only what is allowed).
 */
export const MOVES: Record<FollowMove, { from: readonly FollowStatus[]; to: FollowStatus }> = {
  start: { from: ['open'], to: 'inProgress' },
  submit: { from: ['open', 'inProgress'], to: 'readyForReview' },
  return: { from: ['readyForReview'], to: 'inProgress' },
  close: { from: ['open', 'inProgress', 'readyForReview'], to: 'closed' },
  reopen: { from: ['closed'], to: 'open' },
};

/**
 * What a new type allows: the assignees work it, the reviewer closes or sends it back, who
 * reported it may reopen it, and a manager may do everything.
 */
export const DEFAULT_STATUS_RULE: FollowStatusRule = {
  start: ['assignee', 'manager'],
  submit: ['assignee', 'manager'],
  return: ['reviewer', 'manager'],
  close: ['reviewer', 'manager'],
  reopen: ['reviewer', 'creator', 'manager'],
};

/** The move from one status to another; null when the flow has none (the same status, or closed → in progress). */
export function moveBetween(from: FollowStatus, to: FollowStatus): FollowMove | null {
  for (const [move, { from: starts, to: end }] of Object.entries(MOVES) as [FollowMove, (typeof MOVES)[FollowMove]][]) {
    if (end === to && starts.includes(from)) return move;
  }
  return null;
}

/** The moves the flow allows from a status, whoever asks. */
export function movesFrom(status: FollowStatus): FollowMove[] {
  return (Object.keys(MOVES) as FollowMove[]).filter((move) => MOVES[move].from.includes(status));
}

/** Who someone is to a follow-up. */
export interface FollowParties {
  assigneeIds: readonly number[];
  reviewerId: number | null;
  createdBy: number | null;
}

/** The roles a person has on a follow-up; `manager` when they hold follow:manage. */
export function rolesOf(userId: number, parties: FollowParties, isManager: boolean): FollowRole[] {
  const roles: FollowRole[] = [];
  if (parties.assigneeIds.includes(userId)) roles.push('assignee');
  if (parties.reviewerId === userId) roles.push('reviewer');
  if (parties.createdBy === userId) roles.push('creator');
  if (isManager) roles.push('manager');
  return roles;
}

/** The moves those roles may make from a status under a type's rule. */
export function allowedMoves(status: FollowStatus, roles: readonly FollowRole[], rule: FollowStatusRule): FollowMove[] {
  return movesFrom(status).filter((move) => rule[move].some((role) => roles.includes(role)));
}

export type MoveCheck = { ok: true; move: FollowMove } | { ok: false; problem: 'statusNotInFlow' | 'statusRefused' };

/** Whether someone with these roles may move a follow-up from one status to another. */
export function checkMove(from: FollowStatus, to: FollowStatus, roles: readonly FollowRole[], rule: FollowStatusRule): MoveCheck {
  const move = moveBetween(from, to);
  if (!move) return { ok: false, problem: 'statusNotInFlow' };
  if (!rule[move].some((role) => roles.includes(role))) return { ok: false, problem: 'statusRefused' };
  return { ok: true, move };
}

/** A rule as stored may predate a move; each missing move takes the default's roles. */
export function completeRule(rule: Partial<FollowStatusRule> | null | undefined): FollowStatusRule {
  const full = { ...DEFAULT_STATUS_RULE };
  for (const move of Object.keys(MOVES) as FollowMove[]) {
    if (Array.isArray(rule?.[move])) full[move] = rule[move];
  }
  return full;
}

/**
 * A status as the notices name it (stored with the notice, read in the reader's language);
 * the screens word statuses from their `follows` locale files.
 */
export const STATUS_TEXTS: Record<FollowStatus, LocalTexts> = {
  open: { en: 'Open', 'zh-CN': '待处理', ar: 'مفتوح' },
  inProgress: { en: 'In progress', 'zh-CN': '处理中', ar: 'قيد التنفيذ' },
  readyForReview: { en: 'Ready for review', 'zh-CN': '待审核', ar: 'جاهز للمراجعة' },
  closed: { en: 'Closed', 'zh-CN': '已关闭', ar: 'مغلق' },
};
