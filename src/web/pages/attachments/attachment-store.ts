import { makeAutoObservable, runInAction } from 'mobx';
import type { AttachmentListBody, AttachmentOptions, AttachmentPage } from '../../../core/contracts/attachments.ts';
import { PAGE_SIZE_DEFAULT } from '../../../core/envelope.ts';
import { Loadable } from '../../ui/loadable.ts';
import { ApiError } from '../../api/api-error.ts';
import type { AttachmentApi } from './attachment-api.ts';

export type AttachmentFilters = Pick<AttachmentListBody, 'formId' | 'uploaderId' | 'type' | 'uploadedFrom' | 'uploadedTo' | 'name'>;

/** /docManage/attachManager: the filters, the page of attachments they give and the pickers' options. */
export class AttachmentStore {
  filters: AttachmentFilters = {};
  pageNum = 1;
  pageSize = PAGE_SIZE_DEFAULT;
  /** The server refused the list (the screen's menu entry is not the caller's). */
  forbidden = false;
  readonly page: Loadable<AttachmentPage>;
  readonly options: Loadable<AttachmentOptions>;

  constructor(private readonly api: AttachmentApi) {
    this.page = new Loadable(() => this.refusable(api.list(this.body)));
    this.options = new Loadable(() => this.refusable(api.options()));
    makeAutoObservable<AttachmentStore, 'api' | 'refusable'>(this, { api: false, refusable: false });
  }

  /** The list request: filters left empty are left out. */
  get body(): AttachmentListBody {
    const { name, ...rest } = this.filters;
    const body: AttachmentListBody = { pageNum: this.pageNum, pageSize: this.pageSize };
    for (const [key, value] of Object.entries(rest)) if (value !== undefined && value !== null && value !== '') Object.assign(body, { [key]: value });
    if (name?.trim()) body.name = name.trim();
    return body;
  }

  get filtered(): boolean {
    return Object.keys(this.body).some((key) => key !== 'pageNum' && key !== 'pageSize');
  }

  start(): void {
    void this.page.load();
    void this.options.load();
  }

  /** A changed filter starts again at the first page. */
  filter(change: Partial<AttachmentFilters>): void {
    this.filters = { ...this.filters, ...change };
    this.pageNum = 1;
    void this.page.load();
  }

  clear(): void {
    this.filters = {};
    this.pageNum = 1;
    void this.page.load();
  }

  turn(pageNum: number, pageSize: number): void {
    this.pageNum = pageSize === this.pageSize ? pageNum : 1;
    this.pageSize = pageSize;
    void this.page.load();
  }

  private async refusable<T>(call: Promise<T>): Promise<T> {
    try {
      return await call;
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 403) runInAction(() => (this.forbidden = true));
      throw failure;
    }
  }
}
