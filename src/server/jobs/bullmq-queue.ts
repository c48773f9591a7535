import crypto from 'node:crypto';
import { Job, Queue, QueueEvents, UnrecoverableError, Worker, type ConnectionOptions } from 'bullmq';
import { JobEvents } from './job-events.ts';
import { QUEUE_PROBLEMS } from './job-kind.ts';
import { JOB_KINDS, jobModuleUrl, type JobInput, type JobKind, type JobKindRegistry } from './kinds.ts';
import type { AddJobOptions, JobEvent, JobOwner, JobProblem, JobQueue } from './queue.ts';
import { redisConnection } from './redis-connection.ts';
import { WorkerPool } from './worker-pool.ts';
import type { WorkerStorage } from './worker-thread.ts';

/** The queue's name in Redis (its keys start `bull:plinth-jobs:`). */
export const BULL_QUEUE_NAME = 'plinth-jobs';

interface BullJobData {
  input: unknown;
  owner: JobOwner;
}

interface BullProgress {
  fraction: number;
  message: string | null;
}

/** A problem crosses Redis as the failed job's reason: JSON, so the server reads the code back. */
const reasonOf = (problem: JobProblem) => JSON.stringify(problem);
function problemOfReason(reason: string): JobProblem {
  try {
    const parsed = JSON.parse(reason) as JobProblem;
    if (typeof parsed.code === 'string' && typeof parsed.params === 'object') return parsed;
  } catch {
    // A reason BullMQ wrote itself (a stalled job, a lost lock): not one of ours.
  }
  return { code: QUEUE_PROBLEMS.crashed, params: {} };
}

/**
 * Jobs in Redis through BullMQ, run by `npm run worker` processes (worker-main.ts) on any
 * machine that reaches the same Redis and file store. Each server listens to the queue's events
 * (QueueEvents, a Redis stream), so every server hears of every job, whichever added it.
 * Retries and back-off are BullMQ's; a job a dead worker held is taken up again (stalled jobs).
 */
export class BullJobQueue implements JobQueue {
  private readonly events = new JobEvents();
  private readonly owners = new Map<string, { kind: JobKind; owner: JobOwner }>();
  /** Each job's events are told in the order they came, though each waits for a read of the job. */
  private readonly telling = new Map<string, Promise<void>>();

  private constructor(
    private readonly queue: Queue,
    private readonly queueEvents: QueueEvents,
    private readonly connection: { quit(): Promise<unknown> },
    private readonly kinds: JobKindRegistry,
  ) {
    queueEvents.on('waiting', ({ jobId }) => void this.tell(jobId, { status: 'queued', progress: 0 }));
    // A run that failed with attempts left waits its back-off as a delayed job: queued again.
    queueEvents.on('delayed', ({ jobId }) => void this.tell(jobId, { status: 'queued', progress: 0 }));
    queueEvents.on('active', ({ jobId }) => void this.tell(jobId, { status: 'running', progress: 0 }));
    queueEvents.on('progress', ({ jobId, data }) => {
      const progress = data as BullProgress;
      void this.tell(jobId, { status: 'running', progress: progress.fraction, message: progress.message });
    });
    queueEvents.on('completed', ({ jobId, returnvalue }) => void this.tell(jobId, { status: 'done', progress: 1, result: returnvalue as never }, true));
    // Emitted when a job has failed for good (a run with attempts left goes back to waiting instead).
    queueEvents.on('failed', ({ jobId, failedReason }) => void this.tell(jobId, { status: 'failed', progress: 0, problem: problemOfReason(failedReason) }, true));
  }

  static async open(url: string, kinds: JobKindRegistry = JOB_KINDS, name = BULL_QUEUE_NAME): Promise<BullJobQueue> {
    const connection = await redisConnection(url);
    const queue = new Queue(name, { connection });
    // Reading events blocks its connection: one of its own (BullMQ closes it with the reader).
    const queueEvents = new QueueEvents(name, { connection: await redisConnection(url) });
    await Promise.all([queue.waitUntilReady(), queueEvents.waitUntilReady()]);
    return new BullJobQueue(queue, queueEvents, connection, kinds);
  }

  private tell(jobId: string, change: Partial<JobEvent> & Pick<JobEvent, 'status' | 'progress'>, last = false): Promise<void> {
    const next = (this.telling.get(jobId) ?? Promise.resolve()).then(() => this.tellNow(jobId, change, last)).catch((error: unknown) => console.error(`job ${jobId}: its event could not be told`, error));
    this.telling.set(jobId, next);
    void next.then(() => {
      if (this.telling.get(jobId) === next) this.telling.delete(jobId);
    });
    return next;
  }

  /** A job's event, with its kind and owner read from Redis when this server did not add it. */
  private async tellNow(jobId: string, change: Partial<JobEvent> & Pick<JobEvent, 'status' | 'progress'>, last: boolean): Promise<void> {
    let known = this.owners.get(jobId);
    let attempt = 1;
    const job = await Job.fromId<BullJobData>(this.queue, jobId);
    if (job) {
      // attemptsMade counts the runs that ended: the one running or waiting is the next.
      attempt = Math.max(1, change.status === 'running' || change.status === 'queued' ? job.attemptsMade + 1 : job.attemptsMade);
      known ??= { kind: job.name as JobKind, owner: job.data.owner };
    }
    if (!known) return;
    if (last) this.owners.delete(jobId);
    this.events.emit({ jobId, kind: known.kind, owner: known.owner, attempt, message: null, ...change });
  }

  async add<K extends JobKind>(kind: K, input: JobInput<K>, owner: JobOwner, options: AddJobOptions = {}): Promise<string> {
    const spec = this.kinds[kind];
    if (!Object.hasOwn(this.kinds, kind)) throw new Error(`no job kind ${kind}`);
    const jobId = options.jobId ?? crypto.randomUUID();
    this.owners.set(jobId, { kind, owner });
    await this.queue.add(kind, { input, owner } satisfies BullJobData, {
      jobId,
      attempts: spec!.attempts,
      backoff: { type: 'exponential', delay: spec!.backoffMs },
      // Ended jobs stay a while for a look from outside, then go.
      removeOnComplete: { age: 24 * 3600, count: 10_000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 10_000 },
    });
    return jobId;
  }

  subscribe(listener: (event: JobEvent) => void): () => void {
    return this.events.subscribe(listener);
  }

  settled<K extends JobKind>(jobId: string): Promise<JobEvent<K>> {
    return this.events.settled<K>(jobId);
  }

  async close(): Promise<void> {
    await this.queueEvents.close();
    await this.queue.close();
    await this.connection.quit().catch(() => {});
  }
}

/**
 * The worker side (`npm run worker`): takes jobs from Redis and runs each in a worker thread
 * of this process (the same pool as the in-process queue, so the same time and memory limits).
 */
export async function startBullWorker(options: { url: string; workers: number; storage: WorkerStorage; kinds?: JobKindRegistry; name?: string }): Promise<{ close(): Promise<void> }> {
  const kinds: JobKindRegistry = options.kinds ?? JOB_KINDS;
  const pool = new WorkerPool(options.workers, options.storage, kinds);
  const connection: ConnectionOptions & { quit(): Promise<unknown> } = await redisConnection(options.url);
  const worker = new Worker<BullJobData>(
    options.name ?? BULL_QUEUE_NAME,
    async (job) => {
      const spec = kinds[job.name];
      if (!spec) throw new UnrecoverableError(reasonOf({ code: QUEUE_PROBLEMS.crashed, params: {} }));
      const outcome = await pool.run({
        request: { jobId: job.id!, kind: job.name, module: jobModuleUrl(spec), input: job.data.input, attempt: job.attemptsMade + 1 },
        onStart: () => {},
        onProgress: (fraction, message) => void job.updateProgress({ fraction, message } satisfies BullProgress),
      });
      if (outcome.status === 'done') return outcome.result;
      console.warn(`job ${job.name} ${job.id} failed on attempt ${job.attemptsMade + 1}: ${outcome.problem.code}\n${outcome.detail}`);
      // A final problem (a corrupt file) is not tried again, whatever attempts are left.
      throw outcome.final ? new UnrecoverableError(reasonOf(outcome.problem)) : new Error(reasonOf(outcome.problem));
    },
    { connection, concurrency: options.workers },
  );
  await worker.waitUntilReady();
  return {
    async close() {
      await worker.close();
      await pool.close();
      await connection.quit().catch(() => {});
    },
  };
}
