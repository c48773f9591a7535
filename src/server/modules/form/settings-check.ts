import { isSystemColumn, filterKindOf } from '../../../core/contracts/record-query.ts';
import { valueFields, type DesignProblem, type FieldDesign, type FormDesign, type FormSettings, type JsonSchema } from '../../../core/forms/form-design.ts';
import { parseNumberingRule } from '../../../core/forms/numbering.ts';
import { RECORD_AJV_OPTIONS } from '../../../core/forms/record-validation.ts';
import { createAjv, describeValidationError } from '../../../core/validation/ajv.ts';
import { valueSqlType } from '../record/field-sql.ts';

/**
 * Advance settings checked against the design they belong to. Problems name paths under
 * `settings.`; a key that names no field of the design is refused here, while publishing
 * drops keys of fields removed since (see pruneSettings).
 */
export function settingsProblems(design: FormDesign, schema: JsonSchema, settings: FormSettings, tenantPoints: ReadonlySet<string>): DesignProblem[] {
  const problems: DesignProblem[] = [];
  const fields = new Map(valueFields(design).map((f) => [f.key, f]));
  const problem = (path: string, message: string) => problems.push({ path: `settings.${path}`, message });

  if (settings.numbering) {
    const parsed = parseNumberingRule(settings.numbering.rule);
    if ('error' in parsed) problem('numbering.rule', parsed.error);
  }

  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const ajv = createAjv({ ...RECORD_AJV_OPTIONS, allErrors: false });
  for (const [key, value] of Object.entries(settings.defaults)) {
    const field = fields.get(key);
    if (!field) problem(`defaults.${key}`, 'no field of the form has this key');
    else if (field.type === 'computed') problem(`defaults.${key}`, 'a computed field takes no default');
    else if (properties[key]) {
      const validate = ajv.compile(properties[key]);
      if (!validate(value)) {
        const error = validate.errors![0]!;
        problem(`defaults.${key}${error.instancePath.replace(/\//g, '.')}`, describeValidationError({ ...error, instancePath: '' }));
      }
    }
  }

  if (settings.titleField !== null) {
    const field = fields.get(settings.titleField);
    if (!field) problem('titleField', 'no field of the form has this key');
    else if (!isTitleCapable(field)) problem('titleField', `a ${field.type} field cannot be the title`);
  }

  settings.listColumns.forEach((key, i) => {
    if (!fields.has(key) && !isSystemColumn(key)) problem(`listColumns[${i}]`, `no field of the form has the key "${key}"`);
  });

  settings.indexedFields.forEach((key, i) => {
    const field = fields.get(key);
    if (!field) problem(`indexedFields[${i}]`, `no field of the form has the key "${key}"`);
    else if (!indexType(field)) problem(`indexedFields[${i}]`, `a ${field.type} field holds no single value to index`);
  });

  for (const [nodeId, permissions] of Object.entries(settings.fieldPermissions)) {
    for (const key of Object.keys(permissions)) {
      if (!fields.has(key)) problem(`fieldPermissions.${nodeId}.${key}`, 'no field of the form has this key');
    }
  }

  for (const [button, code] of Object.entries(settings.buttonPoints)) {
    if (!tenantPoints.has(code)) problem(`buttonPoints.${button}`, `${code} is not a function point of this tenant`);
  }
  return problems;
}

/** Fields whose value reads as a short text: text-like, numbers, dates and single choices. */
function isTitleCapable(field: FieldDesign): boolean {
  const kind = filterKindOf(field);
  return kind === 'text' || kind === 'number' || kind === 'date' || kind === 'datetime' || kind === 'choice';
}

/** The SQL type of a field's expression index, or null when its value is no scalar. */
export function indexType(field: FieldDesign) {
  const kind = filterKindOf(field);
  return kind ? valueSqlType(kind) : null;
}

/** The settings without keys of fields the design no longer has (applied when publishing). */
export function pruneSettings(design: FormDesign, settings: FormSettings): FormSettings {
  const fields = new Map(valueFields(design).map((f) => [f.key, f]));
  const known = (key: string) => fields.has(key);
  return {
    ...settings,
    defaults: Object.fromEntries(Object.entries(settings.defaults).filter(([key]) => known(key) && fields.get(key)!.type !== 'computed')),
    titleField: settings.titleField !== null && known(settings.titleField) ? settings.titleField : null,
    listColumns: settings.listColumns.filter((key) => known(key) || isSystemColumn(key)),
    indexedFields: settings.indexedFields.filter((key) => known(key) && indexType(fields.get(key)!) !== null),
    fieldPermissions: Object.fromEntries(
      Object.entries(settings.fieldPermissions).map(([node, permissions]) => [node, Object.fromEntries(Object.entries(permissions).filter(([key]) => known(key)))]),
    ),
  };
}
