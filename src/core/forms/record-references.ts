import { textIn } from '../local-text.ts';
import { fieldDisplayName, valueFields, type FieldDesign, type FieldError, type FormDesign, type RecordData } from './form-design.ts';

/**
 * What a record's values name by id: a member (user), a department, a record of a linked
 * form, a file of the store. The schema checks only their shape; that they name something of
 * the record's own tenant is the server's check (src/server/modules/record/references.ts),
 * and this module is its one rule for where such values sit and how a bad one is told.
 */

export type ReferenceKind = 'member' | 'department' | 'record' | 'file';

export interface RecordReference {
  kind: ReferenceKind;
  /** The user, department or record id; the file store's id of a file. */
  id: number | string;
  /** A record link: the form the value says the record belongs to. */
  formId?: number;
  /** A file: the name the value gives it, for the message. */
  name?: string;
  /** The field that holds it: `owner`, or `visits[2].by` inside a sub-table row (a list's items belong to the field). */
  field: string;
  /** The field as messages name it: `Visits › Visitor (visits[2].by)`. */
  fieldName: string;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : [value]);

/** The references one field's value holds (none when the value has not the field's shape; the schema says so). */
function referencesOf(field: FieldDesign, value: unknown, at: { field: string; fieldName: string }): RecordReference[] {
  if (value === undefined || value === null) return [];
  switch (field.type) {
    case 'member':
    case 'department':
      return listOf(value)
        .filter((id): id is number => typeof id === 'number')
        .map((id) => ({ kind: field.type as 'member' | 'department', id, ...at }));
    case 'linkedRecord':
      return listOf(value)
        .filter(isPlainObject)
        .filter((link) => typeof link.recordId === 'number' && typeof link.formId === 'number')
        .map((link) => ({ kind: 'record' as const, id: link.recordId as number, formId: link.formId as number, ...at }));
    case 'attachment':
    case 'image':
      return listOf(value)
        .filter(isPlainObject)
        .filter((file) => typeof file.fileId === 'string')
        .map((file) => ({ kind: 'file' as const, id: file.fileId as string, name: typeof file.name === 'string' ? file.name : undefined, ...at }));
    default:
      return [];
  }
}

/** Every reference the record's data holds, in design order (top-level fields, then each sub-table row's). */
export function referencesInRecord(design: FormDesign, data: RecordData): RecordReference[] {
  return valueFields(design).flatMap((field) => {
    const value = data[field.key];
    if (field.type !== 'subtable') return referencesOf(field, value, { field: field.key, fieldName: fieldDisplayName(field) });
    if (!Array.isArray(value)) return [];
    // Server problems are written in English (fieldDisplayName), so the names are the English labels.
    return value.flatMap((row, i) =>
      isPlainObject(row)
        ? (field.fields ?? []).flatMap((column) => {
            const path = `${field.key}[${i}].${column.key}`;
            return referencesOf(column, row[column.key], { field: path, fieldName: fieldDisplayName({ key: path, label: `${textIn(field.label, 'en')} › ${textIn(column.label, 'en')}` }, path) });
          })
        : [],
    );
  });
}

/** The same key for the same thing named; a record link's names the form too, so a link to a record of another form is not the same. */
export const referenceKey = (reference: Pick<RecordReference, 'kind' | 'id' | 'formId'>): string =>
  reference.kind === 'record' ? `record:${reference.formId}:${reference.id}` : `${reference.kind}:${reference.id}`;

/** The error of a reference that names nothing of the tenant, worded for the person who filled the form. */
export function unknownReferenceError(reference: RecordReference): FieldError {
  const what = {
    member: () => `user ${reference.id} is not a member of this organisation`,
    department: () => `department ${reference.id} is not a department of this organisation`,
    record: () => `record ${reference.id} is not a record of the linked form`,
    file: () => `file ${JSON.stringify(reference.name ?? reference.id)} is not a file of this organisation; upload it again`,
  }[reference.kind]();
  return { field: reference.field, message: `${reference.fieldName}: ${what}` };
}
