import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InProcessJobQueue } from '../../../../src/server/jobs/in-process-queue.ts';
import type { JobKind } from '../../../../src/server/jobs/kinds.ts';
import type { JobEvent, JobQueue } from '../../../../src/server/jobs/queue.ts';
import { TEST_KINDS } from './test-kinds.ts';

/**
 * The queue that runs jobs in worker threads of the server: progress in order, results,
 * failures a person is told about, retries with back-off, and the time and memory limits that
 * stop a thread without stopping the server.
 */

const owner = { tenantId: 7, userId: 42 };
let dataDir: string;
let queue: JobQueue;
const events: JobEvent[] = [];

// The test kinds are not in JobKinds: added through the queue as it is, with their own names.
const add = (kind: string, input: unknown, jobId?: string) => queue.add(kind as JobKind, input as never, owner, { jobId });
const eventsOf = (jobId: string) => events.filter((event) => event.jobId === jobId);

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-jobs-'));
  queue = new InProcessJobQueue({ workers: 2, storage: { dataDir, fileStoreUrl: '' }, kinds: TEST_KINDS });
  queue.subscribe((event) => events.push(event));
});

afterAll(async () => {
  await queue.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the in-process job queue', () => {
  it('runs a job in a worker thread, telling its owner of each step and ending with its result', async () => {
    const jobId = await add('test.count', { to: 5, stepMs: 250 }, 'count-1');
    expect(jobId).toBe('count-1');
    const end = await queue.settled(jobId);
    expect(end).toMatchObject({ status: 'done', progress: 1, owner, attempt: 1, result: { sum: 15, attempt: 1 } });
    const seen = eventsOf(jobId);
    expect(seen[0]).toMatchObject({ status: 'queued', progress: 0 });
    expect(seen.map((e) => e.status)).toEqual(['queued', 'running', ...seen.slice(2, -1).map(() => 'running'), 'done']);
    const progress = seen.filter((e) => e.status === 'running').map((e) => e.progress);
    // Steps 250 ms apart each come through, in order, with the job's own words.
    expect(progress).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
    expect(seen.find((e) => e.progress === 0.6)?.message).toBe('step 3');
  });

  it('runs jobs side by side up to its number of threads, and the rest in turn', async () => {
    const started = Date.now();
    const ids = await Promise.all([1, 2, 3].map((n) => add('test.count', { to: 2, stepMs: 400 }, `turn-${n}`)));
    const ends = await Promise.all(ids.map((id) => queue.settled(id)));
    expect(ends.every((end) => end.status === 'done')).toBe(true);
    // Two threads: the third job waits for one of the first two (≥ 1.6 s in all, not 0.8).
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_500);
  });

  it('fails a job with the problem it names, at once, without another attempt', async () => {
    const jobId = await add('test.misbehave', { how: 'refuse', fileName: 'plan.pdf' });
    const end = await queue.settled(jobId);
    expect(end).toMatchObject({ status: 'failed', attempt: 1, problem: { code: 'corrupt', params: { fileName: 'plan.pdf' } } });
    expect(JSON.stringify(end)).not.toMatch(/at .*\.ts/);
  });

  it('runs a job that broke unexpectedly again after a wait, up to its kind’s attempts', async () => {
    const started = Date.now();
    const jobId = await add('test.misbehave', { how: 'flaky', flakyRuns: 2 });
    const end = await queue.settled(jobId);
    expect(end).toMatchObject({ status: 'done', attempt: 3, result: { attempt: 3 } });
    // Back-off: 50 ms, then 100 ms.
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    expect(eventsOf(jobId).filter((e) => e.status === 'queued').map((e) => e.attempt)).toEqual([1, 2, 3]);

    const hopeless = await add('test.misbehave', { how: 'flaky', flakyRuns: 5 });
    expect(await queue.settled(hopeless)).toMatchObject({ status: 'failed', attempt: 3, problem: { code: 'jobCrashed', params: {} } });
  });

  it('stops a job past its time limit and one past its memory limit, and goes on with the next', async () => {
    const hang = await add('test.misbehave', { how: 'hang' });
    const hog = await add('test.misbehave', { how: 'hog' });
    const [hung, hogged] = await Promise.all([queue.settled(hang), queue.settled(hog)]);
    // A time-out may be a busy machine: tried the kind's three times. Memory is not retried.
    expect(hung).toMatchObject({ status: 'failed', attempt: 3, problem: { code: 'jobTimeout', params: { seconds: 3 } } });
    expect(hogged).toMatchObject({ status: 'failed', attempt: 1, problem: { code: 'jobOutOfMemory', params: { megabytes: 128 } } });
    const after = await add('test.count', { to: 1, stepMs: 1 });
    expect(await queue.settled(after)).toMatchObject({ status: 'done', result: { sum: 1 } });
  }, 40_000);

  it('survives a thread that ends itself', async () => {
    const crash = await add('test.misbehave', { how: 'crash' });
    expect(await queue.settled(crash)).toMatchObject({ status: 'failed', attempt: 3, problem: { code: 'jobCrashed' } });
    const after = await add('test.count', { to: 1, stepMs: 1 });
    expect(await queue.settled(after)).toMatchObject({ status: 'done' });
  });

  it('refuses a kind it does not know', async () => {
    await expect(add('test.nothing', {})).rejects.toThrow(/no job kind/);
  });
});
