import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, InputNumber, Segmented, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  FIELD_TYPES,
  isCondition,
  type Condition,
  type ConditionGroup,
  type ConditionOp,
  type FieldDesign,
} from '../../../core/forms/form-design.ts';

const OPS_BY_VALUE: Record<string, ConditionOp[]> = {
  number: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'],
  computed: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'],
  boolean: ['eq', 'ne'],
  strings: ['contains', 'empty', 'notEmpty'],
  string: ['eq', 'ne', 'in', 'notIn', 'contains', 'empty', 'notEmpty'],
};
const DATE_OPS: ConditionOp[] = ['eq', 'ne', 'gt', 'gte', 'lt', 'lte', 'empty', 'notEmpty'];

/** The operators that make sense for a field's values. */
export function operatorsFor(field: FieldDesign | undefined): ConditionOp[] {
  if (!field) return OPS_BY_VALUE.string!;
  if (field.type === 'date' || field.type === 'datetime') return DATE_OPS;
  return OPS_BY_VALUE[FIELD_TYPES[field.type].value] ?? OPS_BY_VALUE.string!;
}

function ValueInput({ field, condition, onChange }: { field: FieldDesign | undefined; condition: Condition; onChange: (value: Condition['value']) => void }) {
  const { t } = useTranslation('forms');
  const label = t('designer.conditions.value');
  if (condition.op === 'empty' || condition.op === 'notEmpty') return null;
  const many = condition.op === 'in' || condition.op === 'notIn';
  if (field?.options) {
    return (
      <Select
        aria-label={label}
        className="designer-condition-value"
        mode={many ? 'multiple' : undefined}
        value={condition.value as string | string[] | undefined}
        options={field.options.map((o) => ({ value: o.value, label: o.label }))}
        onChange={(value) => onChange(value)}
      />
    );
  }
  const kind = field ? FIELD_TYPES[field.type].value : 'string';
  if (kind === 'boolean') return <Switch aria-label={label} checked={condition.value === true} onChange={(checked) => onChange(checked)} />;
  if (kind === 'number' || (kind === 'computed' && field?.resultType === 'number')) {
    return <InputNumber aria-label={label} className="designer-condition-value" value={typeof condition.value === 'number' ? condition.value : null} onChange={(value) => onChange(value ?? undefined)} />;
  }
  if (many) {
    return <Select aria-label={label} className="designer-condition-value" mode="tags" value={(condition.value as string[] | undefined) ?? []} onChange={(value) => onChange(value)} />;
  }
  return <Input aria-label={label} className="designer-condition-value" value={typeof condition.value === 'string' ? condition.value : ''} placeholder={field?.type === 'date' ? 'YYYY-MM-DD' : undefined} onChange={(event) => onChange(event.target.value)} />;
}

/**
 * One level of conditions on other fields, all or any of which must hold. Deeper groups a
 * design may hold (written by hand or imported) are kept as they are and counted.
 */
export function ConditionEditor({ value, fields, onChange, testId }: { value: ConditionGroup | undefined; fields: FieldDesign[]; onChange: (group: ConditionGroup | undefined) => void; testId: string }) {
  const { t } = useTranslation('forms');
  const mode: 'all' | 'any' = value?.any && !value.all ? 'any' : 'all';
  const entries = value?.[mode] ?? [];
  const conditions = entries.filter(isCondition);
  const nested = entries.length - conditions.length;
  const write = (next: Condition[]) => {
    const kept = entries.filter((e) => !isCondition(e));
    const list = [...next, ...kept];
    onChange(list.length ? { [mode]: list } : undefined);
  };
  const byKey = new Map(fields.map((f) => [f.key, f]));
  return (
    <div className="designer-conditions" data-testid={testId}>
      {conditions.length > 1 && (
        <Segmented
          size="small"
          value={mode}
          options={[
            { value: 'all', label: t('designer.conditions.all') },
            { value: 'any', label: t('designer.conditions.any') },
          ]}
          onChange={(next) => onChange({ [next]: entries })}
        />
      )}
      {conditions.map((condition, i) => {
        const field = byKey.get(condition.field);
        const update = (patch: Partial<Condition>) => write(conditions.map((c, j) => (j === i ? { ...c, ...patch } : c)));
        return (
          <Space key={i} wrap className="designer-condition" size={4}>
            <Select
              aria-label={t('designer.conditions.field')}
              className="designer-condition-field"
              value={condition.field || undefined}
              options={fields.map((f) => ({ value: f.key, label: f.label }))}
              onChange={(key: string) => update({ field: key, op: operatorsFor(byKey.get(key))[0]!, value: undefined })}
            />
            <Select
              aria-label={t('designer.conditions.operator')}
              className="designer-condition-op"
              value={condition.op}
              options={operatorsFor(field).map((op) => ({ value: op, label: t(`designer.conditions.ops.${op}`) }))}
              onChange={(op: ConditionOp) => update({ op, value: op === 'empty' || op === 'notEmpty' ? undefined : condition.value })}
            />
            <ValueInput field={field} condition={condition} onChange={(v) => update({ value: v })} />
            <Button type="text" danger size="small" icon={<DeleteOutlined />} aria-label={t('designer.conditions.remove')} onClick={() => write(conditions.filter((_, j) => j !== i))} />
          </Space>
        );
      })}
      {nested > 0 && <div className="admin-muted">{t('designer.conditions.nested', { count: nested })}</div>}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={fields.length === 0}
        onClick={() => {
          const first = fields[0]!;
          write([...conditions, { field: first.key, op: operatorsFor(first)[0]! }]);
        }}
      >
        {t('designer.conditions.add')}
      </Button>
    </div>
  );
}
