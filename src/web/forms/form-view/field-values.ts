/*
 * Conversions between record values (the contract's shapes) and what antd controls hold.
 * Pure, so the unit tests read them directly.
 */
import { extensionOf } from '../../../core/upload-types.ts';
import { valueText } from '../../../core/value-text.ts';

export interface AddressValue {
  province: string;
  city?: string;
  district?: string;
}

/** An address value as the cascader's path of codes. */
export function addressToPath(value: unknown): string[] {
  if (!value || typeof value !== 'object') return [];
  const { province, city, district } = value as Partial<AddressValue>;
  return [province, city, district].filter((code): code is string => typeof code === 'string' && code !== '');
}

/** The cascader's path as an address value; an empty path clears the field. */
export function pathToAddress(path: readonly (string | number)[] | undefined): AddressValue | undefined {
  const [province, city, district] = (path ?? []).map(String);
  if (!province) return undefined;
  return { province, ...(city ? { city } : {}), ...(district ? { district } : {}) };
}

/** The ids a member or department value holds, one or many. */
export function idsOf(value: unknown): number[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.filter((id): id is number => Number.isInteger(id) && (id as number) > 0);
}

/** Picked ids as the field's value: one id, a list when `multiple`, undefined when none. */
export function idsToValue(ids: readonly number[], multiple: boolean): number | number[] | undefined {
  if (multiple) return ids.length ? [...ids] : undefined;
  return ids[0];
}

export interface LinkedRecordValue {
  formId: number;
  recordId: number;
  title: string;
}

export function linkedRecordsOf(value: unknown): LinkedRecordValue[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter((item): item is LinkedRecordValue => !!item && typeof item === 'object' && Number.isInteger((item as LinkedRecordValue).recordId));
}

export function linkedRecordsToValue(records: readonly LinkedRecordValue[], multiple: boolean): LinkedRecordValue | LinkedRecordValue[] | undefined {
  if (multiple) return records.length ? [...records] : undefined;
  return records[0];
}

/** A percentage kept as 0..100 shows as the number with a % suffix; an empty input clears it. */
export function numberOrUndefined(value: number | string | null | undefined): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(number) ? number : undefined;
}

export interface StoredFile {
  fileId: string;
  name: string;
  size: number;
  type: string;
}

export function filesOf(value: unknown): StoredFile[] {
  return Array.isArray(value) ? value.filter((f): f is StoredFile => !!f && typeof f === 'object' && typeof (f as StoredFile).fileId === 'string') : [];
}

/** An uploaded file as the record keeps it (the store's url is not part of the value). */
export function storedFile(uploaded: StoredFile): StoredFile {
  return { fileId: uploaded.fileId, name: uploaded.name, size: uploaded.size, type: uploaded.type };
}

/** Whether a file's extension (extensionOf) is one of the accepted ones (none listed: any). */
export function acceptsFile(name: string, accept: readonly string[] | undefined): boolean {
  if (!accept?.length) return true;
  const extension = extensionOf(name);
  return accept.some((each) => each.toLowerCase() === extension);
}

/** A computed result as text: numbers to the field's decimals, booleans as the given words. */
export function computedText(value: unknown, precision: number | undefined, yesNo: [string, string]): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return precision === undefined ? String(value) : value.toFixed(precision);
  if (typeof value === 'boolean') return value ? yesNo[0] : yesNo[1];
  return valueText(value);
}
