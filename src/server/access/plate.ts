import { PLATE_POINTS } from '../../core/contracts/plates.ts';
import { grantsMenu, holds } from './admin.ts';
import type { Caller } from './caller.ts';

/** The seed menu entry of the plate list: a role that grants it lets its users open every plate. */
export const PLATE_LIST_MENU = 'plates';

export const plate = {
  create: (caller: Caller): boolean => holds(caller, PLATE_POINTS.create),
  edit: (caller: Caller): boolean => holds(caller, PLATE_POINTS.edit),
  delete: (caller: Caller): boolean => holds(caller, PLATE_POINTS.delete),

  /** Every plate of the tenant opens for a holder of a plate point or of the plate list's menu entry. */
  openAll: (caller: Caller): boolean => plate.create(caller) || plate.edit(caller) || plate.delete(caller) || grantsMenu(caller, PLATE_LIST_MENU),

  /** A plate opens for those, and for whoever a role grants its own menu entry (once published). */
  open: (caller: Caller, row: { resource_id: number | null }): boolean =>
    plate.openAll(caller) || (row.resource_id !== null && grantsMenu(caller, row.resource_id)),

  /** The plate list is there for whoever may open a plate: every plate, or those whose menu entries they hold. */
  list: (caller: Caller): boolean => plate.openAll(caller) || caller.menuIds.size > 0,
};
