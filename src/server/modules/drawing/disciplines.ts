import { disciplineReading, type DisciplineReading } from '../../../core/drawings/disciplines.ts';
import { readJsonOrNull } from '../../db/json-column.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { badRequest } from '../../errors.ts';
import '../follow-settings/tables.ts';

/** The workspace's sheet-number rule and discipline codes as stored (project settings); null: the defaults. */
export async function workspaceNumbering(scope: TenantScope, workspaceId: number): Promise<{ rule: string | null; codes: string[] | null }> {
  const row = await scope.selectFrom('follow_project').select(['sheet_number_rule', 'disciplines']).where('workspace_id', '=', workspaceId).executeTakeFirst();
  const stored = readJsonOrNull<{ code: string }[]>(row?.disciplines ?? null);
  return { rule: row?.sheet_number_rule ?? null, codes: stored?.map((d) => d.code) ?? null };
}

/** How the workspace reads disciplines from numbers: its rule and codes, or the defaults before they are saved. */
export async function workspaceDisciplines(scope: TenantScope, workspaceId: number): Promise<DisciplineReading> {
  const { rule, codes } = await workspaceNumbering(scope, workspaceId);
  return disciplineReading(rule, codes);
}

/** 400 unless the workspace's list has the discipline. */
export async function requireDiscipline(scope: TenantScope, workspaceId: number, code: string): Promise<void> {
  const { codes } = await workspaceDisciplines(scope, workspaceId);
  if (!codes.includes(code)) throw badRequest('discipline', `"${code}" is not a discipline of this workspace`);
}
