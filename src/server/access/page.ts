import { PAGE_EDIT_POINT } from '../../core/contracts/page.ts';
import { grantsMenu, holds } from './admin.ts';
import type { Caller } from './caller.ts';

type PageRow = { published: number; resource_id: number | null };

export const page = {
  /** Editing pages (and seeing drafts) takes the page point. */
  edit: (caller: Caller): boolean => holds(caller, PAGE_EDIT_POINT),

  /** A draft is there for editors only; a published page for every member (whether it opens is `open`). */
  see: (caller: Caller, row: PageRow): boolean => page.edit(caller) || row.published === 1,

  /** A published page opens for whoever a role grants its menu entry; any page for an editor. */
  open: (caller: Caller, row: PageRow): boolean =>
    page.edit(caller) || (row.published === 1 && row.resource_id !== null && grantsMenu(caller, row.resource_id)),
};
