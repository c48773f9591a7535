import type { FastifyInstance } from 'fastify';
import { scopeOf, sessionOf } from '../../plugins/auth.ts';
import { listWorkspaces } from './service.ts';

export async function workspaceRoutes(app: FastifyInstance): Promise<void> {
  app.get('/proptech_allplan/workingSpace/list', async (request) => listWorkspaces(scopeOf(request), sessionOf(request)));
}
