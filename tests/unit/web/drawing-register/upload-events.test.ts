import { describe, expect, it } from 'vitest';
import { DRAWING_UPLOAD_EVENT, type DrawingUpload } from '../../../../src/core/contracts/drawings.ts';
import { openUploadEvents } from '../../../../src/web/pages/drawings/shared/upload-events.ts';

/** Enough of an EventSource for the reader: listeners by event name, and a close. */
class FakeSource {
  readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  constructor(readonly url: string) {}
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
  }
  emit(name: string, data?: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener({ data: JSON.stringify(data) } as MessageEvent<string>);
  }
  close() {
    this.closed = true;
  }
}

const upload = (id: number, workspaceCode: string) => ({ id, fileName: 'set.pdf', status: 'running', progress: 0.5, problem: null, revisionIds: [], createTime: '', workspaceCode });

describe('drawing upload events', () => {
  it('opens the stream with a ticket and passes on the uploads of its workspace only, without the workspace', async () => {
    const sources: FakeSource[] = [];
    const seen: DrawingUpload[] = [];
    const stop = openUploadEvents({
      ticket: async () => 'ticket 1',
      workspaceCode: 'NW-HQ',
      onUpload: (pushed) => seen.push(pushed),
      eventSource: (url) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source as unknown as EventSource;
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sources[0]!.url).toBe('/api/proptech_notify/notify/stream?ticket=ticket%201');
    sources[0]!.emit(DRAWING_UPLOAD_EVENT, upload(1, 'NW-HQ'));
    sources[0]!.emit(DRAWING_UPLOAD_EVENT, upload(2, 'NW-TOWER'));
    expect(seen.map((u) => u.id)).toEqual([1]);
    expect(seen[0]).not.toHaveProperty('workspaceCode');
    stop();
    expect(sources[0]!.closed).toBe(true);
  });

  it('opens nothing when stopped before the ticket arrives, and closes a stream that fails', async () => {
    let release: (ticket: string) => void = () => undefined;
    const sources: FakeSource[] = [];
    const options = {
      workspaceCode: 'NW-HQ',
      onUpload: () => undefined,
      eventSource: (url: string) => {
        const source = new FakeSource(url);
        sources.push(source);
        return source as unknown as EventSource;
      },
    };
    const stop = openUploadEvents({ ...options, ticket: () => new Promise<string>((resolve) => (release = resolve)) });
    stop();
    release('late');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sources).toEqual([]);

    openUploadEvents({ ...options, ticket: async () => 't' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    sources[0]!.emit('error');
    expect(sources[0]!.closed).toBe(true);
  });
});
