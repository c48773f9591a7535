import type { FastifyInstance } from 'fastify';
import { idBody } from '../../../core/contracts/common.ts';
import {
  STAGING_PATHS,
  stagingIdQuery,
  stagingListQuery,
  stagingSaveBody,
  type StagingListQuery,
  type StagingSaveBody,
} from '../../../core/contracts/staging.ts';
import { recordContext } from '../record/context.ts';
import { deleteDraft, draftDetail, listDrafts, saveDraft } from './service.ts';

/** The caller's drafts (/table/staging): list, open, autosave, discard. */
export async function recordDraftRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: StagingListQuery }>(STAGING_PATHS.list, { schema: { querystring: stagingListQuery } }, async (request) =>
    listDrafts(recordContext(app, request), request.query),
  );

  app.get<{ Querystring: { id: number } }>(STAGING_PATHS.detail, { schema: { querystring: stagingIdQuery } }, async (request) =>
    draftDetail(recordContext(app, request), request.query.id),
  );

  app.post<{ Body: StagingSaveBody }>(STAGING_PATHS.save, { schema: { body: stagingSaveBody } }, async (request) =>
    saveDraft(recordContext(app, request), request.body),
  );

  app.post<{ Body: { id: number } }>(STAGING_PATHS.delete, { schema: { body: idBody } }, async (request) => {
    await deleteDraft(recordContext(app, request), request.body.id);
    return null;
  });
}
