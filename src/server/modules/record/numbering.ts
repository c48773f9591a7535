import type { Kysely } from 'kysely';
import { formatNumber, numberingPeriod, parseNumberingRule, type NumberingRule } from '../../../core/forms/numbering.ts';
import type { DB } from '../../db/schema.ts';

/**
 * Hands out the next record number of a form inside the record's transaction: one counter
 * row per (form, period), bumped by a single upsert. On PostgreSQL concurrent creates queue on
 * the counter row until the holder commits; SQLite serialises write transactions. A create
 * that rolls back rolls its increment back too, so numbers stay unique and gapless.
 */
export async function nextRecordNumber(trx: Kysely<DB>, tenantId: number, formId: number, rule: string | NumberingRule, at: Date): Promise<string> {
  const parsed = typeof rule === 'string' ? parsedRule(rule) : rule;
  const period = numberingPeriod(parsed, at);
  const { value } = await trx
    .insertInto('form_number_counter')
    .values({ tenant_id: tenantId, form_id: formId, period, value: 1 })
    .onConflict((oc) => oc.columns(['tenant_id', 'form_id', 'period']).doUpdateSet((eb) => ({ value: eb('form_number_counter.value', '+', 1) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return formatNumber(parsed, at, value);
}

/**
 * Reserves `count` consecutive numbers of one period at once (imports and the demo seed), in
 * the caller's transaction; returns the first sequence value.
 */
export async function reserveRecordNumbers(trx: Kysely<DB>, tenantId: number, formId: number, period: string, count: number): Promise<number> {
  const { value } = await trx
    .insertInto('form_number_counter')
    .values({ tenant_id: tenantId, form_id: formId, period, value: count })
    .onConflict((oc) => oc.columns(['tenant_id', 'form_id', 'period']).doUpdateSet((eb) => ({ value: eb('form_number_counter.value', '+', count) })))
    .returning('value')
    .executeTakeFirstOrThrow();
  return value - count + 1;
}

export function parsedRule(rule: string): NumberingRule {
  const parsed = parseNumberingRule(rule);
  if ('error' in parsed) throw new Error(`stored numbering rule ${rule} is invalid: ${parsed.error}`);
  return parsed;
}
