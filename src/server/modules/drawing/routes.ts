import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DRAWING_PATHS,
  drawingIdQuery,
  drawingIdsBody,
  drawingWorkspaceQuery,
  markupListQuery,
  markupSaveBody,
  revisionCalibrateBody,
  revisionFileQuery,
  revisionPendingBody,
  revisionUpdateBody,
  setSaveBody,
  sheetListBody,
  uploadBody,
  type DrawingIdQuery,
  type DrawingIdsBody,
  type DrawingWorkspaceQuery,
  type MarkupListQuery,
  type MarkupSaveBody,
  type RevisionCalibrateBody,
  type RevisionFileQuery,
  type RevisionPendingBody,
  type RevisionUpdateBody,
  type SetSaveBody,
  type SheetListBody,
  type UploadBody,
} from '../../../core/contracts/drawings.ts';
import { notFound } from '../../errors.ts';
import { callerOf } from '../../plugins/auth.ts';
import { requireFileObjects } from '../filestore/file-objects.ts';
import { sendFile } from '../filestore/routes.ts';
import { workspaceByCode, type DrawingCaller } from './context.ts';
import { deleteMarkups, listMarkups, saveMarkup } from './markups.ts';
import { calibrateRevision, pendingRevisions, publishRevisions, rejectRevisions, revisionDetail, revisionFileId, updateRevision, visibleRevision } from './revisions.ts';
import { listSets, saveSet } from './sets.ts';
import { deleteSheets, getSheet, listSheets } from './sheets.ts';
import { followDrawingJobs, listUploads, requeueUnfinishedUploads, startUploads, type UploadDeps } from './uploads.ts';

/**
 * Drawings (see docs/drawings.md): the register of a workspace, its sets, uploads and their
 * processing jobs, revisions waiting for review and published, markups. Every call names a
 * workspace, or a sheet, revision or markup that lives in one; the caller must belong to it
 * (ADMINs to any), and writes check the drawing policies (access/drawing.ts).
 */
export async function drawingRoutes(app: FastifyInstance): Promise<void> {
  const { clock, db, notifyBus, jobs } = app.services;
  const now = () => new Date(clock.now()).toISOString();
  const drawingCallerOf = (request: FastifyRequest): DrawingCaller => ({ ...callerOf(request), now });
  const uploadDeps: UploadDeps = { db, jobs, bus: notifyBus, now, log: app.log };
  const stopFollowing = followDrawingJobs(uploadDeps);
  app.addHook('onClose', async () => stopFollowing());
  await requeueUnfinishedUploads(uploadDeps);

  app.get<{ Querystring: DrawingWorkspaceQuery }>(DRAWING_PATHS.setList, { schema: { querystring: drawingWorkspaceQuery } }, async (request) => {
    const caller = drawingCallerOf(request);
    return listSets(caller, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.post<{ Body: SetSaveBody }>(DRAWING_PATHS.setSave, { schema: { body: setSaveBody } }, async (request) => {
    const caller = drawingCallerOf(request);
    return saveSet(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: SheetListBody }>(DRAWING_PATHS.sheetList, { schema: { body: sheetListBody } }, async (request) => {
    const caller = drawingCallerOf(request);
    return listSheets(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.get<{ Querystring: DrawingIdQuery }>(DRAWING_PATHS.sheetGet, { schema: { querystring: drawingIdQuery } }, async (request) =>
    getSheet(drawingCallerOf(request), request.query.id),
  );

  app.post<{ Body: DrawingIdsBody }>(DRAWING_PATHS.sheetDelete, { schema: { body: drawingIdsBody } }, async (request) => {
    await deleteSheets(drawingCallerOf(request), request.body.ids);
    return null;
  });

  app.post<{ Body: UploadBody }>(DRAWING_PATHS.upload, { schema: { body: uploadBody } }, async (request) => {
    const caller = drawingCallerOf(request);
    return { uploads: await startUploads(uploadDeps, caller, await workspaceByCode(caller, request.body.workspaceCode), request.body) };
  });

  app.get<{ Querystring: DrawingWorkspaceQuery }>(DRAWING_PATHS.uploadList, { schema: { querystring: drawingWorkspaceQuery } }, async (request) => {
    const caller = drawingCallerOf(request);
    return listUploads(caller, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.post<{ Body: RevisionPendingBody }>(DRAWING_PATHS.revisionPending, { schema: { body: revisionPendingBody } }, async (request) => {
    const caller = drawingCallerOf(request);
    return pendingRevisions(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: RevisionUpdateBody }>(DRAWING_PATHS.revisionUpdate, { schema: { body: revisionUpdateBody } }, async (request) =>
    updateRevision(drawingCallerOf(request), request.body),
  );

  app.post<{ Body: DrawingIdsBody }>(DRAWING_PATHS.revisionPublish, { schema: { body: drawingIdsBody } }, async (request) => {
    await publishRevisions(drawingCallerOf(request), request.body.ids);
    return null;
  });

  app.post<{ Body: DrawingIdsBody }>(DRAWING_PATHS.revisionReject, { schema: { body: drawingIdsBody } }, async (request) => {
    await rejectRevisions(drawingCallerOf(request), request.body.ids);
    return null;
  });

  app.post<{ Body: RevisionCalibrateBody }>(DRAWING_PATHS.revisionCalibrate, { schema: { body: revisionCalibrateBody } }, async (request) =>
    calibrateRevision(drawingCallerOf(request), request.body.id, request.body.calibration),
  );

  app.get<{ Querystring: DrawingIdQuery }>(DRAWING_PATHS.revisionGet, { schema: { querystring: drawingIdQuery } }, async (request) =>
    revisionDetail(drawingCallerOf(request), request.query.id),
  );

  // Opened by <img> and pdf.js range reads too: the token may come in the query.
  app.get<{ Querystring: RevisionFileQuery }>(
    DRAWING_PATHS.revisionFile,
    { schema: { querystring: revisionFileQuery }, config: { tokenInQuery: true } },
    async (request, reply) => {
      const caller = drawingCallerOf(request);
      const { revision } = await visibleRevision(caller, request.query.id);
      const fileId = revisionFileId(revision, request.query.part ?? 'view');
      if (!fileId) throw notFound('File');
      const [file] = await requireFileObjects(caller.scope, [fileId]);
      return sendFile(app, request, reply, file!, true);
    },
  );

  app.get<{ Querystring: MarkupListQuery }>(DRAWING_PATHS.markupList, { schema: { querystring: markupListQuery } }, async (request) =>
    listMarkups(drawingCallerOf(request), request.query.revisionId),
  );

  app.post<{ Body: MarkupSaveBody }>(DRAWING_PATHS.markupSave, { schema: { body: markupSaveBody } }, async (request) =>
    saveMarkup(drawingCallerOf(request), request.body.revisionId, request.body.markup),
  );

  app.post<{ Body: DrawingIdsBody }>(DRAWING_PATHS.markupDelete, { schema: { body: drawingIdsBody } }, async (request) => {
    await deleteMarkups(drawingCallerOf(request), request.body.ids);
    return null;
  });
}
