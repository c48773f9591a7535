import { describe, expect, it } from 'vitest';
import { compileFormDesign } from '../../../src/core/forms/compile-form-design.ts';
import { conditionFields, conditionToSchema, evaluateCondition } from '../../../src/core/forms/conditions.ts';
import { isCondition, type Condition, type ConditionGroup, type RecordData } from '../../../src/core/forms/form-design.ts';
import { RECORD_AJV_OPTIONS } from '../../../src/core/forms/record-validation.ts';
import { createAjv } from '../../../src/core/validation/ajv.ts';

const ajv = createAjv(RECORD_AJV_OPTIONS);
const bySchema = (group: ConditionGroup | Condition, values: RecordData) => ajv.validate<RecordData>(conditionToSchema(group), values);

/** Whether a compiled form makes `target` required: a form whose `target` is required under the condition. */
function requiredByCompiledForm(condition: ConditionGroup | Condition, values: RecordData): boolean {
  const keys = [...new Set(conditionFields(condition))];
  const requiredIf = isCondition(condition) ? { all: [condition] } : condition;
  const { schema } = compileFormDesign({
    version: 1,
    items: [...keys.map((key) => ({ key, type: 'text' as const, label: key })), { key: 'target', type: 'text', label: 'Target', requiredIf }],
  });
  const validate = ajv.compile(schema);
  validate(values);
  return (validate.errors ?? []).some((e) => e.keyword === 'required' && e.params.missingProperty === 'target');
}

/** [condition, values, expected] — each row is checked both ways. */
const CASES: [Condition | ConditionGroup, RecordData, boolean][] = [
  [{ field: 'kind', op: 'eq', value: 'repair' }, { kind: 'repair' }, true],
  [{ field: 'kind', op: 'eq', value: 'repair' }, { kind: 'other' }, false],
  [{ field: 'kind', op: 'eq', value: 'repair' }, {}, false],
  [{ field: 'qty', op: 'eq', value: 5 }, { qty: '5' }, false],
  [{ field: 'urgent', op: 'eq', value: true }, { urgent: true }, true],
  [{ field: 'urgent', op: 'eq', value: true }, { urgent: false }, false],
  [{ field: 'tags', op: 'eq', value: ['a', 'b'] }, { tags: ['a', 'b'] }, true],
  [{ field: 'tags', op: 'eq', value: ['a', 'b'] }, { tags: ['b', 'a'] }, false],
  [{ field: 'kind', op: 'ne', value: 'repair' }, { kind: 'other' }, true],
  [{ field: 'kind', op: 'ne', value: 'repair' }, {}, true],
  [{ field: 'kind', op: 'ne', value: 'repair' }, { kind: 'repair' }, false],
  [{ field: 'kind', op: 'in', value: ['a', 'b'] }, { kind: 'b' }, true],
  [{ field: 'kind', op: 'in', value: ['a', 'b'] }, { kind: 'c' }, false],
  [{ field: 'kind', op: 'in', value: ['a', 'b'] }, {}, false],
  [{ field: 'tags', op: 'in', value: ['a', 'b'] }, { tags: ['x', 'b'] }, true],
  [{ field: 'tags', op: 'in', value: ['a', 'b'] }, { tags: ['x'] }, false],
  [{ field: 'tags', op: 'in', value: ['a', 'b'] }, { tags: [] }, false],
  [{ field: 'level', op: 'in', value: [1, 2] }, { level: 2 }, true],
  [{ field: 'kind', op: 'notIn', value: ['a', 'b'] }, { kind: 'c' }, true],
  [{ field: 'kind', op: 'notIn', value: ['a', 'b'] }, { kind: 'a' }, false],
  [{ field: 'kind', op: 'notIn', value: ['a', 'b'] }, {}, true],
  [{ field: 'cost', op: 'gt', value: 1000 }, { cost: 1000.01 }, true],
  [{ field: 'cost', op: 'gt', value: 1000 }, { cost: 1000 }, false],
  [{ field: 'cost', op: 'gt', value: 1000 }, { cost: '2000' }, false],
  [{ field: 'cost', op: 'gt', value: 1000 }, {}, false],
  [{ field: 'cost', op: 'gte', value: 1000 }, { cost: 1000 }, true],
  [{ field: 'cost', op: 'lt', value: 0 }, { cost: -0.5 }, true],
  [{ field: 'cost', op: 'lt', value: 0 }, { cost: 0 }, false],
  [{ field: 'cost', op: 'lte', value: 0 }, { cost: 0 }, true],
  [{ field: 'cost', op: 'lte', value: 0 }, {}, false],
  [{ field: 'note', op: 'empty' }, {}, true],
  [{ field: 'note', op: 'empty' }, { note: '' }, true],
  [{ field: 'note', op: 'empty' }, { note: null }, true],
  [{ field: 'note', op: 'empty' }, { note: [] }, true],
  [{ field: 'note', op: 'empty' }, { note: {} }, true],
  [{ field: 'note', op: 'empty' }, { note: 'x' }, false],
  [{ field: 'note', op: 'empty' }, { note: 0 }, false],
  [{ field: 'note', op: 'empty' }, { note: false }, false],
  [{ field: 'note', op: 'notEmpty' }, { note: 'x' }, true],
  [{ field: 'note', op: 'notEmpty' }, { note: ['a'] }, true],
  [{ field: 'note', op: 'notEmpty' }, { note: { province: '110000' } }, true],
  [{ field: 'note', op: 'notEmpty' }, { note: '' }, false],
  [{ field: 'note', op: 'notEmpty' }, {}, false],
  [{ field: 'note', op: 'contains', value: 'leak' }, { note: 'a leaking pipe' }, true],
  [{ field: 'note', op: 'contains', value: 'leak' }, { note: 'dry' }, false],
  [{ field: 'note', op: 'contains', value: 'a.b(c)*' }, { note: 'x a.b(c)* y' }, true],
  [{ field: 'note', op: 'contains', value: 'a.b' }, { note: 'axb' }, false],
  [{ field: 'tags', op: 'contains', value: 'ppe' }, { tags: ['ppe', 'permit'] }, true],
  [{ field: 'tags', op: 'contains', value: 'ppe' }, { tags: ['permit'] }, false],
  [{ field: 'tags', op: 'contains', value: 'ppe' }, {}, false],
  [{}, {}, true],
  [{ all: [{ field: 'a', op: 'eq', value: 1 }, { field: 'b', op: 'eq', value: 2 }] }, { a: 1, b: 2 }, true],
  [{ all: [{ field: 'a', op: 'eq', value: 1 }, { field: 'b', op: 'eq', value: 2 }] }, { a: 1, b: 3 }, false],
  [{ any: [{ field: 'a', op: 'eq', value: 1 }, { field: 'b', op: 'eq', value: 2 }] }, { a: 0, b: 2 }, true],
  [{ any: [{ field: 'a', op: 'eq', value: 1 }, { field: 'b', op: 'eq', value: 2 }] }, {}, false],
  [{ all: [{ field: 'a', op: 'notEmpty' }], any: [{ field: 'b', op: 'gt', value: 1 }, { field: 'c', op: 'empty' }] }, { a: 'x' }, true],
  [{ all: [{ field: 'a', op: 'notEmpty' }], any: [{ field: 'b', op: 'gt', value: 1 }, { field: 'c', op: 'empty' }] }, { a: 'x', c: 'y', b: 0 }, false],
  [{ any: [{ all: [{ field: 'a', op: 'eq', value: 1 }, { field: 'b', op: 'eq', value: 1 }] }, { field: 'c', op: 'eq', value: 1 }] }, { a: 1, b: 1 }, true],
  [{ any: [{ all: [{ field: 'a', op: 'eq', value: 1 }, { field: 'b', op: 'eq', value: 1 }] }, { field: 'c', op: 'eq', value: 1 }] }, { a: 1 }, false],
];

describe('conditions: direct evaluation and the JSON Schema form agree', () => {
  it.each(CASES)('%j on %j is %s', (condition, values, expected) => {
    expect(evaluateCondition(condition, values)).toBe(expected);
    expect(bySchema(condition, values)).toBe(expected);
    expect(requiredByCompiledForm(condition, values)).toBe(expected);
  });

  it('treats no condition as holding', () => {
    expect(evaluateCondition(undefined, {})).toBe(true);
  });

  it('does not read inherited properties as values', () => {
    expect(evaluateCondition({ field: 'constructor', op: 'notEmpty' }, {})).toBe(false);
    expect(evaluateCondition({ field: 'toString', op: 'empty' }, {})).toBe(true);
  });
});
