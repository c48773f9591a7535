import { DRAWING_UPLOAD_EVENT, type DrawingUpload, type DrawingUploadEvent } from '../../../../core/contracts/drawings.ts';
import { openPushedEvents } from '../../../api/pushed-events.ts';

export interface UploadEventsOptions {
  /** Asks the server for a ticket that opens the event stream once. */
  ticket: () => Promise<string>;
  workspaceCode: string;
  onUpload: (upload: DrawingUpload) => void;
  /** Defaults to the browser's; tests hand in their own. */
  eventSource?: (url: string) => EventSource;
}

/**
 * Follows the caller's drawing uploads of one workspace live, over the event stream the
 * server pushes their progress on. A dropped stream is not reopened: the processing list reads
 * the uploads every two seconds while any is processed, so nothing is missed. Returns what stops it.
 */
export function openUploadEvents(options: UploadEventsOptions): () => void {
  return openPushedEvents<DrawingUploadEvent>({
    ticket: options.ticket,
    event: DRAWING_UPLOAD_EVENT,
    closeOnError: true,
    eventSource: options.eventSource,
    onData: ({ workspaceCode, ...upload }) => {
      if (workspaceCode === options.workspaceCode) options.onUpload(upload);
    },
  });
}
