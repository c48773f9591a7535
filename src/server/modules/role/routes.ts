import type { FastifyInstance } from 'fastify';
import { idBody, idQuery, type IdParams } from '../../../core/contracts/common.ts';
import {
  AUTHORIZATION_POINTS,
  PICKER_POINTS,
  ROLE_PATHS,
  roleCreateBody,
  roleGrantBody,
  roleGroupsBody,
  roleUpdateBody,
  roleUsersBody,
  type RoleCreateBody,
  type RoleGrantBody,
  type RoleGroupsBody,
  type RoleUpdateBody,
  type RoleUsersBody,
} from '../../../core/contracts/role.ts';
import { scopeOf } from '../../plugins/auth.ts';
import {
  createRole,
  deleteRole,
  grantResources,
  listRoles,
  resourceTree,
  roleDetail,
  setRoleGroups,
  setRoleUsers,
  updateRole,
} from './service.ts';

const point = AUTHORIZATION_POINTS.roles;

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  app.get(ROLE_PATHS.list, { config: { point: PICKER_POINTS } }, async (request) => listRoles(scopeOf(request)));

  app.get<{ Querystring: IdParams }>(
    ROLE_PATHS.detail,
    { schema: { querystring: idQuery }, config: { point } },
    async (request) => roleDetail(scopeOf(request), request.query.id),
  );

  app.post<{ Body: RoleCreateBody }>(
    ROLE_PATHS.create,
    { schema: { body: roleCreateBody }, config: { point } },
    async (request) => createRole(scopeOf(request), request.body),
  );

  app.post<{ Body: RoleUpdateBody }>(
    ROLE_PATHS.update,
    { schema: { body: roleUpdateBody }, config: { point } },
    async (request) => updateRole(scopeOf(request), request.body),
  );

  app.post<{ Body: IdParams }>(
    ROLE_PATHS.delete,
    { schema: { body: idBody }, config: { point } },
    async (request) => {
      await deleteRole(scopeOf(request), request.body.id);
    },
  );

  app.post<{ Body: RoleGrantBody }>(
    ROLE_PATHS.grant,
    { schema: { body: roleGrantBody }, config: { point } },
    async (request) => grantResources(scopeOf(request), request.body.id, request.body.resourceIds),
  );

  app.post<{ Body: RoleUsersBody }>(
    ROLE_PATHS.users,
    { schema: { body: roleUsersBody }, config: { point } },
    async (request) => setRoleUsers(scopeOf(request), request.body.id, request.body.userIds),
  );

  app.post<{ Body: RoleGroupsBody }>(
    ROLE_PATHS.groups,
    { schema: { body: roleGroupsBody }, config: { point } },
    async (request) => setRoleGroups(scopeOf(request), request.body.id, request.body.groupIds),
  );

  app.get(ROLE_PATHS.resourceTree, { config: { point: PICKER_POINTS } }, async (request) =>
    resourceTree(scopeOf(request)),
  );
}
