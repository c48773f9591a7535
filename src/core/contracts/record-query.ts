import { FIELD_TYPES, type FieldDesign } from '../forms/form-design.ts';
import { strictObject, type JsonSchema } from './common.ts';

/**
 * Filters and sorting of record lists: which operators each field type offers, shared by the
 * list screen (which filter control to show) and the server (which SQL to build).
 */

export const RECORD_FILTER_OPS = [
  'eq',
  'ne',
  'contains',
  'in',
  'notIn',
  'gt',
  'gte',
  'lt',
  'lte',
  'between',
  'prefix',
  'empty',
  'notEmpty',
] as const;
export type RecordFilterOp = (typeof RECORD_FILTER_OPS)[number];

export type FilterValue = string | number | boolean | null | (string | number | null)[];

/**
 * `between` takes `[from, to]` (either may be null: open end); `in`/`notIn` a list; `empty`
 * and `notEmpty` no value. A date filter value is 'YYYY-MM-DD' (a date-time field compares its
 * day then) or a full ISO date-time.
 */
export interface RecordFilter {
  field: string;
  op: RecordFilterOp;
  value?: FilterValue;
}

export interface RecordSort {
  field: string;
  order: 'asc' | 'desc';
}

const scalar = { type: ['string', 'number', 'boolean', 'null'], maxLength: 200 } as const;

export const recordFilterSchema: JsonSchema = strictObject(
  {
    field: { type: 'string', minLength: 1, maxLength: 48 },
    op: { enum: [...RECORD_FILTER_OPS] },
    value: { anyOf: [scalar, { type: 'array', maxItems: 200, items: { type: ['string', 'number', 'null'], maxLength: 200 } }] },
  },
  ['field', 'op'],
);

export const recordSortSchema: JsonSchema = strictObject(
  { field: { type: 'string', minLength: 1, maxLength: 48 }, order: { enum: ['asc', 'desc'] } },
  ['field', 'order'],
);

/** How a value is compared: the family of a field type (or a system column). */
export type FilterKind = 'text' | 'number' | 'date' | 'datetime' | 'choice' | 'choices' | 'boolean' | 'address' | 'id' | 'ids' | 'presence';

/** Columns every record has, filterable and sortable like fields. */
export const SYSTEM_COLUMNS = {
  number: 'text',
  title: 'text',
  status: 'choice',
  createTime: 'datetime',
  updateTime: 'datetime',
  createdBy: 'id',
} as const satisfies Record<string, FilterKind>;
export type SystemColumn = keyof typeof SYSTEM_COLUMNS;

export const isSystemColumn = (name: string): name is SystemColumn => Object.hasOwn(SYSTEM_COLUMNS, name);

export const FILTER_OPS_BY_KIND: Readonly<Record<FilterKind, readonly RecordFilterOp[]>> = {
  text: ['eq', 'ne', 'contains', 'in', 'empty', 'notEmpty'],
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'],
  date: ['eq', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'],
  datetime: ['eq', 'gt', 'gte', 'lt', 'lte', 'between', 'empty', 'notEmpty'],
  choice: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'],
  // A multi-choice value `contains` one option, or holds any of several (`in`).
  choices: ['contains', 'in', 'empty', 'notEmpty'],
  boolean: ['eq', 'ne'],
  // An address is under a region: its most precise code starts with the region's code.
  address: ['prefix', 'empty', 'notEmpty'],
  id: ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'],
  ids: ['contains', 'in', 'empty', 'notEmpty'],
  presence: ['empty', 'notEmpty'],
};

/** Kinds whose values sort meaningfully. */
const SORTABLE_KINDS: ReadonlySet<FilterKind> = new Set(['text', 'number', 'date', 'datetime', 'choice', 'boolean', 'id']);

/** The filter family of a field of the design (null: it holds no value). */
export function filterKindOf(field: Pick<FieldDesign, 'type' | 'resultType' | 'multiple'>): FilterKind | null {
  const info = FIELD_TYPES[field.type];
  switch (info.value) {
    case 'string':
      if (field.type === 'date') return 'date';
      if (field.type === 'datetime') return 'datetime';
      return info.choice ? 'choice' : 'text';
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'strings':
      return 'choices';
    case 'address':
      return 'address';
    case 'id':
      return field.multiple ? 'ids' : 'id';
    case 'computed':
      return field.resultType === 'text' ? 'text' : field.resultType === 'date' ? 'date' : field.resultType === 'boolean' ? 'boolean' : 'number';
    case 'files':
    case 'record':
    case 'rows':
      return 'presence';
    case 'none':
      return null;
  }
}

export const isSortableKind = (kind: FilterKind) => SORTABLE_KINDS.has(kind);
