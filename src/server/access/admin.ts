import type { MemberType } from '../../core/entities.ts';
import type { Session } from '../modules/auth/tokens.ts';
import type { Caller } from './caller.ts';

/**
 * The ADMIN rule, written here only: an ADMIN of the tenant may do everything in it. Their
 * rights are read accordingly (every function point, the tenant data scope, every workspace:
 * rights.ts), and the policies ask `isAdmin`, `holds` and `grantsMenu`, never the member type.
 */
export const isAdminType = (type: MemberType | null | undefined): boolean => type === 'ADMIN';

export const isAdmin = (caller: { session: Pick<Session, 'memberType'> }): boolean => isAdminType(caller.session.memberType);

/** Whether the caller holds a function point; an ADMIN holds every one, those the tenant lacks too. */
export const holds = (caller: Caller, point: string): boolean => isAdmin(caller) || caller.points.has(point);

export const holdsAny = (caller: Caller, points: readonly string[]): boolean => isAdmin(caller) || points.some((point) => caller.points.has(point));

/** Whether the caller's roles grant a menu entry, by id or seed key; an ADMIN has every entry. */
export const grantsMenu = (caller: Caller, entry: number | string): boolean =>
  isAdmin(caller) || (typeof entry === 'number' ? caller.menuIds.has(entry) : caller.menuKeys.has(entry));
