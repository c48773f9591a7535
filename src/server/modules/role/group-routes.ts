import type { FastifyInstance } from 'fastify';
import { idBody, type IdParams } from '../../../core/contracts/common.ts';
import {
  PERMISSION_GROUP_PATHS,
  permissionGroupAssignBody,
  permissionGroupCreateBody,
  permissionGroupUpdateBody,
  type PermissionGroupAssignBody,
  type PermissionGroupCreateBody,
  type PermissionGroupUpdateBody,
} from '../../../core/contracts/permission-groups.ts';
import { AUTHORIZATION_POINTS, PICKER_POINTS } from '../../../core/contracts/role.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { assignGroup, createGroup, deleteGroup, functionPointOptions, listGroups, updateGroup } from './group-service.ts';

const point = AUTHORIZATION_POINTS.roles;

export async function permissionGroupRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.services;

  app.get(PERMISSION_GROUP_PATHS.list, { config: { point: PICKER_POINTS } }, async (request) =>
    listGroups(scopeOf(request)),
  );

  app.post<{ Body: PermissionGroupCreateBody }>(
    PERMISSION_GROUP_PATHS.create,
    { schema: { body: permissionGroupCreateBody }, config: { point } },
    async (request) => createGroup(scopeOf(request), clock, request.body),
  );

  app.post<{ Body: PermissionGroupUpdateBody }>(
    PERMISSION_GROUP_PATHS.update,
    { schema: { body: permissionGroupUpdateBody }, config: { point } },
    async (request) => updateGroup(scopeOf(request), clock, request.body),
  );

  app.post<{ Body: IdParams }>(
    PERMISSION_GROUP_PATHS.delete,
    { schema: { body: idBody }, config: { point } },
    async (request) => {
      await deleteGroup(scopeOf(request), request.body.id);
    },
  );

  app.post<{ Body: PermissionGroupAssignBody }>(
    PERMISSION_GROUP_PATHS.assign,
    { schema: { body: permissionGroupAssignBody }, config: { point } },
    async (request) => assignGroup(scopeOf(request), request.body),
  );

  app.get(PERMISSION_GROUP_PATHS.points, { config: { point } }, async (request) =>
    functionPointOptions(scopeOf(request)),
  );
}
