/**
 * One queue for long work (ARCHITECTURE §7 "Jobs"): splitting a PDF set, reading its text,
 * drawing thumbnails, turning a DWG into DXF. Two implementations behind this interface:
 * worker threads inside the server (the default, nothing to set up; in-process-queue.ts) and
 * BullMQ on Redis with separate `npm run worker` processes when REDIS_URL is set
 * (bullmq-queue.ts). `openJobQueue` (open-queue.ts) picks one.
 *
 * A job is named by its kind (jobs/kinds.ts: what module runs it, its time and memory limit,
 * attempts) and carries a plain JSON input; it ends `done` with a plain JSON result or `failed`
 * with a problem (a code and parameters a screen turns into words, never a stack trace).
 */
import type { JobInput, JobKind, JobResult } from './kinds.ts';

export type JobStatus = 'queued' | 'running' | 'done' | 'failed';

/** Why a job failed, for a person: a code the browser has words for, and what fills them in. */
export interface JobProblem {
  code: string;
  params: Record<string, string | number>;
}

/** Whose job it is: the one who is told of its progress (over the event stream). */
export interface JobOwner {
  tenantId: number;
  userId: number;
}

/** A change of one job, as the queue tells it: every status change and every progress report. */
export interface JobEvent<K extends JobKind = JobKind> {
  jobId: string;
  kind: K;
  owner: JobOwner;
  status: JobStatus;
  /** 0..1 */
  progress: number;
  /** What the job is doing now, in the job's own short words (e.g. `page 12 of 300`); not shown as is to people. */
  message: string | null;
  /** Which run this is, from 1; a job may run again after a failure that is worth another try. */
  attempt: number;
  /** Set when status is `done`. */
  result?: JobResult<K>;
  /** Set when status is `failed`. */
  problem?: JobProblem;
}

export interface AddJobOptions {
  /** The caller's own id for the job (e.g. the upload row's id); one is made when absent. */
  jobId?: string;
}

export interface JobQueue {
  /** Queues a job; resolves with its id once it is safely queued (it may already run). */
  add<K extends JobKind>(kind: K, input: JobInput<K>, owner: JobOwner, options?: AddJobOptions): Promise<string>;
  /**
   * Every change of every job this queue knows of, in order per job. With BullMQ, jobs added
   * by any server are seen by every server listening to the same Redis.
   */
  subscribe(listener: (event: JobEvent) => void): () => void;
  /** Resolves with the job's last event once it is `done` or `failed` (tests, scripts). */
  settled<K extends JobKind>(jobId: string): Promise<JobEvent<K>>;
  /** Stops taking jobs, stops running ones (they count as not finished) and lets go of connections. */
  close(): Promise<void>;
}
