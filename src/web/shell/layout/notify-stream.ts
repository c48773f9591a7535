import { NOTIFY_STREAM_PATH } from '../../../core/contracts/notify.ts';

/** The first wait before connecting again, doubled after each failure up to the longest. */
const RETRY_FIRST_MS = 5_000;
const RETRY_LONGEST_MS = 60_000;

export interface NotifyStreamOptions {
  /** Asks the server for a ticket (the token goes in the header, as on every call). */
  ticket: () => Promise<string>;
  onUnreadCount: (count: number) => void;
  /** Defaults to the browser's; tests hand in their own. */
  eventSource?: (url: string) => EventSource;
}

/**
 * Keeps the notification stream open: `unread` once on connect, then `notify` for each new
 * notification, both carrying the unread count. A ticket opens the stream once, so EventSource
 * must not retry on its own with the used one: on any error the stream is closed and opened
 * again with a new ticket. Returns what stops it.
 */
export function openNotifyStream(options: NotifyStreamOptions): () => void {
  const open = options.eventSource ?? ((url: string) => new EventSource(url));
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wait = RETRY_FIRST_MS;
  let stopped = false;

  const onCount = (event: MessageEvent<string>) => {
    wait = RETRY_FIRST_MS;
    options.onUnreadCount((JSON.parse(event.data) as { unreadCount: number }).unreadCount);
  };
  const later = () => {
    if (stopped) return;
    timer = setTimeout(() => void connect(), wait);
    wait = Math.min(wait * 2, RETRY_LONGEST_MS);
  };
  const connect = async () => {
    let ticket: string;
    try {
      ticket = await options.ticket();
    } catch {
      return later();
    }
    if (stopped) return;
    const opened = open(`/api${NOTIFY_STREAM_PATH}?ticket=${encodeURIComponent(ticket)}`);
    source = opened;
    opened.addEventListener('unread', onCount);
    opened.addEventListener('notify', onCount);
    opened.addEventListener('error', () => {
      opened.close();
      if (source === opened) source = null;
      later();
    });
  };

  void connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    source?.close();
  };
}
