import { formatNumber, numberingPeriod, parseNumberingRule } from '../../../core/forms/numbering.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';
import { followProblem } from './context.ts';

/**
 * The next follow-up number of a workspace by a type's rule, inside the create transaction:
 * one counter row per (workspace, rule, period), bumped by a single upsert. On PostgreSQL
 * concurrent creates queue on the counter row until the holder commits; SQLite serialises
 * write transactions. Two types with the same rule share the counter, so numbers never repeat
 * in a workspace (a unique index holds it too); a create that rolls back rolls its number back.
 */
export async function nextFollowNumber(tx: TenantScope, workspaceId: number, rule: string, at: Date): Promise<string> {
  const parsed = parseNumberingRule(rule);
  if ('error' in parsed) throw followProblem(400, 'numberingRule', `the type's numbering rule cannot be read: ${parsed.error}`);
  const period = numberingPeriod(parsed, at);
  const { value } = await tx.db
    .insertInto('follow_counter')
    .values({ tenant_id: tx.tenantId, workspace_id: workspaceId, rule, period, value: 1 })
    .onConflict((oc) => oc.columns(['tenant_id', 'workspace_id', 'rule', 'period']).doUpdateSet((eb) => ({ value: eb('follow_counter.value', '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return formatNumber(parsed, at, value);
}
