import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../../../scripts/build.ts';
import { InProcessJobQueue } from '../../../../src/server/jobs/in-process-queue.ts';
import type { JobEvent } from '../../../../src/server/jobs/queue.ts';
import type { RunMessage, WorkerMessage } from '../../../../src/server/jobs/worker-thread.ts';
import type { DrawingJobResult } from '../../../../src/server/modules/drawing/processing/drawing-job-types.ts';
import { createBlobStore } from '../../../../src/server/modules/filestore/create-blob-store.ts';
import type { BlobStore } from '../../../../src/server/modules/filestore/blob-store.ts';
import { makeSet, numberedSheets } from '../drawing-processing/pdf-sets.ts';

/**
 * The `drawing.process` job as the server runs it: through the queue, in a worker thread, the
 * upload read from the file store and each sheet's files kept there; and the same from the
 * server build, as `npm start` and `npm run worker` run it.
 */

const owner = { tenantId: 1, userId: 3 };
const DWG = path.resolve('../shared/fixtures/dwg/sonsbeek-v1-sparingen.dwg');
let dataDir: string;
let blobs: BlobStore;
let queue: InProcessJobQueue;

async function keep(bytes: Uint8Array): Promise<string> {
  const staged = await blobs.stage(Readable.from([Buffer.from(bytes)]));
  await staged.commit();
  staged.settle();
  return staged.sha256;
}

const read = async (sha256: string) => buffer(await blobs.open(sha256));
const sha = (bytes: Uint8Array) => crypto.createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-drawing-job-'));
  blobs = await createBlobStore({ dataDir, fileStoreUrl: '' });
  queue = new InProcessJobQueue({ workers: 1, storage: { dataDir, fileStoreUrl: '' } });
});

afterAll(async () => {
  await queue.close();
  blobs.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the drawing.process job', () => {
  it('splits a set in a worker thread and keeps each sheet’s page and thumbnail in the file store', async () => {
    const sha256 = await keep(await makeSet(numberedSheets(4)));
    const events: JobEvent[] = [];
    const stop = queue.subscribe((event) => events.push(event));
    const jobId = await queue.add('drawing.process', { sha256, fileName: 'Tender 2026-03.pdf' }, owner);
    const end = await queue.settled<'drawing.process'>(jobId);
    stop();
    expect(end).toMatchObject({ status: 'done', owner, kind: 'drawing.process' });
    const { sheets } = end.result as DrawingJobResult;
    expect(sheets.map((s) => [s.page, s.number, s.title, s.kind])).toEqual([
      [1, 'A-001', 'Level 1 Plan', 'pdf'],
      [2, 'A-002', 'Level 2 Plan', 'pdf'],
      [3, 'A-003', 'Level 3 Plan', 'pdf'],
      [4, 'A-004', 'Level 4 Plan', 'pdf'],
    ]);
    for (const sheet of sheets) {
      expect(sheet.source).toMatchObject({ type: 'application/pdf', name: `Tender 2026-03-p${sheet.page}.pdf` });
      expect(sheet.thumbnail).toMatchObject({ type: 'image/png', name: `Tender 2026-03-p${sheet.page}.png` });
      expect(sheet.view).toBeNull();
      for (const file of [sheet.source, sheet.thumbnail]) {
        const bytes = await read(file.sha256);
        expect([bytes.length, sha(bytes)]).toEqual([file.size, file.sha256]);
      }
    }
    const running = events.filter((e) => e.jobId === jobId && e.status === 'running').map((e) => e.progress);
    expect(running.at(0)).toBe(0);
    expect(running.at(-1)).toBe(1);
    expect(running).toEqual(running.toSorted((a, b) => a - b));
  });

  it('fails a corrupt file at once with the problem and the file’s name', async () => {
    const sha256 = await keep(Buffer.from('%PDF-1.4\nnothing here\n'));
    const jobId = await queue.add('drawing.process', { sha256, fileName: 'broken.pdf' }, owner);
    expect(await queue.settled(jobId)).toMatchObject({ status: 'failed', attempt: 1, problem: { code: 'corrupt', params: { fileName: 'broken.pdf' } } });
  });

  it('converts a DWG from a worker thread, keeping the original and the DXF made of it', async () => {
    const original = fs.readFileSync(DWG);
    const sha256 = await keep(original);
    const jobId = await queue.add('drawing.process', { sha256, fileName: 'sonsbeek.dwg' }, owner);
    const end = await queue.settled<'drawing.process'>(jobId);
    const [sheet] = (end.result as DrawingJobResult).sheets;
    expect(sheet).toMatchObject({ kind: 'dwg', source: { sha256, type: 'image/vnd.dwg', name: 'sonsbeek.dwg' }, view: { type: 'image/vnd.dxf', name: 'sonsbeek.dxf' } });
    expect((await read(sheet!.view!.sha256)).toString('latin1')).toContain('ENTITIES');
  }, 60_000);
});

describe('the job worker from the server build', () => {
  it('runs a kind’s built module in the built thread, the DWG converter’s process included', async () => {
    // Inside the project, as dist/server is: the bundle finds its packages in node_modules.
    fs.mkdirSync('node_modules/.cache', { recursive: true });
    const outdir = fs.mkdtempSync(path.resolve('node_modules/.cache/plinth-job-build-'));
    try {
      await buildServer(outdir);
      for (const entry of ['job-worker-thread.js', 'job-worker.js', 'job-drawing-process.js', 'dwg-convert-process.js']) {
        expect(fs.existsSync(path.join(outdir, entry)), entry).toBe(true);
      }
      const sha256 = await keep(fs.readFileSync(DWG));
      const worker = new Worker(path.join(outdir, 'job-worker-thread.js'), { workerData: { dataDir, fileStoreUrl: '' } });
      const answer = new Promise<WorkerMessage>((resolve, reject) => {
        worker.on('message', (message: WorkerMessage) => message.type !== 'progress' && resolve(message));
        worker.on('error', reject);
      });
      const request: RunMessage = {
        jobId: 'built-1',
        kind: 'drawing.process',
        module: new URL(`file://${path.join(outdir, 'job-drawing-process.js')}`).href,
        input: { sha256, fileName: 'sonsbeek.dwg' },
        attempt: 1,
      };
      worker.postMessage(request);
      const message = await answer;
      await worker.terminate();
      expect(message).toMatchObject({ type: 'done', result: { sheets: [{ kind: 'dwg', view: { type: 'image/vnd.dxf' } }] } });
    } finally {
      fs.rmSync(outdir, { recursive: true, force: true });
    }
  }, 90_000);
});
