/** One block of rows as the server answers it. */
export interface RowBlock {
  rows: Record<string, unknown>[];
  total: number;
}

/** Blocks kept at most; the ones farthest from the viewport go first. */
export const MAX_CACHED_BLOCKS = 24;

/**
 * The rows of a server-paged result, held in blocks of `blockSize` (block n = page n) and
 * fetched as the viewport reaches them. A small cache: blocks far from the viewport are
 * dropped and fetched again if the reader scrolls back.
 */
export class RowBlocks {
  private readonly blocks = new Map<number, Record<string, unknown>[]>();
  private readonly pending = new Set<number>();
  private readonly failed = new Set<number>();
  private closed = false;
  total: number;

  constructor(
    private readonly fetchBlock: (pageNum: number) => Promise<RowBlock>,
    readonly blockSize: number,
    total: number,
    private readonly onChange: () => void,
    private readonly maxBlocks = MAX_CACHED_BLOCKS,
  ) {
    this.total = total;
  }

  /** Stores a block already fetched (the first page comes with the widget's data). */
  seed(pageNum: number, rows: Record<string, unknown>[]): void {
    this.blocks.set(pageNum, rows);
  }

  blockOf(index: number): number {
    return Math.floor(index / this.blockSize) + 1;
  }

  /** The row at `index`, or undefined while its block is not here. */
  row(index: number): Record<string, unknown> | undefined {
    return this.blocks.get(this.blockOf(index))?.[index % this.blockSize];
  }

  /** True when the block of this row failed to load (its rows show a retry). */
  rowFailed(index: number): boolean {
    return this.failed.has(this.blockOf(index));
  }

  /** Fetches every block between rows `first` and `last` that is neither here nor on its way. */
  ensure(first: number, last: number): void {
    if (this.total === 0) return;
    const from = this.blockOf(Math.max(0, first));
    const to = this.blockOf(Math.min(this.total - 1, Math.max(first, last)));
    for (let block = from; block <= to; block++) {
      if (this.blocks.has(block) || this.pending.has(block) || this.failed.has(block)) continue;
      this.load(block, (from + to) / 2);
    }
  }

  /** Forgets failures so that `ensure` asks again. */
  retryFailed(): void {
    this.failed.clear();
    this.onChange();
  }

  /** Stops taking answers: the query changed and a new instance took over. */
  close(): void {
    this.closed = true;
  }

  get cachedBlocks(): number[] {
    return [...this.blocks.keys()].sort((a, b) => a - b);
  }

  private load(block: number, around: number): void {
    this.pending.add(block);
    this.fetchBlock(block).then(
      (answer) => {
        this.pending.delete(block);
        if (this.closed) return;
        this.blocks.set(block, answer.rows);
        this.total = answer.total;
        this.evict(around);
        this.onChange();
      },
      () => {
        this.pending.delete(block);
        if (this.closed) return;
        this.failed.add(block);
        this.onChange();
      },
    );
  }

  private evict(around: number): void {
    if (this.blocks.size <= this.maxBlocks) return;
    const byDistance = [...this.blocks.keys()].sort((a, b) => Math.abs(b - around) - Math.abs(a - around));
    for (const block of byDistance.slice(0, this.blocks.size - this.maxBlocks)) this.blocks.delete(block);
  }
}
