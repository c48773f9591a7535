import { ALLPLAN_PREFIX } from './common.ts';

/** The workspaces the signed-in user may enter (the spec names them `workingSpace/`); their menus are the resource module's. */
export const WORKSPACE_PATHS = {
  list: `${ALLPLAN_PREFIX}/workingSpace/list`,
} as const;
