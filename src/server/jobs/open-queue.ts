import { BullJobQueue } from './bullmq-queue.ts';
import { InProcessJobQueue } from './in-process-queue.ts';
import type { JobQueue } from './queue.ts';
import type { WorkerStorage } from './worker-thread.ts';

/** The job settings of the environment (docs/jobs.md). */
export interface JobSettings {
  /** REDIS_URL: BullMQ on this Redis, jobs run by `npm run worker`; empty: worker threads of the server. */
  redisUrl: string;
  /** JOB_WORKERS: threads running jobs at once (per server, or per worker process). */
  workers: number;
}

export function jobSettings(env: NodeJS.ProcessEnv = process.env): JobSettings {
  const workers = Number(env.JOB_WORKERS || 1);
  if (!Number.isInteger(workers) || workers < 1 || workers > 64) throw new Error(`JOB_WORKERS must be a whole number from 1 to 64, not ${env.JOB_WORKERS}`);
  return { redisUrl: env.REDIS_URL?.trim() ?? '', workers };
}

/**
 * The server's job queue: BullMQ when REDIS_URL names a Redis, else worker threads of its own.
 * `storage` is where the file store is (a job reads and keeps files there), as the server's.
 */
export async function openJobQueue(storage: WorkerStorage, settings: JobSettings = jobSettings()): Promise<JobQueue> {
  if (settings.redisUrl) return BullJobQueue.open(settings.redisUrl);
  return new InProcessJobQueue({ workers: settings.workers, storage });
}
