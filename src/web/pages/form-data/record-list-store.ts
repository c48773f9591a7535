import { makeAutoObservable, runInAction } from 'mobx';
import type { FormOption, FormVersionDetail } from '../../../core/contracts/form.ts';
import { RECORD_POINTS, type FormRecord, type RecordPage, type SearchConfig } from '../../../core/contracts/record.ts';
import type { RecordFilter, RecordSort } from '../../../core/contracts/record-query.ts';
import type { ButtonPointName } from '../../../core/forms/form-design.ts';
import { HeldPoints } from '../../ui/held-points.ts';
import type { AdminApi } from '../../api/admin-endpoints.ts';
import { Loadable } from '../../ui/loadable.ts';
import { Directory, type AddressValue } from './directory.ts';
import type { FormDataApi } from './form-data-api.ts';
import {
  blankSystemColumns,
  COLUMN_PREFERENCE_TYPE,
  defaultColumnPreference,
  listColumnsOf,
  mergeColumnPreference,
  type ColumnPreference,
  type ListColumn,
} from './list-columns.ts';
import { activeFilters, defaultShownFilters } from './list-filters.ts';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

interface ListForm {
  option: FormOption;
  version: FormVersionDetail;
}

/**
 * One form's record list: the published version it reads columns from, the filter bar, sort,
 * paging and selection, the saved search and column choice, and the points its buttons need.
 */
export class RecordListStore {
  readonly form: Loadable<ListForm>;
  readonly records: Loadable<RecordPage>;
  readonly directory: Directory;
  held: HeldPoints | null = null;

  shownFilters: string[] = [];
  filterValues = new Map<string, RecordFilter>();
  /** The filters of the last search: paging and export use these, not what is being typed. */
  appliedFilters: RecordFilter[] = [];
  keyword = '';
  sort: RecordSort[] = [];
  pageNum = 1;
  pageSize = 20;
  selected: number[] = [];
  columnPreferences: ColumnPreference[] = [];

  constructor(
    private readonly api: FormDataApi,
    private readonly formId: number,
    private readonly pointsApi: AdminApi,
  ) {
    this.directory = new Directory(api);
    this.form = new Loadable(() => this.loadForm());
    this.records = new Loadable(() =>
      this.api.records({ formId, pageNum: this.pageNum, pageSize: this.pageSize, filters: this.appliedFilters, sort: this.sort, keyword: this.keyword.trim() || undefined }),
    );
    makeAutoObservable<RecordListStore, 'api' | 'formId' | 'pointsApi'>(this, { api: false, formId: false, pointsApi: false, form: false, records: false, directory: false });
  }

  get columns(): ListColumn[] {
    const version = this.form.data?.version;
    return version ? listColumnsOf(version.design) : [];
  }

  /** The columns the reader chose, less the system columns blank on every record of the page. */
  get visibleColumns(): { column: ListColumn; width?: number }[] {
    const byKey = new Map(this.columns.map((column) => [column.key, column]));
    const blank = blankSystemColumns(this.records.data?.list ?? []);
    return this.columnPreferences.flatMap((preference) => {
      const column = byKey.get(preference.key);
      return column && preference.visible && !blank.has(column.key) ? [{ column, width: preference.width }] : [];
    });
  }

  /** Whether the reader may use a button of this form: the server answers per form, its own points included. */
  can(button: ButtonPointName): boolean {
    return this.held?.has(RECORD_POINTS[button]) ?? false;
  }

  private async loadForm(): Promise<ListForm> {
    const options = await this.api.formOptions();
    const option = options.find((each) => each.id === this.formId);
    if (!option) throw new Error('not-found');
    const [version, saved, columns] = await Promise.all([
      this.api.formVersion(option.id, option.currentVersion),
      this.api.searchConfig(option.id),
      this.api.preference(COLUMN_PREFERENCE_TYPE, String(option.id)),
    ]);
    const held = HeldPoints.ofModules(this.pointsApi, ['record'], option.id);
    void held.load();
    void this.directory.loadPeople();
    runInAction(() => {
      this.held = held;
      const all = listColumnsOf(version.design);
      this.columnPreferences = mergeColumnPreference(all, defaultColumnPreference(all, version.settings), columns[0]?.configValue ?? null);
      this.applySearchConfig(saved.config, all, version.settings.listColumns);
    });
    return { option, version };
  }

  private applySearchConfig(config: SearchConfig | null, columns: ListColumn[], listColumns: string[]): void {
    const known = new Set(columns.filter((column) => column.kind).map((column) => column.key));
    this.shownFilters = config ? config.shownFilters.filter((key) => known.has(key)) : defaultShownFilters(columns, listColumns);
    this.filterValues = new Map((config?.filters ?? []).filter((filter) => known.has(filter.field)).map((filter) => [filter.field, filter]));
    this.sort = config?.sort ?? [];
    this.keyword = config?.keyword ?? '';
    this.pageSize = config?.pageSize ?? 20;
    this.appliedFilters = activeFilters(columns, this.shownFilters, this.filterValues);
  }

  async open(): Promise<void> {
    await this.form.load();
    if (this.form.data) await this.reload();
  }

  async reload(): Promise<void> {
    await this.records.load();
    const page = this.records.data;
    if (page) void this.directory.resolveAddresses(this.addressesOf(page.list));
  }

  private addressesOf(records: readonly FormRecord[]): AddressValue[] {
    const keys = this.columns.filter((column) => column.field?.type === 'address').map((column) => column.key);
    return records.flatMap((record) => keys.map((key) => record.data[key]).filter((value): value is AddressValue => !!value && typeof value === 'object'));
  }

  setFilter(field: string, filter: RecordFilter | null): void {
    const next = new Map(this.filterValues);
    if (filter) next.set(field, filter);
    else next.delete(field);
    this.filterValues = next;
  }

  setShownFilters(keys: string[]): void {
    this.shownFilters = keys;
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword;
  }

  /** Runs the bar's filters from the first page. */
  search(): Promise<void> {
    this.appliedFilters = activeFilters(this.columns, this.shownFilters, this.filterValues);
    this.pageNum = 1;
    this.selected = [];
    return this.reload();
  }

  resetFilters(): Promise<void> {
    this.filterValues = new Map();
    this.keyword = '';
    return this.search();
  }

  /** The first page of `pageSize` records with no filter or keyword: a list shown outside this screen (a form widget), whatever search the screen keeps. */
  firstPage(pageSize: number): Promise<void> {
    this.pageSize = pageSize;
    return this.resetFilters();
  }

  setPage(pageNum: number, pageSize: number): Promise<void> {
    if (pageSize !== this.pageSize) pageNum = 1;
    this.pageNum = pageNum;
    this.pageSize = pageSize;
    return this.reload();
  }

  setSort(sort: RecordSort[]): Promise<void> {
    this.sort = sort;
    this.pageNum = 1;
    return this.reload();
  }

  setSelected(ids: number[]): void {
    this.selected = ids;
  }

  /** Keeps the bar (shown filters, their values, sort, keyword, page size) for this user and form. */
  async saveSearch(): Promise<void> {
    await this.api.saveSearchConfig(this.formId, {
      shownFilters: this.shownFilters,
      filters: activeFilters(this.columns, this.shownFilters, this.filterValues),
      sort: this.sort,
      keyword: this.keyword.trim(),
      pageSize: this.pageSize,
    });
  }

  /** Back to the form's defaults: the reader's columns and saved search are forgotten, and the list reads again. */
  async resetToDefaults(): Promise<void> {
    const loaded = this.form.data;
    if (!loaded) return;
    await this.api.resetFormDefaults(this.formId);
    const { settings, design } = loaded.version;
    const all = listColumnsOf(design);
    runInAction(() => {
      this.columnPreferences = defaultColumnPreference(all, settings);
      this.applySearchConfig(null, all, settings.listColumns);
      this.pageNum = 1;
    });
    await this.reload();
  }

  async saveColumns(preferences: ColumnPreference[]): Promise<void> {
    await this.api.savePreference(COLUMN_PREFERENCE_TYPE, String(this.formId), { columns: preferences });
    runInAction(() => {
      this.columnPreferences = preferences;
    });
  }

  async deleteSelected(): Promise<number> {
    const ids = [...this.selected];
    await this.api.deleteRecords(ids);
    runInAction(() => {
      this.selected = [];
    });
    await this.reload();
    return ids.length;
  }

  /** The filtered, sorted rows as a workbook with every field, so that it imports again as it is. */
  exportRecords() {
    return this.api.exportRecords({ formId: this.formId, filters: this.appliedFilters, sort: this.sort, keyword: this.keyword.trim() || undefined });
  }

  async importRecords(file: File) {
    const result = await this.api.importRecords(this.formId, file);
    if (result.imported > 0) await this.reload();
    return result;
  }
}
