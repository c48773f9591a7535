import { DEFAULT_UTC_OFFSET_MINUTES, parseIsoDate } from '../../../core/forms/calendar.ts';
import { fieldPrecision } from '../../../core/forms/compile-form-design.ts';
import { FIELD_TYPES, type FieldDesign } from '../../../core/forms/form-design.ts';
import { valueText } from '../../../core/value-text.ts';
import { everyText, textIn } from '../../../core/local-text.ts';
import type { AddressValue, RecordDirectory } from './directory.ts';

/**
 * One field's value as a spreadsheet cell and back, for export and import. Dates become real
 * spreadsheet dates, choices their labels, addresses region names, members and departments
 * their names, so a sheet reads well and an exported file imports again unchanged.
 */

export type CellValue = string | number | boolean | Date | null;

export interface Cell {
  value: CellValue;
  numFmt?: string;
}

const LIST_SEPARATOR = ', ';
const LIST_SPLIT = /\s*[,，;；、]\s*/;

// Exports are in English, as their headers (export.ts); an import reads a choice in any language.
const optionLabel = (field: FieldDesign, value: unknown) => {
  const option = field.options?.find((o) => o.value === value);
  return option ? textIn(option.label, 'en') || option.value : String(value);
};

/** A sheet date for 'YYYY-MM-DD' (midnight UTC: spreadsheets keep no time zone). */
function dayCell(text: string): Cell {
  const time = Date.parse(`${text}T00:00:00.000Z`);
  return Number.isNaN(time) ? { value: text } : { value: new Date(time), numFmt: 'yyyy-mm-dd' };
}

/** A sheet date-time showing the wall time of the value in its own offset. */
function dateTimeCell(text: string): Cell {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}(?::\d{2})?)/.exec(text);
  const instant = Date.parse(text);
  if (!match || Number.isNaN(instant)) return { value: text };
  const wall = Date.parse(`${match[1]}T${match[2]!.length === 5 ? `${match[2]}:00` : match[2]}.000Z`);
  return { value: new Date(wall), numFmt: 'yyyy-mm-dd hh:mm:ss' };
}

function numberFormat(field: FieldDesign): string | undefined {
  const precision = fieldPrecision(field);
  if (precision === undefined) return undefined;
  return precision === 0 ? '0' : `0.${'0'.repeat(precision)}`;
}

const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

/** The cell of a value (sub-tables are written as sheets of their own, not here). */
export function cellOf(field: FieldDesign, value: unknown, directory: RecordDirectory): Cell {
  if (value === undefined || value === null) return { value: null };
  switch (field.type) {
    case 'number':
    case 'money':
    case 'percentage':
      return typeof value === 'number' ? { value, numFmt: numberFormat(field) } : { value: valueText(value) };
    case 'date':
      return dayCell(valueText(value));
    case 'datetime':
      return dateTimeCell(valueText(value));
    case 'select':
    case 'radio':
      return { value: optionLabel(field, value) };
    case 'multiselect':
    case 'checkbox':
      return { value: asList(value).map((v) => optionLabel(field, v)).join(LIST_SEPARATOR) };
    case 'switch':
      return { value: value === true };
    case 'address':
      return { value: directory.regions.describe(value as AddressValue) };
    case 'member':
      return { value: asList(value).map((id) => directory.members.nameOf(id)).join(LIST_SEPARATOR) };
    case 'department':
      return { value: asList(value).map((id) => directory.departments.nameOf(id)).join(LIST_SEPARATOR) };
    case 'linkedRecord':
      return { value: asList(value).map((v) => (v as { title?: string }).title ?? '').join(LIST_SEPARATOR) };
    case 'attachment':
    case 'image':
      return { value: asList(value).map((v) => (v as { name?: string }).name ?? '').join(LIST_SEPARATOR) };
    case 'computed':
      if (field.resultType === 'date' && typeof value === 'string') return dayCell(value);
      return typeof value === 'number' ? { value, numFmt: numberFormat(field) } : { value: typeof value === 'boolean' ? value : valueText(value) };
    case 'subtable':
    case 'description':
      return { value: null };
    default:
      return { value: valueText(value) };
  }
}

// ---------------------------------------------------------------- import

/** What a cell means for a field: a value, nothing (leave the field empty), or why it cannot be read. */
export type CellReading = { value: unknown } | { empty: true } | { error: string };

/** Finds a record of another form by its number or title (linked-record cells). */
export type LinkedRecordFinder = (formId: number, text: string) => Promise<{ formId: number; recordId: number; title: string } | null>;

/** Plain text of an exceljs cell value (rich text, formulas and links included). */
export function cellText(raw: unknown): string {
  if (raw === null || raw === undefined) return '';
  if (raw instanceof Date) return raw.toISOString();
  if (typeof raw !== 'object') return valueText(raw).trim();
  const value = raw as { richText?: { text: string }[]; result?: unknown; text?: unknown; error?: unknown };
  if (value.richText) return value.richText.map((r) => r.text).join('').trim();
  if ('result' in value) return cellText(value.result);
  if (typeof value.text === 'string') return value.text.trim();
  return '';
}

/** The exceljs value behind formulas: their cached result. */
function plainValue(raw: unknown): unknown {
  if (raw && typeof raw === 'object' && !(raw instanceof Date) && 'result' in raw) return raw.result;
  return raw;
}

const pad = (n: number) => String(n).padStart(2, '0');
const utcDay = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

function readDay(raw: unknown): CellReading {
  const value = plainValue(raw);
  if (value instanceof Date) return { value: utcDay(value) };
  const text = cellText(value);
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  const day = match && `${match[1]}-${pad(Number(match[2]))}-${pad(Number(match[3]))}`;
  if (!day || !parseIsoDate(day)) return { error: 'must be a date such as 2026-11-22' };
  return { value: day };
}

/** Offset of the tenant's wall time, as text: +08:00. */
const OFFSET_TEXT = (() => {
  const minutes = Math.abs(DEFAULT_UTC_OFFSET_MINUTES);
  return `${DEFAULT_UTC_OFFSET_MINUTES < 0 ? '-' : '+'}${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
})();

function readDateTime(raw: unknown): CellReading {
  const value = plainValue(raw);
  // A sheet date-time is a wall time: read it in the tenant's offset.
  if (value instanceof Date) return { value: `${utcDay(value)}T${pad(value.getUTCHours())}:${pad(value.getUTCMinutes())}:${pad(value.getUTCSeconds())}${OFFSET_TEXT}` };
  const text = cellText(value);
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return { value: text };
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return { error: 'must be a date and time such as 2026-11-22 09:30' };
  const [, y, mo, d, h, mi, s] = match;
  return { value: `${y}-${pad(Number(mo))}-${pad(Number(d))}T${pad(Number(h))}:${mi}:${s ?? '00'}${OFFSET_TEXT}` };
}

function readNumber(raw: unknown): CellReading {
  const value = plainValue(raw);
  if (typeof value === 'number') return { value };
  const text = cellText(value).replace(/[,\s]/g, '').replace(/%$/, '');
  return text && Number.isFinite(Number(text)) ? { value: Number(text) } : { error: 'must be a number' };
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', '1', 'on', '是', '开', 'نعم']);
const FALSE_WORDS = new Set(['false', 'no', 'n', '0', 'off', '否', '关', 'لا']);

function readBoolean(raw: unknown): CellReading {
  const value = plainValue(raw);
  if (typeof value === 'boolean') return { value };
  const text = cellText(value).toLowerCase();
  if (TRUE_WORDS.has(text)) return { value: true };
  if (FALSE_WORDS.has(text)) return { value: false };
  return { error: 'must be yes or no' };
}

function readChoice(field: FieldDesign, text: string): { value: string } | { error: string } {
  const wanted = text.trim().toLowerCase();
  const option =
    field.options?.find((o) => everyText(o.label).some((label) => label.trim().toLowerCase() === wanted)) ??
    field.options?.find((o) => o.value.toLowerCase() === wanted);
  return option ? { value: option.value } : { error: `"${text}" is not one of: ${(field.options ?? []).map((o) => textIn(o.label, 'en') || o.value).join(', ')}` };
}

/**
 * Several choices in one cell, separated by `,` `;` `、`. Labels may hold a separator
 * themselves ("Alpha, first"), so the longest label that fits at each point is taken.
 */
function readChoices(field: FieldDesign, text: string): CellReading {
  const names = (field.options ?? [])
    .flatMap((o) => [
      ...everyText(o.label).map((label) => ({ text: label.trim().toLowerCase(), value: o.value })),
      { text: o.value.toLowerCase(), value: o.value },
    ])
    .sort((a, b) => b.text.length - a.text.length);
  const values: string[] = [];
  let rest = text.trim();
  while (rest) {
    const lower = rest.toLowerCase();
    const found = names.find((n) => lower.startsWith(n.text) && (lower.length === n.text.length || LIST_SPLIT.test(lower.slice(n.text.length, n.text.length + 1))));
    if (!found) return readChoice(field, rest.split(LIST_SPLIT)[0]!);
    if (!values.includes(found.value)) values.push(found.value);
    rest = rest.slice(found.text.length).replace(/^\s*[,，;；、]\s*/, '');
  }
  return { value: values };
}

function readIds(field: FieldDesign, text: string, find: (name: string) => { id: number } | { error: string }): CellReading {
  const ids: number[] = [];
  for (const part of text.split(LIST_SPLIT).filter(Boolean)) {
    const found = find(part);
    if ('error' in found) return found;
    ids.push(found.id);
  }
  if (!field.multiple && ids.length > 1) return { error: 'takes one name only' };
  return { value: field.multiple ? ids : ids[0] };
}

/** Reads a cell for a field; sub-tables, computed fields, files and descriptions are not read from cells. */
export async function readCell(field: FieldDesign, raw: unknown, directory: RecordDirectory, findLinked: LinkedRecordFinder): Promise<CellReading> {
  const text = cellText(raw);
  if (text === '' && typeof plainValue(raw) !== 'boolean') return { empty: true };
  switch (field.type) {
    case 'number':
    case 'money':
    case 'percentage':
      return readNumber(raw);
    case 'date':
      return readDay(raw);
    case 'datetime':
      return readDateTime(raw);
    case 'switch':
      return readBoolean(raw);
    case 'select':
    case 'radio':
      return readChoice(field, text);
    case 'multiselect':
    case 'checkbox':
      return readChoices(field, text);
    case 'address': {
      const address = directory.regions.parse(text);
      return address ? { value: address } : { error: `no region is called "${text}"; write it as 广东省 / 深圳市 / 南山区 or as its six-digit code` };
    }
    case 'member':
      return readIds(field, text, (name) => directory.members.find(name));
    case 'department':
      return readIds(field, text, (name) => directory.departments.find(name));
    case 'linkedRecord': {
      if (field.linkedFormId === undefined) return { empty: true };
      const found: unknown[] = [];
      for (const part of field.multiple ? text.split(LIST_SPLIT).filter(Boolean) : [text]) {
        const record = await findLinked(field.linkedFormId, part);
        if (!record) return { error: `no record numbered or titled "${part}" in the linked form` };
        found.push(record);
      }
      return { value: field.multiple ? found : found[0] };
    }
    case 'attachment':
    case 'image':
    case 'computed':
    case 'subtable':
    case 'description':
      return { empty: true };
    default:
      // Text-like fields; numbers typed into a sheet (a mobile number) read as their digits.
      return { value: typeof plainValue(raw) === 'number' ? String(plainValue(raw)) : text };
  }
}

/** Whether import reads the field from a cell (files are attached in the form; computed fields are recomputed). */
export const importable = (field: FieldDesign) =>
  FIELD_TYPES[field.type].value !== 'none' && !['attachment', 'image', 'computed', 'subtable'].includes(field.type);
