import { makeAutoObservable, runInAction } from 'mobx';
import type { FollowBulkBody, FollowBulkResult, FollowListResult, FollowPerson, FollowSort, FollowType } from '../../../../core/contracts/follows.ts';
import { Loadable } from '../../../ui/loadable.ts';
import type { FollowApi } from '../follow-api.ts';
import { cleanFilter, filterBody, type FollowFilter, type FollowQuery } from '../follow-filter.ts';

/** Rows per page: the server pages (a workspace may hold 100,000). */
export const FOLLOW_PAGE_SIZE = 50;

/** The list's columns a person may show or hide; number and title always show. */
export const FOLLOW_COLUMNS = ['status', 'priority', 'type', 'assignees', 'reviewer', 'dueDate', 'trade', 'location', 'sheet', 'createdBy', 'createTime', 'updateTime'] as const;
export type FollowColumn = (typeof FOLLOW_COLUMNS)[number];
export const DEFAULT_COLUMNS: FollowColumn[] = ['status', 'priority', 'type', 'assignees', 'dueDate', 'trade', 'updateTime'];

/** A saved search: a name and the filters (kept per user with the preferences). */
export interface SavedSearch {
  name: string;
  filter: FollowFilter;
}

export const COLUMNS_PREFERENCE = 'followListColumns';
export const SEARCHES_PREFERENCE = 'followListSearches';

const SAVED_MAX = 30;

/**
 * The follow-up list of one workspace: a page of rows under the filters and sort of the
 * address, the types and people the filters and cells name, the caller's columns and saved
 * searches, and the rows chosen for a bulk change.
 */
export class FollowListStore {
  query: FollowQuery;
  readonly listing: Loadable<FollowListResult>;
  readonly types: Loadable<FollowType[]>;
  readonly people: Loadable<FollowPerson[]>;
  columns: FollowColumn[] = DEFAULT_COLUMNS;
  searches: SavedSearch[] = [];
  selected: number[] = [];

  constructor(
    readonly api: FollowApi,
    readonly workspaceCode: string,
    query: FollowQuery,
  ) {
    this.query = query;
    this.listing = new Loadable(() =>
      api.list({ ...filterBody(workspaceCode, this.query.filter), sort: this.query.sort, order: this.query.order, page: this.query.page, size: FOLLOW_PAGE_SIZE }),
    );
    this.types = new Loadable(() => api.types(workspaceCode));
    this.people = new Loadable(() => api.people(workspaceCode));
    makeAutoObservable(this, { api: false, workspaceCode: false });
  }

  async start(): Promise<void> {
    void this.readPreferences();
    await Promise.all([this.listing.load(), this.types.load(), this.people.load()]);
  }

  /** The address changed (a link, back, a figure of the overview): show what it says. */
  show(query: FollowQuery): void {
    this.query = query;
    this.selected = [];
    void this.listing.load();
  }

  get activeTypes(): FollowType[] {
    return (this.types.data ?? []).filter((type) => !type.retired);
  }

  select(ids: number[]): void {
    this.selected = ids;
  }

  setColumns(columns: FollowColumn[]): void {
    this.columns = FOLLOW_COLUMNS.filter((column) => columns.includes(column));
    void this.api.savePreference(COLUMNS_PREFERENCE, this.columns).catch(() => undefined);
  }

  saveSearch(name: string, filter: FollowFilter): void {
    const kept = this.searches.filter((search) => search.name !== name);
    this.searches = [...kept, { name, filter: cleanFilter(filter) }].slice(-SAVED_MAX);
    void this.api.savePreference(SEARCHES_PREFERENCE, this.searches).catch(() => undefined);
  }

  forgetSearch(name: string): void {
    this.searches = this.searches.filter((search) => search.name !== name);
    void this.api.savePreference(SEARCHES_PREFERENCE, this.searches).catch(() => undefined);
  }

  async bulk(change: Omit<FollowBulkBody, 'ids'>): Promise<FollowBulkResult> {
    const result = await this.api.bulk({ ids: this.selected, ...change });
    runInAction(() => {
      this.selected = this.selected.filter((id) => result.refused.some((refusal) => refusal.id === id));
    });
    await this.listing.load();
    return result;
  }

  /** Someone changed a follow-up: reload quietly (the page shown stays until it answers). */
  refresh(): Promise<void> {
    return this.listing.load();
  }

  sortKey(): FollowSort {
    return this.query.sort;
  }

  private async readPreferences(): Promise<void> {
    const [columns, searches] = await Promise.all([
      this.api.preference(COLUMNS_PREFERENCE).catch(() => null),
      this.api.preference(SEARCHES_PREFERENCE).catch(() => null),
    ]);
    runInAction(() => {
      if (Array.isArray(columns)) this.columns = FOLLOW_COLUMNS.filter((column) => columns.includes(column));
      if (Array.isArray(searches)) {
        this.searches = searches.filter(
          (search): search is SavedSearch => !!search && typeof search === 'object' && typeof (search as SavedSearch).name === 'string' && typeof (search as SavedSearch).filter === 'object',
        );
      }
    });
  }
}
