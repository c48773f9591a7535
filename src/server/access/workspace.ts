import type { Caller } from './caller.ts';

export const workspace = {
  /** Whether the caller may enter a workspace: a USER those they belong to, an ADMIN every one of the tenant's (rights.ts). */
  enter: (caller: Caller, code: string): boolean => caller.workspaceCodes.includes(code),
};
