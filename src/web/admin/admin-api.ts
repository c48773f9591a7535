import type {
  ManagedUser,
  ManagedWorkspace,
  ManagedWorkspaceDetail,
  MemberStatus,
  UserInviteBody,
  UserOption,
  UserPage,
  UserPageBody,
  UserRolesBody,
  WorkspaceCreateBody,
} from '../../core/contracts/management.ts';
import type {
  FunctionPointOption,
  PermissionGroup,
  PermissionGroupAssignBody,
  PermissionGroupCreateBody,
  PermissionGroupUpdateBody,
} from '../../core/contracts/permission-groups.ts';
import type { Role, RoleCreateBody, RoleDetail, RoleUpdateBody } from '../../core/contracts/role.ts';
import type {
  WorkspaceTemplate,
  WorkspaceTemplateCreateBody,
  WorkspaceTemplateDetail,
  WorkspaceTemplateInstantiateBody,
  WorkspaceTemplateUpdateBody,
} from '../../core/contracts/workspace-template.ts';
import type { PageCreateBody, PageDetail, PageListItem, PageUpdateBody } from '../../core/contracts/page.ts';
import type { MenuNode } from '../../core/entities.ts';
import type { StoredPage } from '../../core/pages/page-config.ts';
import type { CallOptions, Http } from '../api/endpoints.ts';

const ALLPLAN = '/proptech_allplan';

export type { PageListItem } from '../../core/contracts/page.ts';

// Forms show a failed write beside the field it names, so those writes raise no toast;
// one-click actions (delete, disable, reset) keep the toast.
const QUIET: CallOptions = { showErrorToast: false };

/** The calls of the authorization contract (roles, groups, users, workspaces, templates) and the pages contract, typed. */
export function adminApi(http: Http, afterWrite: () => void = () => undefined) {
  // Reads fail into the screen's own error state, which shows the message and a retry.
  const get = <T>(path: string, query?: Record<string, unknown>) => http.get<T>(`${ALLPLAN}/${path}`, query, QUIET);
  // Every write here may change what someone may reach, the signed-in user included.
  const post = async <T>(path: string, body: unknown, options: CallOptions = QUIET) => {
    const data = await http.post<T>(`${ALLPLAN}/${path}`, body, options);
    afterWrite();
    return data;
  };
  return {
    /** Function point codes of one module (`user` -> `user:*`) that the signed-in user holds. */
    heldPoints: (module: string) =>
      http.post<string[]>(`${ALLPLAN}/resource/OrdinaryUser/functionPoints`, { module }, { showErrorToast: false }),

    roles: () => get<Role[]>('role/list'),
    roleDetail: (id: number) => get<RoleDetail>('role/detail', { id }),
    createRole: (body: RoleCreateBody) => post<Role>('role/create', body),
    updateRole: (body: RoleUpdateBody) => post<Role>('role/update', body),
    deleteRole: (id: number) => post<null>('role/delete', { id }, {}),
    grantRole: (id: number, resourceIds: number[]) => post<RoleDetail>('role/grant', { id, resourceIds }),
    setRoleUsers: (id: number, userIds: number[]) => post<RoleDetail>('role/users', { id, userIds }),
    setRoleGroups: (id: number, groupIds: number[]) => post<RoleDetail>('role/groups', { id, groupIds }),
    resourceTree: () => get<MenuNode[]>('role/resourceTree'),

    groups: () => get<PermissionGroup[]>('pmsGroup/list'),
    createGroup: (body: PermissionGroupCreateBody) => post<PermissionGroup>('pmsGroup/create', body),
    updateGroup: (body: PermissionGroupUpdateBody) => post<PermissionGroup>('pmsGroup/update', body),
    deleteGroup: (id: number) => post<null>('pmsGroup/delete', { id }, {}),
    assignGroup: (body: PermissionGroupAssignBody) => post<PermissionGroup>('pmsGroup/assign', body),
    points: () => get<FunctionPointOption[]>('pmsGroup/points'),

    userPage: (body: UserPageBody) => http.post<UserPage>(`${ALLPLAN}/management/user/page`, body, QUIET),
    userOptions: () => get<UserOption[]>('management/user/options'),
    inviteUser: (body: UserInviteBody) => post<ManagedUser>('management/user/invite', body),
    setUserStatus: (userId: number, status: MemberStatus) => post<ManagedUser>('management/user/status', { userId, status }, {}),
    resetUserPassword: (userId: number) => post<null>('management/user/resetPassword', { userId }, {}),
    setUserRoles: (body: UserRolesBody) => post<ManagedUser>('management/user/roles', body),
    setUserWorkspaces: (userId: number, workspaceIds: number[]) =>
      post<ManagedUser>('management/user/workspaces', { userId, workspaceIds }),

    workspaces: () => get<ManagedWorkspace[]>('management/workspace/list'),
    workspaceDetail: (id: number) => get<ManagedWorkspaceDetail>('management/workspace/detail', { id }),
    createWorkspace: (body: WorkspaceCreateBody) => post<ManagedWorkspace>('management/workspace/create', body),
    renameWorkspace: (id: number, name: string) => post<ManagedWorkspace>('management/workspace/update', { id, name }),
    deleteWorkspace: (id: number) => post<null>('management/workspace/delete', { id }, {}),
    setWorkspaceMembers: (id: number, userIds: number[]) => post<ManagedWorkspace>('management/workspace/members', { id, userIds }),
    setWorkspaceResources: (id: number, resourceIds: number[]) =>
      post<ManagedWorkspace>('management/workspace/resources', { id, resourceIds }),

    templates: () => get<WorkspaceTemplate[]>('workspaceTemplate/list'),
    templateDetail: (id: number) => get<WorkspaceTemplateDetail>('workspaceTemplate/detail', { id }),
    createTemplate: (body: WorkspaceTemplateCreateBody) => post<WorkspaceTemplateDetail>('workspaceTemplate/create', body),
    updateTemplate: (body: WorkspaceTemplateUpdateBody) => post<WorkspaceTemplateDetail>('workspaceTemplate/update', body),
    deleteTemplate: (id: number) => post<null>('workspaceTemplate/delete', { id }, {}),
    instantiateTemplate: (body: WorkspaceTemplateInstantiateBody) => post<ManagedWorkspace>('workspaceTemplate/instantiate', body),

    pages: () => get<PageListItem[]>('page/list'),
    pageDetail: (id: number) => get<PageDetail>('page/detail', { id }),
    createPage: (body: PageCreateBody) => post<StoredPage>('page/create', body),
    updatePage: (body: PageUpdateBody) => post<StoredPage>('page/update', body),
    deletePage: (id: number) => post<null>('page/delete', { id }, {}),
  };
}

export type AdminApi = ReturnType<typeof adminApi>;
