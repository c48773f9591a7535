import type { FieldError, FormDesign, RecordData } from '../../../core/forms/form-design.ts';
import { referenceKey, referencesInRecord, unknownReferenceError, type RecordReference } from '../../../core/forms/record-references.ts';
import type { TenantScope } from '../../db/tenant-scope.ts';

/**
 * Values of a record that name something by id must name something of the record's tenant:
 * a member, a department, a record of the form the link says, a stored file. The schema
 * checks only their shape, so without this a record could hold another tenant's user id (and
 * show their name) or an id that names no one. A bad one is a field error like any other.
 */

// Keeps each statement well under the databases' bound-parameter limits.
const BATCH = 500;

function batches<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += BATCH) out.push(items.slice(i, i + BATCH));
  return out;
}

/** The keys (referenceKey) of the references that name something of the scope's tenant. */
async function knownReferences(scope: TenantScope, references: readonly RecordReference[]): Promise<Set<string>> {
  const idsOf = <T extends number | string>(kind: RecordReference['kind']) => [...new Set(references.filter((r) => r.kind === kind).map((r) => r.id as T))];
  const known = new Set<string>();
  for (const ids of batches(idsOf<number>('member'))) {
    const rows = await scope.selectFrom('tenant_member').select('tenant_member.user_id').where('tenant_member.user_id', 'in', ids).execute();
    for (const row of rows) known.add(referenceKey({ kind: 'member', id: row.user_id }));
  }
  for (const ids of batches(idsOf<number>('department'))) {
    const rows = await scope.selectFrom('department').select('department.id').where('department.id', 'in', ids).execute();
    for (const row of rows) known.add(referenceKey({ kind: 'department', id: row.id }));
  }
  for (const ids of batches(idsOf<number>('record'))) {
    const rows = await scope.selectFrom('form_record').select(['form_record.id', 'form_record.form_id']).where('form_record.id', 'in', ids).execute();
    for (const row of rows) known.add(referenceKey({ kind: 'record', id: row.id, formId: row.form_id }));
  }
  for (const ids of batches(idsOf<string>('file'))) {
    const rows = await scope.selectFrom('file_object').select('file_object.id').where('file_object.id', 'in', ids).execute();
    for (const row of rows) known.add(referenceKey({ kind: 'file', id: row.id }));
  }
  return known;
}

/** What is checked of one record: its new data, and on an update the data it held. */
export interface ReferencedData {
  data: RecordData;
  /**
   * What the record held before: a value it held already is kept as it is, since what it
   * names may be gone (a deleted record), and its other fields must still be savable.
   */
  held?: RecordData;
}

/**
 * For each record, one error per field whose value names something the scope's tenant does
 * not have (the first such value), in design order; empty when all is well. Few queries for
 * many records (an import).
 */
export async function referenceErrors(scope: TenantScope, design: FormDesign, records: readonly ReferencedData[]): Promise<FieldError[][]> {
  const fresh = records.map(({ data, held }) => {
    const before = new Set(held ? referencesInRecord(design, held).map(referenceKey) : []);
    return referencesInRecord(design, data).filter((reference) => !before.has(referenceKey(reference)));
  });
  const known = await knownReferences(scope, fresh.flat());
  return fresh.map((references) => {
    const errors = new Map<string, FieldError>();
    for (const reference of references) {
      if (!known.has(referenceKey(reference)) && !errors.has(reference.field)) errors.set(reference.field, unknownReferenceError(reference));
    }
    return [...errors.values()];
  });
}
