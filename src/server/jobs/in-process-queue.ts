import crypto from 'node:crypto';
import { JobEvents } from './job-events.ts';
import { JOB_KINDS, jobModuleUrl, type JobInput, type JobKind, type JobKindRegistry } from './kinds.ts';
import type { AddJobOptions, JobEvent, JobOwner, JobQueue } from './queue.ts';
import { WorkerPool } from './worker-pool.ts';
import type { WorkerStorage } from './worker-thread.ts';

/**
 * Jobs run in worker threads of the server itself (worker-pool.ts): nothing to set up, and
 * nothing kept outside memory. A job waiting or running when the server stops is gone; the
 * module that owns it (an upload row) finds it unfinished at the next start and adds it again.
 */
export class InProcessJobQueue implements JobQueue {
  private readonly events = new JobEvents();
  private readonly pool: WorkerPool;
  private readonly retries = new Set<NodeJS.Timeout>();
  private closed = false;
  private readonly kinds: JobKindRegistry;

  constructor(options: { workers: number; storage: WorkerStorage; kinds?: JobKindRegistry }) {
    this.kinds = options.kinds ?? JOB_KINDS;
    this.pool = new WorkerPool(options.workers, options.storage, this.kinds);
  }

  async add<K extends JobKind>(kind: K, input: JobInput<K>, owner: JobOwner, options: AddJobOptions = {}): Promise<string> {
    if (this.closed) throw new Error('the job queue is closed');
    if (!Object.hasOwn(this.kinds, kind)) throw new Error(`no job kind ${kind}`);
    const jobId = options.jobId ?? crypto.randomUUID();
    this.attempt(jobId, kind, input, owner, 1);
    return Promise.resolve(jobId);
  }

  private attempt(jobId: string, kind: string, input: unknown, owner: JobOwner, attempt: number): void {
    const base = { jobId, kind: kind as JobKind, owner, attempt, message: null };
    const emit = (event: Partial<JobEvent> & Pick<JobEvent, 'status' | 'progress'>) => {
      if (!this.closed) this.events.emit({ ...base, ...event });
    };
    emit({ status: 'queued', progress: 0 });
    void this.pool
      .run({
        request: { jobId, kind, module: jobModuleUrl(this.kinds[kind]!), input, attempt },
        onStart: () => emit({ status: 'running', progress: 0 }),
        onProgress: (progress, message) => emit({ status: 'running', progress, message }),
      })
      .then((outcome) => {
        if (this.closed) return;
        if (outcome.status === 'done') {
          emit({ status: 'done', progress: 1, result: outcome.result as never });
          return;
        }
        const spec = this.kinds[kind]!;
        if (!outcome.final && attempt < spec.attempts) {
          // Twice the wait before each further run: a busy machine gets room.
          const timer = setTimeout(() => {
            this.retries.delete(timer);
            if (!this.closed) this.attempt(jobId, kind, input, owner, attempt + 1);
          }, spec.backoffMs * 2 ** (attempt - 1));
          timer.unref();
          this.retries.add(timer);
          return;
        }
        console.warn(`job ${kind} ${jobId} failed on attempt ${attempt}: ${outcome.problem.code}\n${outcome.detail}`);
        emit({ status: 'failed', progress: 0, problem: outcome.problem });
      });
  }

  subscribe(listener: (event: JobEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  settled<K extends JobKind>(jobId: string): Promise<JobEvent<K>> {
    return this.events.settled<K>(jobId);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.retries) clearTimeout(timer);
    this.retries.clear();
    await this.pool.close();
  }
}
