import { makeAutoObservable, observable, runInAction } from 'mobx';
import type { PageFilter } from '../../core/pages/page-config.ts';
import { isRelativeRange, localToday, resolveRelativeRange } from '../../core/pages/relative-range.ts';
import type { CrossSelection, FilterOptionsState, FilterValue, PageFilterState } from '../../../widgets/types.ts';
import { messageOf } from '../api/error-message.ts';
import type { DatasetDistinctResult } from '../../core/contracts/dataset.ts';

/** A filter's starting value: a relative range resolved against today, a value, or nothing chosen. */
export function defaultFilterValue(filter: PageFilter, today: Date): FilterValue {
  const given = filter.default;
  if (filter.type === 'dateRange') {
    if (isRelativeRange(given)) return resolveRelativeRange(given, today);
    if (Array.isArray(given)) return [given[0] ?? null, given[1] ?? null];
    return [null, null];
  }
  if (filter.multiple) return Array.isArray(given) ? given.filter((v) => v !== null) : given === undefined ? [] : [given];
  if (Array.isArray(given)) return given[0] ?? null;
  return given ?? null;
}

const sameValue = (a: FilterValue, b: FilterValue) => JSON.stringify(a) === JSON.stringify(b);

/** The page's filter values, observable, starting from each filter's default. */
export class PageFilterStore implements PageFilterState {
  private readonly values = observable.map<string, FilterValue>();
  private readonly defaults = new Map<string, FilterValue>();
  private readonly optionStates = observable.map<string, FilterOptionsState>();
  selection: CrossSelection | null = null;

  constructor(
    readonly definitions: readonly PageFilter[],
    private readonly loadDistinct: (dataset: string, field: string) => Promise<DatasetDistinctResult>,
    today: Date = localToday(),
  ) {
    for (const filter of definitions) {
      const value = defaultFilterValue(filter, today);
      this.defaults.set(filter.id, value);
      this.values.set(filter.id, value);
    }
    makeAutoObservable<PageFilterStore, 'loadDistinct' | 'defaults'>(this, { definitions: false, loadDistinct: false, defaults: false });
  }

  value(id: string): FilterValue {
    return this.values.get(id) ?? null;
  }

  set(id: string, value: FilterValue): void {
    if (this.values.has(id)) this.values.set(id, value);
  }

  reset(): void {
    for (const [id, value] of this.defaults) this.values.set(id, value);
    this.selection = null;
  }

  select(selection: CrossSelection | null): void {
    // The same pick again clears it, as a second click on a bar does.
    const same = selection && this.selection && selection.widgetId === this.selection.widgetId && JSON.stringify(selection.clauses) === JSON.stringify(this.selection.clauses);
    this.selection = same ? null : selection;
  }

  get atDefaults(): boolean {
    return this.selection === null && [...this.defaults].every(([id, value]) => sameValue(this.values.get(id) ?? null, value));
  }

  options(id: string): FilterOptionsState {
    const state = this.optionStates.get(id);
    if (state) return state;
    const filter = this.definitions.find((f) => f.id === id);
    if (filter?.options || !filter?.optionsDataset) return { status: 'ready', options: filter?.options ?? [] };
    // Read during a render: the load starts just after it, not inside it.
    queueMicrotask(() => this.loadOptions(filter));
    return { status: 'loading' };
  }

  private loadOptions(filter: PageFilter): void {
    if (this.optionStates.get(filter.id)?.status === 'loading' || this.optionStates.get(filter.id)?.status === 'ready') return;
    this.optionStates.set(filter.id, { status: 'loading' });
    this.loadDistinct(filter.optionsDataset!, filter.field).then(
      ({ values, column }) =>
        runInAction(() =>
          this.optionStates.set(filter.id, {
            status: 'ready',
            options: values.map((value) => ({ value: value as string | number, label: String(value) })),
            ...(column && { column }),
          }),
        ),
      (failure: unknown) =>
        runInAction(() =>
          this.optionStates.set(filter.id, { status: 'error', message: messageOf(failure, ''), retry: () => this.retryOptions(filter) }),
        ),
    );
  }

  private retryOptions(filter: PageFilter): void {
    this.optionStates.delete(filter.id);
    this.loadOptions(filter);
  }
}
