import { ATTACHMENT_PREFIX, type AttachmentListBody, type AttachmentOptions, type AttachmentPage } from '../../../core/contracts/attachments.ts';
import type { CallOptions, Http } from '../../api/endpoints.ts';

// The screen shows failures in place, with a retry.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the attachment list. */
export function attachmentApi(http: Http) {
  return {
    list: (body: AttachmentListBody) => http.post<AttachmentPage>(`${ATTACHMENT_PREFIX}/list`, body, QUIET),
    options: () => http.get<AttachmentOptions>(`${ATTACHMENT_PREFIX}/options`, undefined, QUIET),
  };
}

export type AttachmentApi = ReturnType<typeof attachmentApi>;
