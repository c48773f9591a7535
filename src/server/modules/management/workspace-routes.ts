import type { FastifyInstance } from 'fastify';
import { idBody, idQuery, type IdParams } from '../../../core/contracts/common.ts';
import {
  MANAGED_WORKSPACE_PATHS,
  workspaceCreateBody,
  workspaceMembersBody,
  workspaceResourcesBody,
  workspaceUpdateBody,
  type WorkspaceCreateBody,
  type WorkspaceMembersBody,
  type WorkspaceResourcesBody,
  type WorkspaceUpdateBody,
} from '../../../core/contracts/management.ts';
import { AUTHORIZATION_POINTS, PICKER_POINTS } from '../../../core/contracts/role.ts';
import { scopeOf } from '../../plugins/auth.ts';
import {
  createWorkspace,
  deleteWorkspace,
  listManagedWorkspaces,
  renameWorkspace,
  setWorkspaceMembers,
  setWorkspaceResources,
  workspaceDetail,
} from './workspace-service.ts';

const point = AUTHORIZATION_POINTS.workspaces;

export async function managedWorkspaceRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.services;

  app.get(MANAGED_WORKSPACE_PATHS.list, { config: { point: PICKER_POINTS } }, async (request) =>
    listManagedWorkspaces(scopeOf(request)),
  );

  app.get<{ Querystring: IdParams }>(
    MANAGED_WORKSPACE_PATHS.detail,
    { schema: { querystring: idQuery }, config: { point } },
    async (request) => workspaceDetail(scopeOf(request), request.query.id),
  );

  app.post<{ Body: WorkspaceCreateBody }>(
    MANAGED_WORKSPACE_PATHS.create,
    { schema: { body: workspaceCreateBody }, config: { point } },
    async (request) => createWorkspace(scopeOf(request), clock, request.body),
  );

  app.post<{ Body: WorkspaceUpdateBody }>(
    MANAGED_WORKSPACE_PATHS.update,
    { schema: { body: workspaceUpdateBody }, config: { point } },
    async (request) => renameWorkspace(scopeOf(request), request.body.id, request.body.name),
  );

  app.post<{ Body: IdParams }>(
    MANAGED_WORKSPACE_PATHS.delete,
    { schema: { body: idBody }, config: { point } },
    async (request) => {
      await deleteWorkspace(scopeOf(request), request.body.id);
    },
  );

  app.post<{ Body: WorkspaceMembersBody }>(
    MANAGED_WORKSPACE_PATHS.members,
    { schema: { body: workspaceMembersBody }, config: { point } },
    async (request) => setWorkspaceMembers(scopeOf(request), request.body.id, request.body.userIds),
  );

  app.post<{ Body: WorkspaceResourcesBody }>(
    MANAGED_WORKSPACE_PATHS.resources,
    { schema: { body: workspaceResourcesBody }, config: { point } },
    async (request) => setWorkspaceResources(scopeOf(request), request.body.id, request.body.resourceIds),
  );
}
