import { Worker } from 'node:worker_threads';
import { QUEUE_PROBLEMS } from './job-kind.ts';
import type { JobKindRegistry } from './kinds.ts';
import type { JobProblem } from './queue.ts';
import type { RunMessage, WorkerMessage, WorkerStorage } from './worker-thread.ts';

export type RunOutcome = { status: 'done'; result: unknown } | { status: 'failed'; problem: JobProblem; final: boolean; detail: string };

export interface PoolRun {
  request: RunMessage;
  /** The run has a thread and begins. */
  onStart(): void;
  onProgress(fraction: number, message: string | null): void;
}

interface Running extends PoolRun {
  resolve(outcome: RunOutcome): void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  running: Running | null;
}

/** Run from the sources (tsx) the thread is a .ts file beside this one; run from the build, its .js entry. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** A thread running the worker entry; from the sources it registers tsx first, as threads do not inherit the loader. */
function startThread(storage: WorkerStorage, memoryMb: number): Worker {
  const options = { workerData: storage, resourceLimits: { maxOldGenerationSizeMb: memoryMb } };
  if (!FROM_SOURCES) return new Worker(new URL('./job-worker-thread.js', import.meta.url), options);
  const entry = new URL('./worker-thread.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(bootstrap, { ...options, eval: true });
}

/**
 * A few worker threads that run jobs one at a time each, oldest request first. A run past its
 * kind's time limit, or a thread that takes more memory than the limit (V8 stops it), ends that
 * thread and fails the run with a problem of the queue's own; the next run gets a fresh thread.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Running[] = [];
  private closed = false;
  /** Every kind's runs fit: the threads are shared between kinds. */
  private readonly memoryMb: number;

  constructor(
    private readonly size: number,
    private readonly storage: WorkerStorage,
    private readonly kinds: JobKindRegistry,
  ) {
    this.memoryMb = Math.max(...Object.values(kinds).map((kind) => kind.memoryMb));
  }

  run(run: PoolRun): Promise<RunOutcome> {
    if (this.closed) return Promise.resolve({ status: 'failed', problem: { code: QUEUE_PROBLEMS.stopped, params: {} }, final: false, detail: 'closed' });
    return new Promise((resolve) => {
      this.waiting.push({ ...run, resolve, timer: undefined as unknown as NodeJS.Timeout });
      this.pump();
    });
  }

  /** Threads now (busy or idle). */
  get threads(): number {
    return this.slots.length;
  }

  private pump(): void {
    while (this.waiting.length > 0 && !this.closed) {
      let slot = this.slots.find((s) => !s.running);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      const running = this.waiting.shift()!;
      slot.running = running;
      const { timeoutMs } = this.kinds[running.request.kind]!;
      running.timer = setTimeout(() => this.fail(slot, { code: QUEUE_PROBLEMS.timeout, params: { seconds: Math.round(timeoutMs / 1000) } }, false, 'time limit'), timeoutMs);
      running.onStart();
      slot.worker.postMessage(running.request);
    }
  }

  private spawn(): Slot {
    const worker = startThread(this.storage, this.memoryMb);
    worker.unref();
    const slot: Slot = { worker, running: null };
    worker.on('message', (message: WorkerMessage) => {
      const running = slot.running;
      if (!running || message.jobId !== running.request.jobId) return;
      if (message.type === 'progress') {
        running.onProgress(message.fraction, message.message);
        return;
      }
      clearTimeout(running.timer);
      slot.running = null;
      running.resolve(message.type === 'done' ? { status: 'done', result: message.result } : { status: 'failed', problem: message.problem, final: message.final, detail: message.detail });
      this.pump();
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') this.fail(slot, { code: QUEUE_PROBLEMS.memory, params: { megabytes: this.memoryMb } }, true, error.message);
      else this.fail(slot, { code: QUEUE_PROBLEMS.crashed, params: {} }, false, error.stack ?? error.message);
    });
    worker.on('exit', () => this.fail(slot, { code: QUEUE_PROBLEMS.crashed, params: {} }, false, 'the thread stopped'));
    this.slots.push(slot);
    return slot;
  }

  /** Ends the slot's thread and its run (if any) with `problem`; later runs get a new thread. */
  private fail(slot: Slot, problem: JobProblem, final: boolean, detail: string): void {
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    const running = slot.running;
    slot.running = null;
    void slot.worker.terminate();
    if (running) {
      clearTimeout(running.timer);
      running.resolve({ status: 'failed', problem, final, detail });
    }
    this.pump();
  }

  /** Stops every thread; runs under way and waiting end as `stopped`. */
  async close(): Promise<void> {
    this.closed = true;
    const stopped = { status: 'failed', problem: { code: QUEUE_PROBLEMS.stopped, params: {} }, final: false, detail: 'closed' } as const;
    for (const waiting of this.waiting.splice(0)) waiting.resolve(stopped);
    const slots = this.slots.splice(0);
    for (const slot of slots) {
      if (slot.running) {
        clearTimeout(slot.running.timer);
        slot.running.resolve(stopped);
        slot.running = null;
      }
    }
    await Promise.all(slots.map((slot) => slot.worker.terminate()));
  }
}
