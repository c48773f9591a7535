/**
 * The form design model (issue 5): what the designer edits and publishes, what the compiler
 * turns into JSON Schema + uiSchema, and what records are checked against. Shared by the
 * browser and the server; no DOM or Node imports.
 *
 * Where each rule lives (signatures):
 * - ./validate-form-design.ts  validateFormDesign(design: unknown): DesignProblem[]
 * - ./compile-form-design.ts   compileFormDesign(design: FormDesign): CompiledForm
 * - ./conditions.ts            evaluateCondition(group: ConditionGroup | undefined, values: RecordData): boolean
 *                              conditionToSchema(group: ConditionGroup): JsonSchema
 * - ./formula.ts               parseFormula(source): ParsedFormula | { error }
 *                              evaluateFormula(formula, scope, now): { value } | { error }
 *                              formulaDependencies(source): string[]   ('qty', 'items.amount')
 *                              computeFields(design, data, now): RecordData
 * - ./numbering.ts             parseNumberingRule(rule): NumberingRule | { error }
 *                              formatNumber(rule, date, sequence, utcOffsetMinutes?): string
 *                              numberingPeriod(rule, date, utcOffsetMinutes?): string ('' when no date part)
 * - ./record-validation.ts     prepareRecord(version: FormVersionModel, data: unknown, { now, mode }): PreparedRecord
 *                              initialRecordData(design, settings, now): RecordData (defaults for a new record)
 *                              recordTitle(design, settings, data): string
 *                              RECORD_AJV_OPTIONS (the ajv options records are validated with, both sides)
 */
import type { FORM_DESIGN_VERSION } from '../config-versions/form-design-versions.ts';
import { textIn, type LocalText } from '../local-text.ts';
import type { FormatName } from '../validation/formats.ts';

export type FieldType =
  | 'text' | 'textarea' | 'number' | 'money' | 'percentage' | 'date' | 'datetime'
  | 'select' | 'multiselect' | 'radio' | 'checkbox' | 'switch' | 'address'
  | 'mobile' | 'email' | 'idNumber' | 'landline' | 'postalCode'
  | 'attachment' | 'image' | 'member' | 'department' | 'linkedRecord'
  | 'subtable' | 'computed' | 'description';

export type ConditionOp = 'eq' | 'ne' | 'in' | 'notIn' | 'gt' | 'gte' | 'lt' | 'lte' | 'empty' | 'notEmpty' | 'contains';

/** One comparison on another field's value. */
export interface Condition {
  /** A field key of the same form; inside a sub-table, a column key of the same row. */
  field: string;
  op: ConditionOp;
  value?: string | number | boolean | (string | number)[];
}

/** `all` and `any` may both be present: then both must hold. An empty group always holds. */
export interface ConditionGroup {
  all?: (Condition | ConditionGroup)[];
  any?: (Condition | ConditionGroup)[];
}

export interface FieldRules {
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  patternMessage?: string;
  minItems?: number;
  maxItems?: number;
}
export type RuleName = keyof FieldRules;

export interface ChoiceOption {
  value: string;
  /** What a person reads for the stored value: a text per language or one for all. */
  label: LocalText;
}

export interface FieldDesign {
  /** Data key, /^[a-z][a-zA-Z0-9_]{0,47}$/, never changes once published. */
  key: string;
  type: FieldType;
  /** May change between versions ("renamed"); a text per language or one for all. */
  label: LocalText;
  description?: string;
  placeholder?: string;
  /** Columns: 1..24 of a 24-column row (default 24). */
  span?: number;
  required?: boolean;
  requiredIf?: ConditionGroup;
  /** Hidden fields are not required and their values are dropped. */
  visibleIf?: ConditionGroup;
  readOnly?: boolean;
  default?: unknown;
  rules?: FieldRules;
  /** select, multiselect, radio, checkbox. */
  options?: ChoiceOption[];
  /** number/money/percentage decimals. */
  precision?: number;
  /** money, ISO 4217, default CNY. */
  currency?: string;
  /** computed: e.g. "ROUND(qty * price, 2)", "SUM(items.amount)". */
  formula?: string;
  resultType?: 'number' | 'text' | 'date' | 'boolean';
  /** linkedRecord. */
  linkedFormId?: number;
  /** member, department, linkedRecord. */
  multiple?: boolean;
  /** attachment/image extensions, lower case without the dot; image default jpg,jpeg,bmp,png,svg. */
  accept?: string[];
  maxSizeMb?: number;
  /** subtable columns (no nested subtable/section). */
  fields?: FieldDesign[];
  /** description: markdown text shown in the form. */
  content?: string;
}

export interface SectionDesign {
  key: string;
  type: 'section';
  title: LocalText;
  description?: string;
  collapsible?: boolean;
  visibleIf?: ConditionGroup;
  fields: FieldDesign[];
}

export type FormItem = FieldDesign | SectionDesign;

export interface FormDesign {
  /** The version of this format (src/core/config-versions), not a published version of the form. */
  version: typeof FORM_DESIGN_VERSION;
  items: FormItem[];
}

/** Record data: field key -> value (shapes per field type, see FIELD_TYPES). */
export type RecordData = Record<string, unknown>;

/** A problem in a design, e.g. `{ path: 'items[2].formula', message: 'total: unknown field qtty' }`. */
export interface DesignProblem {
  path: string;
  message: string;
}

/** A problem in a record, e.g. `{ field: 'items[2].amount', message: 'Amount (items[2].amount): must be >= 0' }`. */
export interface FieldError {
  field: string;
  /** In English, naming the field by label and key: `Quantity (qty): must be at most 500`. */
  message: string;
  /**
   * The ajv keyword and its limits when the message says no more than the keyword does, so a
   * screen can say it in the user's language (a file's type or size, a linked form, an unknown
   * key carry no keyword: their message stays as it is).
   */
  keyword?: string;
  params?: { limit?: number | string; format?: string; multipleOf?: number };
}

export type JsonSchema = Record<string, unknown>;
export type UiSchema = Record<string, unknown>;

export interface CompiledForm {
  schema: JsonSchema;
  uiSchema: UiSchema;
}

export interface PrepareRecordOptions {
  now: Date;
  /** create: apply defaults; update: keep what the user sent. */
  mode: 'create' | 'update';
}

/** Record data ready to store (hidden values dropped, computed fields filled) and every problem found. */
export interface PreparedRecord {
  data: RecordData;
  errors: FieldError[];
  /** Text of the settings' title field ('' when none is set or it is empty). */
  title: string;
}

export type FieldPermission = 'hidden' | 'readonly' | 'editable';

export type ButtonPointName = 'create' | 'edit' | 'delete' | 'export' | 'import';

/** Advance settings of a form (stored as JSON on form and form_version). */
export interface FormSettings {
  numbering: { rule: string } | null;
  /** Default values on create; they win over the design's field defaults. */
  defaults: Record<string, unknown>;
  titleField: string | null;
  listColumns: string[];
  indexedFields: string[];
  /** flow node id -> field key -> permission. */
  fieldPermissions: Record<string, Record<string, FieldPermission>>;
  buttonPoints: Partial<Record<ButtonPointName, string>>;
}

export const DEFAULT_FORM_SETTINGS: FormSettings = {
  numbering: null,
  defaults: {},
  titleField: null,
  listColumns: [],
  indexedFields: [],
  fieldPermissions: {},
  buttonPoints: {},
};

/** What record validation needs of a published version. */
export interface FormVersionModel {
  formId: number;
  version: number;
  design: FormDesign;
  /** compileFormDesign(design).schema, as stored on form_version. */
  schema: JsonSchema;
  settings: FormSettings;
}

/**
 * The shape a field type's value takes in record data:
 * - string: a string (text, choices, contact formats, dates as text);
 * - number: a JSON number;
 * - boolean: true/false;
 * - strings: string[] (multiselect, checkbox);
 * - address: { province, city?, district? } GB/T 2260 codes;
 * - files: { fileId, name, size, type }[];
 * - id: a positive integer id (or an array of them when `multiple`);
 * - record: { formId, recordId, title } (or an array when `multiple`);
 * - rows: object[] keyed by the columns;
 * - computed: the formula result typed by `resultType`;
 * - none: the field holds no value (description).
 */
export type ValueKind = 'string' | 'number' | 'boolean' | 'strings' | 'address' | 'files' | 'id' | 'record' | 'rows' | 'computed' | 'none';

/** Where the designer's palette shows a field type. */
export type PaletteGroup = 'basic' | 'choice' | 'contact' | 'upload' | 'relation' | 'advanced' | 'layout';

export interface FieldTypeInfo {
  value: ValueKind;
  group: PaletteGroup;
  /** Rules the properties panel offers and the compiler applies. */
  rules: readonly RuleName[];
  /** A format of src/core/validation (or ajv-formats' date / date-time) the value must match. */
  format?: FormatName | 'date' | 'date-time';
  /**
   * rjsf `ui:widget`: rjsf's own (textarea, updown, select, radio, checkboxes, email, date,
   * date-time) or ours (the contract's list); none: rjsf's default for the value type. The
   * field type is also in `ui:options.fieldType`, for widgets that look further.
   */
  widget?: string;
  /** Needs `options` (choice types). */
  choice?: boolean;
  /** Accepts `multiple` (a list of ids or records instead of one). */
  multiple?: boolean;
  /** Usable as an operand in formulas and conditions. */
  formulaOperand: boolean;
  /** Can be a sub-table column. */
  inSubtable: boolean;
}

const TEXT_RULES = ['minLength', 'maxLength', 'pattern', 'patternMessage'] as const;
const NUMBER_RULES = ['min', 'max'] as const;
const ITEMS_RULES = ['minItems', 'maxItems'] as const;

/**
 * One table of field types, read by the compiler, validation, the designer's palette and the
 * server's import/export.
 */
export const FIELD_TYPES: Readonly<Record<FieldType, FieldTypeInfo>> = {
  text: { value: 'string', group: 'basic', rules: TEXT_RULES, formulaOperand: true, inSubtable: true },
  textarea: { value: 'string', group: 'basic', rules: TEXT_RULES, widget: 'textarea', formulaOperand: true, inSubtable: true },
  number: { value: 'number', group: 'basic', rules: NUMBER_RULES, widget: 'updown', formulaOperand: true, inSubtable: true },
  money: { value: 'number', group: 'basic', rules: NUMBER_RULES, widget: 'money', formulaOperand: true, inSubtable: true },
  percentage: { value: 'number', group: 'basic', rules: NUMBER_RULES, widget: 'percentage', formulaOperand: true, inSubtable: true },
  date: { value: 'string', group: 'basic', rules: [], format: 'date', widget: 'date', formulaOperand: true, inSubtable: true },
  datetime: { value: 'string', group: 'basic', rules: [], format: 'date-time', widget: 'date-time', formulaOperand: true, inSubtable: true },
  select: { value: 'string', group: 'choice', rules: [], widget: 'select', choice: true, formulaOperand: true, inSubtable: true },
  multiselect: { value: 'strings', group: 'choice', rules: ITEMS_RULES, widget: 'select', choice: true, formulaOperand: true, inSubtable: true },
  radio: { value: 'string', group: 'choice', rules: [], widget: 'radio', choice: true, formulaOperand: true, inSubtable: true },
  checkbox: { value: 'strings', group: 'choice', rules: ITEMS_RULES, widget: 'checkboxes', choice: true, formulaOperand: true, inSubtable: true },
  switch: { value: 'boolean', group: 'choice', rules: [], formulaOperand: true, inSubtable: true },
  address: { value: 'address', group: 'contact', rules: [], widget: 'address', formulaOperand: false, inSubtable: true },
  mobile: { value: 'string', group: 'contact', rules: [], format: 'mobilePhone', formulaOperand: true, inSubtable: true },
  email: { value: 'string', group: 'contact', rules: [], format: 'email', widget: 'email', formulaOperand: true, inSubtable: true },
  idNumber: { value: 'string', group: 'contact', rules: [], format: 'nationalId', formulaOperand: true, inSubtable: true },
  landline: { value: 'string', group: 'contact', rules: [], format: 'landline', formulaOperand: true, inSubtable: true },
  postalCode: { value: 'string', group: 'contact', rules: [], format: 'postalCode', formulaOperand: true, inSubtable: true },
  attachment: { value: 'files', group: 'upload', rules: ITEMS_RULES, widget: 'upload', formulaOperand: false, inSubtable: true },
  image: { value: 'files', group: 'upload', rules: ITEMS_RULES, widget: 'upload', formulaOperand: false, inSubtable: true },
  member: { value: 'id', group: 'relation', rules: [], widget: 'member', multiple: true, formulaOperand: false, inSubtable: true },
  department: { value: 'id', group: 'relation', rules: [], widget: 'department', multiple: true, formulaOperand: false, inSubtable: true },
  linkedRecord: { value: 'record', group: 'relation', rules: [], widget: 'linkedRecord', multiple: true, formulaOperand: false, inSubtable: true },
  subtable: { value: 'rows', group: 'advanced', rules: ITEMS_RULES, formulaOperand: false, inSubtable: false },
  computed: { value: 'computed', group: 'advanced', rules: [], widget: 'computed', formulaOperand: true, inSubtable: true },
  description: { value: 'none', group: 'layout', rules: [], widget: 'description', formulaOperand: false, inSubtable: false },
};

export const FIELD_TYPE_NAMES = Object.keys(FIELD_TYPES) as FieldType[];

/** Image extensions when an image field names none (the upload helper's list, spec §5/§9). */
export const DEFAULT_IMAGE_ACCEPT = ['jpg', 'jpeg', 'bmp', 'png', 'svg'] as const;
export const DEFAULT_CURRENCY = 'CNY';
export const DEFAULT_MONEY_PRECISION = 2;
export const FIELD_KEY_PATTERN = /^[a-z][a-zA-Z0-9_]{0,47}$/;

export function isSection(item: FormItem): item is SectionDesign {
  return item.type === 'section';
}

export function isCondition(entry: Condition | ConditionGroup): entry is Condition {
  return typeof (entry as Condition).field === 'string';
}

/** A top-level field with the section that holds it (if any). */
export interface PlacedField {
  field: FieldDesign;
  section: SectionDesign | null;
}

/** Every top-level field in design order, sections flattened. */
export function placedFields(design: FormDesign): PlacedField[] {
  return design.items.flatMap((item): PlacedField[] =>
    isSection(item) ? item.fields.map((field) => ({ field, section: item })) : [{ field: item, section: null }],
  );
}

/** Every top-level field in design order (sections flattened; sub-table columns stay inside their table). */
export function topLevelFields(design: FormDesign): FieldDesign[] {
  return placedFields(design).map((p) => p.field);
}

/** Top-level fields that hold a value (everything but description text). */
export function valueFields(design: FormDesign): FieldDesign[] {
  return topLevelFields(design).filter((f) => FIELD_TYPES[f.type].value !== 'none');
}

/** A field's label with its key, as errors name it: `Contact phone (contactPhone)`. */
export function fieldDisplayName(field: Pick<FieldDesign, 'key' | 'label'>, path = field.key): string {
  // Problems are written in English, so they name a field by its English (or only) label.
  const label = textIn(field.label, 'en');
  return label && label !== path ? `${label} (${path})` : path;
}
