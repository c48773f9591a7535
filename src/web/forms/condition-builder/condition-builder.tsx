import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Radio, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { isCondition, type Condition, type ConditionGroup, type ConditionOp, type FieldDesign } from '../../../core/forms/form-design.ts';
import { operatorsFor, valueInputFor } from './condition-ops.ts';
import './condition-builder.css';
import { textIn } from '../../../core/local-text.ts';

interface ConditionBuilderProps {
  value: ConditionGroup;
  /** The fields a condition may name. */
  fields: readonly FieldDesign[];
  onChange: (group: ConditionGroup) => void;
  /** Names the inputs for screen readers and tests, e.g. `branch-condition1`; also the test id of the whole builder. */
  idPrefix: string;
  /** For a narrow panel: says nothing while there is no condition. */
  compact?: boolean;
}

type Junction = 'all' | 'any';

/** The group's own conditions (edited here) and nested groups (kept as they are). */
function partsOf(group: ConditionGroup): { junction: Junction; conditions: Condition[]; nested: ConditionGroup[] } {
  const junction: Junction = group.any && !group.all ? 'any' : 'all';
  const items = group[junction] ?? [];
  return { junction, conditions: items.filter(isCondition), nested: items.filter((item): item is ConditionGroup => !isCondition(item)) };
}

/** A value that fits the new input, so a changed operator does not keep a value of the wrong kind. */
function valueFor(field: FieldDesign, op: ConditionOp, previous: Condition['value']): Condition['value'] {
  const input = valueInputFor(field, op);
  if (input === 'none') return undefined;
  if (input === 'options') return Array.isArray(previous) ? previous : previous === undefined || typeof previous === 'boolean' ? [] : [previous];
  if (Array.isArray(previous)) return previous[0];
  if (input === 'number') return typeof previous === 'number' ? previous : undefined;
  if (input === 'boolean') return typeof previous === 'boolean' ? previous : true;
  return typeof previous === 'string' ? previous : undefined;
}

/**
 * Edits a condition group on a form's fields: "all" or "any" of comparisons, each a field, an
 * operator that means something for its type and a value input of that type.
 */
export function ConditionBuilder({ value, fields, onChange, idPrefix, compact = false }: ConditionBuilderProps) {
  const { t, i18n } = useTranslation('forms');
  const { junction, conditions, nested } = partsOf(value);
  const emit = (nextJunction: Junction, next: Condition[]) => onChange({ [nextJunction]: [...next, ...nested] });
  const fieldOf = (key: string) => fields.find((f) => f.key === key);
  const replace = (index: number, condition: Condition) => emit(junction, conditions.with(index, condition));

  const addCondition = () => {
    const field = fields[0];
    if (!field) return;
    const op = operatorsFor(field)[0]!;
    emit(junction, [...conditions, { field: field.key, op, ...withValue(valueFor(field, op, undefined)) }]);
  };

  return (
    <div className="condition-builder" data-testid={idPrefix}>
      {/* All or any means something from two conditions on. */}
      {conditions.length > 1 && (
        <Radio.Group
          value={junction}
          onChange={(event) => emit(event.target.value as Junction, conditions)}
          optionType="button"
          size="small"
          aria-label={t('condition.junction')}
          options={[
            { value: 'all', label: t('condition.all') },
            { value: 'any', label: t('condition.any') },
          ]}
        />
      )}
      {conditions.length === 0 && !compact && <Typography.Text type="secondary">{t('condition.none')}</Typography.Text>}
      {conditions.map((condition, index) => {
        const field = fieldOf(condition.field);
        const ops = field ? operatorsFor(field) : [condition.op];
        const input = field ? valueInputFor(field, condition.op) : 'text';
        const rowId = `${idPrefix}-${index}`;
        return (
          <div className="condition-row" key={index} data-testid={`condition-row-${index}`}>
            <Select
              className="condition-field"
              value={condition.field}
              aria-label={t('condition.field')}
              id={`${rowId}-field`}
              showSearch={{ optionFilterProp: 'label' }}
              status={field ? undefined : 'error'}
              options={fields.map((f) => ({ value: f.key, label: textIn(f.label, i18n.language) || f.key }))}
              onChange={(key: string) => {
                const next = fieldOf(key)!;
                const op = operatorsFor(next).includes(condition.op) ? condition.op : operatorsFor(next)[0]!;
                replace(index, { field: key, op, ...withValue(valueFor(next, op, condition.value)) });
              }}
            />
            <Select
              className="condition-op"
              value={condition.op}
              aria-label={t('condition.operator')}
              id={`${rowId}-op`}
              options={ops.map((op) => ({ value: op, label: t(`condition.op.${op}`) }))}
              onChange={(op: ConditionOp) => replace(index, { field: condition.field, op, ...withValue(field ? valueFor(field, op, condition.value) : condition.value) })}
            />
            {input !== 'none' && (
              <ValueInputControl
                id={`${rowId}-value`}
                input={input}
                field={field}
                value={condition.value}
                onChange={(next) => replace(index, { field: condition.field, op: condition.op, ...withValue(next) })}
              />
            )}
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('condition.remove')}
              onClick={() => emit(junction, conditions.filter((_, i) => i !== index))}
            />
          </div>
        );
      })}
      {nested.length > 0 && <Typography.Text type="secondary">{t('condition.nestedKept', { count: nested.length })}</Typography.Text>}
      <Space>
        <Button size="small" icon={<PlusOutlined />} onClick={addCondition} disabled={fields.length === 0}>
          {t('condition.add')}
        </Button>
        {fields.length === 0 && <Typography.Text type="secondary">{t('condition.noFields')}</Typography.Text>}
      </Space>
    </div>
  );
}

const NO_CONDITIONS: ConditionGroup = { all: [] };

/** A condition a design may leave out (visibleIf, requiredIf): what the builder edits, and what it gives back (no conditions: none). */
export const optionalGroup = {
  edit: (group: ConditionGroup | undefined): ConditionGroup => group ?? NO_CONDITIONS,
  store: (group: ConditionGroup): ConditionGroup | undefined => ((group.all?.length ?? 0) + (group.any?.length ?? 0) > 0 ? group : undefined),
};

const withValue = (value: Condition['value']) => (value === undefined ? {} : { value });

interface ValueInputProps {
  id: string;
  input: Exclude<ReturnType<typeof valueInputFor>, 'none'>;
  field: FieldDesign | undefined;
  value: Condition['value'];
  onChange: (value: Condition['value']) => void;
}

function ValueInputControl({ id, input, field, value, onChange }: ValueInputProps) {
  const { t, i18n } = useTranslation('forms');
  const label = t('condition.value');
  const options = (field?.options ?? []).map((o) => ({ value: o.value, label: textIn(o.label, i18n.language) || o.value }));
  switch (input) {
    case 'number':
      return (
        <InputNumber
          id={id}
          className="condition-value"
          aria-label={label}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(typeof next === 'number' ? next : undefined)}
        />
      );
    case 'boolean':
      return (
        <Select
          id={id}
          className="condition-value"
          aria-label={label}
          value={value === true}
          onChange={(next: boolean) => onChange(next)}
          options={[
            { value: true, label: t('condition.yes') },
            { value: false, label: t('condition.no') },
          ]}
        />
      );
    case 'option':
      return <Select id={id} className="condition-value" aria-label={label} value={value as string | undefined} onChange={(next: string) => onChange(next)} options={options} />;
    case 'options':
      return options.length > 0 ? (
        <Select
          id={id}
          mode="multiple"
          className="condition-value"
          aria-label={label}
          value={Array.isArray(value) ? value.map(String) : []}
          onChange={(next: string[]) => onChange(next)}
          options={options}
        />
      ) : (
        <Select id={id} mode="tags" className="condition-value" aria-label={label} value={Array.isArray(value) ? value.map(String) : []} onChange={(next: string[]) => onChange(next)} />
      );
    case 'text':
      return (
        <Input
          id={id}
          className="condition-value"
          aria-label={label}
          value={typeof value === 'string' ? value : ''}
          placeholder={field?.type === 'date' ? 'YYYY-MM-DD' : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}
