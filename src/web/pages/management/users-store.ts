import { makeAutoObservable, runInAction } from 'mobx';
import type { ManagedUser, ManagedWorkspace, MemberStatus, UserInviteBody, UserPage } from '../../../core/contracts/management.ts';
import type { PermissionGroup } from '../../../core/contracts/permission-groups.ts';
import type { Role } from '../../../core/contracts/role.ts';
import { PAGE_SIZE_DEFAULT } from '../../../core/envelope.ts';
import type { AdminApi } from '../../api/admin-endpoints.ts';
import { Loadable } from '../../ui/loadable.ts';
import type { LocalText } from '../../../core/local-text.ts';

export interface UserQuery {
  keyword: string;
  status: MemberStatus | undefined;
  pageNum: number;
  pageSize: number;
}

/** The Users tab of /management: one page of the tenant's members and the names around them. */
export class UsersStore {
  query: UserQuery = { keyword: '', status: undefined, pageNum: 1, pageSize: PAGE_SIZE_DEFAULT };
  readonly page: Loadable<UserPage>;
  readonly roles: Loadable<Role[]>;
  readonly groups: Loadable<PermissionGroup[]>;
  readonly workspaces: Loadable<ManagedWorkspace[]>;

  constructor(private readonly api: AdminApi) {
    this.page = new Loadable(() => {
      const { keyword, status, pageNum, pageSize } = this.query;
      return api.userPage({ ...(keyword.trim() ? { keyword: keyword.trim() } : {}), ...(status ? { status } : {}), pageNum, pageSize });
    });
    this.roles = new Loadable(() => api.roles());
    this.groups = new Loadable(() => api.groups());
    this.workspaces = new Loadable(() => api.workspaces());
    makeAutoObservable<UsersStore, 'api'>(this, { api: false });
  }

  start(): void {
    void this.page.load();
    void this.roles.load();
    void this.groups.load();
    void this.workspaces.load();
  }

  /** A new search or filter starts again at the first page. */
  search(change: Partial<Pick<UserQuery, 'keyword' | 'status'>>): void {
    this.query = { ...this.query, ...change, pageNum: 1 };
    void this.page.load();
  }

  turn(pageNum: number, pageSize: number): void {
    this.query = { ...this.query, pageNum: pageSize === this.query.pageSize ? pageNum : 1, pageSize };
    void this.page.load();
  }

  roleName(id: number): LocalText {
    return this.roles.data?.find((role) => role.id === id)?.name ?? `#${id}`;
  }
  groupName(id: number): string {
    return this.groups.data?.find((group) => group.id === id)?.name ?? `#${id}`;
  }
  /** The short code (`NW-HQ`) that names a workspace in the table. */
  workspaceCode(id: number): string {
    return this.workspaces.data?.find((workspace) => workspace.id === id)?.code ?? `#${id}`;
  }
  workspaceName(id: number): string {
    return this.workspaces.data?.find((workspace) => workspace.id === id)?.name ?? `#${id}`;
  }

  async invite(body: UserInviteBody): Promise<ManagedUser> {
    const user = await this.api.inviteUser(body);
    await this.page.load();
    return user;
  }

  async setStatus(user: ManagedUser, status: MemberStatus): Promise<void> {
    this.replace(await this.api.setUserStatus(user.id, status));
  }

  resetPassword(user: ManagedUser): Promise<null> {
    return this.api.resetUserPassword(user.id);
  }

  /** Saves what changed of a member's roles, direct groups and workspaces. */
  async setAccess(user: ManagedUser, access: { roleIds: number[]; groupIds: number[]; workspaceIds: number[] }): Promise<void> {
    const same = (a: number[], b: number[]) => a.length === b.length && a.every((id) => b.includes(id));
    let latest = user;
    if (!same(access.roleIds, user.roleIds) || !same(access.groupIds, user.groupIds)) {
      latest = await this.api.setUserRoles({ userId: user.id, roleIds: access.roleIds, groupIds: access.groupIds });
    }
    if (!same(access.workspaceIds, user.workspaceIds)) {
      latest = await this.api.setUserWorkspaces(user.id, access.workspaceIds);
    }
    this.replace(latest);
    // Role and workspace counts changed.
    void this.roles.load();
    void this.workspaces.load();
  }

  private replace(user: ManagedUser): void {
    const page = this.page.data;
    if (!page) return;
    runInAction(() => this.page.set({ ...page, list: page.list.map((each) => (each.id === user.id ? user : each)) }));
  }
}
