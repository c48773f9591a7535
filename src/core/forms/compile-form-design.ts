/**
 * Design -> JSON Schema (draft-07, what records are validated against on both sides) and the
 * rjsf uiSchema (layout, widgets, visibility). Defaults stay out of the schema: they apply
 * on create only (record-validation.ts), never when an edit leaves a field empty.
 */
import { textIn } from '../local-text.ts';
import { bothConditions, conditionToSchema } from './conditions.ts';
import {
  DEFAULT_CURRENCY,
  DEFAULT_IMAGE_ACCEPT,
  DEFAULT_MONEY_PRECISION,
  FIELD_TYPES,
  isSection,
  type CompiledForm,
  type ConditionGroup,
  type FieldDesign,
  type FormDesign,
  type JsonSchema,
  type UiSchema,
} from './form-design.ts';

const ID_SCHEMA = { type: 'integer', minimum: 1 };
const ADDRESS_CODE = { type: 'string', pattern: '^\\d{6}$' };

/**
 * A case-insensitive pattern for a file name whose extension (extensionOf) is one of these
 * (patterns take no flags): the dot must not come first, as `.pdf` is a hidden file, not a pdf.
 */
function extensionPattern(extensions: readonly string[]): string {
  const caseless = (ext: string) =>
    [...ext.toLowerCase()].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&'))).join('');
  return `[\\s\\S]\\.(?:${extensions.map(caseless).join('|')})$`;
}

export function acceptedExtensions(field: FieldDesign): readonly string[] | undefined {
  if (field.accept?.length) return field.accept;
  return field.type === 'image' ? DEFAULT_IMAGE_ACCEPT : undefined;
}

/** Decimals a number field keeps: its precision, or 2 for money. */
export function fieldPrecision(field: FieldDesign): number | undefined {
  return field.precision ?? (field.type === 'money' ? DEFAULT_MONEY_PRECISION : undefined);
}

function fileSchema(field: FieldDesign): JsonSchema {
  const extensions = acceptedExtensions(field);
  return {
    type: 'object',
    required: ['fileId', 'name', 'size', 'type'],
    additionalProperties: false,
    properties: {
      fileId: { type: 'string', minLength: 1, maxLength: 128 },
      name: { type: 'string', minLength: 1, maxLength: 255, ...(extensions ? { pattern: extensionPattern(extensions) } : {}) },
      size: { type: 'integer', minimum: 0, ...(field.maxSizeMb ? { maximum: Math.floor(field.maxSizeMb * 1024 * 1024) } : {}) },
      type: { type: 'string', maxLength: 255 },
    },
  };
}

function linkedRecordSchema(field: FieldDesign): JsonSchema {
  return {
    type: 'object',
    required: ['formId', 'recordId', 'title'],
    additionalProperties: false,
    properties: {
      formId: field.linkedFormId === undefined ? ID_SCHEMA : { const: field.linkedFormId },
      recordId: ID_SCHEMA,
      title: { type: 'string', maxLength: 500 },
    },
  };
}

const oneOrMany = (field: FieldDesign, one: JsonSchema): JsonSchema => (field.multiple ? { type: 'array', items: one, uniqueItems: true } : one);

function itemsRules(field: FieldDesign): JsonSchema {
  const { minItems, maxItems } = field.rules ?? {};
  return { ...(minItems !== undefined ? { minItems } : {}), ...(maxItems !== undefined ? { maxItems } : {}) };
}

function numberSchema(field: FieldDesign): JsonSchema {
  const { min, max } = field.rules ?? {};
  const precision = fieldPrecision(field);
  const percentage = field.type === 'percentage';
  return {
    type: 'number',
    ...(min !== undefined ? { minimum: min } : percentage ? { minimum: 0 } : {}),
    ...(max !== undefined ? { maximum: max } : percentage ? { maximum: 100 } : {}),
    // multipleOf is checked with RECORD_AJV_OPTIONS.multipleOfPrecision, so 0.1 + 0.2 passes at 2 decimals.
    ...(precision !== undefined ? { multipleOf: precision === 0 ? 1 : Number(`1e-${precision}`) } : {}),
  };
}

function textSchema(field: FieldDesign): JsonSchema {
  const { minLength, maxLength, pattern } = field.rules ?? {};
  const info = FIELD_TYPES[field.type];
  return {
    type: 'string',
    ...(info.format ? { format: info.format } : {}),
    ...(minLength !== undefined ? { minLength } : {}),
    ...(maxLength !== undefined ? { maxLength } : {}),
    ...(pattern ? { pattern } : {}),
  };
}

function computedSchema(field: FieldDesign): JsonSchema {
  switch (field.resultType ?? 'number') {
    case 'number':
      return { type: 'number' };
    case 'text':
      return { type: 'string' };
    case 'date':
      return { type: 'string', format: 'date' };
    case 'boolean':
      return { type: 'boolean' };
  }
}

/** The schema of one field's value (without title; see fieldSchema). */
function valueSchema(field: FieldDesign): JsonSchema {
  const values = (field.options ?? []).map((o) => o.value);
  switch (field.type) {
    case 'number':
    case 'money':
    case 'percentage':
      return numberSchema(field);
    case 'select':
    case 'radio':
      return { type: 'string', enum: values };
    case 'multiselect':
    case 'checkbox':
      return { type: 'array', items: { type: 'string', enum: values }, uniqueItems: true, ...itemsRules(field) };
    case 'switch':
      return { type: 'boolean' };
    case 'address':
      return {
        type: 'object',
        required: ['province'],
        additionalProperties: false,
        properties: { province: ADDRESS_CODE, city: ADDRESS_CODE, district: ADDRESS_CODE },
      };
    case 'attachment':
    case 'image':
      return { type: 'array', items: fileSchema(field), ...itemsRules(field) };
    case 'member':
    case 'department':
      return oneOrMany(field, ID_SCHEMA);
    case 'linkedRecord':
      return oneOrMany(field, linkedRecordSchema(field));
    case 'subtable':
      return { type: 'array', items: objectSchema(field.fields ?? []), ...itemsRules(field) };
    case 'computed':
      return computedSchema(field);
    case 'description':
      return { type: 'null' };
    default:
      return textSchema(field);
  }
}

function fieldSchema(field: FieldDesign): JsonSchema {
  return {
    // A JSON Schema title is one string: the English (or only) label; screens read the design's labels.
    title: textIn(field.label, 'en'),
    ...(field.description ? { description: field.description } : {}),
    ...valueSchema(field),
    ...(field.readOnly || field.type === 'computed' ? { readOnly: true } : {}),
  };
}

interface Placed {
  field: FieldDesign;
  /** The section's visibility folded with the field's own. */
  visibleIf: ConditionGroup | undefined;
}

/** `required` plus `allOf: [{ if, then: { required } }]` for an object whose properties are `fields`. */
function requiredness(placed: Placed[]): JsonSchema {
  const required: string[] = [];
  const conditional: JsonSchema[] = [];
  for (const { field, visibleIf } of placed) {
    if (FIELD_TYPES[field.type].value === 'none' || field.type === 'computed') continue;
    const when = field.required ? visibleIf : field.requiredIf ? bothConditions(visibleIf, field.requiredIf) : null;
    if (when === null) continue;
    if (when === undefined) required.push(field.key);
    else conditional.push({ if: conditionToSchema(when), then: { required: [field.key] } });
  }
  return { ...(required.length ? { required } : {}), ...(conditional.length ? { allOf: conditional } : {}) };
}

function objectSchema(fields: FieldDesign[], placed: Placed[] = fields.map((field) => ({ field, visibleIf: field.visibleIf }))): JsonSchema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: Object.fromEntries(fields.map((f) => [f.key, fieldSchema(f)])),
    ...requiredness(placed),
  };
}

function fieldUiSchema(field: FieldDesign, section: string | undefined, visibleIf: ConditionGroup | undefined): UiSchema {
  const info = FIELD_TYPES[field.type];
  const options: Record<string, unknown> = { fieldType: field.type, span: field.span ?? 24 };
  if (section) options.section = section;
  if (visibleIf) options.visibleIf = visibleIf;
  if (field.requiredIf) options.requiredIf = field.requiredIf;
  if (field.formula) options.formula = field.formula;
  if (field.resultType) options.resultType = field.resultType;
  const precision = fieldPrecision(field);
  if (precision !== undefined) options.precision = precision;
  if (field.type === 'money') options.currency = field.currency ?? DEFAULT_CURRENCY;
  const accept = acceptedExtensions(field);
  if (accept) options.accept = accept;
  if (field.maxSizeMb) options.maxSizeMb = field.maxSizeMb;
  if (field.multiple) options.multiple = true;
  if (field.linkedFormId !== undefined) options.linkedFormId = field.linkedFormId;
  if (field.rules?.patternMessage) options.patternMessage = field.rules.patternMessage;
  if (field.content !== undefined) options.content = field.content;
  const ui: UiSchema = { 'ui:options': options };
  if (info.widget && field.type !== 'description') ui['ui:widget'] = info.widget;
  // A description has no value: rjsf draws a `null` property with a field, not a widget.
  if (field.type === 'description') ui['ui:field'] = 'description';
  if (field.type === 'subtable') {
    ui.items = Object.fromEntries((field.fields ?? []).map((c) => [c.key, fieldUiSchema(c, undefined, c.visibleIf)]));
    (ui.items as UiSchema)['ui:order'] = (field.fields ?? []).map((c) => c.key);
  }
  if (field.placeholder) ui['ui:placeholder'] = field.placeholder;
  if (field.readOnly || field.type === 'computed') ui['ui:readonly'] = true;
  // English here, like the schema's titles; the fill screen shows the reader's language (ui in language).
  if (field.options) ui['ui:enumNames'] = field.options.map((o) => textIn(o.label, 'en'));
  return ui;
}

/** The design as a JSON Schema for record data and an rjsf uiSchema. */
export function compileFormDesign(design: FormDesign): CompiledForm {
  const placed: (Placed & { section?: string })[] = design.items.flatMap((item) =>
    isSection(item)
      ? item.fields.map((field) => ({ field, section: item.key, visibleIf: bothConditions(item.visibleIf, field.visibleIf) }))
      : [{ field: item, visibleIf: item.visibleIf }],
  );
  const schema = objectSchema(
    placed.map((p) => p.field),
    placed,
  );
  const uiSchema: UiSchema = {
    'ui:order': placed.map((p) => p.field.key),
    'ui:options': {
      sections: design.items.filter(isSection).map((s) => ({
        key: s.key,
        title: s.title,
        ...(s.description ? { description: s.description } : {}),
        ...(s.collapsible ? { collapsible: true } : {}),
        ...(s.visibleIf ? { visibleIf: s.visibleIf } : {}),
      })),
    },
  };
  for (const p of placed) uiSchema[p.field.key] = fieldUiSchema(p.field, p.section, p.visibleIf);
  return { schema: { $schema: 'http://json-schema.org/draft-07/schema#', ...schema }, uiSchema };
}
