import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BullJobQueue, startBullWorker } from '../../../../src/server/jobs/bullmq-queue.ts';
import type { JobKind } from '../../../../src/server/jobs/kinds.ts';
import type { JobEvent } from '../../../../src/server/jobs/queue.ts';
import { TEST_KINDS } from './test-kinds.ts';

/**
 * The BullMQ queue against the Redis that TEST_REDIS_URL names (e.g. redis://127.0.0.1:6379),
 * listed as skipped when it is not set: a server adds jobs, a worker (as `npm run worker`
 * starts) runs them in its threads, and the server hears every step. Each run uses a queue of
 * its own name, so runs never meet each other's jobs.
 */

const redisUrl = process.env.TEST_REDIS_URL;

/** PING over a plain socket: whether anything answers as Redis does, before BullMQ tries. */
function ping(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname || '127.0.0.1', port: Number(port || 6379), timeout: 2_000 });
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

describe.skipIf(!redisUrl)(redisUrl ? `BullMQ on Redis at ${redisUrl}` : 'BullMQ on Redis (skipped: set TEST_REDIS_URL=redis://127.0.0.1:6379 to run)', () => {
  const name = `plinth-test-${crypto.randomBytes(4).toString('hex')}`;
  const owner = { tenantId: 2, userId: 9 };
  const events: JobEvent[] = [];
  let dataDir: string;
  let queue: BullJobQueue;
  let worker: { close(): Promise<void> };

  beforeAll(async () => {
    if (!(await ping(redisUrl!))) {
      throw new Error(`TEST_REDIS_URL=${redisUrl} does not answer: start Redis (apt-get install -y redis-server && redis-server --daemonize yes) or unset TEST_REDIS_URL`);
    }
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plinth-bull-'));
    queue = await BullJobQueue.open(redisUrl!, TEST_KINDS, name);
    queue.subscribe((event) => events.push(event));
    worker = await startBullWorker({ url: redisUrl!, workers: 2, storage: { dataDir, fileStoreUrl: '' }, kinds: TEST_KINDS, name });
  });

  afterAll(async () => {
    await worker?.close();
    await queue?.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const add = (kind: string, input: unknown) => queue.add(kind as JobKind, input as never, owner);

  it('runs a job in a worker process’s thread and tells the server of each step and the result', async () => {
    const jobId = await add('test.count', { to: 4, stepMs: 300 });
    const end = await queue.settled(jobId);
    expect(end).toMatchObject({ status: 'done', owner, kind: 'test.count', result: { sum: 10, attempt: 1 } });
    const seen = events.filter((e) => e.jobId === jobId);
    expect(seen.map((e) => e.status)).toContain('running');
    const progress = seen.filter((e) => e.status === 'running').map((e) => e.progress);
    expect(progress).toEqual(progress.toSorted((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('fails a job with its problem without another attempt, and retries one that broke', async () => {
    const refused = await add('test.misbehave', { how: 'refuse', fileName: 'plan.pdf' });
    expect(await queue.settled(refused)).toMatchObject({ status: 'failed', attempt: 1, problem: { code: 'corrupt', params: { fileName: 'plan.pdf' } } });
    const flaky = await add('test.misbehave', { how: 'flaky', flakyRuns: 1 });
    expect(await queue.settled(flaky)).toMatchObject({ status: 'done', result: { attempt: 2 } });
  });

  it('stops a job past its time limit in the worker and fails it after its attempts', async () => {
    const hang = await add('test.misbehave', { how: 'hang' });
    expect(await queue.settled(hang)).toMatchObject({ status: 'failed', problem: { code: 'jobTimeout', params: { seconds: 3 } } });
  }, 40_000);
});
