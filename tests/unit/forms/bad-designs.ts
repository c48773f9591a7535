import type { FieldDesign } from '../../../src/core/forms/form-design.ts';

/** Designs that break one rule each, shared by the run-time and the build-time checks. */

export const design = (...items: unknown[]) => ({ version: 1, items });
export const text = (key: string, extra: Partial<FieldDesign> = {}): FieldDesign => ({ key, type: 'text', label: key, ...extra });
export const choice = (key: string, extra: Record<string, unknown> = {}) => ({ key, type: 'select', label: key, options: [{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }], ...extra });

/** [what is wrong, design, the problem's path, a piece of its message] */
export const BAD_DESIGNS: [string, unknown, string, string][] = [
  ['not an object', 'form', '', 'must be object'],
  ['a missing version', { items: [] }, 'version', 'is required'],
  ['an unknown field type', design({ key: 'a', type: 'rating', label: 'A' }), 'items[0].type', 'must be equal to one of the allowed values'],
  ['a key with a capital first letter', design(text('Name')), 'items[0].key', 'must match pattern'],
  ['a key longer than 48 characters', design(text(`a${'b'.repeat(48)}`)), 'items[0].key', 'must match pattern'],
  ['a blank label', design(text('a', { label: '  ' })), 'items[0].label', 'must match pattern'],
  ['a span of 25 columns', design(text('a', { span: 25 })), 'items[0].span', 'must be <= 24'],
  ['an unknown property', design({ ...text('a'), colour: 'red' }), 'items[0].colour', 'is not an allowed field'],
  ['a choice without options', design({ key: 'a', type: 'radio', label: 'A' }), 'items[0].options', 'is required'],
  ['a computed field without a formula', design({ key: 'a', type: 'computed', label: 'A' }), 'items[0].formula', 'is required'],
  ['a sub-table without columns', design({ key: 'a', type: 'subtable', label: 'A' }), 'items[0].fields', 'is required'],
  ['columns on a text field', design(text('a', { fields: [text('b')] })), 'items[0]', 'only a sub-table field has columns'],
  ['a sub-table inside a sub-table', design({ key: 't', type: 'subtable', label: 'T', fields: [{ key: 'u', type: 'subtable', label: 'U', fields: [text('v')] }] }), 'items[0].fields[0].type', 'cannot be a sub-table'],
  ['a section inside a section', design({ key: 's', type: 'section', title: 'S', fields: [{ key: 'n', type: 'section', title: 'N', fields: [] }] }), 'items[0].fields[0].type', 'allowed values'],
  ['a linked record without its form', design({ key: 'a', type: 'linkedRecord', label: 'A' }), 'items[0].linkedFormId', 'is required'],
  ['a description without content', design({ key: 'a', type: 'description', label: 'A' }), 'items[0].content', 'is required'],
  ['a comparison without a number', design(text('a'), text('b', { visibleIf: { all: [{ field: 'a', op: 'gt', value: 'x' }] } })), 'items[1].visibleIf.all[0].value', 'must be number'],
  ['"in" without a list', design(choice('a'), text('b', { visibleIf: { all: [{ field: 'a', op: 'in', value: 'a' }] } })), 'items[1].visibleIf.all[0].value', 'must be array'],
  ['"empty" with a value', design(text('a'), text('b', { visibleIf: { all: [{ field: 'a', op: 'empty', value: 'x' } as never] } })), 'items[1].visibleIf.all[0]', 'take no value'],
  ['an empty condition group', design(text('a'), text('b', { visibleIf: {} })), 'items[1].visibleIf', 'must NOT have fewer than 1 properties'],
  ['a duplicate key', design(text('a'), text('a')), 'items[1].key', 'the key "a" is already used at items[0].key'],
  ['a section key used by a field', design({ key: 'a', type: 'section', title: 'S', fields: [text('a')] }), 'items[0].fields[0].key', 'already used'],
  ['a duplicate column key', design({ key: 't', type: 'subtable', label: 'T', fields: [text('c'), text('c')] }), 'items[0].fields[1].key', 'already used'],
  ['a reserved key', design(text('constructor')), 'items[0].key', '"constructor" is reserved'],
  ['a duplicate option value', design(choice('a', { options: [{ value: 'x', label: 'X' }, { value: 'x', label: 'Y' }] })), 'items[0].options[1].value', 'used twice'],
  ['a condition on an unknown field', design(text('b', { visibleIf: { all: [{ field: 'nope', op: 'empty' }] } })), 'items[0].visibleIf.all[0].field', 'nope is not a field of this form'],
  ['a condition on the field itself', design(text('b', { requiredIf: { all: [{ field: 'b', op: 'empty' }] } })), 'items[0].requiredIf.all[0].field', 'cannot depend on the field itself'],
  ['a condition on a value no option has', design(choice('a'), text('b', { visibleIf: { any: [{ field: 'a', op: 'eq', value: 'z' }] } })), 'items[1].visibleIf.any[0].value', '"z" is not an option of a'],
  ['a column condition on a top-level field', design(text('a'), { key: 't', type: 'subtable', label: 'T', fields: [text('c', { visibleIf: { all: [{ field: 'a', op: 'empty' }] } })] }), 'items[1].fields[0].visibleIf.all[0].field', 'a is not a column of t'],
  ['conditions nested six deep', design(text('a'), text('b', { visibleIf: { all: [{ all: [{ all: [{ all: [{ all: [{ all: [{ field: 'a', op: 'empty' }] }] }] }] }] }] } })), 'items[1].visibleIf.all[0].all[0].all[0].all[0].all[0]', 'deeper than 5 levels'],
  ['a pattern that does not compile', design(text('a', { rules: { pattern: '[a-' } })), 'items[0].rules.pattern', 'does not compile'],
  ['min above max', design({ key: 'n', type: 'number', label: 'N', rules: { min: 5, max: 1 } }), 'items[0].rules', 'min is greater than max'],
  ['a rule the type does not take', design(text('a', { rules: { min: 1 } })), 'items[0].rules.min', 'takes no min rule'],
  ['multiple on a text field', design(text('a', { multiple: true })), 'items[0].multiple', 'holds one value'],
  ['a formula that does not parse', design({ key: 'c', type: 'computed', label: 'C', formula: '1 +' }), 'items[0].formula', 'syntax error'],
  ['a formula reaching globals', design({ key: 'c', type: 'computed', label: 'C', formula: 'constructor.constructor("return process")()' }), 'items[0].formula', 'only these functions can be called'],
  ['a formula on an unknown field', design({ key: 'c', type: 'computed', label: 'C', formula: 'qtty * 2' }), 'items[0].formula', 'qtty is not a field of this form'],
  ['a formula reading an address', design({ key: 's', type: 'address', label: 'S' }, { key: 'c', type: 'computed', label: 'C', formula: 's + 1' }), 'items[1].formula', 'formulas cannot read s (address)'],
  ['a formula on an unknown column', design({ key: 't', type: 'subtable', label: 'T', fields: [text('c')] }, { key: 'c', type: 'computed', label: 'C', formula: 'SUM(t.amount)' }), 'items[1].formula', 'amount is not a column of t'],
  ['a column aggregating its own table', design({ key: 't', type: 'subtable', label: 'T', fields: [{ key: 'n', type: 'number', label: 'N' }, { key: 's', type: 'computed', label: 'S', formula: 'n / SUM(t.n)' }] }), 'items[0].fields[1].formula', 'cannot aggregate its own sub-table'],
  ['a formula reading itself', design({ key: 'c', type: 'computed', label: 'C', formula: 'c + 1' }), 'items[0].formula', 'cannot read its own field'],
  ['formulas in a circle', design({ key: 'x', type: 'computed', label: 'X', formula: 'y + 1' }, { key: 'y', type: 'computed', label: 'Y', formula: 'x * 2' }), 'items', 'in a circle (x, y)'],
  ['a circle through a sub-table', design({ key: 't', type: 'subtable', label: 'T', fields: [{ key: 'r', type: 'computed', label: 'R', formula: 'total * 2' }] }, { key: 'total', type: 'computed', label: 'Total', formula: 'SUM(t.r)' }), 'items', 'in a circle'],
  ['columns in a circle', design({ key: 't', type: 'subtable', label: 'T', fields: [{ key: 'a', type: 'computed', label: 'A', formula: 'b' }, { key: 'b', type: 'computed', label: 'B', formula: 'a' }] }), 'items[0].fields', 'in a circle (a, b)'],
  ['a default of the wrong type', design({ key: 'n', type: 'number', label: 'N', default: 'five' }), 'items[0].default', 'must be number'],
  ['a default outside the options', design(choice('a', { default: 'z' })), 'items[0].default', 'must be equal to one of the allowed values'],
  ['a default on a computed field', design({ key: 'c', type: 'computed', label: 'C', formula: '1', default: 2 }), 'items[0].default', 'takes no default'],
];
