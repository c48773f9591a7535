/**
 * A job worker thread: runs one job at a time as the pool (worker-pool.ts) hands them over,
 * importing each kind's module by its path (kinds.ts, jobModuleUrl) the first time it is needed. Progress,
 * the result and a failure go back as messages; the thread's time and memory limits are the
 * pool's to enforce (it terminates the thread).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { BlobStore } from '../modules/filestore/blob-store.ts';
import { createBlobStore } from '../modules/filestore/create-blob-store.ts';
import { problemOf, type JobModule } from './job-kind.ts';
import type { JobProblem } from './queue.ts';

export interface WorkerStorage {
  dataDir: string;
  fileStoreUrl: string;
}

export interface RunMessage {
  jobId: string;
  kind: string;
  /** The kind's module (jobModuleUrl). */
  module: string;
  input: unknown;
  attempt: number;
}

export type WorkerMessage =
  | { type: 'progress'; jobId: string; fraction: number; message: string | null }
  | { type: 'done'; jobId: string; result: unknown }
  | { type: 'failed'; jobId: string; problem: JobProblem; final: boolean; detail: string };

/** Progress reports closer together than this are dropped (a 300-page set would send 300). */
const PROGRESS_EVERY_MS = 200;

const port = parentPort;
if (!port) throw new Error('worker-thread: start it as a worker thread (worker-pool.ts)');
const storage = workerData as WorkerStorage;
let blobs: Promise<BlobStore> | null = null;

port.on('message', (request: RunMessage) => {
  void (async () => {
    let answer: WorkerMessage;
    let lastProgress = 0;
    try {
      const module = (await import(request.module)) as JobModule<unknown, unknown>;
      const result = await module.run(request.input, {
        attempt: request.attempt,
        blobs: () => (blobs ??= createBlobStore(storage)),
        progress(fraction, message) {
          const now = Date.now();
          if (fraction < 1 && now - lastProgress < PROGRESS_EVERY_MS) return;
          lastProgress = now;
          port.postMessage({ type: 'progress', jobId: request.jobId, fraction: Math.min(1, Math.max(0, fraction)), message: message ?? null } satisfies WorkerMessage);
        },
      });
      answer = { type: 'done', jobId: request.jobId, result };
    } catch (error) {
      const { problem, final } = problemOf(error);
      answer = { type: 'failed', jobId: request.jobId, problem, final, detail: error instanceof Error ? (error.stack ?? error.message) : String(error) };
    }
    port.postMessage(answer);
  })();
});
