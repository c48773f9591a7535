import { buffer } from 'node:stream/consumers';
import { FOLLOW_FILE_MAX, type FollowBcfExportBody, type FollowReportBody } from '../../../../core/follows/bcf.ts';
import { badRequest } from '../../../errors.ts';
import type { BlobStore } from '../../filestore/blob-store.ts';
import type { FollowCaller, FollowWorkspace } from '../context.ts';
import { filteredFollows, sortedFollows } from '../list.ts';
import type { FollowRecord } from '../rows.ts';
import { bcfLinks, readDetail, type CommentDetail, type TopicDetail, type ViewpointDetail } from './bcf-links.ts';

import { PRIORITY_TO_BCF, STATUS_TO_BCF, stableGuid } from './bcf-mapping.ts';
import type { BcfComment, BcfTopic, BcfViewpoint } from './bcf-topics.ts';
import { writeBcf } from './bcf-write.ts';

/**
 * Follow-ups out as a BCF zip: each a topic with its comments and its photos as viewpoint
 * snapshots. What came from a BCF file goes back under its GUIDs, with the camera, selected
 * elements, labels and BCF authors it had, so a checker re-reading the export finds its own
 * topics; the rest get GUIDs made from their ids, the same in every export.
 */

const BCF_EXPORT_MAX_PHOTO_BYTES = 400 * 1024 * 1024;

/** The follow-ups an export or report is of: the chosen ones, or those the list's filters leave, in the list's order. */
export async function selectedFollows(
  caller: FollowCaller,
  workspace: FollowWorkspace,
  body: Omit<FollowBcfExportBody | FollowReportBody, 'version' | 'language' | 'timeZone'>,
): Promise<FollowRecord[]> {
  const { workspaceCode: _code, ids, sort, order, ...filter } = body;
  let query = filteredFollows(caller, workspace, filter);
  if (ids?.length) query = query.where('follow_up.id', 'in', [...ids]);
  const rows = await sortedFollows(query, sort, order)
    .limit(FOLLOW_FILE_MAX + 1)
    .execute();
  if (rows.length > FOLLOW_FILE_MAX) throw badRequest('', `More than ${FOLLOW_FILE_MAX} follow-ups match; one file holds at most ${FOLLOW_FILE_MAX}, so narrow the filters`);
  return rows;
}

/** A person as BCF names them: their e-mail, else their user name. */
async function bcfNames(caller: FollowCaller, ids: readonly (number | null)[]): Promise<(id: number | null) => string> {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const rows = wanted.length ? await caller.scope.db.selectFrom('app_user').select(['id', 'email', 'username']).where('id', 'in', wanted).execute() : [];
  const names = new Map(rows.map((r) => [r.id, r.email || r.username]));
  return (id) => (id === null ? '' : (names.get(id) ?? ''));
}

/** The BCF topics of the follow-ups. */
export async function followTopics(caller: FollowCaller, blobs: BlobStore, workspace: FollowWorkspace, rows: readonly FollowRecord[]): Promise<BcfTopic[]> {
  if (!rows.length) return [];
  const { scope } = caller;
  const ids = rows.map((r) => r.id);
  const links = await bcfLinks(scope).select().where('workspace_id', '=', workspace.id).where('follow_id', 'in', ids).execute();
  const comments = await scope.selectFrom('follow_comment').selectAll().where('follow_id', 'in', ids).where('deleted_time', 'is', null).orderBy('id').execute();
  const photos = await scope
    .selectFrom('follow_photo')
    .innerJoin('file_object', 'file_object.id', 'follow_photo.file_id')
    .select(['follow_photo.id', 'follow_photo.follow_id', 'file_object.sha256', 'file_object.name', 'file_object.type', 'file_object.size'])
    .where('follow_photo.follow_id', 'in', ids)
    .orderBy('follow_photo.id')
    .execute();
  // The zip is made in memory: photos past this size in all are refused before any is read.
  const photoBytes = photos.reduce((sum, p) => sum + Number(p.size), 0);
  if (photoBytes > BCF_EXPORT_MAX_PHOTO_BYTES) {
    throw badRequest('', `The follow-ups' photos come to ${Math.round(photoBytes / 1024 / 1024)} MB; one BCF file takes at most ${BCF_EXPORT_MAX_PHOTO_BYTES / 1024 / 1024} MB, so export fewer`);
  }
  const assignees = await scope.selectFrom('follow_assignee').select(['follow_id', 'user_id']).where('follow_id', 'in', ids).orderBy('id').execute();
  const nameOf = await bcfNames(caller, [...rows.flatMap((r) => [r.created_by, r.updated_by]), ...comments.map((c) => c.author_id), ...assignees.map((a) => a.user_id)]);
  const linkOf = (kind: string, targetId: number) => links.find((l) => l.kind === kind && l.target_id === targetId);

  const topics: BcfTopic[] = [];
  for (const [index, row] of rows.entries()) {
    const topicLink = links.find((l) => l.kind === 'topic' && l.follow_id === row.id);
    const detail = readDetail<TopicDetail>(topicLink?.detail) ?? {};
    const guid = topicLink?.guid ?? stableGuid('follow', scope.tenantId, row.id);
    const topicComments: BcfComment[] = comments
      .filter((c) => c.follow_id === row.id)
      .map((c) => {
        const link = linkOf('comment', c.id);
        const from = readDetail<CommentDetail>(link?.detail);
        const comment: BcfComment = {
          guid: link?.guid ?? stableGuid('comment', scope.tenantId, c.id),
          date: from?.date ?? c.create_time,
          author: from?.author ?? nameOf(c.author_id),
          text: from?.text ?? c.text,
        };
        return comment;
      });
    const viewpoints: BcfViewpoint[] = [];
    for (const photo of photos.filter((p) => p.follow_id === row.id)) {
      const link = linkOf('viewpoint', photo.id);
      const from = readDetail<ViewpointDetail>(link?.detail);
      const type = photo.type === 'image/jpeg' || /\.jpe?g$/i.test(photo.name) ? 'image/jpeg' : /\.png$/i.test(photo.name) ? 'image/png' : null;
      // BCF snapshots are PNG or JPEG; other photos (WebP, HEIC) stay out of the file.
      if (!type) continue;
      const viewpoint: BcfViewpoint = {
        guid: link?.guid ?? stableGuid('photo', scope.tenantId, photo.id),
        selected: from?.selected ?? [],
        snapshot: { name: photo.name, mimeType: type, bytes: await buffer(await blobs.open(photo.sha256)) },
      };
      if (from?.index !== undefined) viewpoint.index = from.index;
      if (from?.camera) viewpoint.camera = from.camera;
      viewpoints.push(viewpoint);
    }
    // Viewpoints imported without a snapshot keep their camera and selection.
    for (const link of links.filter((l) => l.kind === 'viewpoint' && l.follow_id === row.id && l.target_id === null)) {
      const from = readDetail<ViewpointDetail>(link.detail);
      const viewpoint: BcfViewpoint = { guid: link.guid, selected: from?.selected ?? [] };
      if (from?.index !== undefined) viewpoint.index = from.index;
      if (from?.camera) viewpoint.camera = from.camera;
      viewpoints.push(viewpoint);
    }
    // A model element of a follow-up made here is the selection of a viewpoint of its own.
    if (row.model_element_id && !viewpoints.some((v) => v.selected.includes(row.model_element_id!))) {
      viewpoints.push({ guid: stableGuid('element', scope.tenantId, row.id), selected: [row.model_element_id] });
    }
    const topic: BcfTopic = {
      guid,
      type: detail.type ?? 'Issue',
      status: STATUS_TO_BCF[row.status as keyof typeof STATUS_TO_BCF] ?? 'Open',
      title: row.title,
      priority: PRIORITY_TO_BCF[row.priority as keyof typeof PRIORITY_TO_BCF] ?? 'Normal',
      index,
      labels: detail.labels ?? [],
      creationDate: row.create_time,
      creationAuthor: detail.creationAuthor ?? nameOf(row.created_by),
      modifiedDate: row.update_time,
      comments: topicComments,
      viewpoints,
    };
    const modifiedAuthor = nameOf(row.updated_by);
    const assignee = assignees.find((a) => a.follow_id === row.id);
    if (modifiedAuthor) topic.modifiedAuthor = modifiedAuthor;
    if (row.due_date) topic.dueDate = `${row.due_date}T00:00:00Z`;
    if (assignee) topic.assignedTo = nameOf(assignee.user_id);
    if (detail.stage) topic.stage = detail.stage;
    if (row.description) topic.description = row.description;
    topics.push(topic);
  }
  return topics;
}

/** The BCF zip of the follow-ups the body selects, with its download name. */
export async function exportBcf(caller: FollowCaller, blobs: BlobStore, workspace: FollowWorkspace, body: FollowBcfExportBody): Promise<{ fileName: string; bytes: Buffer }> {
  const rows = await selectedFollows(caller, workspace, body);
  const topics = await followTopics(caller, blobs, workspace, rows);
  const version = body.version ?? '2.1';
  const bytes = await writeBcf({ topics, project: { id: stableGuid('workspace', caller.scope.tenantId, workspace.id), name: workspace.name } }, version, new Date(caller.now()));
  const day = new Date(caller.now()).toISOString().slice(0, 10);
  return { fileName: `follow-ups-${workspace.code}-${day}.bcfzip`, bytes };
}
