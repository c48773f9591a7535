import type { FlowNotice } from '../../../core/flows/flow-engine.ts';
import { textIn, type LocalText } from '../../../core/local-text.ts';
import type { NoticeParams } from '../../../core/notices.ts';
import type { NewNotification } from '../notify/service.ts';

/**
 * What a notification says about a record: stored as a kind with parameters, which readers
 * see in their language, and in English beside them (for mails and older clients).
 */
export interface NoticeSubject {
  formName: LocalText;
  recordId: number;
  number: string | null;
  title: string;
  submitterName: string;
  /** Who did what caused the notice (a rejection's approver). */
  actorName: string | null;
}

/** The record screen the bell opens: the edit screen shows the flow and the task buttons. */
export const recordLink = (recordId: number) => `/table/edit/${recordId}`;

const label = (s: NoticeSubject) => [s.number, s.title].filter(Boolean).join(' ') || `#${s.recordId}`;

/** New tasks are TASK notifications; CC, rejections and results are FLOW ones. */
export function flowNotification(notice: FlowNotice, subject: NoticeSubject, node: LocalText | null, comment: string | null): NewNotification {
  const link = recordLink(subject.recordId);
  const what = `${textIn(subject.formName, 'en')} ${label(subject)}`;
  // The stored English beside the kind names the step by its English name.
  const nodeName = node === null ? null : textIn(node, 'en');
  const params: NoticeParams = {
    form: subject.formName,
    record: label(subject),
    ...(node !== null && { node }),
    ...(comment && { comment }),
  };
  switch (notice) {
    case 'task':
      return {
        notifyType: 'TASK',
        title: `Approval needed: ${what}`,
        content: `${subject.submitterName} submitted it; it waits for you at "${nodeName}".${comment ? ` Note: ${comment}` : ''}`,
        link,
        notice: { kind: 'approvalNeeded', params: { ...params, submitter: subject.submitterName } },
      };
    case 'cc':
      return { notifyType: 'FLOW', title: `For your information: ${what}`, content: `Copied to you at "${nodeName}".`, link, notice: { kind: 'copiedToYou', params } };
    case 'rejected':
      return {
        notifyType: 'FLOW',
        title: `Rejected: ${what}`,
        content: `${subject.actorName ?? 'An approver'} rejected it at "${nodeName}": ${comment ?? ''}`.trim(),
        link,
        notice: { kind: 'rejected', params: { ...params, ...(subject.actorName && { actor: subject.actorName }) } },
      };
    case 'approved':
      return { notifyType: 'FLOW', title: `Approved: ${what}`, content: 'Every approval step is complete.', link, notice: { kind: 'approved', params } };
  }
}
