import type { ExpressionBuilder } from 'kysely';
import { RECORD_POINTS } from '../../core/contracts/record.ts';
import type { ButtonPointName, FormSettings } from '../../core/forms/form-design.ts';
import type { DB } from '../db/schema.ts';
import { forbidden } from '../errors.ts';
import { holds } from './admin.ts';
import type { Caller } from './caller.ts';
import { form } from './form.ts';

type RecordPlace = { created_by: number | null; workspace_code: string | null };

/** The point a form's button needs: the form's own choice (advance settings) or the standard record point. */
export const buttonPoint = (settings: FormSettings, button: ButtonPointName): string => settings.buttonPoints[button] ?? RECORD_POINTS[button];

export const record = {
  /** Whether the caller may use a button of the form (create, edit, delete, import, export). */
  button: (caller: Caller, settings: FormSettings, button: ButtonPointName): boolean => holds(caller, buttonPoint(settings, button)),

  /** 403 unless the caller may use the button. */
  requireButton(caller: Caller, settings: FormSettings, button: ButtonPointName): void {
    if (!record.button(caller, settings, button)) throw forbidden();
  },

  /** Reading a form's records takes any of its create, edit or export points. */
  list: (caller: Caller, settings: FormSettings): boolean =>
    record.button(caller, settings, 'create') || record.button(caller, settings, 'edit') || record.button(caller, settings, 'export'),

  /** Whether a record lies inside the caller's data scope: their own, their workspaces' (`workspace`) or any (`tenant`). */
  inScope(caller: Caller, row: RecordPlace): boolean {
    if (caller.dataScope === 'tenant') return true;
    if (row.created_by === caller.session.userId) return true;
    return caller.dataScope === 'workspace' && row.workspace_code !== null && caller.workspaceCodes.includes(row.workspace_code);
  },

  /** {@link record.inScope} as a condition on `form_record`, for lists and exports; null where every record is in scope. */
  scopeCondition(caller: Caller) {
    if (caller.dataScope === 'tenant') return null;
    return (eb: ExpressionBuilder<DB, 'form_record'>) => {
      const own = eb('form_record.created_by', '=', caller.session.userId);
      if (caller.dataScope === 'workspace' && caller.workspaceCodes.length) {
        return eb.or([own, eb('form_record.workspace_code', 'in', [...caller.workspaceCodes])]);
      }
      return own;
    };
  },

  /**
   * Whether the caller reads a record by their own rights: its form open to them, a read point
   * of the form, the record in their data scope. (A flow task lets its assignee read one too:
   * the record module's read grants.)
   */
  read: (caller: Caller, formRow: { workspace_code: string | null }, settings: FormSettings, row: RecordPlace): boolean =>
    form.open(caller, formRow) && record.list(caller, settings) && record.inScope(caller, row),
};
