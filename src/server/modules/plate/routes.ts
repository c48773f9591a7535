import type { FastifyInstance } from 'fastify';
import {
  PLATE_PATHS,
  PLATE_POINTS,
  plateCopyBody,
  plateCreateBody,
  plateIdBody,
  plateIdQuery,
  plateListQuery,
  platePublishBody,
  plateRenameBody,
  plateUpdateBody,
  type PlateCopyBody,
  type PlateCreateBody,
  type PlateListQuery,
  type PlatePublishBody,
  type PlateRenameBody,
  type PlateUpdateBody,
} from '../../../core/contracts/plates.ts';
import { callerOf, scopeOf } from '../../plugins/auth.ts';
import { copyPlate, createPlate, deletePlate, listPlates, plateDetail, publishPlate, renamePlate, updatePlate } from './service.ts';

/**
 * Analysis plates. Writing takes the plate points (create, edit, delete); opening takes any of
 * them, the plate list's menu entry, or the plate's own entry (policy.plate). The components' data is asked
 * for through dataset/query with the viewer's own rights, so a plate never shows a viewer
 * records they could not list.
 */
export async function plateRoutes(app: FastifyInstance): Promise<void> {
  const { clock, formVersions } = app.services;

  app.get<{ Querystring: PlateListQuery }>(PLATE_PATHS.list, { schema: { querystring: plateListQuery } }, async (request) =>
    listPlates(scopeOf(request), callerOf(request), request.query),
  );

  app.get<{ Querystring: { id: number } }>(PLATE_PATHS.detail, { schema: { querystring: plateIdQuery } }, async (request) =>
    plateDetail(scopeOf(request), callerOf(request), request.query.id),
  );

  app.post<{ Body: PlateCreateBody }>(
    PLATE_PATHS.create,
    { schema: { body: plateCreateBody }, config: { point: PLATE_POINTS.create } },
    async (request) => createPlate(clock, scopeOf(request), formVersions, callerOf(request), request.body),
  );

  app.post<{ Body: PlateUpdateBody }>(
    PLATE_PATHS.update,
    { schema: { body: plateUpdateBody }, config: { point: PLATE_POINTS.edit } },
    async (request) => updatePlate(clock, scopeOf(request), formVersions, callerOf(request), request.body),
  );

  app.post<{ Body: PlateRenameBody }>(
    PLATE_PATHS.rename,
    { schema: { body: plateRenameBody }, config: { point: PLATE_POINTS.edit } },
    async (request) => renamePlate(clock, scopeOf(request), callerOf(request), request.body),
  );

  app.post<{ Body: PlateCopyBody }>(
    PLATE_PATHS.copy,
    { schema: { body: plateCopyBody }, config: { point: PLATE_POINTS.create } },
    async (request) => copyPlate(clock, scopeOf(request), formVersions, callerOf(request), request.body),
  );

  app.post<{ Body: { id: number } }>(
    PLATE_PATHS.delete,
    { schema: { body: plateIdBody }, config: { point: PLATE_POINTS.delete } },
    async (request) => {
      await deletePlate(scopeOf(request), request.body.id);
      return null;
    },
  );

  app.post<{ Body: PlatePublishBody }>(
    PLATE_PATHS.publish,
    { schema: { body: platePublishBody }, config: { point: PLATE_POINTS.edit } },
    async (request) => publishPlate(scopeOf(request), callerOf(request), request.body),
  );
}
