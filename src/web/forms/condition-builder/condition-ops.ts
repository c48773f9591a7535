import { FIELD_TYPES, type ConditionOp, type FieldDesign } from '../../../core/forms/form-design.ts';

/** What a condition's value input edits: nothing (empty / notEmpty), one value or a list. */
export type ValueInput = 'none' | 'text' | 'number' | 'boolean' | 'option' | 'options';

const NUMBER_OPS: ConditionOp[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'];
const TEXT_OPS: ConditionOp[] = ['eq', 'ne', 'contains', 'empty', 'notEmpty'];
const CHOICE_OPS: ConditionOp[] = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'];
const CHOICES_OPS: ConditionOp[] = ['contains', 'in', 'notIn', 'empty', 'notEmpty'];
const BOOLEAN_OPS: ConditionOp[] = ['eq', 'ne'];
const PRESENCE_OPS: ConditionOp[] = ['empty', 'notEmpty'];

/** How a field's values compare: by the kind of value it holds (computed fields by their result). */
function comparisonOf(field: FieldDesign): 'number' | 'text' | 'choice' | 'choices' | 'boolean' | 'presence' {
  const kind = FIELD_TYPES[field.type].value;
  if (kind === 'computed') return field.resultType === 'number' ? 'number' : field.resultType === 'boolean' ? 'boolean' : 'text';
  if (kind === 'number') return 'number';
  if (kind === 'boolean') return 'boolean';
  if (kind === 'strings') return 'choices';
  if (kind === 'string') return FIELD_TYPES[field.type].choice ? 'choice' : 'text';
  return 'presence';
}

/** The operators that mean something for the field (gt... hold only for numbers, contains for text and lists). */
export function operatorsFor(field: FieldDesign): ConditionOp[] {
  switch (comparisonOf(field)) {
    case 'number':
      return NUMBER_OPS;
    case 'text':
      return TEXT_OPS;
    case 'choice':
      return CHOICE_OPS;
    case 'choices':
      return CHOICES_OPS;
    case 'boolean':
      return BOOLEAN_OPS;
    case 'presence':
      return PRESENCE_OPS;
  }
}

/** The input the value of `field op ...` takes. */
export function valueInputFor(field: FieldDesign, op: ConditionOp): ValueInput {
  if (op === 'empty' || op === 'notEmpty') return 'none';
  const comparison = comparisonOf(field);
  if (op === 'in' || op === 'notIn') return 'options';
  if (comparison === 'choice' || comparison === 'choices') return 'option';
  if (comparison === 'number') return 'number';
  if (comparison === 'boolean') return 'boolean';
  return 'text';
}
