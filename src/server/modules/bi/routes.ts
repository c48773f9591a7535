import type { FastifyInstance } from 'fastify';
import {
  BI_PATHS,
  BI_POINTS,
  biSettingsBody,
  biViewCheckBody,
  biViewCreateBody,
  biViewDeleteBody,
  biViewUpdateBody,
  type BiSettingsBody,
  type BiViewCheckBody,
  type BiViewCreateBody,
  type BiViewDeleteBody,
  type BiViewUpdateBody,
} from '../../../core/contracts/bi.ts';
import { scopeOf, sessionOf } from '../../plugins/auth.ts';
import { queryLimitOf } from '../dataset/service.ts';
import { recordContext } from '../record/context.ts';
import { readBiSettings, updateBiSettings } from './service.ts';
import { checkView, createView, deleteView, listRelations, listViews, updateView, type ViewServices } from './views.ts';

/**
 * BI settings: read by every member of the tenant (its plates are drawn with them), changed
 * with `bi:manage`. Registered views (SQL over the tenant's forms and datasets) are read and
 * written with `bi:manage`; plates read their rows as datasets (`view_<id>`).
 */
export async function biRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.services;
  const manage = { point: BI_POINTS.manage };
  const views = (): ViewServices => ({ limit: queryLimitOf(app.services) });

  app.get(BI_PATHS.settings, async (request) => readBiSettings(scopeOf(request)));

  app.post<{ Body: BiSettingsBody }>(
    BI_PATHS.updateSettings,
    { schema: { body: biSettingsBody }, config: manage },
    async (request) => updateBiSettings(clock, scopeOf(request), sessionOf(request), request.body),
  );

  app.get(BI_PATHS.views, { config: manage }, async (request) => listViews(scopeOf(request)));

  app.get(BI_PATHS.viewRelations, { config: manage }, async (request) => listRelations(recordContext(app, request)));

  app.post<{ Body: BiViewCheckBody }>(BI_PATHS.checkView, { schema: { body: biViewCheckBody }, config: manage }, async (request) =>
    checkView(recordContext(app, request), views(), request.body.sql),
  );

  app.post<{ Body: BiViewCreateBody }>(BI_PATHS.createView, { schema: { body: biViewCreateBody }, config: manage }, async (request) =>
    createView(recordContext(app, request), views(), sessionOf(request), request.body),
  );

  app.post<{ Body: BiViewUpdateBody }>(BI_PATHS.updateView, { schema: { body: biViewUpdateBody }, config: manage }, async (request) =>
    updateView(recordContext(app, request), views(), sessionOf(request), request.body),
  );

  app.post<{ Body: BiViewDeleteBody }>(BI_PATHS.deleteView, { schema: { body: biViewDeleteBody }, config: manage }, async (request) => {
    await deleteView(scopeOf(request), request.body.id);
    return null;
  });
}
