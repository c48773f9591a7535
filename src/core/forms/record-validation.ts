/**
 * A record's data made ready to store, the same way on both sides: defaults (create only),
 * empty values and values of hidden fields dropped, computed fields recomputed (the client's
 * results are never trusted), then validated against the schema of the record's own version.
 *
 * Versions: a record is always validated against the version it was written with, so keys of
 * fields removed in later versions stay valid on old records and their labels are the old
 * ones. Moving a record to a newer version is the server's explicit step (it drops the keys
 * the newer design no longer has, see keepDesignFields).
 *
 * Order: defaults come first (unlike the contract's listing) because a default can decide a
 * condition or feed a formula; hiding and computing then see the data as the user would.
 */
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { deepCopy } from '../deep-copy.ts';
import { textIn } from '../local-text.ts';
import { createAjv, errorFieldPath } from '../validation/ajv.ts';
import { evaluateCondition, isEmptyValue, bothConditions } from './conditions.ts';
import { computeFields } from './formula.ts';
import { DEFAULT_UTC_OFFSET_MINUTES } from './calendar.ts';
import {
  fieldDisplayName,
  FIELD_TYPES,
  placedFields,
  valueFields,
  type FieldDesign,
  type FieldError,
  type FormDesign,
  type FormSettings,
  type FormVersionModel,
  type JsonSchema,
  type PreparedRecord,
  type PrepareRecordOptions,
  type RecordData,
} from './form-design.ts';
import { acceptedExtensions, fieldPrecision } from './compile-form-design.ts';

/**
 * The ajv options record schemas are compiled with, on the server and in the browser
 * validator code generated from them (src/server/modules/form/validator-code.ts):
 * every error at once, no defaults filled by ajv, decimals checked with a tolerance of 1e-4
 * on the quotient (so 0.1 + 0.2 is a multiple of 0.01, and so is 308941.85, whose quotient
 * by 0.01 is off by 4e-9 in binary floating point: the error grows with the value, and 1e-4
 * keeps amounts up to about 4e9 valid), and no type warnings for the `if` schemas of conditions.
 */
export const RECORD_AJV_OPTIONS: Options = { allErrors: true, useDefaults: false, multipleOfPrecision: 4, strictTypes: false };

const VALIDATOR_CACHE_LIMIT = 200;
const validators = new Map<string, ValidateFunction>();

/** The compiled validator of a record schema; cached by the schema's text (versions never change). */
export function recordValidator(schema: JsonSchema): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (!validate) {
    validate = createAjv(RECORD_AJV_OPTIONS).compile(schema);
    if (validators.size >= VALIDATOR_CACHE_LIMIT) validators.delete(validators.keys().next().value!);
    validators.set(key, validate);
  }
  return validate;
}

const isPlainObject = (value: unknown): value is RecordData => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves out unfilled values ('', null, [] and {}), so `required` means "filled in". */
function withoutEmpty(values: RecordData, fields: FieldDesign[]): RecordData {
  const byKey = new Map(fields.map((f) => [f.key, f]));
  // fromEntries defines own properties: a "__proto__" key from JSON stays a key (and is
  // refused as an unknown field) instead of replacing the object's prototype.
  return Object.fromEntries(
    Object.entries(values)
      .filter(([key, value]) => {
        const field = byKey.get(key);
        return !isEmptyValue(value) && !(field && FIELD_TYPES[field.type].value === 'none');
      })
      .map(([key, value]) => {
        const field = byKey.get(key);
        const rows = field?.type === 'subtable' && Array.isArray(value);
        return [key, rows ? value.map((row: unknown) => (isPlainObject(row) ? withoutEmpty(row, field.fields ?? []) : row)) : value];
      }),
  );
}

/** Record data without unfilled values and description keys (top level and in sub-table rows). */
export function dropEmptyValues(design: FormDesign, data: RecordData): RecordData {
  return withoutEmpty(data, valueFields(design));
}

/** Deletes the values of fields whose visibility does not hold, until nothing more changes. */
function stripHidden(values: RecordData, fields: { key: string; visibleIf: FieldDesign['visibleIf'] }[]): void {
  const conditional = fields.filter((f) => f.visibleIf);
  for (let pass = 0; pass <= conditional.length; pass++) {
    const hidden = conditional.filter((f) => Object.hasOwn(values, f.key) && !evaluateCondition(f.visibleIf, values));
    if (hidden.length === 0) return;
    for (const f of hidden) delete values[f.key];
  }
}

/**
 * Record data without the values of hidden fields (a section's visibility applies to its
 * fields; sub-table columns are judged per row).
 */
export function stripHiddenValues(design: FormDesign, data: RecordData): RecordData {
  const values: RecordData = { ...data };
  stripHidden(values, placedFields(design).map(({ field, section }) => ({ key: field.key, visibleIf: bothConditions(section?.visibleIf, field.visibleIf) })));
  for (const table of valueFields(design).filter((f) => f.type === 'subtable')) {
    const rows = values[table.key];
    const columns = (table.fields ?? []).map((c) => ({ key: c.key, visibleIf: c.visibleIf }));
    if (!Array.isArray(rows) || !columns.some((c) => c.visibleIf)) continue;
    values[table.key] = rows.map((row: unknown) => {
      if (!isPlainObject(row)) return row;
      const copy = { ...row };
      stripHidden(copy, columns);
      return copy;
    });
  }
  return values;
}

function defaultOf(field: FieldDesign, settings: FormSettings | undefined): unknown {
  return settings && Object.hasOwn(settings.defaults, field.key) ? settings.defaults[field.key] : field.default;
}

/** Fills absent values with defaults: settings' defaults over the design's, sub-table rows from their columns. */
function applyDefaults(design: FormDesign, settings: FormSettings | undefined, data: RecordData): RecordData {
  const values: RecordData = { ...data };
  for (const field of valueFields(design)) {
    if (field.type === 'computed') continue;
    const fallback = defaultOf(field, settings);
    if (!Object.hasOwn(values, field.key) && fallback !== undefined) values[field.key] = deepCopy(fallback);
    const rows = values[field.key];
    const columnDefaults = (field.fields ?? []).filter((c) => c.default !== undefined && c.type !== 'computed');
    if (field.type === 'subtable' && Array.isArray(rows) && columnDefaults.length) {
      values[field.key] = rows.map((row: unknown) =>
        isPlainObject(row) ? { ...Object.fromEntries(columnDefaults.map((c) => [c.key, deepCopy(c.default)])), ...row } : row,
      );
    }
  }
  return values;
}

/** The data a new record starts with: defaults, then computed fields. */
export function initialRecordData(design: FormDesign, settings: FormSettings | undefined, now: Date, utcOffsetMinutes = DEFAULT_UTC_OFFSET_MINUTES): RecordData {
  return computeFields(design, stripHiddenValues(design, applyDefaults(design, settings, {})), now, utcOffsetMinutes);
}

/** Record data with only the keys the design has (used when a record moves to a newer version). */
export function keepDesignFields(design: FormDesign, data: RecordData): RecordData {
  const keep = (values: RecordData, fields: FieldDesign[]): RecordData => {
    const byKey = new Map(fields.map((f) => [f.key, f]));
    return Object.fromEntries(
      Object.entries(values)
        .filter(([key]) => byKey.has(key))
        .map(([key, value]) => {
          const field = byKey.get(key)!;
          return [key, field.type === 'subtable' && Array.isArray(value) ? value.map((row: unknown) => (isPlainObject(row) ? keep(row, field.fields ?? []) : row)) : value];
        }),
    );
  };
  return keep(data, valueFields(design));
}

/** The record's title: the title field's value as text (a choice's label), at most 200 characters. */
export function recordTitle(design: FormDesign, settings: FormSettings | undefined, data: RecordData): string {
  const key = settings?.titleField;
  if (!key || !Object.hasOwn(data, key)) return '';
  const field = valueFields(design).find((f) => f.key === key);
  const value = data[key];
  // A stored title is one string for every reader: a choice names itself by its English label.
  const option = (v: unknown) => field?.options?.find((o) => o.value === v);
  const label = (v: unknown) => {
    const found = option(v);
    return found ? textIn(found.label, 'en') : String(v);
  };
  const text = Array.isArray(value) ? value.map(label).join(', ') : typeof value === 'object' || value === undefined ? '' : label(value);
  return text.slice(0, 200);
}

const FORMAT_MESSAGES: Record<string, string> = {
  mobilePhone: 'must be a mainland mobile number',
  email: 'must be an e-mail address',
  nationalId: 'must be a valid national ID number',
  landline: 'must be a landline number such as 010-12345678',
  postalCode: 'must be a 6-digit postal code',
  date: 'must be a date (YYYY-MM-DD)',
  'date-time': 'must be a date and time with its time zone',
};

const entries = (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`;

interface Located {
  field: FieldDesign | null;
  labels: string[];
  /** Path segments below the deepest design field (e.g. `province` of an address). */
  rest: string[];
  /** Where the path sits in design order: field and row indexes, for sorting. */
  position: number[];
}

/** The design field an error path points into, with the labels along the way. */
function locate(design: FormDesign, path: string): Located {
  const segments = path.split(/\.|\[(\d+)\]/).filter((s) => s !== undefined && s !== '');
  let fields = valueFields(design);
  const located: Located = { field: null, labels: [], rest: [], position: [] };
  for (const segment of segments) {
    if (/^\d+$/.test(segment)) {
      located.position.push(Number(segment));
      continue;
    }
    const index = located.rest.length === 0 ? fields.findIndex((f) => f.key === segment) : -1;
    if (index < 0) {
      located.rest.push(segment);
      located.position.push(Number.MAX_SAFE_INTEGER);
      continue;
    }
    const next = fields[index]!;
    located.field = next;
    located.labels.push(textIn(next.label, 'en'));
    located.position.push(index);
    fields = next.type === 'subtable' ? (next.fields ?? []) : [];
  }
  return located;
}

function comparePositions(a: number[], b: number[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

function messageOf(error: ErrorObject, field: FieldDesign | null, rest: string[]): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      if (!field) return 'is not a field of this form';
      return field.type === 'subtable' ? 'is not a column of this sub-table' : 'is not part of this value';
    case 'format':
      return FORMAT_MESSAGES[String(p.format)] ?? `must be a valid ${String(p.format)}`;
    case 'enum': {
      // Problems are written in English, as the labels that name the field.
      const labels = field?.options?.map((o) => textIn(o.label, 'en') || o.value);
      return labels?.length ? `must be one of: ${labels.join(', ')}` : 'must be one of the allowed values';
    }
    case 'multipleOf': {
      const precision = field ? fieldPrecision(field) : undefined;
      return precision ? `must have at most ${precision} decimal places` : 'must be a whole number';
    }
    case 'minimum':
      return `must be at least ${String(p.limit)}`;
    case 'maximum':
      if (field?.maxSizeMb && rest.at(-1) === 'size') return `must be at most ${field.maxSizeMb} MB`;
      return `must be at most ${String(p.limit)}`;
    case 'minLength':
      return `must be at least ${String(p.limit)} characters long`;
    case 'maxLength':
      return `must be at most ${String(p.limit)} characters long`;
    case 'minItems':
      return `needs at least ${entries(Number(p.limit))}`;
    case 'maxItems':
      return `takes at most ${entries(Number(p.limit))}`;
    case 'uniqueItems':
      return 'must not repeat a value';
    case 'pattern':
      if (isFile(field) && rest.at(-1) === 'name') {
        return `must be a file of type ${(acceptedExtensions(field) ?? []).join(', ')}`;
      }
      return field?.rules?.patternMessage || 'does not match the required pattern';
    case 'const':
      return field?.type === 'linkedRecord' ? 'must link a record of the linked form' : `must be ${JSON.stringify(p.allowedValue)}`;
    case 'type':
      return `must be ${String(p.type).replace(/,/g, ' or ')}`;
    default:
      return error.message ?? 'is invalid';
  }
}

/** Keywords whose message says all there is (bar the cases translatable() leaves out). */
const TRANSLATABLE = new Set(['required', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'format', 'minItems', 'maxItems', 'multipleOf', 'enum', 'type', 'uniqueItems']);

const isFile = (field: FieldDesign | null): field is FieldDesign => field?.type === 'attachment' || field?.type === 'image';

/** The keyword and limits of an error a screen may word itself (see FieldError). */
function translatable(error: ErrorObject, field: FieldDesign | null, rest: string[]): Pick<FieldError, 'keyword' | 'params'> {
  if (!TRANSLATABLE.has(error.keyword) || (isFile(field) && rest.length > 0)) return {};
  const { limit, format, multipleOf } = error.params as FieldError['params'] & object;
  return { keyword: error.keyword, params: { ...(limit !== undefined && { limit }), ...(format !== undefined && { format }), ...(multipleOf !== undefined && { multipleOf }) } };
}

/** One error per field path in design order, each message naming the field by label and key. */
export function recordErrors(design: FormDesign, errors: readonly ErrorObject[]): FieldError[] {
  const seen = new Map<string, FieldError & { position: number[] }>();
  for (const error of errors) {
    if (error.keyword === 'if') continue; // the `then` error that follows says what is missing
    const field = errorFieldPath(error);
    if (seen.has(field)) continue;
    const located = locate(design, field);
    const message = messageOf(error, located.field, located.rest);
    const name = located.field ? fieldDisplayName({ key: field, label: located.labels.join(' › ') }, field) : field || 'record';
    seen.set(field, { field, message: `${name}: ${message}`, ...translatable(error, located.field, located.rest), position: located.position });
  }
  return [...seen.values()].sort((a, b) => comparePositions(a.position, b.position)).map(({ position: _, ...error }) => error);
}

/**
 * Record data ready to store and every problem with it (see the module comment for the
 * steps). `errors` is empty when the record may be written.
 */
export function prepareRecord(version: FormVersionModel, data: unknown, options: PrepareRecordOptions & { utcOffsetMinutes?: number }): PreparedRecord {
  if (!isPlainObject(data)) return { data: {}, errors: [{ field: '', message: 'data: must be an object of field values' }], title: '' };
  const { design, settings } = version;
  let values = dropEmptyValues(design, data);
  if (options.mode === 'create') values = applyDefaults(design, settings, values);
  values = stripHiddenValues(design, values);
  values = computeFields(design, values, options.now, options.utcOffsetMinutes ?? DEFAULT_UTC_OFFSET_MINUTES);
  const validate = recordValidator(version.schema);
  const errors = validate(values) ? [] : recordErrors(design, validate.errors ?? []);
  return { data: values, errors, title: recordTitle(design, settings, values) };
}
