import { SCHEDULE_POINTS } from '../../core/contracts/schedules.ts';
import { holds } from './admin.ts';
import type { Caller } from './caller.ts';
import { workspace } from './workspace.ts';

/**
 * Schedules: every member of a workspace sees its schedules and their history; schedule:edit
 * creates, copies, renames and saves changes to them; schedule:manage archives, restores and
 * deletes them and makes and revokes their public links. An archived schedule is read-only.
 */
export const schedule = {
  view: (caller: Caller, workspaceCode: string): boolean => workspace.enter(caller, workspaceCode),
  edit: (caller: Caller): boolean => holds(caller, SCHEDULE_POINTS.edit),
  manage: (caller: Caller): boolean => holds(caller, SCHEDULE_POINTS.manage),
  share: (caller: Caller): boolean => holds(caller, SCHEDULE_POINTS.manage),
};
