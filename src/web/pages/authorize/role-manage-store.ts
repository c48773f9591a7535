import { makeAutoObservable, runInAction } from 'mobx';
import type { UserOption } from '../../../core/contracts/management.ts';
import type { PermissionGroup } from '../../../core/contracts/permission-groups.ts';
import type { Sent } from '../../../core/contracts/common.ts';
import type { DataScope, Role, RoleDetail, roleCreateBody, roleUpdateBody } from '../../../core/contracts/role.ts';
import type { MenuNode } from '../../../core/entities.ts';
import type { AdminApi } from '../../api/admin-endpoints.ts';
import type { AuthorizeMenuApi } from './menu-api.ts';
import { Loadable } from '../../ui/loadable.ts';
import { everyText } from '../../../core/local-text.ts';

/** The parts of a role that its tabs edit and save one at a time. */
export type RoleSection = 'resources' | 'dataScope' | 'users' | 'groups';

const sameSet = (a: readonly number[], b: readonly number[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * /authorize/roleManage: the roles of the tenant, the one being looked at, and the unsaved
 * edits of its menu grants, data scope, holders and permission groups.
 */
export class RoleManageStore {
  readonly roles: Loadable<Role[]>;
  readonly tree: Loadable<MenuNode[]>;
  readonly groups: Loadable<PermissionGroup[]>;
  readonly users: Loadable<UserOption[]>;
  detail: Loadable<RoleDetail> | null = null;
  selectedId: number | null = null;
  keyword = '';

  resources: number[] = [];
  dataScope: DataScope = 'own';
  userIds: number[] = [];
  groupIds: number[] = [];
  saving: RoleSection | null = null;

  constructor(
    private readonly api: AdminApi,
    menus: AuthorizeMenuApi,
  ) {
    this.roles = new Loadable(() => api.roles());
    // Every module of the tenant in full, function points included: what a role may be granted.
    this.tree = new Loadable(() => menus.grantableTree());
    this.groups = new Loadable(() => api.groups());
    this.users = new Loadable(() => api.userOptions());
    makeAutoObservable<RoleManageStore, 'api'>(this, { api: false });
  }

  /** Loads the list and selects its first role, unless one is chosen. */
  async start(preferred?: number): Promise<void> {
    await this.roles.load();
    const list = this.roles.data ?? [];
    const wanted = list.find((role) => role.id === (preferred ?? this.selectedId)) ?? list[0];
    if (wanted) this.select(wanted.id);
  }

  get visibleRoles(): Role[] {
    const needle = this.keyword.trim().toLowerCase();
    const list = this.roles.data ?? [];
    return needle ? list.filter((role) => [...everyText(role.name), role.code].some((text) => text.toLowerCase().includes(needle))) : list;
  }

  get selected(): Role | undefined {
    return this.roles.data?.find((role) => role.id === this.selectedId);
  }

  setKeyword(keyword: string): void {
    this.keyword = keyword;
  }

  select(id: number): void {
    if (this.selectedId === id && this.detail) return;
    this.selectedId = id;
    const detail = new Loadable(() => this.api.roleDetail(id));
    this.detail = detail;
    void detail.load().then(() => {
      if (this.detail === detail && detail.data) this.resetDrafts(detail.data);
    });
  }

  /** Throws away unsaved edits of every tab. */
  resetDrafts(detail: RoleDetail | null = this.detail?.data ?? null): void {
    if (!detail) return;
    this.resources = [...detail.resourceIds];
    this.dataScope = detail.role.dataScope;
    this.userIds = [...detail.userIds];
    this.groupIds = [...detail.groupIds];
  }

  setResources(ids: number[]): void {
    this.resources = ids;
  }
  setDataScope(scope: DataScope): void {
    this.dataScope = scope;
  }
  setUserIds(ids: number[]): void {
    this.userIds = ids;
  }
  setGroupIds(ids: number[]): void {
    this.groupIds = ids;
  }

  /** Whether a tab holds edits not yet saved. */
  changed(section: RoleSection): boolean {
    const saved = this.detail?.data;
    if (!saved) return false;
    switch (section) {
      case 'resources':
        return !sameSet(this.resources, saved.resourceIds);
      case 'dataScope':
        return this.dataScope !== saved.role.dataScope;
      case 'users':
        return !sameSet(this.userIds, saved.userIds);
      case 'groups':
        return !sameSet(this.groupIds, saved.groupIds);
    }
  }

  async createRole(body: Sent<typeof roleCreateBody>): Promise<Role> {
    const role = await this.api.createRole(body);
    await this.start(role.id);
    return role;
  }

  async updateRole(body: Sent<typeof roleUpdateBody>): Promise<Role> {
    const role = await this.api.updateRole(body);
    this.replaceRole(role);
    return role;
  }

  async deleteRole(id: number): Promise<void> {
    await this.api.deleteRole(id);
    runInAction(() => {
      if (this.selectedId === id) {
        this.selectedId = null;
        this.detail = null;
      }
    });
    await this.start();
  }

  /** Saves one tab; the other tabs keep their unsaved edits. */
  async save(section: RoleSection): Promise<void> {
    const role = this.selected;
    const detail = this.detail;
    if (!role || !detail?.data) return;
    this.saving = section;
    try {
      let next: RoleDetail;
      if (section === 'dataScope') {
        const updated = await this.api.updateRole({ id: role.id, name: role.name, description: role.description, dataScope: this.dataScope });
        this.replaceRole(updated);
        next = { ...detail.data, role: updated };
      } else if (section === 'resources') next = await this.api.grantRole(role.id, this.resources);
      else if (section === 'users') next = await this.api.setRoleUsers(role.id, this.userIds);
      else next = await this.api.setRoleGroups(role.id, this.groupIds);
      runInAction(() => {
        detail.set(next);
        if (section === 'resources') this.resources = [...next.resourceIds];
        if (section === 'users') this.userIds = [...next.userIds];
        if (section !== 'dataScope') this.replaceRole(next.role);
        if (section === 'groups') this.groupIds = [...next.groupIds];
      });
      // Groups list which roles hold them.
      if (section === 'groups' && this.groups.data) void this.groups.load();
    } finally {
      runInAction(() => {
        this.saving = null;
      });
    }
  }

  private replaceRole(role: Role): void {
    const list = this.roles.data;
    if (list) this.roles.set(list.map((each) => (each.id === role.id ? role : each)));
  }
}
