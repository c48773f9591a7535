import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  SCHEDULE_PATHS,
  scheduleArchiveBody,
  scheduleCopyBody,
  scheduleCreateBody,
  scheduleIdBody,
  scheduleImportBody,
  scheduleImportXlsxBody,
  scheduleIdQuery,
  scheduleListBody,
  schedulePrintBody,
  schedulePublicQuery,
  scheduleRenameBody,
  scheduleSaveBody,
  scheduleShareCreateBody,
  type ScheduleArchiveBody,
  type ScheduleCopyBody,
  type ScheduleCreateBody,
  type ScheduleIdQuery,
  type ScheduleImportBody,
  type ScheduleImportXlsxBody,
  type ScheduleListBody,
  type SchedulePrintBody,
  type SchedulePublicQuery,
  type ScheduleRenameBody,
  type ScheduleSaveBody,
  type ScheduleShareCreateBody,
} from '../../../core/contracts/schedules.ts';
import { contentDisposition } from '../../content-disposition.ts';
import { callerOf } from '../../plugins/auth.ts';
import { workspaceByCode, type ScheduleCaller } from './context.ts';
import { exportSchedule, exportXlsxSchedule, importSchedule, importXlsxSchedule } from './exchange.ts';
import { printSchedule } from './print/print.ts';
import { archiveSchedule, copySchedule, createSchedule, deleteSchedule, listSchedules, renameSchedule, saveSchedule, scheduleDetail, scheduleHistory } from './schedules.ts';
import { createShare, listShares, publicSchedule, revokeShare } from './shares.ts';

/** A public link is opened by people who are not signed in: limited per address, as the public website is. */
const PUBLIC_RATE_LIMIT = { max: 300, timeWindow: 60_000 };

/**
 * Schedules (src/core/contracts/schedules.ts): per workspace, saved as changes against the
 * revision the editor loaded, with a history and live pushes; public links read-only. Every
 * call but the public one names a workspace or a schedule of one the caller belongs to (ADMINs
 * to any), else 404.
 */
export async function scheduleRoutes(app: FastifyInstance): Promise<void> {
  const { clock, db, notifyBus } = app.services;
  const now = () => new Date(clock.now()).toISOString();
  const scheduleCallerOf = (request: FastifyRequest): ScheduleCaller => ({ ...callerOf(request), now, bus: notifyBus });

  app.post<{ Body: ScheduleListBody }>(SCHEDULE_PATHS.list, { schema: { body: scheduleListBody } }, async (request) => {
    const caller = scheduleCallerOf(request);
    return listSchedules(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.get<{ Querystring: ScheduleIdQuery }>(SCHEDULE_PATHS.get, { schema: { querystring: scheduleIdQuery } }, async (request) =>
    scheduleDetail(scheduleCallerOf(request), request.query.id),
  );

  app.post<{ Body: ScheduleCreateBody }>(SCHEDULE_PATHS.create, { schema: { body: scheduleCreateBody } }, async (request) => {
    const caller = scheduleCallerOf(request);
    return createSchedule(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: ScheduleImportBody }>(SCHEDULE_PATHS.importMspdi, { schema: { body: scheduleImportBody }, bodyLimit: 64 * 1024 * 1024 }, async (request) => {
    const caller = scheduleCallerOf(request);
    return importSchedule(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.get<{ Querystring: ScheduleIdQuery }>(SCHEDULE_PATHS.exportMspdi, { schema: { querystring: scheduleIdQuery } }, async (request, reply) => {
    const { fileName, xml } = await exportSchedule(scheduleCallerOf(request), request.query.id);
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(xml);
  });

  // The workbook comes as base64 text in the JSON body, as an MS Project file comes as its text.
  app.post<{ Body: ScheduleImportXlsxBody }>(SCHEDULE_PATHS.importXlsx, { schema: { body: scheduleImportXlsxBody }, bodyLimit: 16 * 1024 * 1024 }, async (request) => {
    const caller = scheduleCallerOf(request);
    return importXlsxSchedule(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.get<{ Querystring: ScheduleIdQuery }>(SCHEDULE_PATHS.exportXlsx, { schema: { querystring: scheduleIdQuery } }, async (request, reply) => {
    const { fileName, bytes } = await exportXlsxSchedule(scheduleCallerOf(request), request.query.id);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(bytes);
  });

  // Printed as MS Project prints: a PDF of pages, or one PNG picture of the same layout.
  for (const [path, format, type] of [
    [SCHEDULE_PATHS.exportPdf, 'pdf', 'application/pdf'],
    [SCHEDULE_PATHS.exportPng, 'png', 'image/png'],
  ] as const) {
    app.post<{ Body: SchedulePrintBody }>(path, { schema: { body: schedulePrintBody } }, async (request, reply) => {
      const { fileName, bytes } = await printSchedule(scheduleCallerOf(request), request.body, format);
      return reply.header('content-type', type).header('content-disposition', contentDisposition(fileName)).header('cache-control', 'no-store').send(Buffer.from(bytes));
    });
  }

  app.post<{ Body: ScheduleCopyBody }>(SCHEDULE_PATHS.copy, { schema: { body: scheduleCopyBody } }, async (request) => copySchedule(scheduleCallerOf(request), request.body));

  app.post<{ Body: ScheduleRenameBody }>(SCHEDULE_PATHS.rename, { schema: { body: scheduleRenameBody } }, async (request) =>
    renameSchedule(scheduleCallerOf(request), request.body),
  );

  app.post<{ Body: ScheduleArchiveBody }>(SCHEDULE_PATHS.archive, { schema: { body: scheduleArchiveBody } }, async (request) =>
    archiveSchedule(scheduleCallerOf(request), request.body),
  );

  app.post<{ Body: ScheduleIdQuery }>(SCHEDULE_PATHS.delete, { schema: { body: scheduleIdBody } }, async (request) => {
    await deleteSchedule(scheduleCallerOf(request), request.body.id);
    return null;
  });

  app.post<{ Body: ScheduleSaveBody }>(SCHEDULE_PATHS.save, { schema: { body: scheduleSaveBody }, bodyLimit: 32 * 1024 * 1024 }, async (request) =>
    saveSchedule(scheduleCallerOf(request), request.body),
  );

  app.get<{ Querystring: ScheduleIdQuery }>(SCHEDULE_PATHS.history, { schema: { querystring: scheduleIdQuery } }, async (request) =>
    scheduleHistory(scheduleCallerOf(request), request.query.id),
  );

  app.get<{ Querystring: ScheduleIdQuery }>(SCHEDULE_PATHS.shareList, { schema: { querystring: scheduleIdQuery } }, async (request) =>
    listShares(scheduleCallerOf(request), request.query.id),
  );

  app.post<{ Body: ScheduleShareCreateBody }>(SCHEDULE_PATHS.shareCreate, { schema: { body: scheduleShareCreateBody } }, async (request) =>
    createShare(scheduleCallerOf(request), request.body),
  );

  app.post<{ Body: ScheduleIdQuery }>(SCHEDULE_PATHS.shareRevoke, { schema: { body: scheduleIdBody } }, async (request) => {
    await revokeShare(scheduleCallerOf(request), request.body.id);
    return null;
  });

  app.get<{ Querystring: SchedulePublicQuery }>(
    SCHEDULE_PATHS.publicGet,
    { schema: { querystring: schedulePublicQuery }, config: { auth: 'public', rateLimit: PUBLIC_RATE_LIMIT } },
    async (request, reply) => {
      // Read-only, signed out: kept out of search engines and shared caches.
      reply.header('x-robots-tag', 'noindex, nofollow').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return publicSchedule(db, request.query.token, now());
    },
  );
}
