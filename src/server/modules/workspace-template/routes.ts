import type { FastifyInstance } from 'fastify';
import { idBody, idQuery, type IdParams } from '../../../core/contracts/common.ts';
import { AUTHORIZATION_POINTS } from '../../../core/contracts/role.ts';
import {
  WORKSPACE_TEMPLATE_PATHS,
  workspaceTemplateCreateBody,
  workspaceTemplateInstantiateBody,
  workspaceTemplateUpdateBody,
  type WorkspaceTemplateCreateBody,
  type WorkspaceTemplateInstantiateBody,
  type WorkspaceTemplateUpdateBody,
} from '../../../core/contracts/workspace-template.ts';
import { scopeOf } from '../../plugins/auth.ts';
import { createWorkspace } from '../management/workspace-service.ts';
import { createTemplate, deleteTemplate, listTemplates, templateDetail, updateTemplate } from './service.ts';

const point = AUTHORIZATION_POINTS.workspaces;

export async function workspaceTemplateRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.services;

  app.get(WORKSPACE_TEMPLATE_PATHS.list, { config: { point } }, async (request) => listTemplates(scopeOf(request)));

  app.get<{ Querystring: IdParams }>(
    WORKSPACE_TEMPLATE_PATHS.detail,
    { schema: { querystring: idQuery }, config: { point } },
    async (request) => templateDetail(scopeOf(request), request.query.id),
  );

  app.post<{ Body: WorkspaceTemplateCreateBody }>(
    WORKSPACE_TEMPLATE_PATHS.create,
    { schema: { body: workspaceTemplateCreateBody }, config: { point } },
    async (request) => createTemplate(scopeOf(request), clock, request.body),
  );

  app.post<{ Body: WorkspaceTemplateUpdateBody }>(
    WORKSPACE_TEMPLATE_PATHS.update,
    { schema: { body: workspaceTemplateUpdateBody }, config: { point } },
    async (request) => updateTemplate(scopeOf(request), clock, request.body),
  );

  app.post<{ Body: IdParams }>(
    WORKSPACE_TEMPLATE_PATHS.delete,
    { schema: { body: idBody }, config: { point } },
    async (request) => {
      await deleteTemplate(scopeOf(request), request.body.id);
    },
  );

  // The same as management/workspace/create with a template; a missing template is `id` here.
  app.post<{ Body: WorkspaceTemplateInstantiateBody }>(
    WORKSPACE_TEMPLATE_PATHS.instantiate,
    { schema: { body: workspaceTemplateInstantiateBody }, config: { point } },
    async (request) =>
      createWorkspace(scopeOf(request), clock, { code: request.body.code, name: request.body.name, templateId: request.body.id }, 'id'),
  );
}
