import { isCondition, type Condition, type ConditionGroup, type JsonSchema, type RecordData } from './form-design.ts';

/*
 * Conditions are evaluated in two ways that must agree: directly (the browser's visibility,
 * the server stripping hidden values) and as JSON Schema (conditional requiredness inside the
 * compiled schema). Semantics, for both:
 * - a missing value is `undefined`; eq / in / gt... / contains on it are false, ne / notIn true;
 * - eq / ne compare deeply and strictly by type (5 is not "5");
 * - in / notIn: a scalar value is in the list, or an array value shares an element with it;
 * - gt / gte / lt / lte hold only for numbers;
 * - empty: missing, null, '', [] or {}; notEmpty is its negation;
 * - contains: a string containing the text, or an array holding the value.
 */

/** Deep equality of JSON values, strict by type and regardless of key order (jsonb reorders keys). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  }
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    return ka.length === kb.length && ka.every((k) => Object.hasOwn(b, k) && deepEqual((a as RecordData)[k], (b as RecordData)[k]));
  }
  return false;
}

export function isEmptyValue(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

const listOf = (value: Condition['value'] | null): unknown[] => (Array.isArray(value) ? value : value === undefined || value === null ? [] : [value]);

function isIn(actual: unknown, list: unknown[]): boolean {
  if (actual === undefined) return false;
  if (list.some((item) => deepEqual(actual, item))) return true;
  return Array.isArray(actual) && actual.some((x) => list.some((item) => deepEqual(x, item)));
}

function compareNumbers(actual: unknown, expected: unknown, test: (a: number, b: number) => boolean): boolean {
  return typeof actual === 'number' && typeof expected === 'number' && test(actual, expected);
}

function holds(condition: Condition, values: RecordData): boolean {
  const actual = Object.hasOwn(values, condition.field) ? values[condition.field] : undefined;
  const expected = condition.value ?? null;
  switch (condition.op) {
    case 'eq':
      return actual !== undefined && deepEqual(actual, expected);
    case 'ne':
      return !(actual !== undefined && deepEqual(actual, expected));
    case 'in':
      return isIn(actual, listOf(expected));
    case 'notIn':
      return !isIn(actual, listOf(expected));
    case 'gt':
      return compareNumbers(actual, expected, (a, b) => a > b);
    case 'gte':
      return compareNumbers(actual, expected, (a, b) => a >= b);
    case 'lt':
      return compareNumbers(actual, expected, (a, b) => a < b);
    case 'lte':
      return compareNumbers(actual, expected, (a, b) => a <= b);
    case 'empty':
      return isEmptyValue(actual);
    case 'notEmpty':
      return !isEmptyValue(actual);
    case 'contains':
      if (typeof actual === 'string') return typeof expected === 'string' && actual.includes(expected);
      return Array.isArray(actual) && actual.some((x) => deepEqual(x, expected));
  }
}

/** Whether the group holds for the values; no group (undefined) always holds. */
export function evaluateCondition(group: ConditionGroup | Condition | undefined, values: RecordData): boolean {
  if (!group) return true;
  if (isCondition(group)) return holds(group, values);
  const all = group.all ?? [];
  const any = group.any ?? [];
  return all.every((entry) => evaluateCondition(entry, values)) && (any.length === 0 || any.some((entry) => evaluateCondition(entry, values)));
}

/** Escapes text for a JSON Schema `pattern` (ajv compiles patterns with the `u` flag, which refuses needless escapes). */
function escapePattern(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}

const present = (field: string, valueSchema: JsonSchema): JsonSchema => ({ required: [field], properties: { [field]: valueSchema } });

const EMPTY_VALUE_SCHEMA: JsonSchema = {
  anyOf: [{ type: 'null' }, { const: '' }, { type: 'array', maxItems: 0 }, { type: 'object', maxProperties: 0 }],
};

function comparisonSchema(condition: Condition): JsonSchema {
  const { field, value } = condition;
  switch (condition.op) {
    case 'eq':
      return present(field, { const: value ?? null });
    case 'ne':
      return { not: present(field, { const: value ?? null }) };
    case 'in':
    case 'notIn': {
      const list = listOf(value);
      const inList = list.length ? present(field, { anyOf: [{ enum: list }, { type: 'array', contains: { enum: list } }] }) : { not: {} };
      return condition.op === 'in' ? inList : { not: inList };
    }
    case 'gt':
      return typeof value === 'number' ? present(field, { type: 'number', exclusiveMinimum: value }) : { not: {} };
    case 'gte':
      return typeof value === 'number' ? present(field, { type: 'number', minimum: value }) : { not: {} };
    case 'lt':
      return typeof value === 'number' ? present(field, { type: 'number', exclusiveMaximum: value }) : { not: {} };
    case 'lte':
      return typeof value === 'number' ? present(field, { type: 'number', maximum: value }) : { not: {} };
    case 'notEmpty':
      return present(field, { not: EMPTY_VALUE_SCHEMA });
    case 'empty':
      return { not: present(field, { not: EMPTY_VALUE_SCHEMA }) };
    case 'contains': {
      const inArray = { type: 'array', contains: { const: value ?? null } };
      return present(field, typeof value === 'string' ? { anyOf: [{ type: 'string', pattern: escapePattern(value) }, inArray] } : inArray);
    }
  }
}

/**
 * A JSON Schema that an object of values satisfies exactly when the group holds (used as the
 * `if` of conditional requiredness).
 */
export function conditionToSchema(group: ConditionGroup | Condition): JsonSchema {
  if (isCondition(group)) return comparisonSchema(group);
  const parts: JsonSchema[] = [];
  if (group.all?.length) parts.push(...group.all.map(conditionToSchema));
  if (group.any?.length) parts.push({ anyOf: group.any.map(conditionToSchema) });
  if (parts.length === 0) return {};
  return parts.length === 1 ? parts[0]! : { allOf: parts };
}

/** Both groups must hold; either may be absent. */
export function bothConditions(a: ConditionGroup | undefined, b: ConditionGroup | undefined): ConditionGroup | undefined {
  if (!a) return b;
  if (!b) return a;
  return { all: [a, b] };
}

/** Field keys a group reads. */
export function conditionFields(group: ConditionGroup | Condition | undefined): string[] {
  if (!group) return [];
  if (isCondition(group)) return [group.field];
  return [...(group.all ?? []), ...(group.any ?? [])].flatMap(conditionFields);
}
