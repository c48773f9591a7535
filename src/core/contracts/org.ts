/**
 * The organisation directory that pickers read: departments (a tree, each with a manager),
 * members with their department, and roles for the flow designer's assignee picker.
 * Every endpoint is under /api/proptech_allplan/ with a tenant token.
 */
import type { LocalText } from '../local-text.ts';
import { ALLPLAN_PREFIX, idSchema, strictObject, type Validated } from './common.ts';

/** The organisation directory the pickers read. */
export const ORG_PATHS = {
  departments: `${ALLPLAN_PREFIX}/org/departments`,
  members: `${ALLPLAN_PREFIX}/org/members`,
  roles: `${ALLPLAN_PREFIX}/org/roles`,
} as const;

export interface Department {
  id: number;
  name: string;
  parentId: number | null;
  managerId: number | null;
  managerName: string | null;
  /** Members whose department this is (not counting sub-departments). */
  memberCount: number;
  children: Department[];
}

export interface OrgMember {
  id: number;
  name: string;
  username: string;
  departmentId: number | null;
  departmentName: string | null;
}

export interface OrgRole {
  id: number;
  code: string;
  name: LocalText;
  memberCount: number;
}

/** How many members one org/members answer holds at most (pickers narrow by keyword). */
export const ORG_MEMBERS_MAX = 200;

export const orgMembersQuery = strictObject({
  keyword: { type: 'string', maxLength: 64 },
  departmentId: idSchema,
  /** Members of this department and of every department under it. */
  includeSubDepartments: { type: 'boolean', default: false },
  limit: { type: 'integer', minimum: 1, maximum: ORG_MEMBERS_MAX, default: 50 },
});
export type OrgMembersQuery = Validated<typeof orgMembersQuery>;
