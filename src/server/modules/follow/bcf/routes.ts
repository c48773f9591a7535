import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FOLLOW_FILE_PATHS,
  followBcfExportBody,
  followBcfImportBody,
  followBcfImportQuery,
  followReportBody,
  type FollowBcfExportBody,
  type FollowBcfImportBody,
  type FollowBcfImportQuery,
  type FollowReportBody,
} from '../../../../core/follows/bcf.ts';
import { contentDisposition } from '../../../content-disposition.ts';
import { callerOf } from '../../../plugins/auth.ts';
import { workspaceByCode, type FollowCaller } from '../context.ts';
import { followReport } from '../report/report.ts';
import { exportBcf } from './bcf-export.ts';
import { BcfImports } from './bcf-imports.ts';

/**
 * Follow-ups as files (see docs/follows.md, "BCF and the PDF report"): BCF zips imported
 * (follow:manage) as jobs whose progress is pushed to the importer (bcf-imports.ts) and
 * exported, and the PDF report of a list. Every call names a workspace the
 * caller belongs to (ADMINs to any), else 404.
 */
export async function followFileRoutes(app: FastifyInstance): Promise<void> {
  const { clock, notifyBus, formVersions, blobs, jobs } = app.services;
  const now = () => new Date(clock.now()).toISOString();
  const followCallerOf = (request: FastifyRequest): FollowCaller => ({ ...callerOf(request), now, bus: notifyBus, versions: formVersions });

  const imports = new BcfImports(jobs, notifyBus, app.log);
  app.addHook('onClose', async () => imports.close());

  app.post<{ Body: FollowBcfImportBody }>(FOLLOW_FILE_PATHS.bcfImport, { schema: { body: followBcfImportBody } }, async (request) =>
    imports.start(followCallerOf(request), request.body),
  );

  app.get<{ Querystring: FollowBcfImportQuery }>(FOLLOW_FILE_PATHS.bcfImportState, { schema: { querystring: followBcfImportQuery } }, async (request) =>
    imports.state(followCallerOf(request), request.query.id),
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
