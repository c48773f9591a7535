/**
 * Roles of a tenant, and the function points that guard the authorization screens (roles,
 * permission groups, users, workspaces, templates). Request schemas (shared by the API and
 * the admin screens) and response types. Every endpoint is under /api/proptech_allplan/ with
 * a tenant token; see src/server/modules/role/ENDPOINTS.md for the list and the function
 * point each needs.
 */
import type { MenuNode } from '../entities.ts';
import { localTextSchema, type LocalText } from '../local-text.ts';
import {
  ALLPLAN_PREFIX,
  idListSchema,
  idSchema,
  strictObject,
  type IdParams,
  type Validated,
} from './common.ts';

// ---------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------

/** The role endpoints. */
export const ROLE_PATHS = {
  list: `${ALLPLAN_PREFIX}/role/list`,
  detail: `${ALLPLAN_PREFIX}/role/detail`,
  create: `${ALLPLAN_PREFIX}/role/create`,
  update: `${ALLPLAN_PREFIX}/role/update`,
  delete: `${ALLPLAN_PREFIX}/role/delete`,
  grant: `${ALLPLAN_PREFIX}/role/grant`,
  users: `${ALLPLAN_PREFIX}/role/users`,
  groups: `${ALLPLAN_PREFIX}/role/groups`,
  resourceTree: `${ALLPLAN_PREFIX}/role/resourceTree`,
} as const;

// ---------------------------------------------------------------------------------------
// Function points that guard the authorization endpoints
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

// ---------------------------------------------------------------------------------------
// Data scopes
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

export const dataScopeSchema = { type: 'string', enum: DATA_SCOPES } as const;
/** A role code: a letter, then letters, digits, `_` or `-`; unique in the tenant. */
export const roleCodeSchema = { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_-]{0,31}$' } as const;

// ---------------------------------------------------------------------------------------
// Roles (function point role:manage, reads included)
// ---------------------------------------------------------------------------------------

export interface Role {
  id: number;
  code: string;
  /** Texts per language or one for all (src/core/local-text.ts). */
  name: LocalText;
  description: LocalText;
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

/** A role's name and description: in one text or one per language, each a display name (description) as elsewhere. */
const roleNameSchema = localTextSchema({ minLength: 1, maxLength: 64, pattern: '^[^<>]*[^<>\\s][^<>]*$' });
const roleDescriptionSchema = { ...localTextSchema({ maxLength: 500, pattern: '^[^<>]*$' }), default: '' } as const;

/** POST role/create -> Role. A code already used in the tenant answers 409. */
export const roleCreateBody = strictObject(
  { code: roleCodeSchema, name: roleNameSchema, description: roleDescriptionSchema, dataScope: dataScopeSchema },
  ['code', 'name', 'dataScope'],
);
export type RoleCreateBody = Validated<typeof roleCreateBody>;

/** POST role/update -> Role. The code never changes. */
export const roleUpdateBody = strictObject(
  { id: idSchema, name: roleNameSchema, description: roleDescriptionSchema, dataScope: dataScopeSchema },
  ['id', 'name', 'dataScope'],
);
export type RoleUpdateBody = Validated<typeof roleUpdateBody>;

/** POST role/delete { id } -> null. Refused with 409 (naming how many) while members hold it. */
export type RoleDeleteBody = IdParams;

/** POST role/grant -> RoleDetail. Replaces the granted resources; a BUTTON id implies nothing else. */
export const roleGrantBody = strictObject({ id: idSchema, resourceIds: idListSchema(5000) }, ['id', 'resourceIds']);
export type RoleGrantBody = Validated<typeof roleGrantBody>;

/** POST role/users -> RoleDetail. Replaces the holders; each must be a member of the tenant. */
export const roleUsersBody = strictObject({ id: idSchema, userIds: idListSchema(5000) }, ['id', 'userIds']);
export type RoleUsersBody = Validated<typeof roleUsersBody>;

/** POST role/groups -> RoleDetail. Replaces the permission groups given to the role. */
export const roleGroupsBody = strictObject({ id: idSchema, groupIds: idListSchema() }, ['id', 'groupIds']);
export type RoleGroupsBody = Validated<typeof roleGroupsBody>;

/** GET role/resourceTree -> the tenant's whole tree, BUTTON nodes included (`code` set on them). */
export type RoleResourceTree = MenuNode[];
