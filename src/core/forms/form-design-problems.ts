/**
 * The rules of a form design: the meta-schema (schemas/meta/form-design.schema.json), then
 * the links between parts that a schema cannot state. The meta-schema comes in compiled (by
 * ajv at run time on the server, validate-form-design.ts; as generated code in the browser,
 * whose script policy forbids compiling), and so does the check of default values.
 */
import type { ErrorObject, Options, ValidateFunction } from 'ajv';
import { problem, problemsOfAjvErrors, type Problem, type ProblemParams } from '../validation/problems.ts';
import { compileFormDesign } from './compile-form-design.ts';
import {
  FIELD_TYPES,
  isCondition,
  isSection,
  type Condition,
  type ConditionGroup,
  type FieldDesign,
  type FormDesign,
  type JsonSchema,
} from './form-design.ts';
import { dependencyOrder, parseFormula } from './formula.ts';

export const FORM_DESIGN_AJV_OPTIONS = { allErrors: true, useDefaults: false, strictTypes: false } as const satisfies Options;

/** Keys that would shadow Object.prototype members when data is read as a plain object. */
const RESERVED_KEYS = new Set(Object.getOwnPropertyNames(Object.prototype));
const MAX_CONDITION_DEPTH = 5;

/** What the meta-schema's `not` rules mean (ajv only says "must NOT be valid"). */
const NOT_MESSAGES = [
  { schemaPathSuffix: '/properties/type/not', key: 'columnType', message: 'a sub-table column cannot be a sub-table or description text' },
  { schemaPathSuffix: '/else/not', key: 'onlySubtableColumns', message: 'only a sub-table field has columns (fields)' },
  { schemaPathSuffix: '/then/not', key: 'noValueForEmpty', message: 'empty and notEmpty take no value' },
];

const metaProblems = (errors: readonly ErrorObject[] | null | undefined): Problem[] => problemsOfAjvErrors(errors, '', NOT_MESSAGES);

interface Scope {
  /** Keys conditions and plain formula names may read, with their fields. */
  fields: Map<string, FieldDesign>;
  /** Top-level sub-tables aggregate formulas may read (`table.column`). */
  subtables: Map<string, Map<string, FieldDesign>>;
  /** For a column: the top-level fields it may also read by name. */
  outer?: Map<string, FieldDesign>;
  /** For a column: the table it belongs to (its own aggregates would depend on itself). */
  ownTable?: string;
}

class DesignChecker {
  readonly problems: Problem[] = [];

  constructor(private readonly design: FormDesign) {}

  private add(path: string, key: string, params: ProblemParams, message: string) {
    this.problems.push(problem(path, key, params, message));
  }

  run(): Problem[] {
    const top = new Map<string, FieldDesign>();
    const keys = new Map<string, string>();
    const placed: { field: FieldDesign; path: string }[] = [];
    this.design.items.forEach((item, i) => {
      const path = `items[${i}]`;
      this.checkKey(item.key, `${path}.key`, keys);
      if (isSection(item)) {
        item.fields.forEach((field, j) => {
          this.checkKey(field.key, `${path}.fields[${j}].key`, keys);
          placed.push({ field, path: `${path}.fields[${j}]` });
        });
      } else placed.push({ field: item, path });
    });
    for (const { field } of placed) if (FIELD_TYPES[field.type].value !== 'none') top.set(field.key, field);
    const subtables = new Map(
      placed
        .filter(({ field }) => field.type === 'subtable')
        .map(({ field }) => [field.key, new Map((field.fields ?? []).map((c) => [c.key, c]))] as const),
    );
    const scope: Scope = { fields: top, subtables };
    this.design.items.forEach((item, i) => {
      if (isSection(item) && item.visibleIf) this.checkConditions(item.visibleIf, `items[${i}].visibleIf`, scope, item.key);
    });
    for (const { field, path } of placed) this.checkField(field, path, scope);
    this.checkCycles(placed, top, subtables);
    return this.problems;
  }

  private checkKey(key: string, path: string, seen: Map<string, string>) {
    if (RESERVED_KEYS.has(key)) this.add(path, 'reservedKey', { key }, `"${key}" is reserved; choose another key`);
    const earlier = seen.get(key);
    if (earlier) this.add(path, 'duplicateKey', { key }, `the key "${key}" is already used at ${earlier}`);
    else seen.set(key, path);
  }

  private checkField(field: FieldDesign, path: string, scope: Scope) {
    const info = FIELD_TYPES[field.type];
    if (field.visibleIf) this.checkConditions(field.visibleIf, `${path}.visibleIf`, scope, field.key);
    if (field.requiredIf) this.checkConditions(field.requiredIf, `${path}.requiredIf`, scope, field.key);
    this.checkRules(field, path);
    if (field.options) {
      const values = new Set<string>();
      field.options.forEach((option, i) => {
        if (values.has(option.value)) this.add(`${path}.options[${i}].value`, 'duplicateOption', { value: option.value }, `${field.key}: the option value "${option.value}" is used twice`);
        values.add(option.value);
      });
    }
    if (field.type === 'computed' && field.formula) this.checkFormula(field, `${path}.formula`, scope);
    if (field.multiple && !info.multiple) this.add(`${path}.multiple`, 'singleValue', {}, `${field.key}: a ${field.type} field holds one value`);
    if (field.type === 'subtable') {
      const columns = scope.subtables.get(field.key) ?? new Map<string, FieldDesign>();
      const seen = new Map<string, string>();
      const columnScope: Scope = { fields: columns, subtables: scope.subtables, outer: scope.fields, ownTable: field.key };
      (field.fields ?? []).forEach((column, i) => {
        const at = `${path}.fields[${i}]`;
        this.checkKey(column.key, `${at}.key`, seen);
        this.checkField(column, at, columnScope);
      });
      const computed = (field.fields ?? []).filter((c) => c.type === 'computed' && c.formula);
      const byKey = new Map(computed.map((c) => [c.key, c]));
      if (!dependencyOrder([...byKey.keys()], (key) => this.dependencies(byKey.get(key)!))) {
        const keys = [...byKey.keys()].join(', ');
        this.add(`${path}.fields`, 'formulaCircle', { keys }, `${field.key}: computed columns refer to each other in a circle (${keys})`);
      }
    }
  }

  private checkRules(field: FieldDesign, path: string) {
    const rules = field.rules;
    if (!rules) return;
    const allowed = FIELD_TYPES[field.type].rules;
    for (const rule of Object.keys(rules) as (keyof typeof rules)[]) {
      if (!allowed.includes(rule)) this.add(`${path}.rules.${rule}`, 'ruleNotTaken', {}, `${field.key}: a ${field.type} field takes no ${rule} rule`);
    }
    const pairs: [number | undefined, number | undefined, string, string][] = [
      [rules.min, rules.max, 'min', 'max'],
      [rules.minLength, rules.maxLength, 'minLength', 'maxLength'],
      [rules.minItems, rules.maxItems, 'minItems', 'maxItems'],
    ];
    for (const [low, high, lowName, highName] of pairs) {
      if (low !== undefined && high !== undefined && low > high) this.add(`${path}.rules`, 'lowAboveHigh', { low, high }, `${field.key}: ${lowName} is greater than ${highName}`);
    }
    if (rules.pattern !== undefined) {
      try {
        new RegExp(rules.pattern, 'u');
      } catch (error) {
        this.add(`${path}.rules.pattern`, 'patternInvalid', {}, `${field.key}: the pattern does not compile (${(error as Error).message})`);
      }
    }
  }

  private checkConditions(group: ConditionGroup, path: string, scope: Scope, owner: string, depth = 1) {
    if (depth > MAX_CONDITION_DEPTH) {
      this.add(path, 'conditionDepth', { max: MAX_CONDITION_DEPTH }, `${owner}: conditions nest deeper than ${MAX_CONDITION_DEPTH} levels`);
      return;
    }
    for (const list of ['all', 'any'] as const) {
      group[list]?.forEach((entry, i) => {
        const at = `${path}.${list}[${i}]`;
        if (isCondition(entry)) this.checkCondition(entry, at, scope, owner);
        else this.checkConditions(entry, at, scope, owner, depth + 1);
      });
    }
  }

  private checkCondition(condition: Condition, path: string, scope: Scope, owner: string) {
    const target = scope.fields.get(condition.field);
    const where = scope.ownTable ? `a column of ${scope.ownTable}` : 'a field of this form';
    if (condition.field === owner) this.add(`${path}.field`, 'conditionSelf', {}, `${owner}: a condition cannot depend on the field itself`);
    else if (!target && scope.ownTable) this.add(`${path}.field`, 'conditionNotColumn', { field: condition.field, table: scope.ownTable }, `${owner}: ${condition.field} is not ${where}`);
    else if (!target) this.add(`${path}.field`, 'conditionUnknownField', { field: condition.field }, `${owner}: ${condition.field} is not ${where}`);
    else if (target.type === 'subtable') this.add(`${path}.field`, 'conditionSubtable', { field: condition.field }, `${owner}: a condition cannot test the sub-table ${condition.field}`);
    else if (FIELD_TYPES[target.type].choice && condition.value !== undefined) {
      const values = new Set(target.options?.map((o) => o.value));
      const compared = Array.isArray(condition.value) ? condition.value : [condition.value];
      const unknown = compared.find((v) => !values.has(String(v)));
      if (unknown !== undefined) this.add(`${path}.value`, 'conditionUnknownOption', { value: String(unknown), field: condition.field }, `${owner}: "${unknown}" is not an option of ${condition.field}`);
    }
  }

  /** Top-level keys (or, for a column, row keys) a formula depends on; `table.column` counts as `table`. */
  private dependencies(field: FieldDesign): string[] {
    const parsed = parseFormula(field.formula ?? '');
    return 'error' in parsed ? [] : parsed.dependencies.map((d) => d.split('.')[0]!);
  }

  private checkFormula(field: FieldDesign, path: string, scope: Scope) {
    const parsed = parseFormula(field.formula!);
    if ('error' in parsed) {
      this.add(path, 'formulaInvalid', { detail: parsed.error }, `${field.key}: ${parsed.error}`);
      return;
    }
    for (const dependency of parsed.dependencies) {
      const [name, column] = dependency.split('.') as [string, string | undefined];
      if (column !== undefined) {
        const table = scope.subtables.get(name);
        if (!table) this.add(path, 'formulaNotSubtable', { name }, `${field.key}: ${name} is not a sub-table of this form`);
        else if (name === scope.ownTable) this.add(path, 'formulaOwnTable', {}, `${field.key}: a column cannot aggregate its own sub-table`);
        else if (!table.has(column)) this.add(path, 'formulaUnknownColumn', { column, table: name }, `${field.key}: ${column} is not a column of ${name}`);
        else if (!FIELD_TYPES[table.get(column)!.type].formulaOperand) this.add(path, 'formulaUnreadable', { name: dependency }, `${field.key}: formulas cannot read ${dependency} (${table.get(column)!.type})`);
        continue;
      }
      const target = scope.fields.get(name) ?? scope.outer?.get(name);
      if (name === field.key) this.add(path, 'formulaSelf', {}, `${field.key}: a formula cannot read its own field`);
      else if (!target) this.add(path, 'formulaUnknownField', { name }, `${field.key}: ${name} is not a field of this form`);
      else if (!FIELD_TYPES[target.type].formulaOperand) this.add(path, 'formulaUnreadable', { name }, `${field.key}: formulas cannot read ${name} (${target.type})`);
    }
  }

  private checkCycles(placed: { field: FieldDesign; path: string }[], top: Map<string, FieldDesign>, subtables: Map<string, Map<string, FieldDesign>>) {
    const nodes = new Map<string, FieldDesign>();
    for (const { field } of placed) {
      if (field.type === 'computed' && field.formula) nodes.set(field.key, field);
      if (field.type === 'subtable') nodes.set(field.key, field);
    }
    const dependsOn = (key: string): string[] => {
      const field = nodes.get(key)!;
      if (field.type !== 'subtable') return this.dependencies(field);
      const columns = subtables.get(key)!;
      return (field.fields ?? []).filter((c) => c.type === 'computed').flatMap((c) => this.dependencies(c).filter((d) => !columns.has(d)));
    };
    if (!dependencyOrder([...nodes.keys()], dependsOn)) {
      const involved = [...nodes.keys()].filter((key) => top.has(key) && dependsOn(key).some((d) => nodes.has(d)));
      this.add('items', 'formulaCircle', { keys: involved.join(', ') }, `computed fields refer to each other in a circle (${involved.join(', ')})`);
    }
  }
}

/**
 * Every problem of a form design, meta-schema first. `validateMeta` is the compiled
 * meta-schema; `validateValue`, when given, checks each field default against the field's
 * compiled schema (the server passes one; the designer may leave it out).
 */
export function checkFormDesign(
  design: unknown,
  validateMeta: ValidateFunction,
  validateValue?: (schema: JsonSchema, value: unknown) => ErrorObject[] | null,
): Problem[] {
  if (!validateMeta(design)) return metaProblems(validateMeta.errors);
  const valid = design as FormDesign;
  const problems = new DesignChecker(valid).run();
  if (problems.length || !validateValue) return problems;
  const { schema } = compileFormDesign(valid);
  const properties = schema.properties as Record<string, JsonSchema>;
  valid.items.forEach((item, i) => {
    const fields = isSection(item) ? item.fields.map((f, j) => [f, `items[${i}].fields[${j}]`] as const) : [[item, `items[${i}]`] as const];
    for (const [field, path] of fields) {
      if (field.default === undefined) continue;
      if (field.type === 'computed' || field.type === 'description') {
        problems.push(problem(`${path}.default`, 'noDefault', {}, `${field.key}: a ${field.type} field takes no default`));
        continue;
      }
      // The value's own problem, said of the default: `items[0].default: must be >= 0`.
      const errors = validateValue(properties[field.key]!, field.default);
      if (errors?.length) problems.push(...problemsOfAjvErrors([{ ...errors[0]!, instancePath: '' }], `${path}.default`));
    }
  });
  return problems;
}
