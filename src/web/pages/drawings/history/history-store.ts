import { makeAutoObservable, runInAction } from 'mobx';
import type { RevisionRow, SheetDetail, SheetListResult } from '../../../../core/contracts/drawings.ts';
import { Loadable } from '../../../ui/loadable.ts';
import type { DrawingApi } from '../../../drawing-kit/drawing-api.ts';
import type { CompareMode } from '../viewer/sheet-compare.tsx';

/** Revisions a comparison can draw: what has a file to look at (every status has one). */
const comparable = (row: RevisionRow) => row.width > 0 && row.height > 0;

/**
 * One sheet's history: every revision, newest first, and the two picked to compare (the
 * older drawn red, the newer green in the overlay).
 */
export class HistoryStore {
  readonly detail: Loadable<SheetDetail>;
  /** Revision ids in the order they were picked; at most two. */
  picked: number[] = [];
  mode: CompareMode = 'sideBySide';

  constructor(
    api: DrawingApi,
    readonly sheetId: number,
  ) {
    this.detail = new Loadable(() => api.sheet(sheetId));
    makeAutoObservable(this, { sheetId: false });
  }

  async start(): Promise<void> {
    await this.detail.load();
    // The sheet opens comparing its current revision with the one before, when it has one.
    const revisions = this.revisions.filter(comparable);
    const at = Math.max(0, revisions.findIndex((row) => row.status === 'current'));
    const newer = revisions[at];
    const earlier = revisions.slice(at + 1);
    const older = earlier.find((row) => row.status === 'superseded') ?? earlier[0];
    if (newer && older && !this.picked.length) runInAction(() => (this.picked = [older.id, newer.id]));
  }

  get revisions(): RevisionRow[] {
    return this.detail.data?.revisions ?? [];
  }

  /** Picks a revision for the comparison; a third pick lets go of the earliest pick. */
  pick(id: number, on: boolean): void {
    if (!on) this.picked = this.picked.filter((each) => each !== id);
    else if (!this.picked.includes(id)) this.picked = [...this.picked, id].slice(-2);
  }

  setPicked(ids: number[]): void {
    this.picked = ids.slice(-2);
  }

  setMode(mode: CompareMode): void {
    this.mode = mode;
  }

  /** The two picked revisions, older first (by their place in the history), or null. */
  get pair(): { older: RevisionRow; newer: RevisionRow } | null {
    if (this.picked.length !== 2) return null;
    // Newest first: the one further down the list is the older.
    const [a, b] = this.picked.map((id) => this.revisions.findIndex((row) => row.id === id));
    if (a === undefined || b === undefined || a < 0 || b < 0) return null;
    const older = this.revisions[Math.max(a, b)]!;
    const newer = this.revisions[Math.min(a, b)]!;
    return { older, newer };
  }
}

/** The sheets a person looks for before a history opens: a search by number or title, a page at a time. */
export class SheetPickerStore {
  keyword = '';
  page = 1;
  readonly listing: Loadable<SheetListResult>;

  constructor(
    api: DrawingApi,
    readonly workspaceCode: string,
  ) {
    this.listing = new Loadable(() =>
      api.sheets({ workspaceCode, keyword: this.keyword.trim() || undefined, sort: 'number', order: 'asc', page: this.page, size: SHEET_PICKER_PAGE_SIZE }),
    );
    makeAutoObservable(this, { workspaceCode: false });
  }

  search(keyword: string): void {
    this.keyword = keyword;
    this.page = 1;
    void this.listing.load();
  }

  setPage(page: number): void {
    this.page = page;
    void this.listing.load();
  }
}

export const SHEET_PICKER_PAGE_SIZE = 20;
