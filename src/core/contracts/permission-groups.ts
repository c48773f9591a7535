/**
 * Permission groups of a tenant: named sets of function points given to roles and users
 * (function point role:manage). Served by src/server/modules/role/group-routes.ts.
 */
import type { LocalText } from '../local-text.ts';
import {
  ALLPLAN_PREFIX,
  descriptionSchema,
  displayNameSchema,
  idListSchema,
  idSchema,
  strictObject,
  type IdParams,
  type Validated,
} from './common.ts';

/** The permission group endpoints (the spec names them `pmsGroup/`). */
export const PERMISSION_GROUP_PATHS = {
  list: `${ALLPLAN_PREFIX}/pmsGroup/list`,
  create: `${ALLPLAN_PREFIX}/pmsGroup/create`,
  update: `${ALLPLAN_PREFIX}/pmsGroup/update`,
  delete: `${ALLPLAN_PREFIX}/pmsGroup/delete`,
  assign: `${ALLPLAN_PREFIX}/pmsGroup/assign`,
  points: `${ALLPLAN_PREFIX}/pmsGroup/points`,
} as const;

/** A function point code such as `form:create`. */
export const functionPointCodeSchema = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' } as const;

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
export type PermissionGroupCreateBody = Validated<typeof permissionGroupCreateBody>;

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
export type PermissionGroupUpdateBody = Validated<typeof permissionGroupUpdateBody>;

/** POST pmsGroup/delete { id } -> null. */
export type PermissionGroupDeleteBody = IdParams;

/** POST pmsGroup/assign -> PermissionGroup. Replaces both lists. */
export const permissionGroupAssignBody = strictObject(
  { id: idSchema, roleIds: idListSchema(), userIds: idListSchema(5000) },
  ['id', 'roleIds', 'userIds'],
);
export type PermissionGroupAssignBody = Validated<typeof permissionGroupAssignBody>;

/** GET pmsGroup/points -> FunctionPointOption[]: every function point of the tenant, for the picker. */
export interface FunctionPointOption {
  code: string;
  /** The BUTTON node's title: a text per language or one for all (src/core/local-text.ts). */
  title: LocalText;
  /** Title and seed key of the menu the point sits under (the seed key names its translation). */
  menuTitle: LocalText;
  menuSeedKey: string | null;
}
