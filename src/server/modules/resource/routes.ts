import type { FastifyInstance } from 'fastify';
import {
  menuFullQuery,
  moduleFunctionPointsQuery,
  ordinaryUserFunctionPointsBody,
  RESOURCE_PATHS,
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
  app.get(RESOURCE_PATHS.currentTree, { config: { auth: 'admin' } }, async (request) =>
    currentTree(scopeOf(request)),
  );

  // Menu for USER users: without a workspace code the answer is success with empty data.
  app.get<{ Querystring: UserFunctionTreeQuery }>(
    RESOURCE_PATHS.userFunctionTree,
    { schema: { querystring: userFunctionTreeQuery } },
    async (request) => {
      const code = request.query.workingSpaceCode;
      if (!code) return [];
      return workspaceUserTree(callerOf(request), code);
    },
  );

  app.get<{ Querystring: MenuFullQuery }>(
    RESOURCE_PATHS.menuFull,
    { schema: { querystring: menuFullQuery }, config: { auth: 'admin' } },
    async (request) => fullMenu(scopeOf(request), request.query.menuId),
  );

  app.get<{ Querystring: ModuleFunctionPointsQuery }>(
    RESOURCE_PATHS.moduleFunctionPoints,
    { schema: { querystring: moduleFunctionPointsQuery } },
    async (request) => moduleFunctionPoints(callerOf(request), request.query.menuId, request.query.nodeId),
  );

  // Per-form overrides arrive with forms; until then a form has its module's points.
  app.post<{ Body: OrdinaryUserFunctionPointsBody }>(
    RESOURCE_PATHS.heldPoints,
    { schema: { body: ordinaryUserFunctionPointsBody } },
    async (request) => modulePointsOf(callerOf(request), request.body.module),
  );
}
