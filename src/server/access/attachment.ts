import { AUTHORIZATION_POINTS } from '../../core/contracts/role.ts';
import { grantsMenu, holds } from './admin.ts';
import type { Caller } from './caller.ts';

/** The seed menu entry of the attachment list: a role that grants it lets its users open the list. */
export const ATTACHMENT_LIST_MENU = 'attachManager';

export const attachment = {
  /** The attachment list takes its screen's menu entry; which rows it shows follows the record and avatar rules. */
  list: (caller: Caller): boolean => grantsMenu(caller, ATTACHMENT_LIST_MENU),
  /** An avatar's owner links to the user list for whoever manages users. */
  linkUsers: (caller: Caller): boolean => holds(caller, AUTHORIZATION_POINTS.users),
};
