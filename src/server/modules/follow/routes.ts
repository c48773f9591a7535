import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FOLLOW_PATHS,
  FOLLOW_THUMBNAIL_SIZE,
  followBulkBody,
  followCommentBody,
  followCommentListQuery,
  followCreateBody,
  followExportBody,
  followFilterBody,
  followIdBody,
  followIdQuery,
  followIdsBody,
  followListBody,
  followPhotoAddBody,
  followPhotoFileQuery,
  followPhotoRemoveBody,
  followPinListBody,
  followStatusBody,
  followTypeSaveBody,
  followUpdateBody,
  followWatchBody,
  followWorkspaceQuery,
  type FollowBulkBody,
  type FollowCommentBody,
  type FollowCommentListQuery,
  type FollowCreateBody,
  type FollowExportBody,
  type FollowFilterBody,
  type FollowIdQuery,
  type FollowIdsBody,
  type FollowListBody,
  type FollowPhotoAddBody,
  type FollowPhotoFileQuery,
  type FollowPhotoRemoveBody,
  type FollowPinListBody,
  type FollowStatusBody,
  type FollowTypeSaveBody,
  type FollowUpdateBody,
  type FollowWatchBody,
  type FollowWorkspaceQuery,
} from '../../../core/contracts/follows.ts';
import { THUMBNAIL_CONTENT_TYPE } from '../../../core/contracts/files.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { contentDisposition } from '../../content-disposition.ts';
import { callerOf } from '../../plugins/auth.ts';
import { sendFile } from '../filestore/routes.ts';
import { Thumbnails } from '../filestore/thumbnails.ts';
import { addComment, deleteComment, listComments, listHistory } from './comments.ts';
import { workspaceByCode, type FollowCaller } from './context.ts';
import { scheduleDueCheck } from './due-check.ts';
import { exportFollows } from './export.ts';
import { bulkChange, createFollow, deleteFollows, moveFollow, updateFollow, watchFollow } from './follows.ts';
import { followOverview, listFollows, listPins } from './list.ts';
import { listPeople } from './people.ts';
import { addPhotos, removePhotos, visiblePhotoFile } from './photos.ts';
import { followDetail } from './rows.ts';
import { deleteType, listTypes, saveType } from './types.ts';

/**
 * Follow-ups (see docs/follows.md): per workspace, numbered by their type, moved through the
 * status flow by the type's rule, pinned on sheets, with comments, photos, watchers and
 * history; notices go to the bell. Every call names a workspace, or a follow-up, comment,
 * photo or type that lives in one; the caller must belong to it (ADMINs to any), else 404.
 */
export async function followRoutes(app: FastifyInstance): Promise<void> {
  const { clock, db, notifyBus, formVersions, blobs } = app.services;
  const now = () => new Date(clock.now()).toISOString();
  const followCallerOf = (request: FastifyRequest): FollowCaller => ({ ...callerOf(request), now, bus: notifyBus, versions: formVersions });
  const stopDueCheck = scheduleDueCheck({ db, bus: notifyBus, clock, log: app.log });
  app.addHook('onClose', async () => stopDueCheck());
  const thumbnails = new Thumbnails(blobs);

  app.post<{ Body: FollowListBody }>(FOLLOW_PATHS.list, { schema: { body: followListBody } }, async (request) => {
    const caller = followCallerOf(request);
    return listFollows(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.get<{ Querystring: FollowIdQuery }>(FOLLOW_PATHS.get, { schema: { querystring: followIdQuery } }, async (request) =>
    followDetail(followCallerOf(request), request.query.id),
  );

  app.post<{ Body: FollowCreateBody }>(FOLLOW_PATHS.create, { schema: { body: followCreateBody } }, async (request) =>
    createFollow(followCallerOf(request), request.body),
  );

  app.post<{ Body: FollowUpdateBody }>(FOLLOW_PATHS.update, { schema: { body: followUpdateBody } }, async (request) =>
    updateFollow(followCallerOf(request), request.body),
  );

  app.post<{ Body: FollowStatusBody }>(FOLLOW_PATHS.status, { schema: { body: followStatusBody } }, async (request) =>
    moveFollow(followCallerOf(request), request.body),
  );

  app.post<{ Body: FollowBulkBody }>(FOLLOW_PATHS.bulk, { schema: { body: followBulkBody } }, async (request) => bulkChange(followCallerOf(request), request.body));

  app.post<{ Body: FollowIdsBody }>(FOLLOW_PATHS.delete, { schema: { body: followIdsBody } }, async (request) => {
    await deleteFollows(followCallerOf(request), request.body.ids);
    return null;
  });

  app.post<{ Body: FollowWatchBody }>(FOLLOW_PATHS.watch, { schema: { body: followWatchBody } }, async (request) => watchFollow(followCallerOf(request), request.body));

  app.get<{ Querystring: FollowCommentListQuery }>(FOLLOW_PATHS.commentList, { schema: { querystring: followCommentListQuery } }, async (request) =>
    listComments(followCallerOf(request), request.query.followId),
  );

  app.post<{ Body: FollowCommentBody }>(FOLLOW_PATHS.commentAdd, { schema: { body: followCommentBody } }, async (request) =>
    addComment(followCallerOf(request), request.body),
  );

  app.post<{ Body: FollowIdQuery }>(FOLLOW_PATHS.commentDelete, { schema: { body: followIdBody } }, async (request) => {
    await deleteComment(followCallerOf(request), request.body.id);
    return null;
  });

  app.post<{ Body: FollowPhotoAddBody }>(FOLLOW_PATHS.photoAdd, { schema: { body: followPhotoAddBody } }, async (request) =>
    addPhotos(followCallerOf(request), request.body.followId, request.body.fileIds),
  );

  app.post<{ Body: FollowPhotoRemoveBody }>(FOLLOW_PATHS.photoRemove, { schema: { body: followPhotoRemoveBody } }, async (request) =>
    removePhotos(followCallerOf(request), request.body.followId, request.body.photoIds),
  );

  // Opened by <img> too: the token may come in the query.
  app.get<{ Querystring: FollowPhotoFileQuery }>(
    FOLLOW_PATHS.photoFile,
    { schema: { querystring: followPhotoFileQuery }, config: { tokenInQuery: true } },
    async (request, reply) => {
      const file = await visiblePhotoFile(followCallerOf(request), request.query.id);
      if ((request.query.part ?? 'thumbnail') === 'original') return sendFile(app, request, reply, file, true);
      const extension = extensionOf(file.name);
      const thumbnail = await thumbnails.of({ sha256: file.sha256, size: Number(file.size), extension }, FOLLOW_THUMBNAIL_SIZE);
      const name = `${file.name.slice(0, file.name.length - extension.length - 1)}.webp`;
      return reply
        .type(THUMBNAIL_CONTENT_TYPE)
        .header('cache-control', 'private, max-age=31536000, immutable')
        .header('content-disposition', contentDisposition(name, 'inline'))
        .send(thumbnail);
    },
  );

  app.get<{ Querystring: FollowIdQuery }>(FOLLOW_PATHS.history, { schema: { querystring: followIdQuery } }, async (request) =>
    listHistory(followCallerOf(request), request.query.id),
  );

  app.post<{ Body: FollowPinListBody }>(FOLLOW_PATHS.pinList, { schema: { body: followPinListBody } }, async (request) => {
    const caller = followCallerOf(request);
    return listPins(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: FollowFilterBody }>(FOLLOW_PATHS.overview, { schema: { body: followFilterBody } }, async (request) => {
    const caller = followCallerOf(request);
    return followOverview(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: FollowExportBody }>(FOLLOW_PATHS.export, { schema: { body: followExportBody } }, async (request, reply) => {
    const caller = followCallerOf(request);
    const { fileName, stream } = await exportFollows(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', contentDisposition(fileName))
      .header('cache-control', 'no-store')
      .send(stream);
  });

  app.get<{ Querystring: FollowWorkspaceQuery }>(FOLLOW_PATHS.people, { schema: { querystring: followWorkspaceQuery } }, async (request) => {
    const caller = followCallerOf(request);
    return listPeople(caller, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.get<{ Querystring: FollowWorkspaceQuery }>(FOLLOW_PATHS.typeList, { schema: { querystring: followWorkspaceQuery } }, async (request) => {
    const caller = followCallerOf(request);
    return listTypes(caller, await workspaceByCode(caller, request.query.workspaceCode));
  });

  app.post<{ Body: FollowTypeSaveBody }>(FOLLOW_PATHS.typeSave, { schema: { body: followTypeSaveBody } }, async (request) => {
    const caller = followCallerOf(request);
    return saveType(caller, await workspaceByCode(caller, request.body.workspaceCode), request.body);
  });

  app.post<{ Body: FollowIdQuery }>(FOLLOW_PATHS.typeDelete, { schema: { body: followIdBody } }, async (request) => {
    await deleteType(followCallerOf(request), request.body.id, app.services.dialect);
    return null;
  });
}
