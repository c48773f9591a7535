import type { FastifyInstance } from 'fastify';
import { idBody, idQuery, type IdParams } from '../../../core/contracts/common.ts';
import {
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

  app.get('/proptech_allplan/management/workspace/list', { config: { point: PICKER_POINTS } }, async (request) =>
    listManagedWorkspaces(scopeOf(request)),
  );

  app.get<{ Querystring: IdParams }>(
    '/proptech_allplan/management/workspace/detail',
    { schema: { querystring: idQuery }, config: { point } },
    async (request) => workspaceDetail(scopeOf(request), request.query.id),
  );

  app.post<{ Body: WorkspaceCreateBody }>(
    '/proptech_allplan/management/workspace/create',
    { schema: { body: workspaceCreateBody }, config: { point } },
    async (request) => createWorkspace(scopeOf(request), clock, request.body),
  );

  app.post<{ Body: WorkspaceUpdateBody }>(
    '/proptech_allplan/management/workspace/update',
    { schema: { body: workspaceUpdateBody }, config: { point } },
    async (request) => renameWorkspace(scopeOf(request), request.body.id, request.body.name),
  );

  app.post<{ Body: IdParams }>(
    '/proptech_allplan/management/workspace/delete',
    { schema: { body: idBody }, config: { point } },
    async (request) => {
      await deleteWorkspace(scopeOf(request), request.body.id);
    },
  );

  app.post<{ Body: WorkspaceMembersBody }>(
    '/proptech_allplan/management/workspace/members',
    { schema: { body: workspaceMembersBody }, config: { point } },
    async (request) => setWorkspaceMembers(scopeOf(request), request.body.id, request.body.userIds),
  );

  app.post<{ Body: WorkspaceResourcesBody }>(
    '/proptech_allplan/management/workspace/resources',
    { schema: { body: workspaceResourcesBody }, config: { point } },
    async (request) => setWorkspaceResources(scopeOf(request), request.body.id, request.body.resourceIds),
  );
}
