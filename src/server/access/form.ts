import type { ExpressionBuilder } from 'kysely';
import { FORM_DESIGN_POINTS } from '../../core/contracts/form.ts';
import type { DB } from '../db/schema.ts';
import { holdsAny, isAdmin } from './admin.ts';
import type { Caller } from './caller.ts';
import { workspace } from './workspace.ts';

export const form = {
  /** A form is open to a member when it is the whole tenant's or belongs to a workspace they may enter. */
  open: (caller: Caller, row: { workspace_code: string | null }): boolean =>
    row.workspace_code === null || isAdmin(caller) || workspace.enter(caller, row.workspace_code),

  /** The same rule as a condition on `form`, for pickers; null where every form is open. */
  openCondition(caller: Caller) {
    if (isAdmin(caller)) return null;
    const codes = caller.workspaceCodes;
    return (eb: ExpressionBuilder<DB, 'form'>) => eb.or([eb('form.workspace_code', 'is', null), ...(codes.length ? [eb('form.workspace_code', 'in', [...codes])] : [])]);
  },

  /** Designers (any form design point) see every form and each of its versions. */
  design: (caller: Caller): boolean => holdsAny(caller, FORM_DESIGN_POINTS),
};
