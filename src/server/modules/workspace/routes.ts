import type { FastifyInstance } from 'fastify';
import { WORKSPACE_PATHS } from '../../../core/contracts/workspace.ts';
import { callerOf } from '../../plugins/auth.ts';
import { listWorkspaces } from './service.ts';

export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  app.get(WORKSPACE_PATHS.list, async (request) => listWorkspaces(callerOf(request)));
}
