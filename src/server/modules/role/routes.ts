import type { FastifyInstance } from 'fastify';
import { idBody, idQuery, type IdParams } from '../../../core/contracts/common.ts';
import {
  AUTHORIZATION_POINTS,
  PICKER_POINTS,
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
  app.get('/proptech_allplan/role/list', { config: { point: PICKER_POINTS } }, async (request) => listRoles(scopeOf(request)));

  app.get<{ Querystring: IdParams }>(
    '/proptech_allplan/role/detail',
    { schema: { querystring: idQuery }, config: { point } },
    async (request) => roleDetail(scopeOf(request), request.query.id),
  );

  app.post<{ Body: RoleCreateBody }>(
    '/proptech_allplan/role/create',
    { schema: { body: roleCreateBody }, config: { point } },
    async (request) => createRole(scopeOf(request), request.body),
  );

  app.post<{ Body: RoleUpdateBody }>(
    '/proptech_allplan/role/update',
    { schema: { body: roleUpdateBody }, config: { point } },
    async (request) => updateRole(scopeOf(request), request.body),
  );

  app.post<{ Body: IdParams }>(
    '/proptech_allplan/role/delete',
    { schema: { body: idBody }, config: { point } },
    async (request) => {
      await deleteRole(scopeOf(request), request.body.id);
    },
  );

  app.post<{ Body: RoleGrantBody }>(
    '/proptech_allplan/role/grant',
    { schema: { body: roleGrantBody }, config: { point } },
    async (request) => grantResources(scopeOf(request), request.body.id, request.body.resourceIds),
  );

  app.post<{ Body: RoleUsersBody }>(
    '/proptech_allplan/role/users',
    { schema: { body: roleUsersBody }, config: { point } },
    async (request) => setRoleUsers(scopeOf(request), request.body.id, request.body.userIds),
  );

  app.post<{ Body: RoleGroupsBody }>(
    '/proptech_allplan/role/groups',
    { schema: { body: roleGroupsBody }, config: { point } },
    async (request) => setRoleGroups(scopeOf(request), request.body.id, request.body.groupIds),
  );

  app.get('/proptech_allplan/role/resourceTree', { config: { point: PICKER_POINTS } }, async (request) =>
    resourceTree(scopeOf(request)),
  );
}
