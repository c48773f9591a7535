import type { Selectable } from 'kysely';
import { FOLLOW_EVENT, type FollowEvent, type FollowHistoryAction, type FollowStatus } from '../../../core/contracts/follows.ts';
import { readStoredText, type LocalText } from '../../../core/local-text.ts';
import type { NoticeKind } from '../../../core/notices.ts';
import type { NotifyTable } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { NotifyBus } from '../notify/bus.ts';
import { insertNotifications, publishNotifications } from '../notify/service.ts';
import { STATUS_TEXTS } from '../../../core/follows/status-flow.ts';

/** What a notice of a follow-up names: its type, number and title, who did it, the new status, the comment. */
export interface FollowNoticeSubject {
  id: number;
  typeId: number;
  number: string;
  title: string;
}

const COMMENT_SHOWN = 200;

const ENGLISH: Record<string, (p: { type: string; record: string; actor: string; status: string; comment: string }) => { title: string; content: string }> = {
  followAssigned: (p) => ({ title: `Assigned to you: ${p.type} ${p.record}`, content: `${p.actor} assigned it to you.` }),
  followStatus: (p) => ({ title: `${p.type} ${p.record}: ${p.status}`, content: `${p.actor} moved it to "${p.status}".` }),
  followComment: (p) => ({ title: `New comment: ${p.type} ${p.record}`, content: `${p.actor}: ${p.comment}` }),
  followMentioned: (p) => ({ title: `${p.actor} mentioned you: ${p.type} ${p.record}`, content: p.comment }),
  followDueTomorrow: (p) => ({ title: `Due tomorrow: ${p.type} ${p.record}`, content: 'It is due tomorrow and not closed yet.' }),
  followOverdue: (p) => ({ title: `Overdue: ${p.type} ${p.record}`, content: 'It is past its due date and not closed yet.' }),
};

const english = (text: LocalText): string => (typeof text === 'string' ? text : (text.en ?? Object.values(text)[0] ?? ''));

/**
 * Notices of follow-ups, stored in the caller's transaction (so a rolled-back change tells
 * nobody) and pushed to the bell once it commits (`publish`). Each is a kind with parameters,
 * shown in the reader's language (`layout:notices.<kind>`), and links to the follow-up.
 */
export class FollowNotices {
  private readonly rows: Selectable<NotifyTable>[] = [];
  private readonly events = new Map<number, FollowEvent>();
  private readonly eventUsers = new Set<number>();

  constructor(
    private readonly bus: NotifyBus,
    private readonly scope: TenantScope,
  ) {}

  async add(
    tx: TenantScope,
    kind: NoticeKind,
    userIds: Iterable<number>,
    subject: FollowNoticeSubject,
    detail: { actor?: string; status?: FollowStatus; comment?: string; time: string },
  ): Promise<void> {
    const users = [...new Set(userIds)];
    if (!users.length) return;
    const type = await tx.selectFrom('follow_type').select('name').where('id', '=', subject.typeId).executeTakeFirst();
    const typeName = type ? readStoredText(type.name) : '';
    const record = `${subject.number} ${subject.title}`;
    const comment = detail.comment && detail.comment.length > COMMENT_SHOWN ? `${detail.comment.slice(0, COMMENT_SHOWN)}…` : (detail.comment ?? '');
    const status = detail.status ? STATUS_TEXTS[detail.status] : undefined;
    const words = ENGLISH[kind]!({ type: english(typeName), record, actor: detail.actor ?? '', status: status ? english(status) : '', comment });
    const stored = await insertNotifications(
      tx,
      users,
      {
        notifyType: 'FOLLOW',
        ...words,
        link: `/follows/detail/${subject.id}`,
        notice: { kind, params: { form: typeName, record, ...(detail.actor !== undefined && { actor: detail.actor }), ...(status && { node: status }), ...(comment && { comment }) } },
      },
      detail.time,
    );
    this.rows.push(...stored);
  }

  /** A live refresh for those looking at the follow-up (lists, pins, the detail), after commit. */
  changed(workspaceCode: string, id: number, action: FollowHistoryAction, userIds: Iterable<number>): void {
    this.events.set(id, { workspaceCode, id, action });
    for (const userId of userIds) this.eventUsers.add(userId);
  }

  async publish(): Promise<void> {
    await publishNotifications(this.bus, this.scope, this.rows);
    for (const event of this.events.values()) {
      for (const userId of this.eventUsers) this.bus.publish({ tenantId: this.scope.tenantId, userId, type: FOLLOW_EVENT, data: event });
    }
  }
}
