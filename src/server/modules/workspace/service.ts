import type { WorkspaceInfo } from '../../../core/entities.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { Session } from '../auth/tokens.ts';

/** Workspaces a session may enter: all of the tenant's for an ADMIN, their own for a USER. */
export async function listWorkspaces(scope: TenantScope, session: Session): Promise<WorkspaceInfo[]> {
  let query = scope.selectFrom('workspace').select(['workspace.code', 'workspace.name']).orderBy('workspace.code');
  if (session.memberType !== 'ADMIN') {
    query = query.where(
      'workspace.id',
      'in',
      scope.selectFrom('workspace_member').select('workspace_member.workspace_id').where('workspace_member.user_id', '=', session.userId),
    );
  }
  return query.execute();
}
