import { describe, expect, it } from 'vitest';
import { FOLLOW_STATUSES, type FollowStatusRule } from '../../../../src/core/contracts/follows.ts';
import { allowedMoves, checkMove, completeRule, DEFAULT_STATUS_RULE, moveBetween, movesFrom, rolesOf } from '../../../../src/core/follows/status-flow.ts';

describe('the follow-up status flow', () => {
  it('names the move between two statuses, and none where the flow has none', () => {
    expect(moveBetween('open', 'inProgress')).toBe('start');
    expect(moveBetween('inProgress', 'readyForReview')).toBe('submit');
    expect(moveBetween('open', 'readyForReview')).toBe('submit');
    expect(moveBetween('readyForReview', 'inProgress')).toBe('return');
    expect(moveBetween('readyForReview', 'closed')).toBe('close');
    expect(moveBetween('closed', 'open')).toBe('reopen');
    expect(moveBetween('closed', 'inProgress')).toBeNull();
    expect(moveBetween('closed', 'readyForReview')).toBeNull();
    for (const status of FOLLOW_STATUSES) expect(moveBetween(status, status)).toBeNull();
  });

  it('offers from each status only the moves that start there', () => {
    expect(movesFrom('open')).toEqual(['start', 'submit', 'close']);
    expect(movesFrom('inProgress')).toEqual(['submit', 'close']);
    expect(movesFrom('readyForReview')).toEqual(['return', 'close']);
    expect(movesFrom('closed')).toEqual(['reopen']);
  });

  it('reads the roles someone has on a follow-up', () => {
    const parties = { assigneeIds: [2, 3], reviewerId: 4, createdBy: 5 };
    expect(rolesOf(2, parties, false)).toEqual(['assignee']);
    expect(rolesOf(4, parties, false)).toEqual(['reviewer']);
    expect(rolesOf(5, parties, true)).toEqual(['creator', 'manager']);
    expect(rolesOf(9, parties, false)).toEqual([]);
    expect(rolesOf(4, { ...parties, assigneeIds: [4] }, false)).toEqual(['assignee', 'reviewer']);
  });

  it('lets the default rule have assignees work it, the reviewer close or return it, and the creator reopen it', () => {
    expect(allowedMoves('open', ['assignee'], DEFAULT_STATUS_RULE)).toEqual(['start', 'submit']);
    expect(allowedMoves('readyForReview', ['assignee'], DEFAULT_STATUS_RULE)).toEqual([]);
    expect(allowedMoves('readyForReview', ['reviewer'], DEFAULT_STATUS_RULE)).toEqual(['return', 'close']);
    expect(allowedMoves('closed', ['creator'], DEFAULT_STATUS_RULE)).toEqual(['reopen']);
    expect(allowedMoves('closed', ['assignee'], DEFAULT_STATUS_RULE)).toEqual([]);
    expect(allowedMoves('open', ['manager'], DEFAULT_STATUS_RULE)).toEqual(['start', 'submit', 'close']);
    expect(allowedMoves('open', [], DEFAULT_STATUS_RULE)).toEqual([]);
  });

  it('tells a move outside the flow from one the rule refuses', () => {
    expect(checkMove('open', 'inProgress', ['assignee'], DEFAULT_STATUS_RULE)).toEqual({ ok: true, move: 'start' });
    expect(checkMove('closed', 'inProgress', ['manager'], DEFAULT_STATUS_RULE)).toEqual({ ok: false, problem: 'statusNotInFlow' });
    expect(checkMove('readyForReview', 'closed', ['assignee', 'creator'], DEFAULT_STATUS_RULE)).toEqual({ ok: false, problem: 'statusRefused' });
    const strict: FollowStatusRule = { ...DEFAULT_STATUS_RULE, close: ['reviewer'] };
    expect(checkMove('readyForReview', 'closed', ['manager'], strict)).toEqual({ ok: false, problem: 'statusRefused' });
    expect(checkMove('readyForReview', 'closed', ['reviewer'], strict)).toEqual({ ok: true, move: 'close' });
  });

  it('fills a stored rule that lacks a move with the default roles for it', () => {
    expect(completeRule(null)).toEqual(DEFAULT_STATUS_RULE);
    expect(completeRule({ close: ['reviewer'] })).toEqual({ ...DEFAULT_STATUS_RULE, close: ['reviewer'] });
    expect(completeRule({ reopen: [] }).reopen).toEqual([]);
  });
});
