import type { FastifyInstance } from 'fastify';
import {
  menuFullQuery,
  moduleFunctionPointsQuery,
  ordinaryUserFunctionPointsBody,
  userFunctionTreeQuery,
  type MenuFullQuery,
  type ModuleFunctionPointsQuery,
  type OrdinaryUserFunctionPointsBody,
  type UserFunctionTreeQuery,
} from '../../../core/contracts/resource.ts';
import { callerOf, scopeOf } from '../../plugins/auth.ts';
import { currentTree, fullMenu, moduleFunctionPoints, modulePointsOf, workspaceUserTree } from './service.ts';

export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  // Menu for every user type but USER (spec §6).
  app.get('/proptech_allplan/resource/current/tree', { config: { auth: 'admin' } }, async (request) =>
    currentTree(scopeOf(request)),
  );

  // Menu for USER users: without a workspace code the answer is success with empty data.
  app.get<{ Querystring: UserFunctionTreeQuery }>(
    '/proptech_allplan/workingSpace/user/function/tree',
    { schema: { querystring: userFunctionTreeQuery } },
    async (request) => {
      const code = request.query.workingSpaceCode;
      if (!code) return [];
      return workspaceUserTree(callerOf(request), code);
    },
  );

  app.get<{ Querystring: MenuFullQuery }>(
    '/proptech_allplan/resource/menu/full',
    { schema: { querystring: menuFullQuery }, config: { auth: 'admin' } },
    async (request) => fullMenu(scopeOf(request), request.query.menuId),
  );

  app.get<{ Querystring: ModuleFunctionPointsQuery }>(
    '/proptech_allplan/resource/module/functionPoints',
    { schema: { querystring: moduleFunctionPointsQuery } },
    async (request) => moduleFunctionPoints(callerOf(request), request.query.menuId, request.query.nodeId),
  );

  // Per-form overrides arrive with forms; until then a form has its module's points.
  app.post<{ Body: OrdinaryUserFunctionPointsBody }>(
    '/proptech_allplan/resource/OrdinaryUser/functionPoints',
    { schema: { body: ordinaryUserFunctionPointsBody } },
    async (request) => modulePointsOf(callerOf(request), request.body.module),
  );
}
