import type { MemberType } from '../../core/entities.ts';
import type { Session } from '../modules/auth/tokens.ts';
import { isAdmin, isAdminType } from './admin.ts';

export const member = {
  /** Only an ADMIN may make, disable or reset an ADMIN: a holder of user:manage cannot raise themselves above it. */
  manage: (caller: { session: Pick<Session, 'memberType'> }, target: MemberType): boolean => !isAdminType(target) || isAdmin(caller),
};
