/**
 * The members and workspaces of a tenant, as its managers see them (function points
 * user:manage and workspace:manage). Served by src/server/modules/management/.
 */
import type { MemberType } from '../entities.ts';
import type { PageResult } from '../envelope.ts';
import {
  ALLPLAN_PREFIX,
  displayNameSchema,
  emailSchema,
  idListSchema,
  idSchema,
  mobilePhoneSchema,
  pagingProperties,
  personNameSchema,
  strictObject,
  type IdParams,
  type Validated,
} from './common.ts';

// ---------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------

/** The tenant's users, as user:manage sees them. */
export const MANAGED_USER_PATHS = {
  page: `${ALLPLAN_PREFIX}/management/user/page`,
  options: `${ALLPLAN_PREFIX}/management/user/options`,
  invite: `${ALLPLAN_PREFIX}/management/user/invite`,
  status: `${ALLPLAN_PREFIX}/management/user/status`,
  resetPassword: `${ALLPLAN_PREFIX}/management/user/resetPassword`,
  roles: `${ALLPLAN_PREFIX}/management/user/roles`,
  workspaces: `${ALLPLAN_PREFIX}/management/user/workspaces`,
} as const;

/** The tenant's workspaces, as workspace:manage sees them. */
export const MANAGED_WORKSPACE_PATHS = {
  list: `${ALLPLAN_PREFIX}/management/workspace/list`,
  detail: `${ALLPLAN_PREFIX}/management/workspace/detail`,
  create: `${ALLPLAN_PREFIX}/management/workspace/create`,
  update: `${ALLPLAN_PREFIX}/management/workspace/update`,
  delete: `${ALLPLAN_PREFIX}/management/workspace/delete`,
  members: `${ALLPLAN_PREFIX}/management/workspace/members`,
  resources: `${ALLPLAN_PREFIX}/management/workspace/resources`,
} as const;

// ---------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------

export const MEMBER_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const MEMBER_TYPES = ['ADMIN', 'USER'] as const satisfies readonly MemberType[];

/** A workspace code (`NW-HQ`): 2-32 capitals, digits or `-`; unique in the tenant. */
export const workspaceCodeSchema = { type: 'string', pattern: '^[A-Z0-9-]{2,32}$' } as const;
/** A login name: a letter, then letters, digits, `_`, `.` or `-` (no `@`, which marks an e-mail login). */
export const usernameSchema = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_.-]{1,31}$' } as const;
export const memberStatusSchema = { type: 'string', enum: MEMBER_STATUSES } as const;
export const memberTypeSchema = { type: 'string', enum: MEMBER_TYPES } as const;

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
export type UserPageBody = Validated<typeof userPageBody>;
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
export type UserInviteBody = Validated<typeof userInviteBody>;

/** POST management/user/status -> ManagedUser. DISABLED ends the user's tokens of this tenant; not yourself (400). */
export const userStatusBody = strictObject({ userId: idSchema, status: memberStatusSchema }, ['userId', 'status']);
export type UserStatusBody = Validated<typeof userStatusBody>;

/** POST management/user/resetPassword -> null. Mails a reset code and ends the user's tokens. */
export const userResetPasswordBody = strictObject({ userId: idSchema }, ['userId']);
export type UserResetPasswordBody = Validated<typeof userResetPasswordBody>;

/** POST management/user/roles -> ManagedUser. Replaces the roles, and the direct groups when given. */
export const userRolesBody = strictObject(
  { userId: idSchema, roleIds: idListSchema(), groupIds: idListSchema() },
  ['userId', 'roleIds'],
);
export type UserRolesBody = Validated<typeof userRolesBody>;

/** POST management/user/workspaces -> ManagedUser. Replaces the workspaces. */
export const userWorkspacesBody = strictObject({ userId: idSchema, workspaceIds: idListSchema() }, ['userId', 'workspaceIds']);
export type UserWorkspacesBody = Validated<typeof userWorkspacesBody>;

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
/** With `templateId`, the workspace offers the template's resources and pages. */
export type WorkspaceCreateBody = Validated<typeof workspaceCreateBody>;

/** POST management/workspace/update -> ManagedWorkspace. */
export const workspaceUpdateBody = strictObject({ id: idSchema, name: displayNameSchema }, ['id', 'name']);
export type WorkspaceUpdateBody = Validated<typeof workspaceUpdateBody>;

/** POST management/workspace/delete { id } -> null. Members lose the workspace. */
export type WorkspaceDeleteBody = IdParams;

/** POST management/workspace/members -> ManagedWorkspace. Replaces the members; each must be a member of the tenant. */
export const workspaceMembersBody = strictObject({ id: idSchema, userIds: idListSchema(5000) }, ['id', 'userIds']);
export type WorkspaceMembersBody = Validated<typeof workspaceMembersBody>;

/** POST management/workspace/resources -> ManagedWorkspace. Replaces the resources the workspace offers. */
export const workspaceResourcesBody = strictObject({ id: idSchema, resourceIds: idListSchema(5000) }, ['id', 'resourceIds']);
export type WorkspaceResourcesBody = Validated<typeof workspaceResourcesBody>;

/** GET management/workspace/detail?id= -> the ids behind the counts of the list (for the member and menu pickers). */
export interface ManagedWorkspaceDetail {
  workspace: ManagedWorkspace;
  userIds: number[];
  resourceIds: number[];
}
