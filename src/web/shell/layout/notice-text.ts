import type { TFunction } from 'i18next';
import type { Notification } from '../../../core/entities.ts';
import { textIn } from '../../../core/local-text.ts';

/**
 * What a notification says to its reader: a system notice (a kind with parameters) from the
 * `layout` locale files in the reader's language; one stored before kinds, or sent by an
 * administrator, as it was stored. `t` must read the `layout` namespace.
 */
export function noticeText(t: TFunction, lng: string, notification: Notification): { title: string; content: string } {
  const { kind, params } = notification;
  if (!kind || !params) return { title: notification.title, content: notification.content };
  const values = {
    form: textIn(params.form, lng),
    record: params.record,
    node: textIn(params.node, lng),
    submitter: params.submitter ?? '',
    actor: params.actor ?? t('layout:notices.anApprover'),
    comment: params.comment ?? '',
  };
  const withNote = params.comment && kind === 'approvalNeeded';
  return {
    title: t(`layout:notices.${kind}.title`, values),
    content: t(`layout:notices.${kind}.${withNote ? 'contentWithNote' : 'content'}`, values),
  };
}
