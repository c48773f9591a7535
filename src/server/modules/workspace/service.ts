import type { WorkspaceInfo } from '../../../core/entities.ts';
import type { Caller } from '../../access/caller.ts';

/** Workspaces the caller may enter (policy.workspace.enter): all of the tenant's for an ADMIN, their own for a USER; by code. */
export function listWorkspaces(caller: Caller): WorkspaceInfo[] {
  return caller.workspaces.map(({ code, name }) => ({ code, name }));
}
