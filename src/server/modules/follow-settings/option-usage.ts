import { sql, type Kysely } from 'kysely';
import { FOLLOW_OPTION_COLUMNS, type OptionUsage } from '../../../core/contracts/follow-settings.ts';
import type { Dialect } from '../../db/database.ts';
import { readJson } from '../../db/json-column.ts';
import type { DB } from '../../db/schema.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import type { SettingsWorkspace } from './context.ts';

export interface CodeUsage {
  followUps: number;
  templateValues: number;
  inUse: boolean;
}

export interface UsageOfCodes {
  codes: Map<string, CodeUsage>;
  /** Template fields bound to the list. */
  templates: OptionUsage['templates'];
}

/** The template fields of a workspace bound to a list: which form, which field key. */
export async function boundFields(scope: TenantScope, workspace: SettingsWorkspace, sourceKey: string): Promise<OptionUsage['templates']> {
  const rows = await scope.selectFrom('follow_template').select(['type_id', 'form_id', 'bindings']).where('workspace_id', '=', workspace.id).execute();
  return rows.flatMap((row) =>
    Object.entries(readJson<Record<string, string>>(row.bindings))
      .filter(([, key]) => key === sourceKey)
      .map(([fieldKey]) => ({ typeId: row.type_id, formId: row.form_id, fieldKey })),
  );
}

/**
 * Whether follow-ups of the workspace hold each code: in their own column for the list
 * (FOLLOW_OPTION_COLUMNS: `trade`), or in the template values of a field bound to the list (a
 * choice holds the code, a multiple choice holds it among others). Deleted follow-ups count
 * too: their history still names the option.
 */
export async function usageOfCodes(
  scope: TenantScope,
  dialect: Dialect,
  workspace: SettingsWorkspace,
  sourceKey: string,
  codes: readonly string[],
): Promise<UsageOfCodes> {
  const templates = await boundFields(scope, workspace, sourceKey);
  const result = new Map<string, CodeUsage>(codes.map((code) => [code, { followUps: 0, templateValues: 0, inUse: false }]));
  const db: Kysely<DB> = scope.db;
  const column = FOLLOW_OPTION_COLUMNS[sourceKey];
  for (const chunk of chunks(codes, 500)) {
    if (column) {
      const rows = await sql<{ code: string; n: number | string }>`
        select ${sql.ref(column)} as code, count(*) as n from follow_up
        where tenant_id = ${scope.tenantId} and workspace_id = ${workspace.id} and ${sql.ref(column)} in (${sql.join(chunk)})
        group by ${sql.ref(column)}`.execute(db);
      for (const row of rows.rows) result.get(row.code)!.followUps += Number(row.n);
    }
    for (const field of templates) {
      // Each value the field holds, one row per value: a choice's code, or each code of a multiple choice.
      const values =
        dialect === 'postgres'
          ? sql`cross join lateral jsonb_array_elements_text(case jsonb_typeof(f.template_values -> ${field.fieldKey})
              when 'array' then f.template_values -> ${field.fieldKey} else jsonb_build_array(f.template_values -> ${field.fieldKey}) end) as v(value)`
          : sql`cross join json_each(f.template_values, ${`$.${field.fieldKey}`}) as v`;
      const rows = await sql<{ code: string; n: number | string }>`
        select v.value as code, count(distinct f.id) as n from follow_up f ${values}
        where f.tenant_id = ${scope.tenantId} and f.workspace_id = ${workspace.id} and f.template_form_id = ${field.formId}
          and v.value in (${sql.join(chunk)})
        group by v.value`.execute(db);
      for (const row of rows.rows) {
        const usage = result.get(String(row.code));
        if (usage) usage.templateValues += Number(row.n);
      }
    }
  }
  for (const usage of result.values()) usage.inUse = usage.followUps + usage.templateValues > 0;
  return { codes: result, templates };
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
