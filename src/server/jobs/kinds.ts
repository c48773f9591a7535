/**
 * The kinds of job there are: the module each runs (imported by the worker, so its code stays
 * out of the server's own thread until a job needs it) and its limits. A kind's input and result
 * are plain JSON (they cross a thread, or Redis); bytes go through the file store.
 */
import type { DrawingJobInput, DrawingJobResult } from '../modules/drawing/processing/drawing-job-types.ts';
import type { JobModule } from './job-kind.ts';

export interface JobKinds {
  /** One uploaded drawing file → its sheets (split pages, thumbnails, number and title read). */
  'drawing.process': { input: DrawingJobInput; result: DrawingJobResult };
}

export type JobKind = keyof JobKinds;
export type JobInput<K extends JobKind> = JobKinds[K]['input'];
export type JobResult<K extends JobKind> = JobKinds[K]['result'];

export interface JobKindSpec<K extends JobKind = JobKind> {
  /** Loads the kind's module (a dynamic import, so the server bundle keeps it a chunk of its own). */
  load(): Promise<JobModule<JobInput<K>, JobResult<K>>>;
  /** Runs at most, the first included. */
  attempts: number;
  /** Wait before the second run; doubled before each later one. */
  backoffMs: number;
  /** A run longer than this is stopped. */
  timeoutMs: number;
  /** Heap a run may take (worker threads: resourceLimits; BullMQ workers: the process's). */
  memoryMb: number;
}

export const JOB_KINDS: { [K in JobKind]: JobKindSpec<K> } = {
  'drawing.process': {
    load: () => import('../modules/drawing/processing/drawing-job.ts'),
    attempts: 2,
    backoffMs: 2_000,
    // A 300-page set takes well under a minute here; ten is room for a slow, busy machine.
    timeoutMs: 10 * 60_000,
    memoryMb: 1_024,
  },
};

export function isJobKind(kind: string): kind is JobKind {
  return Object.hasOwn(JOB_KINDS, kind);
}
