import type { FastifyInstance } from 'fastify';
import {
  MANAGED_USER_PATHS,
  userInviteBody,
  userPageBody,
  userResetPasswordBody,
  userRolesBody,
  userStatusBody,
  userWorkspacesBody,
  type UserInviteBody,
  type UserPageBody,
  type UserResetPasswordBody,
  type UserRolesBody,
  type UserStatusBody,
  type UserWorkspacesBody,
} from '../../../core/contracts/management.ts';
import { AUTHORIZATION_POINTS, PICKER_POINTS } from '../../../core/contracts/role.ts';
import { scopeOf, sessionOf } from '../../plugins/auth.ts';
import {
  inviteUser,
  pageUsers,
  resetUserPassword,
  setUserRoles,
  setUserStatus,
  setUserWorkspaces,
  userOptions,
} from './user-service.ts';

const point = AUTHORIZATION_POINTS.users;

export async function managedUserRoutes(app: FastifyInstance): Promise<void> {
  const s = app.services;

  app.post<{ Body: UserPageBody }>(
    MANAGED_USER_PATHS.page,
    { schema: { body: userPageBody }, config: { point } },
    async (request) => pageUsers(scopeOf(request), request.body),
  );

  app.get(MANAGED_USER_PATHS.options, { config: { point: PICKER_POINTS } }, async (request) =>
    userOptions(scopeOf(request)),
  );

  app.post<{ Body: UserInviteBody }>(
    MANAGED_USER_PATHS.invite,
    { schema: { body: userInviteBody }, config: { point } },
    async (request) => inviteUser(s, scopeOf(request), sessionOf(request), request.body),
  );

  app.post<{ Body: UserStatusBody }>(
    MANAGED_USER_PATHS.status,
    { schema: { body: userStatusBody }, config: { point } },
    async (request) => setUserStatus(s, scopeOf(request), sessionOf(request), request.body.userId, request.body.status),
  );

  app.post<{ Body: UserResetPasswordBody }>(
    MANAGED_USER_PATHS.resetPassword,
    { schema: { body: userResetPasswordBody }, config: { point } },
    async (request) => {
      await resetUserPassword(s, scopeOf(request), sessionOf(request), request.body.userId);
    },
  );

  app.post<{ Body: UserRolesBody }>(
    MANAGED_USER_PATHS.roles,
    { schema: { body: userRolesBody }, config: { point } },
    async (request) => setUserRoles(scopeOf(request), request.body),
  );

  app.post<{ Body: UserWorkspacesBody }>(
    MANAGED_USER_PATHS.workspaces,
    { schema: { body: userWorkspacesBody }, config: { point } },
    async (request) => setUserWorkspaces(scopeOf(request), request.body.userId, request.body.workspaceIds),
  );
}
