import { describe, expect, it } from 'vitest';
import type { RevisionRow, SheetDetail } from '../../../../src/core/contracts/drawings.ts';
import { HistoryStore } from '../../../../src/web/pages/drawings/history/history-store.ts';
import type { DrawingApi } from '../../../../src/web/drawing-kit/drawing-api.ts';

const revision = (id: number, label: string, status: RevisionRow['status']): RevisionRow =>
  ({ id, sheetId: 5, number: 'A-101', label, status, kind: 'pdf', width: 1191, height: 842 }) as RevisionRow;

/** A sheet's history, newest first: D waits, C is current, B was superseded, A rejected. */
const history = (revisions: RevisionRow[]) => {
  const api = { sheet: async () => ({ sheet: { id: 5, number: 'A-101' }, revisions }) as SheetDetail } as unknown as DrawingApi;
  return new HistoryStore(api, 5);
};

describe("a sheet's history", () => {
  it('opens comparing the current revision with the one it superseded', async () => {
    const store = history([revision(4, 'D', 'pending'), revision(3, 'C', 'current'), revision(2, 'B', 'superseded'), revision(1, 'A', 'rejected')]);
    await store.start();
    expect(store.pair).toMatchObject({ older: { label: 'B' }, newer: { label: 'C' } });
  });

  it('compares any two picked revisions older first, whichever was picked first, and lets go of the earliest pick for a third', async () => {
    const store = history([revision(4, 'D', 'pending'), revision(3, 'C', 'current'), revision(2, 'B', 'superseded'), revision(1, 'A', 'rejected')]);
    await store.start();
    store.setPicked([4, 1]);
    expect(store.pair).toMatchObject({ older: { label: 'A' }, newer: { label: 'D' } });
    store.pick(2, true);
    expect(store.picked).toEqual([1, 2]);
    store.pick(1, false);
    expect(store.pair).toBeNull();
  });

  it('has nothing to compare with a single revision', async () => {
    const store = history([revision(1, 'A', 'current')]);
    await store.start();
    expect(store.pair).toBeNull();
  });
});
