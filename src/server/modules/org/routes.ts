import type { FastifyInstance } from 'fastify';
import { ORG_PATHS, orgMembersQuery, type OrgMembersQuery } from '../../../core/contracts/org.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { departmentTree, listMembers, listRoles } from './service.ts';

/** The directory behind the member, department and assignee pickers; any member of the tenant may read it. */
export async function orgRoutes(app: FastifyInstance): Promise<void> {
  app.get(ORG_PATHS.departments, async (request) => departmentTree(scopeOf(request)));

  app.get<{ Querystring: OrgMembersQuery }>(ORG_PATHS.members, { schema: { querystring: orgMembersQuery } }, async (request) =>
    listMembers(scopeOf(request), request.query),
  );

  // Roles matter to whoever designs flows (assignee by role); their names are no secret to them.
  app.get(ORG_PATHS.roles, { config: { point: 'flow:design' } }, async (request) => listRoles(scopeOf(request)));
}
