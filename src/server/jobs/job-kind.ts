import type { BlobStore } from '../modules/filestore/blob-store.ts';
import type { JobProblem } from './queue.ts';

/** What a running job may use: a way to report progress and the file store. */
export interface JobContext {
  /** `fraction` 0..1 of the whole job; `message` a short note for logs and tests. */
  progress(fraction: number, message?: string): void;
  /** The file store the server uses (opened once per worker, on first use). */
  blobs(): Promise<BlobStore>;
  /** Which run this is, from 1. */
  attempt: number;
}

/** The module a job kind's work lives in: the worker imports it and calls `run`. */
export interface JobModule<Input, Result> {
  run(input: Input, context: JobContext): Promise<Result>;
}

/**
 * A failure a person is told about (a code and parameters, see JobProblem). `final` says
 * another attempt would end the same way (a corrupt file stays corrupt), so the queue does not
 * retry it; anything else thrown counts as worth another try until the kind's attempts run out.
 */
export class JobFailure extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number> = {},
    readonly final = true,
  ) {
    super(`job failed: ${code}`);
    this.name = 'JobFailure';
  }

  get problem(): JobProblem {
    return { code: this.code, params: this.params };
  }
}

/** Problem codes of the queue itself, whatever the kind. */
export const QUEUE_PROBLEMS = {
  /** The job ran past its kind's time limit and was stopped. */
  timeout: 'jobTimeout',
  /** The job took more memory than its kind's limit and was stopped. */
  memory: 'jobOutOfMemory',
  /** Something unforeseen broke, on every attempt (the server log has the details). */
  crashed: 'jobCrashed',
  /** The server stopped while the job ran. */
  stopped: 'jobStopped',
} as const;

/** The problem of an error thrown by a job: its own when it is a JobFailure, `crashed` otherwise. */
export function problemOf(error: unknown): { problem: JobProblem; final: boolean } {
  if (error instanceof JobFailure) return { problem: error.problem, final: error.final };
  if (isFailureShape(error)) return { problem: { code: error.code, params: error.params }, final: error.final };
  return { problem: { code: QUEUE_PROBLEMS.crashed, params: {} }, final: false };
}

/** A JobFailure that crossed a thread or process boundary arrives as a plain object. */
function isFailureShape(error: unknown): error is { code: string; params: Record<string, string | number>; final: boolean } {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'JobFailure' &&
    typeof (error as { code?: unknown }).code === 'string'
  );
}
