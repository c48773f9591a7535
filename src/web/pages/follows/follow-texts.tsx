import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { FollowDueState, FollowPerson, FollowPriority, FollowStatus } from '../../../core/contracts/follows.ts';
import { FOLLOW_STATUS_COLORS } from '../../../core/follows/status-colors.ts';
import { ApiError } from '../../api/api-error.ts';
import { messageOf } from '../../api/error-message.ts';


export const PRIORITY_COLORS: Record<FollowPriority, string> = {
  low: 'default',
  normal: 'cyan',
  high: 'orange',
  critical: 'red',
};

export const DUE_COLORS: Partial<Record<FollowDueState, string>> = { overdue: 'red', today: 'orange', tomorrow: 'gold' };

/** A status's tag: its text in the status's one colour (as its pins) on a light tint of it. */
export function StatusTag({ status, t }: { status: FollowStatus; t: TFunction }) {
  const color = FOLLOW_STATUS_COLORS[status];
  return (
    <Tag style={{ color, borderColor: `${color}66`, background: `${color}14` }} className="follow-status-tag" data-status={status}>
      {t(`follows:status.${status}`)}
    </Tag>
  );
}

export function PriorityTag({ priority, t }: { priority: FollowPriority; t: TFunction }) {
  return (
    <Tag color={PRIORITY_COLORS[priority]} data-priority={priority}>
      {t(`follows:priority.${priority}`)}
    </Tag>
  );
}

/** A due date as the reader writes dates, with how it stands when it is near or past. */
export function DueText({ date, state, t, lng }: { date: string | null; state: FollowDueState; t: TFunction; lng: string }) {
  if (!date) return <span className="follow-muted">{t('follows:common.none')}</span>;
  const color = DUE_COLORS[state];
  return (
    <span className="follow-due">
      {formatDay(date, lng)}
      {color && (
        <Tag color={color} className="follow-due-tag">
          {t(`follows:common.dueState.${state}`)}
        </Tag>
      )}
    </span>
  );
}

/** `YYYY-MM-DD` as the reader's language writes a day (the calendar day, whatever the zone). */
export function formatDay(date: string, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date.slice(0, 10)}T00:00:00Z`));
}

export const namesOf = (people: readonly FollowPerson[]) => people.map((person) => person.name).join(', ');

/**
 * A refused write in the reader's words: the server's problem code (`follows:problem.<code>`,
 * with who changed it for a stale save), else the server's message.
 */
export function failureText(t: TFunction, failure: unknown): string {
  if (failure instanceof ApiError && failure.data && typeof failure.data === 'object') {
    const { problem, params } = failure.data as { problem?: string; params?: Record<string, unknown> };
    if (problem) {
      const by = typeof params?.by === 'string' && params.by ? params.by : t('follows:common.someoneElse');
      return t(`follows:common.problem.${problem}`, { ...params, by, defaultValue: failure.message });
    }
  }
  return messageOf(failure, t('follows:common.failed'));
}
