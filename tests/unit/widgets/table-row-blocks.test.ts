import { describe, expect, it } from 'vitest';
import { RowBlocks, type RowBlock } from '../../../widgets/table/row-blocks.ts';

const TOTAL = 100_000;
const SIZE = 200;

/** A server of TOTAL numbered rows answering pages of SIZE, recording which pages were asked for. */
function server() {
  const asked: number[] = [];
  const pending: (() => void)[] = [];
  const fetchBlock = (pageNum: number) =>
    new Promise<RowBlock>((resolve) => {
      asked.push(pageNum);
      const from = (pageNum - 1) * SIZE;
      pending.push(() => resolve({ rows: Array.from({ length: Math.min(SIZE, TOTAL - from) }, (_, i) => ({ no: from + i + 1 })), total: TOTAL }));
    });
  const answerAll = async () => {
    while (pending.length) pending.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { asked, fetchBlock, answerAll };
}

describe('RowBlocks (virtual table body)', () => {
  it('fetches only the blocks the viewport reaches, once each', async () => {
    const s = server();
    let changes = 0;
    const blocks = new RowBlocks(s.fetchBlock, SIZE, TOTAL, () => changes++);
    blocks.ensure(50_000, 50_030);
    blocks.ensure(50_010, 50_040); // still on its way: not asked again
    expect(s.asked).toEqual([251]);
    expect(blocks.row(50_000)).toBeUndefined();
    await s.answerAll();
    expect(blocks.row(50_000)).toEqual({ no: 50_001 });
    expect(changes).toBe(1);
    blocks.ensure(50_190, 50_210); // straddles two blocks; the first is here
    expect(s.asked).toEqual([251, 252]);
    blocks.ensure(99_990, 100_500); // past the end is clamped to the last block
    expect(s.asked).toEqual([251, 252, 500]);
  });

  it('keeps a small cache, dropping the blocks farthest from the viewport', async () => {
    const s = server();
    const blocks = new RowBlocks(s.fetchBlock, SIZE, TOTAL, () => {}, 4);
    blocks.seed(1, [{ no: 1 }]);
    for (const block of [10, 11, 12, 13, 14]) {
      blocks.ensure((block - 1) * SIZE, (block - 1) * SIZE + 10);
      await s.answerAll();
    }
    expect(blocks.cachedBlocks).toEqual([11, 12, 13, 14]);
    blocks.ensure(0, 10); // scrolled back: asked again
    expect(s.asked.at(-1)).toBe(1);
  });

  it('ignores answers after it was closed for a newer query, and retries failed blocks on request', async () => {
    const s = server();
    let changes = 0;
    const stale = new RowBlocks(s.fetchBlock, SIZE, TOTAL, () => changes++);
    stale.ensure(0, 10);
    stale.close();
    await s.answerAll();
    expect([stale.row(0), changes]).toEqual([undefined, 0]);

    let fail = true;
    const flaky = new RowBlocks((n) => (fail ? Promise.reject(new Error('offline')) : s.fetchBlock(n)), SIZE, TOTAL, () => changes++);
    flaky.ensure(400, 410);
    await new Promise((r) => setTimeout(r, 0));
    expect(flaky.rowFailed(400)).toBe(true);
    flaky.ensure(400, 410); // a failed block waits for the retry
    fail = false;
    flaky.retryFailed();
    flaky.ensure(400, 410);
    await s.answerAll();
    expect(flaky.row(400)).toEqual({ no: 401 });
  });
});
