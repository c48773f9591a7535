/** Columns of a wall: the props', else as square a grid as the streams allow (4 -> 2, 5 -> 3, 9 -> 3). */
export const wallColumns = (count: number, columns?: number) => Math.max(1, Math.min(count, columns ?? Math.ceil(Math.sqrt(count))));

export type Arrow = 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown';

/** The tile an arrow key leads to from `index`; left and right swap in right-to-left pages; the edges hold. */
export function neighbour(index: number, key: Arrow, count: number, columns: number, rtl: boolean): number {
  const column = index % columns;
  const step = { ArrowLeft: rtl ? 1 : -1, ArrowRight: rtl ? -1 : 1, ArrowUp: -columns, ArrowDown: columns }[key];
  // Left and right stay in the row.
  if ((step === 1 && column === columns - 1) || (step === -1 && column === 0)) return index;
  const next = index + step;
  return next >= 0 && next < count ? next : index;
}
