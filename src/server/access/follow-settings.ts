import { AUTHORIZATION_POINTS } from '../../core/contracts/role.ts';
import { FOLLOW_SETTINGS_POINT } from '../../core/contracts/follow-settings.ts';
import { holds } from './admin.ts';
import type { Caller } from './caller.ts';
import { workspace } from './workspace.ts';

/**
 * Follow-up settings of a workspace: its members read the lists (pickers need them), the
 * templates and the project settings; holders of follow:settings change them. Which drawing-area
 * roles a member holds is changed by a holder of follow:settings who also manages roles, since a
 * role counts in every workspace of the tenant.
 */
export const followSettings = {
  view: (caller: Caller, workspaceCode: string): boolean => workspace.enter(caller, workspaceCode),
  manage: (caller: Caller): boolean => holds(caller, FOLLOW_SETTINGS_POINT),
  grantRoles: (caller: Caller): boolean => holds(caller, FOLLOW_SETTINGS_POINT) && holds(caller, AUTHORIZATION_POINTS.roles),
};
