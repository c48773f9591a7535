/** Printing and summarising benchmark figures, and bounding how long a benchmark may run. */
import { quantile } from './load.ts';

/** Numbers right-aligned; the first column, and those named in `left`, left-aligned. */
export function printTable(header: string[], rows: string[][], left: number[] = []): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((cell, i) => (i === 0 || left.includes(i) ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!)))
      .join('  ')
      .trimEnd();
  console.log(line(header));
  for (const row of rows) console.log(line(row));
}

/** The value at quantile `q` of unsorted numbers. */
export const quantileOf = (values: readonly number[], q: number): number => quantile([...values].sort((a, b) => a - b), q);

export const median = (values: readonly number[]): number => quantileOf(values, 0.5);

/** Runs `work`, failing with a message naming the benchmark if it takes longer than `ms`. */
export async function withDeadline<T>(name: string, ms: number, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} benchmark exceeded ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([deadline, work()]);
  } finally {
    clearTimeout(timer);
  }
}
