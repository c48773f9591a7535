import { describe, expect, it } from 'vitest';
import type { DrawingUpload } from '../../../../src/core/contracts/drawings.ts';
import { ProcessingStore, PROCESSING_POLL_MS, type ProcessingEnv } from '../../../../src/web/pages/drawings/register/processing-store.ts';
import type { DrawingApi } from '../../../../src/web/drawing-kit/drawing-api.ts';

const upload = (id: number, fileName: string, change: Partial<DrawingUpload> = {}): DrawingUpload => ({
  id,
  fileName,
  status: 'queued',
  progress: 0,
  problem: null,
  revisionIds: [],
  createTime: '2026-11-27 10:00:00',
  ...change,
});

/** A store over a fake API whose upload list the test moves on, and timers the test fires. */
function setUp(listed: DrawingUpload[] = []) {
  const server = { list: listed, nextId: 100, sent: [] as string[][] };
  const timers: { run: () => void; ms: number }[] = [];
  const said: string[] = [];
  let settled = 0;
  const api = {
    uploads: async () => server.list,
    upload: async (_code: string, _setId: number | null, fileIds: string[]) => {
      server.sent.push(fileIds);
      const made = fileIds.map((fileId) => upload(server.nextId++, fileId.replace('id-', '')));
      server.list = [...made, ...server.list];
      return { uploads: made };
    },
  } as unknown as DrawingApi;
  const env: ProcessingEnv = {
    upload: async (file) => {
      if (file.name.startsWith('lost')) throw new Error('connection lost');
      return { fileId: `id-${file.name}` };
    },
    settled: () => settled++,
    refused: (text) => said.push(text),
    t: (key, values) => `${key} ${JSON.stringify(values ?? {})}`,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
  };
  const store = new ProcessingStore(api, 'NW-HQ', env);
  const tick = async () => {
    const timer = timers.shift();
    expect(timer?.ms).toBe(PROCESSING_POLL_MS);
    timer!.run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { store, server, timers, said, tick, settled: () => settled };
}

const file = (name: string, bytes = 'x') => new File([bytes], name);

describe('the processing of drawing uploads', () => {
  it('shows nothing and reads no more when nothing is processed', async () => {
    const { store, timers } = setUp([upload(1, 'old.pdf', { status: 'done', progress: 1 })]);
    await store.start();
    expect(store.shown).toEqual([]);
    expect(timers).toEqual([]);
  });

  it('follows an upload already running when the screen opens, until it is done, then reads the register again', async () => {
    const { store, server, tick, settled, timers } = setUp([upload(1, 'set.pdf', { status: 'running', progress: 0.4 })]);
    await store.start();
    expect(store.shown.map((u) => [u.fileName, u.status])).toEqual([['set.pdf', 'running']]);
    server.list = [upload(1, 'set.pdf', { status: 'done', progress: 1, revisionIds: [7, 8] })];
    await tick();
    expect(store.shown.map((u) => u.status)).toEqual(['done']);
    expect(settled()).toBe(1);
    expect(timers).toEqual([]);
    store.clearFinished();
    expect(store.shown).toEqual([]);
  });

  it('sends each drawing file, tells by name a file that is not a drawing, is empty or fails on its way, and goes on with the rest', async () => {
    const { store, server, said } = setUp();
    await store.send([file('A-101.pdf'), file('notes.docx'), file('blank.pdf', ''), file('lost.dwg'), file('site.DXF')], null);
    expect(server.sent).toEqual([['id-A-101.pdf'], ['id-site.DXF']]);
    expect(said).toEqual([
      'drawings:problem.unsupportedType {"file":"notes.docx"}',
      'drawings:problem.empty {"file":"blank.pdf"}',
      'drawings:upload.sendFailed {"file":"lost.dwg","reason":"connection lost"}',
    ]);
    expect(store.shown.map((u) => u.fileName).sort()).toEqual(['A-101.pdf', 'site.DXF']);
    expect(store.sending).toBe(0);
    expect(store.running).toBe(true);
  });

  it('keeps a failed upload on the list with its problem, and takes pushed progress at once', async () => {
    const { store, server, tick, settled } = setUp();
    await store.send([file('bad.pdf')], 3);
    const id = store.shown[0]!.id;
    store.live(upload(id, 'bad.pdf', { status: 'running', progress: 0.5 }));
    expect(store.shown[0]!.progress).toBe(0.5);
    server.list = [upload(id, 'bad.pdf', { status: 'failed', progress: 1, problem: { code: 'corrupt', fileName: 'bad.pdf' } })];
    await tick();
    expect(store.shown[0]!.problem?.code).toBe('corrupt');
    expect(settled()).toBe(1);
  });

  it('ignores pushed news of an upload it does not follow once that upload has finished', () => {
    const { store } = setUp();
    store.live(upload(9, 'elsewhere.pdf', { status: 'done', progress: 1 }));
    expect(store.shown).toEqual([]);
  });
});
