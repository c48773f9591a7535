import { DRAWING_UPLOAD_EVENT, type DrawingUpload, type DrawingUploadEvent } from '../../../../core/contracts/drawings.ts';
import { NOTIFY_STREAM_PATH } from '../../../../core/contracts/notify.ts';

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
  const open = options.eventSource ?? ((url: string) => new EventSource(url));
  let source: EventSource | null = null;
  let stopped = false;
  void options
    .ticket()
    .then((ticket) => {
      if (stopped) return;
      source = open(`/api${NOTIFY_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener(DRAWING_UPLOAD_EVENT, (event) => {
        const pushed = JSON.parse((event as MessageEvent<string>).data) as DrawingUploadEvent;
        if (pushed.workspaceCode !== options.workspaceCode) return;
        const { workspaceCode: _workspace, ...upload } = pushed;
        options.onUpload(upload);
      });
      source.addEventListener('error', () => source?.close());
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    source?.close();
  };
}
