import { FOLLOW_POINTS } from '../../core/contracts/follows.ts';
import type { FollowRole } from '../../core/contracts/follows.ts';
import { rolesOf, type FollowParties } from '../../core/follows/status-flow.ts';
import { holds } from './admin.ts';
import type { Caller } from './caller.ts';
import { workspace } from './workspace.ts';

/**
 * Follow-ups: every member of a workspace sees its follow-ups, their comments, photos and
 * history. follow:create creates them, comments and adds photos, and edits those one created
 * or is assigned to; follow:manage edits, assigns and deletes anyone's and changes many at
 * once; follow:settings keeps the types. Who may move a status where is the type's rule
 * (src/core/follows/status-flow.ts), read with the roles the caller has on the follow-up.
 */
export const follow = {
  view: (caller: Caller, workspaceCode: string): boolean => workspace.enter(caller, workspaceCode),
  create: (caller: Caller): boolean => holds(caller, FOLLOW_POINTS.create),
  manage: (caller: Caller): boolean => holds(caller, FOLLOW_POINTS.manage),
  settings: (caller: Caller): boolean => holds(caller, FOLLOW_POINTS.settings),

  /** The caller's roles on a follow-up, for its type's status rule. */
  roles: (caller: Caller, parties: FollowParties): FollowRole[] => rolesOf(caller.session.userId, parties, follow.manage(caller)),

  /** Changing its fields: a manager, or its creator or an assignee who may create follow-ups. */
  edit: (caller: Caller, parties: FollowParties): boolean =>
    follow.manage(caller) ||
    (follow.create(caller) && (parties.createdBy === caller.session.userId || parties.assigneeIds.includes(caller.session.userId))),

  /** Commenting and adding photos: whoever may create follow-ups, or anyone it is about (assignee, reviewer). */
  contribute: (caller: Caller, parties: FollowParties): boolean =>
    follow.create(caller) || follow.manage(caller) || parties.assigneeIds.includes(caller.session.userId) || parties.reviewerId === caller.session.userId,

  /** Removing a photo or a comment: who added it, or a manager. */
  removeOwn: (caller: Caller, addedBy: number | null): boolean => follow.manage(caller) || addedBy === caller.session.userId,

  /** Watching it oneself needs only to see it; adding or removing someone else is a manager's. */
  watch: (caller: Caller, userId: number): boolean => userId === caller.session.userId || follow.manage(caller),
};
