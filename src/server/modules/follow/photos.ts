import type { FollowPhoto } from '../../../core/contracts/follows.ts';
import { FOLLOW_PHOTOS_MAX } from '../../../core/contracts/follows.ts';
import { THUMBNAIL_SOURCE_EXTENSIONS } from '../../../core/contracts/files.ts';
import { extensionOf } from '../../../core/upload-types.ts';
import { policy } from '../../access/policies.ts';
import type { FileObject } from '../filestore/file-objects.ts';
import { notFound } from '../../errors.ts';
import { followProblem, recordHistory, requireAllowed, type FollowCaller } from './context.ts';
import { assigneesOf, followDetail, partiesOf, visibleFollow } from './rows.ts';
import { FollowNotices } from './notices.ts';
import { watchersOf } from './watchers.ts';

/** Photos must be images the caller uploaded to the file store (400 `photoUnavailable` otherwise). */
export async function requirePhotoFiles(caller: FollowCaller, fileIds: readonly string[]): Promise<FileObject[]> {
  if (!fileIds.length) return [];
  const files = await caller.scope.selectFrom('file_object').selectAll().where('id', 'in', [...fileIds]).execute();
  for (const id of fileIds) {
    const file = files.find((f) => f.id === id);
    if (!file || file.created_by !== caller.session.userId || !THUMBNAIL_SOURCE_EXTENSIONS.includes(extensionOf(file.name))) {
      throw followProblem(400, 'photoUnavailable', `fileIds: file ${id} is not an image you uploaded`, { fileId: id });
    }
  }
  return fileIds.map((id) => files.find((f) => f.id === id)!);
}

/** Adds photos (its contributors); the history names them. */
export async function addPhotos(caller: FollowCaller, followId: number, fileIds: readonly string[]): Promise<FollowPhoto[]> {
  const { row, workspace } = await visibleFollow(caller, followId);
  const { scope, session } = caller;
  const assignees = (await assigneesOf(scope, [row.id])).get(row.id)!;
  requireAllowed(policy.follow.contribute(caller, partiesOf(row, assignees)), 'add photos to this follow-up');
  const files = await requirePhotoFiles(caller, fileIds);
  const held = await scope.selectFrom('follow_photo').select('file_id').where('follow_id', '=', row.id).execute();
  const fresh = files.filter((f) => !held.some((h) => h.file_id === f.id));
  if (held.length + fresh.length > FOLLOW_PHOTOS_MAX) throw followProblem(400, 'tooManyPhotos', `A follow-up holds at most ${FOLLOW_PHOTOS_MAX} photos`, { count: FOLLOW_PHOTOS_MAX });
  const time = caller.now();
  const notices = new FollowNotices(caller.bus, scope);
  if (fresh.length) {
    await scope.db.transaction().execute(async (trx) => {
      const tx = scope.with(trx);
      await tx.insertInto('follow_photo', fresh.map((file) => ({ follow_id: row.id, file_id: file.id, added_by: session.userId, create_time: time }))).execute();
      await tx.updateTable('follow_up').set((eb) => ({ photo_count: eb('photo_count', '+', fresh.length), update_time: time, updated_by: session.userId })).where('id', '=', row.id).execute();
      await recordHistory(tx, { workspaceId: workspace.id, followId: row.id, userId: session.userId, time, action: 'photoAdd', note: fresh.map((f) => f.name).join(', ') });
      notices.changed(workspace.code, row.id, 'photoAdd', await watchersOf(tx, row.id));
    });
  }
  await notices.publish();
  return (await followDetail(caller, row.id)).photos;
}

/** Removes photos: who added each, or a manager. The file stays in the store until nothing holds it. */
export async function removePhotos(caller: FollowCaller, followId: number, photoIds: readonly number[]): Promise<FollowPhoto[]> {
  const { row, workspace } = await visibleFollow(caller, followId);
  const { scope, session } = caller;
  const photos = await scope
    .selectFrom('follow_photo')
    .innerJoin('file_object', 'file_object.id', 'follow_photo.file_id')
    .select(['follow_photo.id', 'follow_photo.added_by', 'file_object.name'])
    .where('follow_photo.follow_id', '=', row.id)
    .where('follow_photo.id', 'in', [...photoIds])
    .execute();
  if (photos.length !== photoIds.length) throw notFound('Photo');
  for (const photo of photos) requireAllowed(policy.follow.removeOwn(caller, photo.added_by), 'remove this photo');
  const time = caller.now();
  const notices = new FollowNotices(caller.bus, scope);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    await tx.deleteFrom('follow_photo').where('id', 'in', [...photoIds]).execute();
    await tx.updateTable('follow_up').set((eb) => ({ photo_count: eb('photo_count', '-', photos.length), update_time: time, updated_by: session.userId })).where('id', '=', row.id).execute();
    await recordHistory(tx, { workspaceId: workspace.id, followId: row.id, userId: session.userId, time, action: 'photoRemove', note: photos.map((p) => p.name).join(', ') });
    notices.changed(workspace.code, row.id, 'photoRemove', await watchersOf(tx, row.id));
  });
  await notices.publish();
  return (await followDetail(caller, row.id)).photos;
}

/** The file of a photo the caller may see (its follow-up's workspace), for the photo route. */
export async function visiblePhotoFile(caller: FollowCaller, photoId: number): Promise<FileObject> {
  const photo = await caller.scope.selectFrom('follow_photo').select(['follow_id', 'file_id']).where('id', '=', photoId).executeTakeFirst();
  if (!photo) throw notFound('Photo');
  await visibleFollow(caller, photo.follow_id).catch(() => {
    throw notFound('Photo');
  });
  const file = await caller.scope.selectFrom('file_object').selectAll().where('id', '=', photo.file_id).executeTakeFirst();
  if (!file) throw notFound('Photo');
  return file;
}
