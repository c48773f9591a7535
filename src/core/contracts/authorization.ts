/**
 * Authorization: roles, permission groups, users and workspaces of a tenant, workspace
 * templates. Request schemas (shared by the API and the admin screens) and response types.
 * Every endpoint is under /api/proptech_allplan/ with a tenant token; see
 * src/server/modules/role/ENDPOINTS.md for the list and the function point each needs.
 */
import type { MemberType, MenuNode } from '../entities.ts';
import type { PageResult } from '../envelope.ts';
import { emailSchema, idSchema, mobilePhoneSchema, pagingProperties, personNameSchema, strictObject } from './common.ts';

// ---------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------

/** Which records a role's holders see: their own, their workspaces', or the whole tenant's. */
export const DATA_SCOPES = ['own', 'workspace', 'tenant'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

/** The widest of several data scopes; `own` when there is none (a user without roles). */
export function widestDataScope(scopes: Iterable<DataScope>): DataScope {
  let widest = 0;
  for (const scope of scopes) widest = Math.max(widest, DATA_SCOPES.indexOf(scope));
  return DATA_SCOPES[widest]!;
}

export const MEMBER_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_TYPES = ['ADMIN', 'USER'] as const satisfies readonly MemberType[];

/** A display name: any script, 1-64 characters, no angle brackets, not only spaces. */
export const displayNameSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[^<>]*\\S[^<>]*$' } as const;
export const descriptionSchema = { type: 'string', maxLength: 500, pattern: '^[^<>]*$', default: '' } as const;
/** A role code: a letter, then letters, digits, `_` or `-`; unique in the tenant. */
export const roleCodeSchema = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$' } as const;
/** A workspace code (`NW-HQ`): 2-32 capitals, digits or `-`; unique in the tenant. */
export const workspaceCodeSchema = { type: 'string', pattern: '^[A-Z0-9-]{2,32}$' } as const;
/** A login name: a letter, then letters, digits, `_`, `.` or `-` (no `@`, which marks an e-mail login). */
export const usernameSchema = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_.-]{1,31}$' } as const;
/** A function point code such as `form:create`. */
export const functionPointCodeSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;
export const dataScopeSchema = { type: 'string', enum: DATA_SCOPES } as const;
export const memberStatusSchema = { type: 'string', enum: MEMBER_STATUSES } as const;
export const memberTypeSchema = { type: 'string', enum: MEMBER_TYPES } as const;

/** A list of ids, each once; a whole replacement of what it names. */
export const idListSchema = (maxItems = 2000) => ({ type: 'array', items: idSchema, maxItems, uniqueItems: true }) as const;

/** `?id=` of the detail reads, and `{ id }` of the deletes. */
export const idQuery = strictObject({ id: idSchema }, ['id']);
export const idBody = strictObject({ id: idSchema }, ['id']);
export interface IdParams {
  id: number;
}

// ---------------------------------------------------------------------------------------
// Roles (function point role:manage, reads included)
// ---------------------------------------------------------------------------------------

export interface Role {
  id: number;
  code: string;
  name: string;
  description: string;
  dataScope: DataScope;
  /** Created by the seed (`member`, `viewer`); may still be edited and deleted. */
  builtIn: boolean;
  /** Members of the tenant holding the role. */
  userCount: number;
}

/** GET role/detail?id= */
export interface RoleDetail {
  role: Role;
  /** Granted menu, page and function-point (BUTTON) resources. */
  resourceIds: number[];
  /** Permission groups given to the role. */
  groupIds: number[];
  /** Holders. */
  userIds: number[];
}

/** POST role/create -> Role. A code already used in the tenant answers 409. */
export const roleCreateBody = strictObject(
  { code: roleCodeSchema, name: displayNameSchema, description: descriptionSchema, dataScope: dataScopeSchema },
  ['code', 'name', 'dataScope'],
);
export interface RoleCreateBody {
  code: string;
  name: string;
  description?: string;
  dataScope: DataScope;
}

/** POST role/update -> Role. The code never changes. */
export const roleUpdateBody = strictObject(
  { id: idSchema, name: displayNameSchema, description: descriptionSchema, dataScope: dataScopeSchema },
  ['id', 'name', 'dataScope'],
);
export interface RoleUpdateBody {
  id: number;
  name: string;
  description?: string;
  dataScope: DataScope;
}

/** POST role/delete { id } -> null. Refused with 409 (naming how many) while members hold it. */
export type RoleDeleteBody = IdParams;

/** POST role/grant -> RoleDetail. Replaces the granted resources; a BUTTON id implies nothing else. */
export const roleGrantBody = strictObject({ id: idSchema, resourceIds: idListSchema(5000) }, ['id', 'resourceIds']);
export interface RoleGrantBody {
  id: number;
  resourceIds: number[];
}

/** POST role/users -> RoleDetail. Replaces the holders; each must be a member of the tenant. */
export const roleUsersBody = strictObject({ id: idSchema, userIds: idListSchema(5000) }, ['id', 'userIds']);
export interface RoleUsersBody {
  id: number;
  userIds: number[];
}

/** POST role/groups -> RoleDetail. Replaces the permission groups given to the role. */
export const roleGroupsBody = strictObject({ id: idSchema, groupIds: idListSchema() }, ['id', 'groupIds']);
export interface RoleGroupsBody {
  id: number;
  groupIds: number[];
}

/** GET role/resourceTree -> the tenant's whole tree, BUTTON nodes included (`code` set on them). */
export type RoleResourceTree = MenuNode[];

// ---------------------------------------------------------------------------------------
// Permission groups (function point role:manage)
// ---------------------------------------------------------------------------------------

export interface PermissionGroup {
  id: number;
  name: string;
  description: string;
  /** Function point codes, sorted. */
  points: string[];
  roleIds: number[];
  /** Users given the group directly (not through a role). */
  userIds: number[];
}

/** POST pmsGroup/create -> PermissionGroup. Each point must be a BUTTON code of the tenant (400 naming `points[i]`). */
export const permissionGroupCreateBody = strictObject(
  {
    name: displayNameSchema,
    description: descriptionSchema,
    points: { type: 'array', items: functionPointCodeSchema, maxItems: 500, uniqueItems: true },
  },
  ['name', 'points'],
);
export interface PermissionGroupCreateBody {
  name: string;
  description?: string;
  points: string[];
}

/** POST pmsGroup/update -> PermissionGroup. */
export const permissionGroupUpdateBody = strictObject(
  {
    id: idSchema,
    name: displayNameSchema,
    description: descriptionSchema,
    points: { type: 'array', items: functionPointCodeSchema, maxItems: 500, uniqueItems: true },
  },
  ['id', 'name', 'points'],
);
export interface PermissionGroupUpdateBody extends PermissionGroupCreateBody {
  id: number;
}

/** POST pmsGroup/delete { id } -> null. */
export type PermissionGroupDeleteBody = IdParams;

/** POST pmsGroup/assign -> PermissionGroup. Replaces both lists. */
export const permissionGroupAssignBody = strictObject(
  { id: idSchema, roleIds: idListSchema(), userIds: idListSchema(5000) },
  ['id', 'roleIds', 'userIds'],
);
export interface PermissionGroupAssignBody {
  id: number;
  roleIds: number[];
  userIds: number[];
}

/** GET pmsGroup/points -> FunctionPointOption[]: every function point of the tenant, for the picker. */
export interface FunctionPointOption {
  code: string;
  /** The BUTTON node's title. */
  title: string;
  /** Title and seed key of the menu the point sits under (the seed key names its translation). */
  menuTitle: string;
  menuSeedKey: string | null;
}

// ---------------------------------------------------------------------------------------
// Users of the tenant (function point user:manage)
// ---------------------------------------------------------------------------------------

export interface ManagedUser {
  id: number;
  username: string;
  name: string;
  mobilePhone: string | null;
  email: string | null;
  /** The user's type in this tenant. */
  type: MemberType;
  /** The membership's status in this tenant. */
  status: MemberStatus;
  roleIds: number[];
  /** Permission groups given to the user directly. */
  groupIds: number[];
  workspaceIds: number[];
  /** When the user joined the tenant. */
  createTime: string;
}

/** POST management/user/page -> PageResult<ManagedUser>. `keyword` matches username, name, e-mail or mobile. */
export const userPageBody = strictObject({
  keyword: { type: 'string', maxLength: 64 },
  status: memberStatusSchema,
  ...pagingProperties,
});
export interface UserPageBody {
  keyword?: string;
  status?: MemberStatus;
  pageNum: number;
  pageSize: number;
}
export type UserPage = PageResult<ManagedUser>;

/**
 * POST management/user/invite -> ManagedUser. Creates the account with a random password and
 * mails a reset code (or adds the existing account with that e-mail and mails a notice).
 */
export const userInviteBody = strictObject(
  {
    username: usernameSchema,
    name: personNameSchema,
    email: emailSchema,
    mobilePhone: mobilePhoneSchema,
    type: memberTypeSchema,
    roleIds: idListSchema(),
    workspaceIds: idListSchema(),
  },
  ['username', 'name', 'email', 'type', 'roleIds', 'workspaceIds'],
);
export interface UserInviteBody {
  username: string;
  name: string;
  email: string;
  mobilePhone?: string;
  type: MemberType;
  roleIds: number[];
  workspaceIds: number[];
}

/** POST management/user/status -> ManagedUser. DISABLED ends the user's tokens of this tenant; not yourself (400). */
export const userStatusBody = strictObject({ userId: idSchema, status: memberStatusSchema }, ['userId', 'status']);
export interface UserStatusBody {
  userId: number;
  status: MemberStatus;
}

/** POST management/user/resetPassword -> null. Mails a reset code and ends the user's tokens. */
export const userResetPasswordBody = strictObject({ userId: idSchema }, ['userId']);
export interface UserResetPasswordBody {
  userId: number;
}

/** POST management/user/roles -> ManagedUser. Replaces the roles, and the direct groups when given. */
export const userRolesBody = strictObject(
  { userId: idSchema, roleIds: idListSchema(), groupIds: idListSchema() },
  ['userId', 'roleIds'],
);
export interface UserRolesBody {
  userId: number;
  roleIds: number[];
  groupIds?: number[];
}

/** POST management/user/workspaces -> ManagedUser. Replaces the workspaces. */
export const userWorkspacesBody = strictObject({ userId: idSchema, workspaceIds: idListSchema() }, ['userId', 'workspaceIds']);
export interface UserWorkspacesBody {
  userId: number;
  workspaceIds: number[];
}

/**
 * GET management/user/options -> UserOption[]: every member of the tenant, for the pickers of
 * the role, group and workspace screens (any of the three management points).
 */
export interface UserOption {
  id: number;
  username: string;
  name: string;
  type: MemberType;
  status: MemberStatus;
}

// ---------------------------------------------------------------------------------------
// Workspaces (function point workspace:manage)
// ---------------------------------------------------------------------------------------

export interface ManagedWorkspace {
  id: number;
  code: string;
  name: string;
  memberCount: number;
  resourceCount: number;
  /** The template it was made from, while that template exists. */
  templateId: number | null;
}

/** POST management/workspace/create -> ManagedWorkspace. Code unique in the tenant (409). */
export const workspaceCreateBody = strictObject(
  { code: workspaceCodeSchema, name: displayNameSchema, templateId: idSchema },
  ['code', 'name'],
);
export interface WorkspaceCreateBody {
  code: string;
  name: string;
  /** With a template, the workspace offers the template's resources and pages. */
  templateId?: number;
}

/** POST management/workspace/update -> ManagedWorkspace. */
export const workspaceUpdateBody = strictObject({ id: idSchema, name: displayNameSchema }, ['id', 'name']);
export interface WorkspaceUpdateBody {
  id: number;
  name: string;
}

/** POST management/workspace/delete { id } -> null. Members lose the workspace. */
export type WorkspaceDeleteBody = IdParams;

/** POST management/workspace/members -> ManagedWorkspace. Replaces the members; each must be a member of the tenant. */
export const workspaceMembersBody = strictObject({ id: idSchema, userIds: idListSchema(5000) }, ['id', 'userIds']);
export interface WorkspaceMembersBody {
  id: number;
  userIds: number[];
}

/** POST management/workspace/resources -> ManagedWorkspace. Replaces the resources the workspace offers. */
export const workspaceResourcesBody = strictObject({ id: idSchema, resourceIds: idListSchema(5000) }, ['id', 'resourceIds']);
export interface WorkspaceResourcesBody {
  id: number;
  resourceIds: number[];
}

/** GET management/workspace/detail?id= -> the ids behind the counts of the list (for the member and menu pickers). */
export interface ManagedWorkspaceDetail {
  workspace: ManagedWorkspace;
  userIds: number[];
  resourceIds: number[];
}

// ---------------------------------------------------------------------------------------
// Workspace templates (function point workspace:manage)
// ---------------------------------------------------------------------------------------

export interface WorkspaceTemplate {
  id: number;
  name: string;
  description: string;
  resourceCount: number;
  pageCount: number;
  updateTime: string;
}

/** GET workspaceTemplate/detail?id= */
export interface WorkspaceTemplateDetail {
  template: WorkspaceTemplate;
  resourceIds: number[];
  pageIds: number[];
  formIds: number[];
  boardIds: number[];
}

const templateItemProperties = {
  name: displayNameSchema,
  description: descriptionSchema,
  resourceIds: idListSchema(5000),
  pageIds: idListSchema(),
  formIds: idListSchema(),
  boardIds: idListSchema(),
} as const;

/** POST workspaceTemplate/create -> WorkspaceTemplateDetail. Name unique in the tenant (409); pages must exist in it. */
export const workspaceTemplateCreateBody = strictObject(templateItemProperties, ['name', 'resourceIds', 'pageIds']);
export interface WorkspaceTemplateCreateBody {
  name: string;
  description?: string;
  resourceIds: number[];
  pageIds: number[];
  /** Kept for the form and board modules. */
  formIds?: number[];
  boardIds?: number[];
}

/** POST workspaceTemplate/update -> WorkspaceTemplateDetail. Replaces every list it is given (formIds/boardIds kept when absent). */
export const workspaceTemplateUpdateBody = strictObject({ id: idSchema, ...templateItemProperties }, [
  'id',
  'name',
  'resourceIds',
  'pageIds',
]);
export interface WorkspaceTemplateUpdateBody extends WorkspaceTemplateCreateBody {
  id: number;
}

/** POST workspaceTemplate/delete { id } -> null. Workspaces made from it keep what they got. */
export type WorkspaceTemplateDeleteBody = IdParams;

/**
 * POST workspaceTemplate/instantiate -> ManagedWorkspace: a new workspace whose menu is the
 * template's resources and the menu nodes of its pages, with their ancestors.
 */
export const workspaceTemplateInstantiateBody = strictObject(
  { id: idSchema, code: workspaceCodeSchema, name: displayNameSchema },
  ['id', 'code', 'name'],
);
export interface WorkspaceTemplateInstantiateBody {
  id: number;
  code: string;
  name: string;
}

// ---------------------------------------------------------------------------------------
// Function points that guard these endpoints
// ---------------------------------------------------------------------------------------

export const AUTHORIZATION_POINTS = {
  roles: 'role:manage',
  users: 'user:manage',
  workspaces: 'workspace:manage',
} as const;

/**
 * The reads that fill pickers (role/list, pmsGroup/list, role/resourceTree,
 * management/workspace/list, management/user/options) accept any of these, so a holder of
 * one management point can name the roles, groups, workspaces and users it assigns.
 */
export const PICKER_POINTS = [AUTHORIZATION_POINTS.roles, AUTHORIZATION_POINTS.users, AUTHORIZATION_POINTS.workspaces] as const;
