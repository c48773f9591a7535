import { Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { isDateField } from '../../../../core/query/check-query.ts';
import type { DatasetField, FilterOp } from '../../../../core/query/query-spec.ts';

type Scalar = string | number | boolean | null;

export interface FilterValueInputProps {
  field: DatasetField | undefined;
  op: FilterOp;
  value: unknown;
  onChange: (value: unknown) => void;
  label: string;
}

/** One value typed as the field wants it: a number, a date (YYYY-MM-DD), yes/no, or text. */
function ScalarInput({ field, value, onChange, label }: { field: DatasetField | undefined; value: unknown; onChange: (v: Scalar) => void; label: string }) {
  const { t } = useTranslation('widgets');
  if (field?.type === 'number' || field?.type === 'integer') {
    return <InputNumber size="small" value={typeof value === 'number' ? value : null} onChange={(v) => onChange(v === null ? null : Number(v))} aria-label={label} />;
  }
  if (field?.type === 'boolean') {
    return (
      <Select
        size="small"
        value={typeof value === 'boolean' ? value : undefined}
        onChange={onChange}
        aria-label={label}
        className="component-set-value"
        options={[
          { value: true, label: t('table.yes') },
          { value: false, label: t('table.no') },
        ]}
      />
    );
  }
  return (
    <Input
      size="small"
      type={field && isDateField(field) ? 'date' : 'text'}
      value={typeof value === 'string' ? value.slice(0, field && isDateField(field) ? 10 : undefined) : ''}
      onChange={(event) => onChange(event.target.value)}
      aria-label={label}
      className="component-set-value"
    />
  );
}

/** The value part of a filter row, shaped by its operator: one value, a list, a range, or yes/no for "is empty". */
export function FilterValueInput({ field, op, value, onChange, label }: FilterValueInputProps) {
  const { t } = useTranslation('widgets');
  if (op === 'isNull') {
    return (
      <Select
        size="small"
        value={value === false ? false : true}
        onChange={onChange}
        aria-label={label}
        className="component-set-value"
        options={[
          { value: true, label: t('plates.settings.isEmpty') },
          { value: false, label: t('plates.settings.isNotEmpty') },
        ]}
      />
    );
  }
  if (op === 'in') {
    const numeric = field?.type === 'number' || field?.type === 'integer';
    const list = Array.isArray(value) ? value.map(String) : [];
    return (
      <Select
        size="small"
        mode="tags"
        value={list}
        onChange={(values: string[]) => onChange(numeric ? values.map(Number).filter(Number.isFinite) : values)}
        aria-label={label}
        className="component-set-value"
        tokenSeparators={[',']}
        open={false}
      />
    );
  }
  if (op === 'between') {
    const [from, to] = Array.isArray(value) ? (value as unknown[]) : [null, null];
    return (
      <Space.Compact size="small">
        <ScalarInput field={field} value={from} onChange={(v) => onChange([v, to ?? null])} label={`${label} ${t('plates.settings.from')}`} />
        <ScalarInput field={field} value={to} onChange={(v) => onChange([from ?? null, v])} label={`${label} ${t('plates.settings.to')}`} />
      </Space.Compact>
    );
  }
  return <ScalarInput field={field} value={value} onChange={onChange} label={label} />;
}
