import { makeAutoObservable } from 'mobx';
import type { ManagedWorkspace, UserOption, WorkspaceCreateBody } from '../../../core/contracts/management.ts';
import type { WorkspaceTemplate } from '../../../core/contracts/workspace-template.ts';
import type { MenuNode } from '../../../core/entities.ts';
import type { AdminApi } from '../../api/admin-endpoints.ts';
import { Loadable } from '../../ui/loadable.ts';

/** The Workspaces tab of /management: the tenant's workspaces and what their editors pick from. */
export class WorkspacesStore {
  readonly list: Loadable<ManagedWorkspace[]>;
  readonly templates: Loadable<WorkspaceTemplate[]>;
  readonly tree: Loadable<MenuNode[]>;
  readonly users: Loadable<UserOption[]>;
  keyword = '';

  constructor(private readonly api: AdminApi) {
    this.list = new Loadable(() => api.workspaces());
    this.templates = new Loadable(() => api.templates());
    this.tree = new Loadable(() => api.resourceTree());
    this.users = new Loadable(() => api.userOptions());
    makeAutoObservable<WorkspacesStore, 'api'>(this, { api: false });
  }

  start(): void {
    void this.list.load();
    void this.templates.load();
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword;
  }

  get visible(): ManagedWorkspace[] {
    const needle = this.keyword.trim().toLowerCase();
    const list = this.list.data ?? [];
    return needle ? list.filter((workspace) => `${workspace.name} ${workspace.code}`.toLowerCase().includes(needle)) : list;
  }

  templateName(id: number | null): string | null {
    if (id === null) return null;
    return this.templates.data?.find((template) => template.id === id)?.name ?? null;
  }

  detail(id: number) {
    return this.api.workspaceDetail(id);
  }

  async create(body: WorkspaceCreateBody): Promise<ManagedWorkspace> {
    const workspace = await this.api.createWorkspace(body);
    this.replace(workspace);
    return workspace;
  }

  async rename(id: number, name: string): Promise<void> {
    this.replace(await this.api.renameWorkspace(id, name));
  }

  async setMembers(id: number, userIds: number[]): Promise<void> {
    this.replace(await this.api.setWorkspaceMembers(id, userIds));
  }

  async setResources(id: number, resourceIds: number[]): Promise<void> {
    this.replace(await this.api.setWorkspaceResources(id, resourceIds));
  }

  async remove(id: number): Promise<void> {
    await this.api.deleteWorkspace(id);
    this.list.set((this.list.data ?? []).filter((workspace) => workspace.id !== id));
  }

  private replace(workspace: ManagedWorkspace): void {
    const list = this.list.data ?? [];
    const known = list.some((each) => each.id === workspace.id);
    this.list.set(known ? list.map((each) => (each.id === workspace.id ? workspace : each)) : [...list, workspace]);
  }
}
