import { FILE_ID_PATTERN } from '../contracts/files.ts';
import type { LocalText } from '../local-text.ts';
import { FIELD_TYPES, valueFields, type FormDesign } from './form-design.ts';

/** One file a record holds, and the field that holds it: `photos`, or `items[2].receipt` inside a sub-table row. */
export interface RecordFileRef {
  fileId: string;
  field: string;
}

const STORE_ID = new RegExp(FILE_ID_PATTERN);

/** A stored file value `{ fileId, name, size, type }`; only ids of the file store can name a stored file. */
const isFileValue = (value: unknown): value is { fileId: string } =>
  !!value && typeof value === 'object' && !Array.isArray(value) && typeof (value as { fileId?: unknown }).fileId === 'string' && STORE_ID.test((value as { fileId: string }).fileId);

/**
 * Every file a record's data holds, wherever it sits (file fields, sub-table rows), each
 * (file, field) pair once, in the order met. The one rule for "which files does this record
 * hold", used by every write that keeps the attachment index and by its back-fill.
 */
export function filesInRecord(data: unknown): RecordFileRef[] {
  const found = new Map<string, RecordFileRef>();
  const add = (fileId: string, field: string) => {
    const key = `${field}\u0000${fileId}`;
    if (!found.has(key)) found.set(key, { fileId, field });
  };
  const walk = (value: unknown, path: string): void => {
    if (isFileValue(value)) return add(value.fileId, path);
    if (Array.isArray(value)) {
      // A file inside a field's list belongs to the field; anything else (a sub-table row) adds its index.
      value.forEach((item, i) => (isFileValue(item) ? add(item.fileId, path) : walk(item, `${path}[${i}]`)));
      return;
    }
    if (value && typeof value === 'object') {
      for (const [key, inner] of Object.entries(value)) walk(inner, path ? `${path}.${key}` : key);
    }
  };
  walk(data, '');
  return [...found.values()];
}

/**
 * The labels of the field a file path names in a form version (`items[2].receipt` ->
 * `['Items', 'Receipt']`), or null when the version has no such field (a key of an older one).
 */
export function fileFieldLabels(design: FormDesign, path: string): LocalText[] | null {
  const [top, column] = path.replace(/\[\d+\]/g, '').split('.');
  const field = valueFields(design).find((f) => f.key === top);
  if (!field) return null;
  if (column === undefined) return FIELD_TYPES[field.type].value === 'files' ? [field.label || field.key] : null;
  const inner = field.fields?.find((f) => f.key === column);
  return inner ? [field.label || field.key, inner.label || inner.key] : null;
}
