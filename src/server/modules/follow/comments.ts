import type { FollowComment, FollowCommentBody, HistoryEntry, FollowChange, FollowHistoryAction } from '../../../core/contracts/follows.ts';
import { policy } from '../../access/policies.ts';
import { readJson, writeJson } from '../../db/json-column.ts';
import { notFound } from '../../errors.ts';
import { userNames } from '../account/user-names.ts';
import { recordHistory, requireAllowed, type FollowCaller } from './context.ts';
import { addWatchers, others, watchersOf } from './watchers.ts';
import { FollowNotices } from './notices.ts';
import { requireMembers } from './people.ts';
import { assigneesOf, partiesOf, visibleFollow } from './rows.ts';

const NOTE_MAX = 200;

async function presentComments(
  caller: FollowCaller,
  rows: readonly { id: number; follow_id: number; author_id: number | null; text: string; mention_ids: unknown; create_time: string }[],
): Promise<FollowComment[]> {
  const mentions = new Map(rows.map((r) => [r.id, readJson<number[]>(r.mention_ids)]));
  const names = await userNames(caller.scope, [...rows.map((r) => r.author_id), ...[...mentions.values()].flat()]);
  return rows.map((r) => ({
    id: r.id,
    followId: r.follow_id,
    author: { id: r.author_id ?? 0, name: r.author_id === null ? '' : (names.get(r.author_id) ?? '') },
    text: r.text,
    mentions: mentions.get(r.id)!.map((id) => ({ id, name: names.get(id) ?? '' })),
    createTime: r.create_time,
    canDelete: policy.follow.removeOwn(caller, r.author_id),
  }));
}

/** A follow-up's comments, oldest first. */
export async function listComments(caller: FollowCaller, followId: number): Promise<FollowComment[]> {
  const { row } = await visibleFollow(caller, followId);
  const rows = await caller.scope.selectFrom('follow_comment').selectAll().where('follow_id', '=', row.id).where('deleted_time', 'is', null).orderBy('id').execute();
  return presentComments(caller, rows);
}

/**
 * Adds a comment (whoever may create follow-ups, or its assignees and reviewer): its author
 * starts watching; watchers are told, the @mentioned (members of the workspace) by a notice of their own.
 */
export async function addComment(caller: FollowCaller, body: FollowCommentBody): Promise<FollowComment> {
  const { row, workspace } = await visibleFollow(caller, body.followId);
  const { scope, session } = caller;
  const assignees = (await assigneesOf(scope, [row.id])).get(row.id)!;
  requireAllowed(policy.follow.contribute(caller, partiesOf(row, assignees)), 'comment on this follow-up');
  const mentionIds = body.mentionIds ?? [];
  await requireMembers(caller, workspace, mentionIds);
  const text = body.text.trim();
  const time = caller.now();
  const actor = (await userNames(scope, [session.userId])).get(session.userId) ?? '';
  const notices = new FollowNotices(caller.bus, scope);
  const id = await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    const { id } = await tx
      .insertInto('follow_comment', [{ follow_id: row.id, author_id: session.userId, text, mention_ids: writeJson(mentionIds), create_time: time }])
      .returning('id')
      .executeTakeFirstOrThrow();
    await tx.updateTable('follow_up').set((eb) => ({ comment_count: eb('comment_count', '+', 1) })).where('id', '=', row.id).execute();
    await recordHistory(tx, { workspaceId: workspace.id, followId: row.id, userId: session.userId, time, action: 'comment', note: text.slice(0, NOTE_MAX) });
    const watchers = await watchersOf(tx, row.id);
    await addWatchers(tx, row.id, [session.userId]);
    const subject = { id: row.id, typeId: row.type_id, number: row.number, title: row.title };
    const mentioned = others(mentionIds, session.userId);
    await notices.add(tx, 'followMentioned', mentioned, subject, { actor, comment: text, time });
    await notices.add(tx, 'followComment', others(watchers, session.userId).filter((id) => !mentioned.includes(id)), subject, { actor, comment: text, time });
    notices.changed(workspace.code, row.id, 'comment', [...watchers, session.userId]);
    return id;
  });
  await notices.publish();
  const stored = await scope.selectFrom('follow_comment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return (await presentComments(caller, [stored]))[0]!;
}

/** Deletes a comment: its author or a manager; kept with who and when. */
export async function deleteComment(caller: FollowCaller, id: number): Promise<void> {
  const { scope, session } = caller;
  const comment = await scope.selectFrom('follow_comment').selectAll().where('id', '=', id).where('deleted_time', 'is', null).executeTakeFirst();
  if (!comment) throw notFound('Comment');
  const { row, workspace } = await visibleFollow(caller, comment.follow_id).catch(() => {
    throw notFound('Comment');
  });
  requireAllowed(policy.follow.removeOwn(caller, comment.author_id), 'delete this comment');
  const time = caller.now();
  const notices = new FollowNotices(caller.bus, scope);
  await scope.db.transaction().execute(async (trx) => {
    const tx = scope.with(trx);
    await tx.updateTable('follow_comment').set({ deleted_time: time, deleted_by: session.userId }).where('id', '=', id).execute();
    await tx.updateTable('follow_up').set((eb) => ({ comment_count: eb('comment_count', '-', 1) })).where('id', '=', row.id).execute();
    await recordHistory(tx, { workspaceId: workspace.id, followId: row.id, userId: session.userId, time, action: 'commentDelete', note: comment.text.slice(0, NOTE_MAX) });
    notices.changed(workspace.code, row.id, 'commentDelete', await watchersOf(tx, row.id));
  });
  await notices.publish();
}

/** Every change of a follow-up, newest first. */
export async function listHistory(caller: FollowCaller, followId: number): Promise<HistoryEntry[]> {
  const { row } = await visibleFollow(caller, followId);
  const rows = await caller.scope.selectFrom('follow_history').selectAll().where('follow_id', '=', row.id).orderBy('id', 'desc').execute();
  const names = await userNames(caller.scope, rows.map((r) => r.user_id));
  return rows.map((r) => ({
    id: r.id,
    followId: r.follow_id,
    action: r.action as FollowHistoryAction,
    by: { id: r.user_id ?? 0, name: r.user_id === null ? '' : (names.get(r.user_id) ?? '') },
    at: r.create_time,
    changes: readJson<FollowChange[]>(r.changes),
    note: r.note,
  }));
}
