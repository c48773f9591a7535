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
import { PICKER_POINTS } from '../../../core/contracts/role.ts';
import { callerOf, scopeOf } from '../../plugins/auth.ts';
import { currentTree, formPointsOf, fullMenu, moduleFunctionPoints, modulePointsOf, workspaceUserTree } from './service.ts';

export async function resourceRoutes(app: FastifyInstance): Promise<void> {
  // The tenant's whole menu: an ADMIN's own (spec §6), and what a role, user or workspace
  // manager grants from (as role/resourceTree gives them), so the role editor can read it.
  app.get(RESOURCE_PATHS.currentTree, { config: { point: PICKER_POINTS } }, async (request) =>
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
    { schema: { querystring: menuFullQuery }, config: { point: PICKER_POINTS } },
    async (request) => fullMenu(scopeOf(request), request.query.menuId),
  );

  app.get<{ Querystring: ModuleFunctionPointsQuery }>(
    RESOURCE_PATHS.moduleFunctionPoints,
    { schema: { querystring: moduleFunctionPointsQuery } },
    async (request) => moduleFunctionPoints(callerOf(request), request.query.menuId, request.query.nodeId),
  );

  // Spec §6: per module, and per form when `formId` names one (a form's buttons may name their own points).
  app.post<{ Body: OrdinaryUserFunctionPointsBody }>(
    RESOURCE_PATHS.heldPoints,
    { schema: { body: ordinaryUserFunctionPointsBody } },
    async (request) => {
      const { module, formId } = request.body;
      const caller = callerOf(request);
      return formId === undefined ? modulePointsOf(caller, module) : formPointsOf(caller, app.services.formVersions, module, formId);
    },
  );
}
