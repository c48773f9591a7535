import type { JobKindRegistry } from '../../../../src/server/jobs/kinds.ts';

/** Job kinds of the queue tests, run from their sources by the worker like any kind. */
export const TEST_KINDS: JobKindRegistry = {
  'test.count': { source: new URL('./kinds/count.ts', import.meta.url), entry: 'job-test-count', attempts: 1, backoffMs: 10, timeoutMs: 20_000, memoryMb: 128 },
  'test.misbehave': { source: new URL('./kinds/misbehave.ts', import.meta.url), entry: 'job-test-misbehave', attempts: 3, backoffMs: 50, timeoutMs: 3_000, memoryMb: 128 },
};
