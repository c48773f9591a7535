import type { Sent } from '../../core/contracts/common.ts';
import {
  MANAGED_USER_PATHS,
  MANAGED_WORKSPACE_PATHS,
  type ManagedUser,
  type ManagedWorkspace,
  type ManagedWorkspaceDetail,
  type MemberStatus,
  type UserInviteBody,
  type UserOption,
  type UserPage,
  type UserPageBody,
  type UserRolesBody,
  type WorkspaceCreateBody,
} from '../../core/contracts/management.ts';
import {
  PERMISSION_GROUP_PATHS,
  type FunctionPointOption,
  type PermissionGroup,
  type PermissionGroupAssignBody,
  type PermissionGroupCreateBody,
  type PermissionGroupUpdateBody,
} from '../../core/contracts/permission-groups.ts';
import { RESOURCE_PATHS } from '../../core/contracts/resource.ts';
import { ROLE_PATHS, type Role, type RoleDetail, type roleCreateBody, type roleUpdateBody } from '../../core/contracts/role.ts';
import {
  WORKSPACE_TEMPLATE_PATHS,
  type WorkspaceTemplate,
  type WorkspaceTemplateCreateBody,
  type WorkspaceTemplateDetail,
  type WorkspaceTemplateInstantiateBody,
  type WorkspaceTemplateUpdateBody,
} from '../../core/contracts/workspace-template.ts';
import { PAGE_PATHS, type PageCreateBody, type PageDetail, type PageListItem, type PageUpdateBody } from '../../core/contracts/page.ts';
import type { MenuNode } from '../../core/entities.ts';
import type { StoredPage } from '../../core/pages/page-config.ts';
import type { CallOptions, Http } from './endpoints.ts';


export type { PageListItem } from '../../core/contracts/page.ts';

// Forms show a failed write beside the field it names, so those writes raise no toast;
// one-click actions (delete, disable, reset) keep the toast.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the authorization contract (roles, groups, users, workspaces, templates) and the pages contract, typed. */
export function adminApi(http: Http, afterWrite: () => void = () => undefined) {
  // Reads fail into the screen's own error state, which shows the message and a retry.
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(path, query, QUIET);
  // Every write here may change what someone may reach, the signed-in user included.
  const post = async <T>(path: string, body: unknown, options: CallOptions = QUIET) => {
    const data = await http.post<T>(path, body, options);
    afterWrite();
    return data;
  };
  return {
    /**
     * Function point codes of one module (`user` -> `user:*`) that the signed-in user holds; with
     * a form, the `record` codes they may use on that form (its buttons may name their own points).
     */
    heldPoints: (module: string, formId?: number) =>
      http.post<string[]>(RESOURCE_PATHS.heldPoints, formId === undefined ? { module } : { module, formId }, { showErrorToast: false }),

    roles: () => get<Role[]>(ROLE_PATHS.list),
    roleDetail: (id: number) => get<RoleDetail>(ROLE_PATHS.detail, { id }),
    createRole: (body: Sent<typeof roleCreateBody>) => post<Role>(ROLE_PATHS.create, body),
    updateRole: (body: Sent<typeof roleUpdateBody>) => post<Role>(ROLE_PATHS.update, body),
    deleteRole: (id: number) => post<null>(ROLE_PATHS.delete, { id }, {}),
    grantRole: (id: number, resourceIds: number[]) => post<RoleDetail>(ROLE_PATHS.grant, { id, resourceIds }),
    setRoleUsers: (id: number, userIds: number[]) => post<RoleDetail>(ROLE_PATHS.users, { id, userIds }),
    setRoleGroups: (id: number, groupIds: number[]) => post<RoleDetail>(ROLE_PATHS.groups, { id, groupIds }),
    resourceTree: () => get<MenuNode[]>(ROLE_PATHS.resourceTree),

    groups: () => get<PermissionGroup[]>(PERMISSION_GROUP_PATHS.list),
    createGroup: (body: PermissionGroupCreateBody) => post<PermissionGroup>(PERMISSION_GROUP_PATHS.create, body),
    updateGroup: (body: PermissionGroupUpdateBody) => post<PermissionGroup>(PERMISSION_GROUP_PATHS.update, body),
    deleteGroup: (id: number) => post<null>(PERMISSION_GROUP_PATHS.delete, { id }, {}),
    assignGroup: (body: PermissionGroupAssignBody) => post<PermissionGroup>(PERMISSION_GROUP_PATHS.assign, body),
    points: () => get<FunctionPointOption[]>(PERMISSION_GROUP_PATHS.points),

    userPage: (body: UserPageBody) => http.post<UserPage>(MANAGED_USER_PATHS.page, body, QUIET),
    userOptions: () => get<UserOption[]>(MANAGED_USER_PATHS.options),
    inviteUser: (body: UserInviteBody) => post<ManagedUser>(MANAGED_USER_PATHS.invite, body),
    setUserStatus: (userId: number, status: MemberStatus) => post<ManagedUser>(MANAGED_USER_PATHS.status, { userId, status }, {}),
    resetUserPassword: (userId: number) => post<null>(MANAGED_USER_PATHS.resetPassword, { userId }, {}),
    setUserRoles: (body: UserRolesBody) => post<ManagedUser>(MANAGED_USER_PATHS.roles, body),
    setUserWorkspaces: (userId: number, workspaceIds: number[]) =>
      post<ManagedUser>(MANAGED_USER_PATHS.workspaces, { userId, workspaceIds }),

    workspaces: () => get<ManagedWorkspace[]>(MANAGED_WORKSPACE_PATHS.list),
    workspaceDetail: (id: number) => get<ManagedWorkspaceDetail>(MANAGED_WORKSPACE_PATHS.detail, { id }),
    createWorkspace: (body: WorkspaceCreateBody) => post<ManagedWorkspace>(MANAGED_WORKSPACE_PATHS.create, body),
    renameWorkspace: (id: number, name: string) => post<ManagedWorkspace>(MANAGED_WORKSPACE_PATHS.update, { id, name }),
    deleteWorkspace: (id: number) => post<null>(MANAGED_WORKSPACE_PATHS.delete, { id }, {}),
    setWorkspaceMembers: (id: number, userIds: number[]) => post<ManagedWorkspace>(MANAGED_WORKSPACE_PATHS.members, { id, userIds }),
    setWorkspaceResources: (id: number, resourceIds: number[]) =>
      post<ManagedWorkspace>(MANAGED_WORKSPACE_PATHS.resources, { id, resourceIds }),

    templates: () => get<WorkspaceTemplate[]>(WORKSPACE_TEMPLATE_PATHS.list),
    templateDetail: (id: number) => get<WorkspaceTemplateDetail>(WORKSPACE_TEMPLATE_PATHS.detail, { id }),
    createTemplate: (body: WorkspaceTemplateCreateBody) => post<WorkspaceTemplateDetail>(WORKSPACE_TEMPLATE_PATHS.create, body),
    updateTemplate: (body: WorkspaceTemplateUpdateBody) => post<WorkspaceTemplateDetail>(WORKSPACE_TEMPLATE_PATHS.update, body),
    deleteTemplate: (id: number) => post<null>(WORKSPACE_TEMPLATE_PATHS.delete, { id }, {}),
    instantiateTemplate: (body: WorkspaceTemplateInstantiateBody) => post<ManagedWorkspace>(WORKSPACE_TEMPLATE_PATHS.instantiate, body),

    pages: () => get<PageListItem[]>(PAGE_PATHS.list),
    pageDetail: (id: number) => get<PageDetail>(PAGE_PATHS.detail, { id }),
    createPage: (body: PageCreateBody) => post<StoredPage>(PAGE_PATHS.create, body),
    updatePage: (body: PageUpdateBody) => post<StoredPage>(PAGE_PATHS.update, body),
    deletePage: (id: number) => post<null>(PAGE_PATHS.delete, { id }, {}),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
