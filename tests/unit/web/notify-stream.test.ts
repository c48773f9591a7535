import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { openNotifyStream } from '../../../src/web/shell/layout/notify-stream.ts';

/** An EventSource stand-in: records its address, lets the test fire its events. */
class FakeSource extends EventTarget {
  closed = false;
  constructor(readonly url: string) {
    super();
  }
  close() {
    this.closed = true;
  }
  fire(type: string, data?: unknown) {
    const event = data === undefined ? new Event(type) : new MessageEvent(type, { data: JSON.stringify(data) });
    this.dispatchEvent(event);
  }
}

describe('the notification stream in the browser', () => {
  let sources: FakeSource[];
  let tickets: number;
  let counts: number[];
  const start = (ticket: () => Promise<string> = async () => `t${++tickets}`) =>
    openNotifyStream({
      ticket,
      onUnreadCount: (n) => counts.push(n),
      eventSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source as unknown as EventSource;
      },
    });

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    tickets = 0;
    counts = [];
  });
  afterEach(() => vi.useRealTimers());

  it('opens the stream with a ticket, never the token, and passes on the unread counts', async () => {
    const stop = start();
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    expect(sources[0]!.url).toBe('/api/proptech_notify/notify/stream?ticket=t1');
    sources[0]!.fire('unread', { unreadCount: 3 });
    sources[0]!.fire('notify', { unreadCount: 4, notification: {} });
    expect(counts).toEqual([3, 4]);
    stop();
    expect(sources[0]!.closed).toBe(true);
  });

  it('asks for a new ticket each time it connects again, waiting longer after each failure', async () => {
    const stop = start();
    await vi.waitFor(() => expect(sources).toHaveLength(1));
    sources[0]!.fire('error');
    // Closed at once, so EventSource does not retry with the used ticket.
    expect(sources[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sources.map((s) => s.url.split('ticket=')[1])).toEqual(['t1', 't2']);
    sources[1]!.fire('error');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sources).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sources.map((s) => s.url.split('ticket=')[1])).toEqual(['t1', 't2', 't3']);
    stop();
  });

  it('tries again later when no ticket is given, and stops for good when told', async () => {
    let fail = true;
    const stop = start(async () => {
      if (fail) throw new Error('offline');
      return 'fresh';
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sources).toHaveLength(0);
    fail = false;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sources.map((s) => s.url)).toEqual(['/api/proptech_notify/notify/stream?ticket=fresh']);
    stop();
    sources[0]!.fire('error');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(sources).toHaveLength(1);
  });
});
