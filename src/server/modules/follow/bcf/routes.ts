import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FOLLOW_FILE_PATHS,
  followBcfExportBody,
  followBcfImportBody,
  followReportBody,
  type FollowBcfExportBody,
  type FollowBcfImportBody,
  type FollowReportBody,
} from '../../../../core/follows/bcf.ts';
import { contentDisposition } from '../../../content-disposition.ts';
import { callerOf } from '../../../plugins/auth.ts';
import { workspaceByCode, type FollowCaller } from '../context.ts';
import { followReport } from '../report/report.ts';
import { exportBcf } from './bcf-export.ts';
import { importBcf } from './bcf-import.ts';

/**
 * Follow-ups as files (see docs/follows.md, "BCF and the PDF report"): BCF zips imported
 * (follow:manage) and exported, and the PDF report of a list. Every call names a workspace the
 * caller belongs to (ADMINs to any), else 404.
 */
export async function followFileRoutes(app: FastifyInstance): Promise<void> {
  const { clock, notifyBus, formVersions, blobs } = app.services;
  const now = () => new Date(clock.now()).toISOString();
  const followCallerOf = (request: FastifyRequest): FollowCaller => ({ ...callerOf(request), now, bus: notifyBus, versions: formVersions });

  app.post<{ Body: FollowBcfImportBody }>(FOLLOW_FILE_PATHS.bcfImport, { schema: { body: followBcfImportBody } }, async (request) =>
    importBcf(followCallerOf(request), blobs, request.body),
  );

  app.post<{ Body: FollowBcfExportBody }>(FOLLOW_FILE_PATHS.bcfExport, { schema: { body: followBcfExportBody } }, async (request, reply) => {
    const caller = followCallerOf(request);
    const { fileName, bytes } = await exportBcf(caller, blobs, await workspaceByCode(caller, request.body.workspaceCode), request.body);
    return reply.header('content-type', 'application/zip').header('content-disposition', contentDisposition(fileName)).header('cache-control', 'no-store').send(bytes);
  });

  app.post<{ Body: FollowReportBody }>(FOLLOW_FILE_PATHS.report, { schema: { body: followReportBody } }, async (request, reply) => {
    const caller = followCallerOf(request);
    const { fileName, bytes } = await followReport(caller, blobs, await workspaceByCode(caller, request.body.workspaceCode), request.body);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  });
}
