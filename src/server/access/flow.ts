import type { Caller } from './caller.ts';

export const flow = {
  /** Only a task's assignee acts on it (approve, reject, transfer), an ADMIN no more than anyone: the task names who decides. */
  actOn: (caller: Caller, task: { assignee_id: number }): boolean => task.assignee_id === caller.session.userId,
  /** Only the submitter resubmits their record. */
  resubmit: (caller: Caller, state: { submitterId: number }): boolean => state.submitterId === caller.session.userId,
};
