import { NOTIFY_STREAM_PATH } from '../../core/contracts/notify.ts';

export interface PushedEventsOptions<T> {
  /** Asks the server for a ticket that opens the event stream once. */
  ticket: () => Promise<string>;
  /** The stream's event name (`event:` line) to follow. */
  event: string;
  onData: (data: T) => void;
  /** Closes the stream when it drops, for callers that poll as well. */
  closeOnError?: boolean;
  /** Defaults to the browser's; tests hand in their own. */
  eventSource?: (url: string) => EventSource;
}

/**
 * Follows one kind of event on the notification stream, opened with a one-time ticket: the
 * way every screen that shows others' changes or a job's progress listens. Returns what stops it.
 */
export function openPushedEvents<T>(options: PushedEventsOptions<T>): () => void {
  const open = options.eventSource ?? ((url: string) => new EventSource(url));
  let source: EventSource | null = null;
  let stopped = false;
  void options
    .ticket()
    .then((ticket) => {
      if (stopped) return;
      source = open(`/api${NOTIFY_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}`);
      source.addEventListener(options.event, (event) => options.onData(JSON.parse((event as MessageEvent<string>).data) as T));
      if (options.closeOnError) source.addEventListener('error', () => source?.close());
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    source?.close();
  };
}
