import type { FlowNotice } from '../../../core/flows/flow-engine.ts';
import type { NewNotification } from '../notify/service.ts';

/** What a notification says about a record; stored in English like the server's mails. */
export interface NoticeSubject {
  formName: string;
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
export function flowNotification(notice: FlowNotice, subject: NoticeSubject, nodeName: string | null, comment: string | null): NewNotification {
  const link = recordLink(subject.recordId);
  const what = `${subject.formName} ${label(subject)}`;
  switch (notice) {
    case 'task':
      return {
        notifyType: 'TASK',
        title: `Approval needed: ${what}`,
        content: `${subject.submitterName} submitted it; it waits for you at "${nodeName}".${comment ? ` Note: ${comment}` : ''}`,
        link,
      };
    case 'cc':
      return { notifyType: 'FLOW', title: `For your information: ${what}`, content: `Copied to you at "${nodeName}".`, link };
    case 'rejected':
      return {
        notifyType: 'FLOW',
        title: `Rejected: ${what}`,
        content: `${subject.actorName ?? 'An approver'} rejected it at "${nodeName}": ${comment ?? ''}`.trim(),
        link,
      };
    case 'approved':
      return { notifyType: 'FLOW', title: `Approved: ${what}`, content: 'Every approval step is complete.', link };
  }
}
