import { makeAutoObservable, runInAction } from 'mobx';
import type { DataSource, DataSourceOption, OptionImportResult } from '../../../core/contracts/follow-settings.ts';
import { treeOrder } from '../../../core/follow-settings/option-tree.ts';
import { Loadable } from '../../ui/loadable.ts';
import type { SettingsApi } from './settings-api.ts';

/** A workspace's data sources and the options of the one picked, retired ones included (the screen hides them on request). */
export class SourceStore {
  readonly sources: Loadable<DataSource[]>;
  readonly options: Loadable<DataSourceOption[]>;
  picked: string | null = null;
  showRetired = true;
  /** The last import's answer, shown until another list is picked. */
  imported: OptionImportResult | null = null;

  constructor(
    private readonly api: SettingsApi,
    readonly workspaceCode: string,
  ) {
    this.sources = new Loadable(() => api.sources(workspaceCode));
    this.options = new Loadable(() => (this.picked ? api.options(workspaceCode, this.picked) : Promise.resolve([])));
    makeAutoObservable<SourceStore, 'api'>(this, { api: false, workspaceCode: false });
  }

  async start(): Promise<void> {
    await this.sources.load();
    const first = this.sources.data?.[0];
    if (first && !this.picked) this.pick(first.key);
  }

  pick(key: string): void {
    if (this.picked === key) return;
    this.picked = key;
    this.imported = null;
    void this.options.load();
  }

  setShowRetired(show: boolean): void {
    this.showRetired = show;
  }

  setImported(result: OptionImportResult | null): void {
    this.imported = result;
  }

  get source(): DataSource | null {
    return this.sources.data?.find((each) => each.key === this.picked) ?? null;
  }

  /** The options in tree order with their depth; retired ones only when shown. */
  get rows(): { option: DataSourceOption; depth: number }[] {
    const all = treeOrder(this.options.data ?? []);
    return this.showRetired ? all : all.filter((row) => !row.option.retired);
  }

  /** Options of the same parent, in their order. */
  siblingsOf(option: DataSourceOption): DataSourceOption[] {
    return treeOrder(this.options.data ?? [])
      .map((row) => row.option)
      .filter((each) => each.parentId === option.parentId);
  }

  /** After a write: the options again, and the lists' counts. */
  async reload(): Promise<void> {
    await Promise.all([this.options.load(), this.sources.load()]);
  }

  /**
   * Moves an option one place up or down among its siblings: the siblings are numbered again in
   * steps of ten (a list filled by import may hold equal sorts), and the ones that change saved.
   */
  async shift(option: DataSourceOption, by: -1 | 1): Promise<void> {
    const siblings = this.siblingsOf(option);
    const at = siblings.findIndex((each) => each.id === option.id);
    const to = at + by;
    if (at < 0 || to < 0 || to >= siblings.length) return;
    const order = [...siblings];
    [order[at], order[to]] = [order[to]!, order[at]!];
    const source = this.picked!;
    for (const [index, each] of order.entries()) {
      const sort = (index + 1) * 10;
      if (each.sort === sort) continue;
      await this.api.saveOption({ workspaceCode: this.workspaceCode, source, id: each.id, revision: each.revision, code: each.code, label: each.label, parentId: each.parentId, sort });
    }
    await this.options.load();
  }

  /** The sort that places a new option last among the children of `parentId`. */
  nextSort(parentId: number | null): number {
    const sorts = (this.options.data ?? []).filter((each) => each.parentId === parentId).map((each) => each.sort);
    return sorts.length ? Math.min(1000000, Math.max(...sorts) + 10) : 10;
  }

  async retire(option: DataSourceOption, retired: boolean): Promise<void> {
    await this.api.retireOptions(this.workspaceCode, this.picked!, [option.id], retired);
    await this.reload();
  }

  async remove(option: DataSourceOption): Promise<void> {
    await this.api.deleteOptions(this.workspaceCode, this.picked!, [option.id]);
    await this.reload();
  }

  async importFile(file: File): Promise<OptionImportResult> {
    const result = await this.api.importOptions(this.workspaceCode, this.picked!, file);
    runInAction(() => (this.imported = result));
    if (result.refused.length === 0) await this.reload();
    return result;
  }
}
