import { makeAutoObservable } from 'mobx';
import type { DrawingSet, SheetListBody, SheetListResult, SheetSort } from '../../../../core/contracts/drawings.ts';
import { Loadable } from '../../../ui/loadable.ts';
import type { DrawingApi } from '../../../drawing-kit/drawing-api.ts';

/** Sheets per page: a multiple of 2, 3, 4 and 6, so the grid's last row is full at any width. */
export const REGISTER_PAGE_SIZE = 48;

export type RegisterView = 'grid' | 'list';

export interface RegisterQuery {
  keyword: string;
  discipline: string | undefined;
  setId: number | undefined;
  sort: SheetSort;
  order: 'asc' | 'desc';
  page: number;
}

const FIRST_QUERY: RegisterQuery = { keyword: '', discipline: undefined, setId: undefined, sort: 'number', order: 'asc', page: 1 };

/** Where the register keeps the caller's choice of view (the user's screen settings, kept by the server). */
export interface ViewPreference {
  read(): Promise<RegisterView | null>;
  save(view: RegisterView): Promise<void>;
}

/**
 * The register of one workspace: a page of its sheets under a search, discipline and set
 * filter and a sort; its drawing sets; and the view (grid or list) the caller last chose.
 */
export class RegisterStore {
  query: RegisterQuery = FIRST_QUERY;
  /** Reads the query as it is when each load starts; a reload keeps the page shown until it answers. */
  readonly listing: Loadable<SheetListResult>;
  readonly sets: Loadable<DrawingSet[]>;
  view: RegisterView = 'grid';
  /** How many revisions wait for review in the workspace (null: not known). */
  pendingTotal: number | null = null;

  constructor(
    readonly api: DrawingApi,
    readonly workspaceCode: string,
    private readonly preference: ViewPreference,
  ) {
    this.sets = new Loadable(() => api.sets(workspaceCode));
    this.listing = new Loadable(() => api.sheets(this.body()));
    makeAutoObservable<RegisterStore, 'preference' | 'body'>(this, { api: false, workspaceCode: false, preference: false, body: false });
  }

  async start(): Promise<void> {
    void this.preference.read().then((view) => view && this.showView(view, false));
    await Promise.all([this.listing.load(), this.sets.load(), this.countPending()]);
  }

  search(changes: Partial<Pick<RegisterQuery, 'keyword' | 'discipline' | 'setId'>>): void {
    this.query = { ...this.query, ...changes, page: 1 };
    this.reload();
  }

  setSort(sort: SheetSort, order: 'asc' | 'desc'): void {
    this.query = { ...this.query, sort, order, page: 1 };
    this.reload();
  }

  setPage(page: number): void {
    this.query = { ...this.query, page };
    this.reload();
  }

  /** Shows the grid or the list; the choice is kept for the caller's next visit. */
  showView(view: RegisterView, remember = true): void {
    this.view = view;
    if (remember) void this.preference.save(view).catch(() => undefined);
  }

  get filtering(): boolean {
    return !!this.query.keyword.trim() || !!this.query.discipline || this.query.setId !== undefined;
  }

  /** After uploads, publishing or a set's save: the list, the sets and the count of what waits. */
  async refresh(): Promise<void> {
    await Promise.all([this.listing.load(), this.sets.load(), this.countPending()]);
  }

  async saveSet(name: string, id?: number): Promise<DrawingSet> {
    const saved = await this.api.saveSet({ workspaceCode: this.workspaceCode, ...(id === undefined ? {} : { id }), name });
    await this.refresh();
    return saved;
  }

  private async countPending(): Promise<void> {
    try {
      const { total } = await this.api.pending(this.workspaceCode, 1, 1);
      this.setPendingTotal(total);
    } catch {
      this.setPendingTotal(null);
    }
  }

  private setPendingTotal(total: number | null): void {
    this.pendingTotal = total;
  }

  private reload(): void {
    void this.listing.load();
  }

  private body(): SheetListBody {
    const { query, workspaceCode } = this;
    return {
      workspaceCode,
      keyword: query.keyword.trim() || undefined,
      discipline: query.discipline,
      setId: query.setId,
      sort: query.sort,
      order: query.order,
      page: query.page,
      size: REGISTER_PAGE_SIZE,
    };
  }
}
