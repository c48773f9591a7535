import { isSortableKind, filterKindOf, SYSTEM_COLUMNS, type FilterKind, type SystemColumn } from '../../../core/contracts/record-query.ts';
import { valueFields, type FieldDesign, type FormDesign, type FormSettings } from '../../../core/forms/form-design.ts';
import type { FormRecord } from '../../../core/contracts/record.ts';

/**
 * The columns a record list can show: the system columns and the form's value fields. Pure, so
 * the preference merge and the filter choices are tested without a browser.
 */

export interface ListColumn {
  /** A data key or a system column name: what filters, sorting and export name. */
  key: string;
  /** The field behind a data column; null for system columns. */
  field: FieldDesign | null;
  kind: FilterKind | null;
  sortable: boolean;
}

/** One column as a user keeps it (preference `formListColumns`, biz id = form id). */
export interface ColumnPreference {
  key: string;
  visible: boolean;
  width?: number;
}

export interface ColumnPreferenceValue {
  columns: ColumnPreference[];
}

export const COLUMN_PREFERENCE_TYPE = 'formListColumns';
export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 800;

const LEADING_SYSTEM: readonly SystemColumn[] = ['number', 'title'];
const TRAILING_SYSTEM: readonly SystemColumn[] = ['status', 'createdBy', 'createTime', 'updateTime'];
/** Shown by default after the form's own list columns. */
const DEFAULT_SYSTEM: ReadonlySet<string> = new Set(['number', 'status', 'createdBy', 'createTime']);

const systemColumn = (key: SystemColumn): ListColumn => ({ key, field: null, kind: SYSTEM_COLUMNS[key], sortable: true });

/** Every column of the form in its natural order: number and title, the fields, then the record's own facts. */
export function listColumnsOf(design: FormDesign): ListColumn[] {
  const fields = valueFields(design).map((field): ListColumn => {
    const kind = filterKindOf(field);
    return { key: field.key, field, kind, sortable: kind !== null && isSortableKind(kind) };
  });
  return [...LEADING_SYSTEM.map(systemColumn), ...fields, ...TRAILING_SYSTEM.map(systemColumn)];
}

/** The columns shown before the user chose: the form's list columns (else its first six fields) and the usual system columns. */
export function defaultColumnPreference(columns: readonly ListColumn[], settings: Pick<FormSettings, 'listColumns'>): ColumnPreference[] {
  const fieldKeys = columns.filter((column) => column.field).map((column) => column.key);
  const shownFields = new Set(settings.listColumns.length > 0 ? settings.listColumns : fieldKeys.slice(0, 6));
  return columns.map((column) => ({ key: column.key, visible: column.field ? shownFields.has(column.key) : DEFAULT_SYSTEM.has(column.key) }));
}

/** What a system column can lack on a record; status and the two times are always there. */
const SYSTEM_VALUES: Partial<Record<SystemColumn, (record: FormRecord) => string | null>> = {
  number: (record) => record.number,
  title: (record) => record.title,
  createdBy: (record) => record.createdByName,
};

/**
 * The system columns blank on every record of the page shown: a form without a numbering rule
 * leaves every Number empty, and a column of blanks only takes room (a third of a phone). The
 * page decides, not the whole form, because the page is what the reader sees and it costs no
 * extra query; a page holding one numbered record shows the column again. No records: none.
 */
export function blankSystemColumns(records: readonly FormRecord[]): Set<string> {
  const blank = new Set<string>();
  if (records.length === 0) return blank;
  for (const [key, valueOf] of Object.entries(SYSTEM_VALUES)) {
    if (records.every((record) => !valueOf(record)?.trim())) blank.add(key);
  }
  return blank;
}

const clampWidth = (width: unknown): number | undefined =>
  typeof width === 'number' && Number.isFinite(width) ? Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(width))) : undefined;

/**
 * The saved choice laid over the form as it is now: saved columns keep their order, visibility
 * and width; columns the form no longer has are dropped; columns added since come after them,
 * shown as the defaults say. Anything malformed in the saved value counts as not saved.
 */
export function mergeColumnPreference(columns: readonly ListColumn[], defaults: readonly ColumnPreference[], saved: unknown): ColumnPreference[] {
  const savedColumns = (saved as Partial<ColumnPreferenceValue> | null)?.columns;
  if (!Array.isArray(savedColumns)) return [...defaults];
  const known = new Set(columns.map((column) => column.key));
  const merged: ColumnPreference[] = [];
  const seen = new Set<string>();
  for (const entry of savedColumns as unknown[]) {
    const { key, visible, width } = (entry ?? {}) as Partial<ColumnPreference>;
    if (typeof key !== 'string' || !known.has(key) || seen.has(key)) continue;
    seen.add(key);
    const clamped = clampWidth(width);
    merged.push(clamped === undefined ? { key, visible: visible !== false } : { key, visible: visible !== false, width: clamped });
  }
  for (const preference of defaults) if (!seen.has(preference.key)) merged.push(preference);
  return merged;
}

/** Moves one column a step towards the start (-1) or the end (+1); out of range leaves the order. */
export function moveColumn(preferences: readonly ColumnPreference[], key: string, step: -1 | 1): ColumnPreference[] {
  const from = preferences.findIndex((preference) => preference.key === key);
  const to = from + step;
  if (from < 0 || to < 0 || to >= preferences.length) return [...preferences];
  const next = [...preferences];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}
