import type { ExpressionBuilder } from 'kysely';
import { RECORD_POINTS } from '../../../core/contracts/forms.ts';
import type { ButtonPointName, FormSettings } from '../../../core/forms/form-design.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { forbidden } from '../../errors.ts';
import type { Session } from '../auth/tokens.ts';
import { isFormOpen } from '../form/service.ts';
import { loadMemberRights, type MemberRights } from '../auth/member-rights.ts';

/**
 * What a caller may do with records: the function points held (every one for an ADMIN), the
 * data scope (own / workspace / tenant) and their workspaces. Loaded once per request.
 */
export interface RecordAccess extends MemberRights {
  session: Session;
}

export async function loadRecordAccess(scope: TenantScope, session: Session): Promise<RecordAccess> {
  return { session, ...(await loadMemberRights(scope, session)) };
}

const isAdmin = (access: RecordAccess) => access.session.memberType === 'ADMIN';

/** The point a form's button needs: the form's own choice (advance settings) or the standard record point. */
export const buttonPoint = (settings: FormSettings, button: ButtonPointName): string => settings.buttonPoints[button] ?? RECORD_POINTS[button];

export const holdsButton = (access: RecordAccess, settings: FormSettings, button: ButtonPointName) =>
  isAdmin(access) || access.points.has(buttonPoint(settings, button));

export function requireButton(access: RecordAccess, settings: FormSettings, button: ButtonPointName): void {
  if (!holdsButton(access, settings, button)) throw forbidden();
}

/** Reading a form's records takes any of its create, edit or export points. */
export const readsRecords = (access: RecordAccess, settings: FormSettings) =>
  holdsButton(access, settings, 'create') || holdsButton(access, settings, 'edit') || holdsButton(access, settings, 'export');

export const formOpen = (access: RecordAccess, form: { workspace_code: string | null }) => isFormOpen(form, access.session, access.workspaceCodes);

/** Whether a record lies inside the caller's data scope. */
export function inDataScope(access: RecordAccess, record: { created_by: number | null; workspace_code: string | null }): boolean {
  if (access.dataScope === 'tenant') return true;
  if (record.created_by === access.session.userId) return true;
  return access.dataScope === 'workspace' && record.workspace_code !== null && access.workspaceCodes.includes(record.workspace_code);
}

/** The same rule as a condition on `form_record`, for lists and exports. */
export function dataScopeCondition(access: RecordAccess) {
  return (eb: ExpressionBuilder<DB, 'form_record'>) => {
    const own = eb('form_record.created_by', '=', access.session.userId);
    if (access.dataScope === 'workspace' && access.workspaceCodes.length) {
      return eb.or([own, eb('form_record.workspace_code', 'in', [...access.workspaceCodes])]);
    }
    return own;
  };
}
