import type { FastifyInstance } from 'fastify';
import { callerOf } from '../../plugins/auth.ts';
import { listWorkspaces } from './service.ts';

export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/proptech_allplan/workingSpace/list', async (request) => listWorkspaces(callerOf(request)));
}
