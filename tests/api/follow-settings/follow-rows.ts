import type { TestApp } from '../../helpers/test-app.ts';

/**
 * Follow-up types and follow-ups written as the follow-up module stores them (migration 023),
 * for the settings rules that read them: templates name a type, and an option is in use when a
 * follow-up holds its code.
 */
export function followRows(t: TestApp) {
  const db = t.app.services.db;
  const time = '2026-11-22T08:00:00.000Z';
  const tenantOf = async (workspaceCode: string) =>
    db.selectFrom('workspace').select(['id', 'tenant_id']).where('code', '=', workspaceCode).executeTakeFirstOrThrow();

  const type = async (workspaceCode: string, name: string): Promise<number> => {
    const workspace = await tenantOf(workspaceCode);
    const row = await db
      .insertInto('follow_type')
      .values({
        tenant_id: workspace.tenant_id,
        workspace_id: workspace.id,
        name,
        color: '#1677ff',
        icon: 'flag',
        numbering: 'PI-{0000}',
        status_rule: JSON.stringify({ start: ['assignee'], submit: ['assignee'], return: ['reviewer'], close: ['reviewer'], reopen: ['manager'] }),
        default_reviewer_ids: '[]',
        template_form_id: null,
        retired: 0,
        sort: 0,
        revision: 1,
        created_by: null,
        create_time: time,
        updated_by: null,
        update_time: time,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  let counter = 0;
  const followUp = async (
    workspaceCode: string,
    typeId: number,
    fields: { trade?: string | null; template?: { formId: number; version: number; values: Record<string, unknown> } },
  ): Promise<number> => {
    const workspace = await tenantOf(workspaceCode);
    counter++;
    const row = await db
      .insertInto('follow_up')
      .values({
        tenant_id: workspace.tenant_id,
        workspace_id: workspace.id,
        type_id: typeId,
        number: `T-${String(counter).padStart(4, '0')}`,
        number_sort: `T-${String(counter).padStart(12, '0')}`,
        title: `Follow-up ${counter}`,
        description: '',
        status: 'open',
        priority: 'normal',
        priority_rank: 2,
        reviewer_id: null,
        due_date: null,
        trade: fields.trade ?? null,
        location: null,
        sheet_id: null,
        pin_revision_id: null,
        pin_x: null,
        pin_y: null,
        model_element_id: null,
        template_form_id: fields.template?.formId ?? null,
        template_version: fields.template?.version ?? null,
        template_values: fields.template ? JSON.stringify(fields.template.values) : null,
        comment_count: 0,
        photo_count: 0,
        revision: 1,
        created_by: null,
        create_time: time,
        updated_by: null,
        update_time: time,
        closed_time: null,
        deleted_time: null,
        deleted_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  return { type, followUp };
}
