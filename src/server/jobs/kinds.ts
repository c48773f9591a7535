/**
 * The kinds of job there are: the module each runs and its limits. The worker imports a kind's
 * module by its path (so its code stays out of the server's own thread): from the sources the
 * .ts file, from the build the entry of its own that scripts/build.ts makes (`job-<name>.js`).
 * A kind's input and result are plain JSON (they cross a thread, or Redis); bytes go through
 * the file store.
 */
import type { DrawingJobInput, DrawingJobResult } from '../modules/drawing/processing/drawing-job-types.ts';
import type { BcfJobInput, BcfJobResult } from '../modules/follow/bcf/bcf-job-types.ts';

export interface JobKinds {
  /** One uploaded drawing file → its sheets (split pages, thumbnails, number and title read). */
  'drawing.process': { input: DrawingJobInput; result: DrawingJobResult };
  /** One uploaded BCF zip → its topics, snapshots kept in the file store (the follow-up module writes the rows). */
  'follow.bcfImport': { input: BcfJobInput; result: BcfJobResult };
}

export type JobKind = keyof JobKinds;
export type JobInput<K extends JobKind> = JobKinds[K]['input'];
export type JobResult<K extends JobKind> = JobKinds[K]['result'];

export interface JobKindSpec {
  /** The module's source file (a JobModule). */
  source: URL;
  /** Its entry in the server build: `dist/server/<entry>.js` (scripts/build.ts, JOB_ENTRIES). */
  entry: string;
  /** Runs at most, the first included. */
  attempts: number;
  /** Wait before the second run; doubled before each later one. */
  backoffMs: number;
  /** A run longer than this is stopped. */
  timeoutMs: number;
  /** Heap a run may take (worker threads: resourceLimits; BullMQ workers: the process's). */
  memoryMb: number;
}

export const JOB_KINDS: Record<JobKind, JobKindSpec> = {
  'drawing.process': {
    source: new URL('../modules/drawing/processing/drawing-job.ts', import.meta.url),
    entry: 'job-drawing-process',
    attempts: 2,
    backoffMs: 2_000,
    // A 300-page set takes well under a minute here; ten is room for a slow, busy machine.
    timeoutMs: 10 * 60_000,
    memoryMb: 1_024,
  },
  'follow.bcfImport': {
    source: new URL('../modules/follow/bcf/bcf-job.ts', import.meta.url),
    entry: 'job-follow-bcf-import',
    attempts: 2,
    backoffMs: 2_000,
    // A 2,000-topic file with a snapshot each reads in well under a minute; five is room for a busy machine.
    timeoutMs: 5 * 60_000,
    // The zip is read whole (at most BCF_IMPORT_MAX_BYTES) and inflated entry by entry.
    memoryMb: 1_024,
  },
};

/** What kinds a queue knows: JOB_KINDS, and in tests kinds of their own. */
export type JobKindRegistry = Record<string, JobKindSpec>;

/** Run from the sources (tsx) a kind's module is its .ts file; run from the build, its entry beside this bundle. */
const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** Where the worker imports a kind's module from. */
export function jobModuleUrl(spec: JobKindSpec): string {
  return FROM_SOURCES ? spec.source.href : new URL(`./${spec.entry}.js`, import.meta.url).href;
}

/** The build's entries of the job modules, for scripts/build.ts: entry name → source file. */
export const JOB_ENTRIES: Record<string, URL> = Object.fromEntries(Object.values(JOB_KINDS).map((spec) => [spec.entry, spec.source]));
