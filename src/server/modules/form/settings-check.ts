import { isSystemColumn, filterKindOf } from '../../../core/contracts/record-query.ts';
import { valueFields, type FieldDesign, type FormDesign, type FormSettings, type JsonSchema } from '../../../core/forms/form-design.ts';
import { isTitleCapable } from '../../../core/forms/new-form-settings.ts';
import { parseNumberingRule } from '../../../core/forms/numbering.ts';
import { RECORD_AJV_OPTIONS } from '../../../core/forms/record-validation.ts';
import { createAjv } from '../../../core/validation/ajv.ts';
import { problem as problemOf, problemsOfAjvErrors, type Problem, type ProblemParams } from '../../../core/validation/problems.ts';
import { valueSqlType } from '../record/field-sql.ts';

/**
 * Advance settings checked against the design they belong to. Problems name paths under
 * `settings.`; a key that names no field of the design is refused here, while publishing
 * drops keys of fields removed since (see pruneSettings).
 */
export function settingsProblems(design: FormDesign, schema: JsonSchema, settings: FormSettings, tenantPoints: ReadonlySet<string>): Problem[] {
  const problems: Problem[] = [];
  const fields = new Map(valueFields(design).map((f) => [f.key, f]));
  const problem = (path: string, key: string, params: ProblemParams, message: string) => problems.push(problemOf(`settings.${path}`, key, params, message));

  if (settings.numbering) {
    const parsed = parseNumberingRule(settings.numbering.rule);
    if ('error' in parsed) problem('numbering.rule', parsed.key, parsed.params, parsed.error);
  }

  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const ajv = createAjv({ ...RECORD_AJV_OPTIONS, allErrors: false });
  for (const [key, value] of Object.entries(settings.defaults)) {
    const field = fields.get(key);
    if (!field) problem(`defaults.${key}`, 'noSuchField', { key }, 'no field of the form has this key');
    else if (field.type === 'computed') problem(`defaults.${key}`, 'noDefault', {}, 'a computed field takes no default');
    else if (properties[key]) {
      const validate = ajv.compile(properties[key]);
      if (!validate(value)) problems.push(...problemsOfAjvErrors(validate.errors!.slice(0, 1), `settings.defaults.${key}`));
    }
  }

  if (settings.titleField !== null) {
    const field = fields.get(settings.titleField);
    if (!field) problem('titleField', 'noSuchField', { key: settings.titleField }, 'no field of the form has this key');
    else if (!isTitleCapable(field)) problem('titleField', 'notTitle', {}, `a ${field.type} field cannot be the title`);
  }

  settings.listColumns.forEach((key, i) => {
    if (!fields.has(key) && !isSystemColumn(key)) problem(`listColumns[${i}]`, 'noSuchField', { key }, `no field of the form has the key "${key}"`);
  });

  settings.indexedFields.forEach((key, i) => {
    const field = fields.get(key);
    if (!field) problem(`indexedFields[${i}]`, 'noSuchField', { key }, `no field of the form has the key "${key}"`);
    else if (!indexType(field)) problem(`indexedFields[${i}]`, 'notIndexable', {}, `a ${field.type} field holds no single value to index`);
  });

  for (const [nodeId, permissions] of Object.entries(settings.fieldPermissions)) {
    for (const key of Object.keys(permissions)) {
      if (!fields.has(key)) problem(`fieldPermissions.${nodeId}.${key}`, 'noSuchField', { key }, 'no field of the form has this key');
    }
  }

  for (const [button, code] of Object.entries(settings.buttonPoints)) {
    if (!tenantPoints.has(code)) problem(`buttonPoints.${button}`, 'unknownPoint', { code }, `${code} is not a function point of this tenant`);
  }
  return problems;
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
