import type { Selectable } from 'kysely';
import type { PageResult } from '../../../core/envelope.ts';
import type { Notification, NotifySummary } from '../../../core/entities.ts';
import { NOTIFY_LATEST_COUNT, type NotifyPageBody } from '../../../core/contracts/notify.ts';
import { isNoticeKind, type NoticeKind, type NoticeParams } from '../../../core/notices.ts';
import type { Clock } from '../../clock.ts';
import type { NotifyTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { NotifyBus } from './bus.ts';

/** A stored kind and parameters; an unknown kind (from a newer server) or broken parameters fall back to the stored text. */
function storedNotice(row: Selectable<NotifyTable>): Pick<Notification, 'kind' | 'params'> {
  if (!isNoticeKind(row.kind) || !row.params) return { kind: null, params: null };
  try {
    return { kind: row.kind, params: JSON.parse(row.params) as NoticeParams };
  } catch {
    return { kind: null, params: null };
  }
}

export function presentNotification(row: Selectable<NotifyTable>): Notification {
  return {
    id: row.id,
    notifyType: row.notify_type,
    title: row.title,
    content: row.content,
    ...storedNotice(row),
    read: row.is_read === 1,
    createTime: row.create_time,
    link: row.link,
  };
}

export async function unreadCount(scope: TenantScope, userId: number): Promise<number> {
  const row = await scope
    .selectFrom('notify')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('is_read', '=', 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Newest first; `notifyType` null means every type. */
export async function pageNotifications(
  scope: TenantScope,
  userId: number,
  query: NotifyPageBody,
): Promise<PageResult<Notification>> {
  let filtered = scope.selectFrom('notify').where('user_id', '=', userId);
  if (query.notifyType) filtered = filtered.where('notify_type', '=', query.notifyType);
  if (query.read !== undefined) filtered = filtered.where('is_read', '=', query.read ? 1 : 0);
  const [rows, count] = await Promise.all([
    filtered
      .selectAll()
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNum - 1) * query.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { list: rows.map(presentNotification), total: Number(count.n), pageNum: query.pageNum, pageSize: query.pageSize };
}

export async function notifySummary(scope: TenantScope, userId: number): Promise<NotifySummary> {
  const [count, latest] = await Promise.all([
    unreadCount(scope, userId),
    scope.selectFrom('notify').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(NOTIFY_LATEST_COUNT).execute(),
  ]);
  return { unreadCount: count, latest: latest.map(presentNotification) };
}

/** Marks one notification read, or all of the user's when `id` is absent. */
export async function markRead(scope: TenantScope, userId: number, id: number | undefined): Promise<{ unreadCount: number }> {
  let query = scope.updateTable('notify').set({ is_read: 1 }).where('user_id', '=', userId);
  if (id !== undefined) query = query.where('id', '=', id);
  const result = await query.executeTakeFirst();
  if (id !== undefined && Number(result.numUpdatedRows) === 0) throw notFound('Notification');
  return { unreadCount: await unreadCount(scope, userId) };
}

export interface NewNotification {
  notifyType: string;
  /** In English, for readers of a notification without a kind. */
  title: string;
  content: string;
  link?: string | null;
  /** A system notice: shown in each reader's language from its kind and parameters. */
  notice?: { kind: NoticeKind; params: NoticeParams };
}

/** The columns of a new notification's row beside its user and time. */
export function notificationColumns(message: NewNotification) {
  return {
    notify_type: message.notifyType,
    title: message.title,
    content: message.content,
    kind: message.notice?.kind ?? null,
    params: message.notice ? JSON.stringify(message.notice.params) : null,
    link: message.link ?? null,
  };
}

/** Stores a notification for each user, in the caller's transaction; publish them once it commits. */
export function insertNotifications(
  scope: TenantScope,
  userIds: readonly number[],
  message: NewNotification,
  createTime: string,
): Promise<Selectable<NotifyTable>[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return scope
    .insertInto(
      'notify',
      userIds.map((userId) => ({
        user_id: userId,
        ...notificationColumns(message),
        is_read: 0,
        create_time: createTime,
      })),
    )
    .returningAll()
    .execute();
}

/** Pushes stored notifications to their users' open streams with the new unread counts. */
export async function publishNotifications(bus: NotifyBus, scope: TenantScope, rows: readonly Selectable<NotifyTable>[]): Promise<void> {
  for (const row of rows) {
    bus.publish({
      tenantId: scope.tenantId,
      userId: row.user_id,
      notification: presentNotification(row),
      unreadCount: await unreadCount(scope, row.user_id),
    });
  }
}

/**
 * A task's notifications are done once nobody of them still has the task: marked read for
 * every user notified about `link` with a TASK who is not among `stillWaiting`, whoever
 * handled it (an approver, another approver of an any-mode step, a transfer, a withdrawal).
 */
export async function resolveTaskNotices(scope: TenantScope, link: string, stillWaiting: readonly number[]): Promise<number[]> {
  let resolve = scope.updateTable('notify').set({ is_read: 1 }).where('notify_type', '=', 'TASK').where('link', '=', link).where('is_read', '=', 0);
  if (stillWaiting.length) resolve = resolve.where('user_id', 'not in', [...stillWaiting]);
  return [...new Set((await resolve.returning('user_id').execute()).map((r) => r.user_id))];
}

/** Pushes each user's unread count to their open streams, after notifications of theirs were resolved. */
export async function publishUnreadCounts(bus: NotifyBus, scope: TenantScope, userIds: readonly number[]): Promise<void> {
  for (const userId of userIds) bus.publish({ tenantId: scope.tenantId, userId, unreadCount: await unreadCount(scope, userId) });
}

/** Stores a notification for each user and pushes it to their open streams. */
export async function sendNotifications(
  deps: { clock: Clock; bus: NotifyBus },
  scope: TenantScope,
  userIds: readonly number[],
  message: NewNotification,
): Promise<number> {
  if (userIds.length === 0) return 0;
  const members = await scope.selectFrom('tenant_member').select('user_id').where('user_id', 'in', userIds).execute();
  if (members.length !== new Set(userIds).size) throw badRequest('userIds', 'contains a user who is not in this tenant');
  const createTime = new Date(deps.clock.now()).toISOString();
  const rows = await scope.db.transaction().execute((trx) => insertNotifications(scope.with(trx), userIds, message, createTime));
  await publishNotifications(deps.bus, scope, rows);
  return rows.length;
}
