import type { FollowChange } from '../../../../core/contracts/follows.ts';
import type { BcfProblemCode, BcfTopicFailure, FollowBcfImportResult } from '../../../../core/follows/bcf.ts';
import { writeJson } from '../../../db/json-column.ts';
import { AppError } from '../../../errors.ts';
import { ResultCode } from '../../../../core/result-codes.ts';
import { newFileId } from '../../filestore/file-objects.ts';
import { recordHistory, type FollowCaller, type FollowWorkspace } from '../context.ts';
import { nextFollowNumber } from '../numbering.ts';
import { workspacePeopleIds } from '../people.ts';
import { numberSortKey, PRIORITY_RANK } from '../rows.ts';
import { FollowNotices } from '../notices.ts';
import { addWatchers, watchersOf } from '../watchers.ts';
import type { BcfJobResult, StoredBcfTopic, StoredBcfViewpoint } from './bcf-job-types.ts';
import { bcfLinks, type CommentDetail, type TopicDetail, type ViewpointDetail } from './bcf-links.ts';
import { dueDay, followDescription, followTitle, isoTime, priorityFromBcf, statusFromBcf } from './bcf-mapping.ts';
import { firstSelectedElement } from './bcf-topics.ts';

/**
 * BCF topics, as the import job read them (bcf-job.ts), into follow-ups of a workspace. A topic
 * seen before (its GUID kept from the last import) updates its follow-up; a new one becomes a
 * follow-up of the chosen type, numbered by the type's rule. Comments and viewpoint snapshots
 * are added once each (by their GUIDs); the first selected IFC element becomes the follow-up's
 * model element. Each topic is written in its own transaction with its history rows: a topic
 * the database refuses is left out whole and named in the result, the others are kept.
 */

export function bcfProblem(code: BcfProblemCode, message: string): AppError {
  return new AppError(400, ResultCode.BAD_REQUEST, message, { problem: code, params: {} });
}

function viewpointDetail(viewpoint: StoredBcfViewpoint): ViewpointDetail {
  const detail: ViewpointDetail = { selected: viewpoint.selected };
  if (viewpoint.index !== undefined) detail.index = viewpoint.index;
  if (viewpoint.camera) detail.camera = viewpoint.camera;
  return detail;
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
  topic: StoredBcfTopic,
  personOf: (name: string | undefined) => number | null,
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
    for (const viewpoint of topic.viewpoints) {
      if (await taken('viewpoint', viewpoint.guid)) continue;
      let photoId: number | null = null;
      if (viewpoint.snapshot) {
        const fileId = newFileId();
        const { sha256, size, name, mimeType } = viewpoint.snapshot;
        await tx.insertInto('file_object', [{ id: fileId, sha256, name, size, type: mimeType, created_by: userId, create_time: time }]).execute();
        ({ id: photoId } = await tx.insertInto('follow_photo', [{ follow_id: id, file_id: fileId, added_by: userId, create_time: time }]).returning('id').executeTakeFirstOrThrow());
        await recordHistory(tx, { workspaceId: workspace.id, followId: id, userId, time, action: 'photoAdd', note: name });
        photos++;
      }
      await links.insert([{ workspace_id: workspace.id, follow_id: id, kind: 'viewpoint', guid: viewpoint.guid, target_id: photoId, detail: writeJson(viewpointDetail(viewpoint)) }]);
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

/** Where the topics go: the workspace, and the type new follow-ups get. */
export interface BcfTarget {
  workspace: FollowWorkspace;
  type: { id: number; numbering: string };
}

/**
 * Writes the topics the job read into the workspace, telling `onTopic(done, total)` after
 * each; topics whose XML could not be read, and those the database refuses, are named in
 * `failed`.
 */
export async function writeBcfTopics(caller: FollowCaller, target: BcfTarget, read: BcfJobResult, onTopic: (done: number, total: number) => void): Promise<FollowBcfImportResult> {
  const personOf = await peopleByBcfName(caller, target.workspace);
  const failed: BcfTopicFailure[] = read.unreadable.map((folder) => ({ guid: folder, title: '', problem: 'badMarkup' }));
  const total = read.topics.length;
  const result: FollowBcfImportResult = { version: read.version, topics: total + read.unreadable.length, created: [], updated: [], comments: 0, photos: 0, failed };
  let done = 0;
  for (const topic of read.topics) {
    try {
      const outcome = await importTopic(caller, target.workspace, target.type, topic, personOf);
      (outcome.created ? result.created : result.updated).push(outcome.id);
      result.comments += outcome.comments;
      result.photos += outcome.photos;
    } catch (error) {
      console.warn(`BCF topic ${topic.guid} was not imported`, error);
      failed.push({ guid: topic.guid, title: topic.title, problem: 'notStored' });
    }
    onTopic(++done, total);
  }
  return result;
}
