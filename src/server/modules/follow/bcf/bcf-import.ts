import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type { FollowChange } from '../../../../core/contracts/follows.ts';
import { BCF_IMPORT_MAX_BYTES, BCF_IMPORT_MAX_TOPICS, type BcfProblemCode, type FollowBcfImportBody, type FollowBcfImportResult } from '../../../../core/follows/bcf.ts';
import { policy } from '../../../access/policies.ts';
import { writeJson } from '../../../db/json-column.ts';
import { AppError } from '../../../errors.ts';
import { ResultCode } from '../../../../core/result-codes.ts';
import type { BlobStore, StagedBlob } from '../../filestore/blob-store.ts';
import { newFileId } from '../../filestore/file-objects.ts';
import { recordHistory, requireAllowed, workspaceByCode, type FollowCaller, type FollowWorkspace } from '../context.ts';
import { nextFollowNumber } from '../numbering.ts';
import { workspacePeopleIds } from '../people.ts';
import { numberSortKey, PRIORITY_RANK } from '../rows.ts';
import { usableType } from '../types.ts';
import { FollowNotices } from '../notices.ts';
import { addWatchers, watchersOf } from '../watchers.ts';
import { bcfLinks, type CommentDetail, type TopicDetail, type ViewpointDetail } from './bcf-links.ts';
import { dueDay, followDescription, followTitle, isoTime, priorityFromBcf, statusFromBcf } from './bcf-mapping.ts';
import { readBcf } from './bcf-read.ts';
import { BcfFileError, firstSelectedElement, type BcfFile, type BcfTopic } from './bcf-topics.ts';

/**
 * BCF topics into follow-ups of a workspace (follow:manage). A topic seen before (its GUID
 * kept from the last import) updates its follow-up; a new one becomes a follow-up of the chosen
 * type, numbered by the type's rule. Comments and viewpoint snapshots are added once each (by
 * their GUIDs); the first selected IFC element becomes the follow-up's model element. Each
 * topic is written in its own transaction with its history rows, so a failure keeps those before.
 */

export function bcfProblem(code: BcfProblemCode, message: string): AppError {
  return new AppError(400, ResultCode.BAD_REQUEST, message, { problem: code, params: {} });
}

const PROBLEM_OF: Record<BcfFileError['reason'], BcfProblemCode> = {
  notZip: 'notBcf',
  noVersion: 'notBcf',
  badXml: 'notBcf',
  noTopics: 'notBcf',
  unknownVersion: 'unknownVersion',
  unsafeName: 'unsafeZip',
  tooLarge: 'unsafeZip',
  tooManyEntries: 'unsafeZip',
};

/** The BCF file the caller uploaded, read; 400 with the problem's code when it is not one. */
async function readUploadedBcf(caller: FollowCaller, blobs: BlobStore, fileId: string): Promise<BcfFile> {
  const file = await caller.scope.selectFrom('file_object').selectAll().where('id', '=', fileId).executeTakeFirst();
  if (!file || file.created_by !== caller.session.userId) throw bcfProblem('fileUnavailable', `fileId: file ${fileId} is not a file you uploaded`);
  if (Number(file.size) > BCF_IMPORT_MAX_BYTES) throw bcfProblem('unsafeZip', `The BCF file is larger than ${BCF_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
  const bytes = await buffer(await blobs.open(file.sha256));
  try {
    return await readBcf(bytes);
  } catch (error) {
    if (error instanceof BcfFileError) throw bcfProblem(PROBLEM_OF[error.reason], `${file.name} cannot be read as BCF: ${error.message}`);
    throw error;
  }
}

/** Members matched by what BCF names people with: their e-mail, else their user name or full name. */
async function peopleByBcfName(caller: FollowCaller, workspace: FollowWorkspace): Promise<(name: string | undefined) => number | null> {
  const ids = [...(await workspacePeopleIds(caller, workspace))];
  const users = ids.length ? await caller.scope.db.selectFrom('app_user').select(['id', 'username', 'name', 'email']).where('id', 'in', ids).execute() : [];
  const byKey = new Map<string, number>();
  // Weakest first, so an e-mail wins over a name two people share.
  for (const key of ['name', 'username', 'email'] as const) for (const user of users) if (user[key]) byKey.set(user[key].trim().toLowerCase(), user.id);
  return (name) => (name ? (byKey.get(name.trim().toLowerCase()) ?? null) : null);
}

interface StagedSnapshot {
  guid: string;
  detail: ViewpointDetail;
  file?: { blob: StagedBlob; name: string; type: string };
}

async function stageSnapshots(blobs: BlobStore, topic: BcfTopic): Promise<StagedSnapshot[]> {
  const staged: StagedSnapshot[] = [];
  for (const viewpoint of topic.viewpoints) {
    const detail: ViewpointDetail = { selected: viewpoint.selected };
    if (viewpoint.index !== undefined) detail.index = viewpoint.index;
    if (viewpoint.camera) detail.camera = viewpoint.camera;
    const entry: StagedSnapshot = { guid: viewpoint.guid, detail };
    if (viewpoint.snapshot) {
      const blob = await blobs.stage(Readable.from([viewpoint.snapshot.bytes]));
      await blob.commit();
      const ext = viewpoint.snapshot.mimeType === 'image/jpeg' ? 'jpg' : 'png';
      entry.file = { blob, name: `${viewpoint.snapshot.name.replace(/\.[^.]*$/, '') || 'snapshot'}-${viewpoint.guid.slice(0, 8)}.${ext}`, type: viewpoint.snapshot.mimeType };
    }
    staged.push(entry);
  }
  return staged;
}

interface TopicOutcome {
  id: number;
  created: boolean;
  comments: number;
  photos: number;
}

async function importTopic(
  caller: FollowCaller,
  workspace: FollowWorkspace,
  typeRow: { id: number; numbering: string },
  topic: BcfTopic,
  personOf: (name: string | undefined) => number | null,
  snapshots: StagedSnapshot[],
): Promise<TopicOutcome> {
  const { scope, session } = caller;
  const time = caller.now();
  const userId = session.userId;
  // No bell notices for an import (a file of hundreds of topics would bury them); open lists refresh live.
  const notices = new FollowNotices(caller.bus, scope);
  const outcome = await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const links = bcfLinks(tx);
    const title = followTitle(topic.title, topic.guid);
    const fields = {
      title,
      description: followDescription(topic.description),
      status: statusFromBcf(topic.status),
      priority: priorityFromBcf(topic.priority),
      due_date: dueDay(topic.dueDate),
      model_element_id: firstSelectedElement(topic) ?? null,
    };
    const assignee = personOf(topic.assignedTo);
    const topicDetail: TopicDetail = { labels: topic.labels };
    if (topic.type) topicDetail.type = topic.type;
    if (topic.stage) topicDetail.stage = topic.stage;
    if (topic.creationAuthor) topicDetail.creationAuthor = topic.creationAuthor;

    const known = await links.select().where('workspace_id', '=', workspace.id).where('kind', '=', 'topic').where('guid', '=', topic.guid).executeTakeFirst();
    const live = known
      ? await tx.selectFrom('follow_up').selectAll().where('id', '=', known.follow_id).where('deleted_time', 'is', null).executeTakeFirst()
      : undefined;
    let id: number;
    let created = false;
    if (live) {
      id = live.id;
      const changes: FollowChange[] = [];
      for (const [field, to] of Object.entries(fields)) {
        const from = live[field as keyof typeof live];
        if (from !== to) changes.push({ field: field === 'due_date' ? 'dueDate' : field === 'model_element_id' ? 'modelElementId' : field, from, to });
      }
      if (changes.length) {
        await tx
          .updateTable('follow_up')
          .set({
            ...fields,
            priority_rank: PRIORITY_RANK[fields.priority],
            closed_time: fields.status === 'closed' ? (live.closed_time ?? time) : null,
            revision: live.revision + 1,
            updated_by: userId,
            update_time: time,
          })
          .where('id', '=', id)
          .execute();
        await recordHistory(tx, { workspaceId: workspace.id, followId: id, userId, time, action: 'update', changes, note: 'BCF' });
      }
      await links.update().set({ detail: writeJson(topicDetail) }).where('id', '=', known!.id).execute();
    } else {
      const number = await nextFollowNumber(tx, workspace.id, typeRow.numbering, new Date(time));
      const createTime = isoTime(topic.creationDate, time);
      ({ id } = await tx
        .insertInto('follow_up', [
          {
            workspace_id: workspace.id,
            type_id: typeRow.id,
            number,
            number_sort: numberSortKey(number),
            ...fields,
            priority_rank: PRIORITY_RANK[fields.priority],
            reviewer_id: null,
            trade: null,
            location: null,
            sheet_id: null,
            pin_revision_id: null,
            pin_x: null,
            pin_y: null,
            template_form_id: null,
            template_version: null,
            template_values: null,
            comment_count: 0,
            photo_count: 0,
            revision: 1,
            created_by: personOf(topic.creationAuthor) ?? userId,
            create_time: createTime,
            updated_by: userId,
            update_time: time,
            closed_time: fields.status === 'closed' ? time : null,
          },
        ])
        .returning('id')
        .executeTakeFirstOrThrow());
      created = true;
      if (assignee !== null) await tx.insertInto('follow_assignee', [{ follow_id: id, user_id: assignee }]).execute();
      await addWatchers(tx, id, [userId, assignee]);
      await recordHistory(tx, { workspaceId: workspace.id, followId: id, userId, time, action: 'create', note: `${number} · BCF ${topic.guid}` });
      // A topic imported before whose follow-up was deleted points at the new one.
      if (known) await links.update().set({ follow_id: id, target_id: id, detail: writeJson(topicDetail) }).where('id', '=', known.id).execute();
      else await links.insert([{ workspace_id: workspace.id, follow_id: id, kind: 'topic', guid: topic.guid, target_id: id, detail: writeJson(topicDetail) }]);
    }

    const seen = new Set(
      (await links.select().where('workspace_id', '=', workspace.id).where('kind', 'in', ['comment', 'viewpoint']).where('follow_id', '=', id).execute()).map((l) => `${l.kind}:${l.guid}`),
    );
    const taken = async (kind: 'comment' | 'viewpoint', guid: string) =>
      seen.has(`${kind}:${guid}`) || Boolean(await links.select().where('workspace_id', '=', workspace.id).where('kind', '=', kind).where('guid', '=', guid).executeTakeFirst());

    let comments = 0;
    for (const comment of topic.comments) {
      if (await taken('comment', comment.guid)) continue;
      const author = personOf(comment.author);
      // Someone the workspace does not know keeps their BCF name in front of what they wrote.
      const text = author === null && comment.author ? `${comment.author}: ${comment.text}`.trim() : comment.text;
      const { id: commentId } = await tx
        .insertInto('follow_comment', [{ follow_id: id, author_id: author ?? userId, text, mention_ids: writeJson([]), create_time: isoTime(comment.date, time) }])
        .returning('id')
        .executeTakeFirstOrThrow();
      const detail: CommentDetail = { author: comment.author, date: comment.date, text: comment.text };
      await links.insert([{ workspace_id: workspace.id, follow_id: id, kind: 'comment', guid: comment.guid, target_id: commentId, detail: writeJson(detail) }]);
      await recordHistory(tx, { workspaceId: workspace.id, followId: id, userId, time, action: 'comment', note: text.slice(0, 200) });
      comments++;
    }

    let photos = 0;
    for (const snapshot of snapshots) {
      if (await taken('viewpoint', snapshot.guid)) continue;
      let photoId: number | null = null;
      if (snapshot.file) {
        const fileId = newFileId();
        const { blob, name, type } = snapshot.file;
        await tx.insertInto('file_object', [{ id: fileId, sha256: blob.sha256, name, size: blob.size, type, created_by: userId, create_time: time }]).execute();
        ({ id: photoId } = await tx.insertInto('follow_photo', [{ follow_id: id, file_id: fileId, added_by: userId, create_time: time }]).returning('id').executeTakeFirstOrThrow());
        await recordHistory(tx, { workspaceId: workspace.id, followId: id, userId, time, action: 'photoAdd', note: name });
        photos++;
      }
      await links.insert([{ workspace_id: workspace.id, follow_id: id, kind: 'viewpoint', guid: snapshot.guid, target_id: photoId, detail: writeJson(snapshot.detail) }]);
    }
    if (comments || photos) {
      await tx
        .updateTable('follow_up')
        .set((eb) => ({ comment_count: eb('comment_count', '+', comments), photo_count: eb('photo_count', '+', photos) }))
        .where('id', '=', id)
        .execute();
    }
    notices.changed(workspace.code, id, created ? 'create' : 'update', await watchersOf(tx, id));
    return { id, created, comments, photos };
  });
  await notices.publish();
  return outcome;
}

/** Imports the uploaded BCF zip into the workspace. */
export async function importBcf(caller: FollowCaller, blobs: BlobStore, body: FollowBcfImportBody): Promise<FollowBcfImportResult> {
  const workspace = await workspaceByCode(caller, body.workspaceCode);
  requireAllowed(policy.follow.manage(caller), 'import BCF files');
  const type = await usableType(caller, workspace, body.typeId);
  const file = await readUploadedBcf(caller, blobs, body.fileId);
  if (file.topics.length > BCF_IMPORT_MAX_TOPICS) throw bcfProblem('tooManyTopics', `The file holds ${file.topics.length} topics; one import takes at most ${BCF_IMPORT_MAX_TOPICS}`);
  const personOf = await peopleByBcfName(caller, workspace);
  const result: FollowBcfImportResult = { version: file.version, topics: file.topics.length, created: [], updated: [], comments: 0, photos: 0 };
  for (const topic of file.topics) {
    const snapshots = await stageSnapshots(blobs, topic);
    try {
      const outcome = await importTopic(caller, workspace, type, topic, personOf, snapshots);
      (outcome.created ? result.created : result.updated).push(outcome.id);
      result.comments += outcome.comments;
      result.photos += outcome.photos;
    } finally {
      // The rows naming the bytes are written (or rolled back): the orphan clean-up may judge them now.
      for (const snapshot of snapshots) snapshot.file?.blob.settle();
    }
  }
  return result;
}
