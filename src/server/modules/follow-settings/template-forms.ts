import type { ExpressionBuilder } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { dropFieldIndexes } from '../record/field-indexes.ts';
import './tables.ts';

/**
 * Whether a form is a follow-up type's data template: named by a template or a type, or retired
 * with its type while follow-ups keep a version of it. They are edited on the data template
 * screen, so the form designers' list and the form pickers leave them out.
 */
export function isTemplateForm(eb: ExpressionBuilder<DB, 'form'>) {
  return eb.or([
    eb('form.id', 'in', eb.selectFrom('follow_template').select('follow_template.form_id')),
    eb('form.id', 'in', eb.selectFrom('follow_type').select('follow_type.template_form_id').where('follow_type.template_form_id', 'is not', null)),
    eb.and([
      eb('form.status', '=', 'disabled'),
      eb('form.id', 'in', eb.selectFrom('follow_up').select('follow_up.template_form_id').where('follow_up.template_form_id', 'is not', null)),
    ]),
  ]);
}

/**
 * The data-template form of a type being deleted, in the caller's transaction: deleted with its
 * versions, or retired when follow-ups hold a version of it: kept disabled (as template forms
 * are, so no records are written to it), out of every list, its versions readable to them.
 */
export async function dropTemplateForm(scope: TenantScope, dialect: Dialect, formId: number, time: string): Promise<'deleted' | 'retired'> {
  const held = await scope.selectFrom('follow_up').select('id').where('template_form_id', '=', formId).limit(1).executeTakeFirst();
  if (held) {
    await scope.updateTable('form').set({ status: 'disabled', update_time: time }).where('id', '=', formId).execute();
    return 'retired';
  }
  await scope.deleteFrom('form').where('id', '=', formId).execute();
  await dropFieldIndexes(scope.db, dialect, formId);
  return 'deleted';
}
