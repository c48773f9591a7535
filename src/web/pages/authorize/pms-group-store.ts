import { makeAutoObservable } from 'mobx';
import type { UserOption } from '../../../core/contracts/management.ts';
import type {
  FunctionPointOption,
  PermissionGroup,
  PermissionGroupAssignBody,
  PermissionGroupCreateBody,
} from '../../../core/contracts/permission-groups.ts';
import type { Role } from '../../../core/contracts/role.ts';
import type { AdminApi } from '../../api/admin-endpoints.ts';
import { Loadable } from '../../ui/loadable.ts';
import type { LocalText } from '../../../core/local-text.ts';

/** /authorize/pmsGroup: the permission groups of the tenant and what names their members. */
export class PmsGroupStore {
  readonly groups: Loadable<PermissionGroup[]>;
  readonly points: Loadable<FunctionPointOption[]>;
  readonly roles: Loadable<Role[]>;
  readonly users: Loadable<UserOption[]>;
  keyword = '';

  constructor(private readonly api: AdminApi) {
    this.groups = new Loadable(() => api.groups());
    this.points = new Loadable(() => api.points());
    this.roles = new Loadable(() => api.roles());
    this.users = new Loadable(() => api.userOptions());
    makeAutoObservable<PmsGroupStore, 'api'>(this, { api: false });
  }

  start(): void {
    void this.groups.load();
    void this.roles.load();
    void this.points.load();
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword;
  }

  get visibleGroups(): PermissionGroup[] {
    const needle = this.keyword.trim().toLowerCase();
    const list = this.groups.data ?? [];
    if (!needle) return list;
    return list.filter((group) => [group.name, group.description, ...group.points].some((text) => text.toLowerCase().includes(needle)));
  }

  roleName(id: number): LocalText {
    return this.roles.data?.find((role) => role.id === id)?.name ?? `#${id}`;
  }

  async save(id: number | null, body: PermissionGroupCreateBody): Promise<void> {
    const saved = id === null ? await this.api.createGroup(body) : await this.api.updateGroup({ id, ...body });
    this.replace(saved);
  }

  async assign(body: PermissionGroupAssignBody): Promise<void> {
    this.replace(await this.api.assignGroup(body));
    // Roles show how many members hold them; a role's groups changed.
    void this.roles.load();
  }

  async remove(id: number): Promise<void> {
    await this.api.deleteGroup(id);
    this.groups.set((this.groups.data ?? []).filter((group) => group.id !== id));
  }

  private replace(group: PermissionGroup): void {
    const list = this.groups.data ?? [];
    const known = list.some((each) => each.id === group.id);
    this.groups.set(known ? list.map((each) => (each.id === group.id ? group : each)) : [...list, group]);
  }
}
