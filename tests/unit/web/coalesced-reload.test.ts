import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedReload } from '../../../src/web/api/coalesced-reload.ts';

/** A reload whose runs are counted and finished by the test. */
function reloads() {
  const runs: number[][] = [];
  const finish: (() => void)[] = [];
  const run = (changes: number[]) => {
    runs.push(changes);
    return new Promise<void>((resolve) => finish.push(resolve));
  };
  return { runs, finish, run };
}

describe('a reload after others\' changes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('gathers the changes of a quiet moment into one read', async () => {
    const { runs, run } = reloads();
    const reload = coalescedReload(run, 250);
    reload.request(1);
    reload.request(2);
    await vi.advanceTimersByTimeAsync(249);
    expect(runs).toEqual([]);
    reload.request(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toEqual([[1, 2, 3]]);
  });

  it('runs once at a time: changes during a read are served by one more read after it', async () => {
    const { runs, finish, run } = reloads();
    const reload = coalescedReload(run, 250);
    reload.request(1);
    await vi.advanceTimersByTimeAsync(250);
    for (let change = 2; change <= 40; change++) reload.request(change);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toHaveLength(1); // the first read has not answered: no second one alongside it
    finish[0]!();
    await vi.advanceTimersByTimeAsync(250);
    expect(runs).toHaveLength(2);
    expect(runs[1]).toHaveLength(39);
    finish[1]!();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(2); // nothing new: no read
  });

  it('goes on after a read fails, and stops when asked', async () => {
    const runs: number[][] = [];
    const reload = coalescedReload((changes: number[]) => {
      runs.push(changes);
      return Promise.reject(new Error('offline'));
    }, 100);
    reload.request(1);
    await vi.advanceTimersByTimeAsync(100);
    reload.request(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(runs).toEqual([[1], [2]]);
    reload.request(3);
    reload.stop();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(runs).toHaveLength(2);
  });
});
