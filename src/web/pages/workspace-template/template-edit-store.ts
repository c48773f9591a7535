import { makeAutoObservable, runInAction } from 'mobx';
import type { WorkspaceTemplateCreateBody, WorkspaceTemplateDetail } from '../../../core/contracts/workspace-template.ts';
import type { MenuNode } from '../../../core/entities.ts';
import type { AdminApi, PageListItem } from '../../api/admin-endpoints.ts';
import { Loadable } from '../../ui/loadable.ts';
import { everyText } from '../../../core/local-text.ts';

/** /workSpace/templateCreate/{id}: the template being written and what it can hold. */
export class TemplateEditStore {
  readonly detail: Loadable<WorkspaceTemplateDetail | null>;
  readonly tree: Loadable<MenuNode[]>;
  readonly pages: Loadable<PageListItem[]>;
  resourceIds: number[] = [];
  pageIds: number[] = [];
  pageKeyword = '';

  constructor(
    private readonly api: AdminApi,
    readonly id: number | null,
  ) {
    this.detail = new Loadable(async () => (id === null ? null : api.templateDetail(id)));
    this.tree = new Loadable(() => api.resourceTree());
    this.pages = new Loadable(() => api.pages());
    makeAutoObservable<TemplateEditStore, 'api'>(this, { api: false, id: false });
  }

  /** Loads the template, the resource tree and the pages to pick from. */
  async start(): Promise<void> {
    void this.tree.load();
    void this.pages.load();
    await this.detail.load();
    const detail = this.detail.data;
    if (detail) {
      runInAction(() => {
        this.resourceIds = [...detail.resourceIds];
        this.pageIds = [...detail.pageIds];
      });
    }
  }

  setResourceIds(ids: number[]): void {
    this.resourceIds = ids;
  }
  setPageIds(ids: number[]): void {
    this.pageIds = ids;
  }
  setPageKeyword(keyword: string): void {
    this.pageKeyword = keyword;
  }

  get visiblePages(): PageListItem[] {
    const needle = this.pageKeyword.trim().toLowerCase();
    const list = this.pages.data ?? [];
    return needle ? list.filter((page) => [...everyText(page.title), page.route ?? ''].some((text) => text.toLowerCase().includes(needle))) : list;
  }

  /** Creates or updates; formIds and boardIds stay as the form and plate modules left them. */
  async save(fields: Pick<WorkspaceTemplateCreateBody, 'name' | 'description'>): Promise<WorkspaceTemplateDetail> {
    const body = { ...fields, resourceIds: this.resourceIds, pageIds: this.pageIds };
    const saved = this.id === null ? await this.api.createTemplate(body) : await this.api.updateTemplate({ id: this.id, ...body });
    this.detail.set(saved);
    return saved;
  }
}
